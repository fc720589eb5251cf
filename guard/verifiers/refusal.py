"""Recognise the refusal sentence in an answer, however the model rephrased its edges.

Small models rarely copy the refusal verbatim: they add "I'm sorry,", drop the
final period, change case or append a citation. The match is therefore fuzzy:
both texts are reduced to lower-case words (markers and punctuation dropped)
and compared with difflib's ratio; an answer that contains the whole refusal
and little else also counts.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from guard.verifiers.citation_markers import strip_markers

__all__ = ["DEFAULT_REFUSAL_SIMILARITY", "is_refusal"]

DEFAULT_REFUSAL_SIMILARITY = 0.8
# The answer may wrap the refusal in a few extra words ("Sorry, ..."), not a paragraph.
_MAX_EXTRA_LENGTH = 1.6


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", strip_markers(text).lower()))


def is_refusal(answer: str, refusal_text: str, min_similarity: float = DEFAULT_REFUSAL_SIMILARITY) -> bool:
    """True when ``answer`` is (a light rewording of) ``refusal_text`` and nothing more."""
    said, refusal = _words(answer), _words(refusal_text)
    if not said or not refusal:
        return False
    if refusal in said and len(said) <= _MAX_EXTRA_LENGTH * len(refusal):
        return True
    return SequenceMatcher(None, said, refusal, autojunk=False).ratio() >= min_similarity
