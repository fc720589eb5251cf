"""Recognise the refusal sentence in an answer: the refusal, normalised, and nothing else.

A refusal is exempt from verification (it claims nothing about the documents), so
the test must be exact: "I don't have enough information ..., but you can safely
take 800 mg twice a day." is *not* a refusal, and its dose must be verified like any
other claim. Both texts are normalised the same way and then compared word by word:

- citation markers and punctuation dropped, case folded, contractions expanded
  ("don't" = "do not", "I'm" = "I am");
- the only words the answer may add, drop or swap are *filler*: courtesy words
  ("sorry", "unfortunately", "I'm afraid"), articles and demonstratives ("the
  question" / "this question" / "that"), and "question" itself, because small models
  reword those edges of the sentence without changing what it says.

Any other word in the answer that is not in the refusal (a number, a name, a verb,
a "but ...") means the answer says something beyond the refusal: not a refusal.
A word of the refusal the answer leaves out (other than filler) also fails the
match: "I have enough information" is not a refusal.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import lru_cache

from guard.verifiers.citation_markers import strip_markers

__all__ = ["is_refusal", "refusal_words"]

# Words that change nothing a refusal says; see the module docstring.
_FILLER = frozenset(
    {
        "sorry", "unfortunately", "apologies", "afraid", "am", "i", "im",
        "a", "an", "the", "this", "that", "these", "those", "question", "it",
    }
)
_CONTRACTIONS = (
    (re.compile(r"\bcan['’]t\b"), "can not"),
    (re.compile(r"\bwon['’]t\b"), "will not"),
    (re.compile(r"n['’]t\b"), " not"),
    (re.compile(r"['’]m\b"), " am"),
    (re.compile(r"['’]re\b"), " are"),
    (re.compile(r"['’]ve\b"), " have"),
    (re.compile(r"['’]ll\b"), " will"),
    (re.compile(r"['’]d\b"), " would"),
    (re.compile(r"\bcannot\b"), "can not"),
)


def refusal_words(text: str) -> list[str]:
    """``text`` normalised for the refusal match: lower-case words, markers and punctuation gone."""
    text = strip_markers(text).lower()
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return re.findall(r"\w+", text)


def is_refusal(answer: str, refusal_text: str) -> bool:
    """True when ``answer`` is ``refusal_text`` up to normalisation and filler words, and nothing more."""
    return _is_refusal(answer, refusal_text)


@lru_cache(maxsize=4096)  # decide() asks once per claim, threshold grids ask again per point
def _is_refusal(answer: str, refusal_text: str) -> bool:
    said, refusal = refusal_words(answer), refusal_words(refusal_text)
    if not said or not refusal:
        return False
    matcher = SequenceMatcher(None, said, refusal, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        # Whatever differs, on either side, must be filler: content added or lost is no refusal.
        if any(word not in _FILLER for word in said[i1:i2] + refusal[j1:j2]):
            return False
    return True
