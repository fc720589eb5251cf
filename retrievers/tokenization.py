"""The word tokenizer shared by the BM25 route, the relevance gate and the rewriter.

Lower-cased runs of two or more word characters (single digits kept, since
"5" can matter in a question), minus NLTK's English stop words as shipped by
bm25s, plus a few words that only shape a question ("how much", "how many"). No stemming: PyStemmer is not a dependency, and exact word forms keep
BM25 scores explainable.
"""

from __future__ import annotations

import re

from bm25s.stopwords import STOPWORDS_EN_PLUS

__all__ = ["STOPWORDS", "tokenize", "keywords"]

# "won" is in NLTK's list as the stem of "won't", but it is also the past of "win".
STOPWORDS = (frozenset(STOPWORDS_EN_PLUS) - {"won"}) | {"much", "many", "also", "would", "could", "whose", "shall", "may"}
_WORD = re.compile(r"\w\w+|\d")


def tokenize(text: str) -> list[str]:
    """Index/query tokens of ``text``: lower-cased words without stop words."""
    return [w for w in _WORD.findall(text.lower()) if w not in STOPWORDS]


def keywords(text: str) -> list[str]:
    """The words of ``text`` that are not stop words, in their original case and order."""
    return [w for w in _WORD.findall(text) if w.lower() not in STOPWORDS]
