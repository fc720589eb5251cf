"""Text as the verifiers may read it: every string that reaches them passes :func:`scalar_text` once.

A lone surrogate (U+D800-U+DFFF on its own: no Unicode character) arrives from JSON's
``"\\ud800"`` escapes or from bytes decoded with ``surrogateescape``; the tokenizers refuse
it (``TypeError: TextEncodeInput must be ...``) and UTF-8 cannot encode it
(``UnicodeEncodeError``), so a verifier would fail on it. It becomes U+FFFD, one character
for one, so every offset into the text stays valid. :class:`~guard.verifiers.types.VerificationInput`
applies it to the question, the answer and every passage, whichever path built it
(``verify()``, the pipeline, the server).
"""

from __future__ import annotations

import re

__all__ = ["scalar_text"]

_SURROGATE = re.compile("[\ud800-\udfff]")


def scalar_text(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD (same length, same offsets)."""
    return _SURROGATE.sub("\ufffd", text)
