"""Untrusted text (retrieved passages, drafts, questions) made safe to place in a prompt.

Passages go inside ``<passage id="n">...</passage>``. Inside any untrusted text, whatever
could end that wrapper or start a chat turn is defused: our own tags (``<passage``,
``</passage``, ``<draft``...) lose their ``<``, and chat-template control tokens
(``<|im_start|>``, ``[INST]``, ``<start_of_turn>``...) are broken up so that no tokenizer
reads them as special tokens. The text stays readable: only those markers change.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from retrievers.types import Passage

__all__ = ["DELIMITER_TAGS", "format_passages", "neutralise"]

DELIMITER_TAGS = ("passage", "draft", "feedback")

_OUR_TAGS = re.compile(rf"<(\s*/?\s*(?:{'|'.join(DELIMITER_TAGS)})\b)", re.IGNORECASE)
_CONTROL_TOKENS = [
    (re.compile(r"<\|"), "&lt;|"),  # ChatML, Llama 3, Phi: <|im_start|>, <|eot_id|>...
    (re.compile(r"\|>"), "|&gt;"),
    (re.compile(r"<(/?s>|<SYS>>|/?(?:start|end)_of_turn>|/?bos>|/?eos>)", re.IGNORECASE), r"&lt;\1"),
    (re.compile(r"\[(/?INST)\]", re.IGNORECASE), r"(\1)"),
]


def neutralise(text: str) -> str:
    """``text`` with our delimiters and chat control tokens defused."""
    text = _OUR_TAGS.sub(r"&lt;\1", text)
    for pattern, replacement in _CONTROL_TOKENS:
        text = pattern.sub(replacement, text)
    return text


def format_passages(passages: Sequence[Passage]) -> str:
    """The passages, numbered from 1 in order, each in its own ``<passage>`` element.

    A citation ``[n]`` in the answer refers to ``passages[n - 1]``.
    """
    return "\n".join(_format_one(number, passage) for number, passage in enumerate(passages, start=1))


def _format_one(number: int, passage: Passage) -> str:
    title = f' title="{neutralise(html.escape(passage.title, quote=True))}"' if passage.title else ""
    return f'<passage id="{number}"{title}>\n{neutralise(passage.text.strip())}\n</passage>'
