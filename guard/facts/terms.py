"""Key content terms: the nouns of an answer that adds a thing, which the evidence never names.

Why: "Yes, Altamira offers lounge access" or "The filter also removes microplastics" reuse the
passage's topic words, so cosine and word overlap pass them; the added thing ("lounge access",
"microplastics") is in no unit. Every noun of every claim cannot be required (a paraphrase
brings new nouns: "a full course", "the middle"), so this runs only on claims whose form says
they confirm something: an answer opening with "Yes" (it asserts the question's proposition).
On the hard-case dev split no true "Yes" claim had such a noun. Claims with "also" were tried
too and dropped: on RAGTruth clean summary sentences they flagged 22 of 1,178 ("You can also
have hard cheese in limited quantities": "quantities").

Nouns come from spaCy's tagger (tok2vec + tagger + attribute_ruler of the fact layer's parse
pipeline, :func:`guard.language.tagged`; no parser, no NER), run on the claim only (~3.5 ms per
claim on the 2-core machine under load).
"""

from __future__ import annotations

import re
from functools import lru_cache

from guard.language import tagged

__all__ = ["adds_something", "nouns"]

_ADDS = re.compile(r"^\s*yes\b", re.IGNORECASE)


def adds_something(claim_text: str) -> bool:
    """The claim confirms ("Yes, ...") rather than restates."""
    return bool(_ADDS.search(claim_text))


@lru_cache(maxsize=4096)
def nouns(text: str) -> tuple[tuple[int, str], ...]:
    """(position, word) of the nouns and proper nouns of ``text``; empty if no tagger is installed."""
    doc = tagged(text)
    if doc is None:
        return ()
    return tuple((t.idx, t.text) for t in doc if t.pos_ in ("NOUN", "PROPN"))
