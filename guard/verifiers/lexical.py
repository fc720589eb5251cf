"""Lexical evidence: numbers and named entities of a claim that no evidence mentions.

Cosine similarity cannot see that "completed in 1925" differs from "completed in
1889": the sentences embed almost alike. A number or a name that appears in no
passage is the commonest form of fabrication (METHODS section 7), and it is
cheap to find: numbers by regex (normalised, so "1,000" = "1000" = "1000.0",
and number words up to twenty in the evidence count as digits), names by spaCy
NER on the claim, matched word by word against the evidence vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from functools import cache, lru_cache
from typing import NamedTuple

from guard.language import Entity

__all__ = [
    "Vocabulary",
    "all_known",
    "content_overlap",
    "content_words",
    "novel_terms",
    "number_spans",
    "numbers_in",
    "stop_words",
    "unknown_words",
    "vocabulary",
    "words",
]

_NUMBER = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?|(?<![\w.])\.\d+")
_WORD = re.compile(r"[^\W\d_]+")
_NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
# Labels whose words are names: every content word must appear in the evidence.
_NAME_LABELS = {"PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "LANGUAGE"}
# Labels that are quantities: their numbers are checked, and capitalised words (month, weekday).
_QUANTITY_LABELS = {"DATE", "TIME", "PERCENT", "MONEY", "QUANTITY", "ORDINAL", "CARDINAL"}


class Vocabulary(NamedTuple):
    """The lower-cased words and the normalised numbers of some evidence text."""

    words: frozenset[str]
    numbers: frozenset[str]

    def __or__(self, other: Vocabulary) -> Vocabulary:  # type: ignore[override]
        return Vocabulary(self.words | other.words, self.numbers | other.numbers)


def _normalise_number(raw: str) -> str:
    try:
        return format(Decimal(raw.replace(",", "")).normalize(), "f")
    except InvalidOperation:
        return raw


def numbers_in(text: str) -> list[str]:
    """The numbers written with digits in ``text``, normalised, in order."""
    return list(_numbers_of(text))


# Read once per text: the stacked features, the support score and the novel terms ask again for
# the same claims, units and passages (~12,000 calls over 128 RAGTruth responses). 8,192 texts:
# some passages, mostly claims and units, a few MB at most.
@lru_cache(maxsize=8_192)
def _numbers_of(text: str) -> tuple[str, ...]:
    return tuple(_normalise_number(m.group(0)) for m in _NUMBER.finditer(text))


def number_spans(text: str) -> list[tuple[int, int, str]]:
    """Each number written with digits in ``text``: its span and its normalised form, in order."""
    return [(m.start(), m.end(), _normalise_number(m.group(0))) for m in _NUMBER.finditer(text)]


def words(text: str) -> list[str]:
    """The lower-cased, lightly singularised words of ``text``, in order."""
    return list(_words_of(text))


@lru_cache(maxsize=8_192)  # as _numbers_of: the same texts are read by several callers
def _words_of(text: str) -> tuple[str, ...]:
    return tuple(_singular(w) for w in _WORD.findall(text.lower()))


def _singular(word: str) -> str:
    # Enough stemming for names and nouns: "Obamas" / "Obama", "tests" / "test".
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def vocabulary(texts: Iterable[str]) -> Vocabulary:
    known: set[str] = set()
    numbers: set[str] = set()
    for text in texts:
        found = words(text)
        known.update(found)
        numbers.update(numbers_in(text))
        numbers.update(_NUMBER_WORDS[w] for w in found if w in _NUMBER_WORDS)
    return Vocabulary(frozenset(known), frozenset(numbers))


def novel_terms(claim_text: str, entities: list[Entity], known: Vocabulary) -> list[str]:
    """Numbers and entity names of the claim that the known vocabulary lacks, in claim order."""
    novel: list[str] = [n for n in dict.fromkeys(numbers_in(claim_text)) if n not in known.numbers]
    for entity in entities:
        if entity.label in _NAME_LABELS:
            names = [w for w in words(entity.text) if w not in stop_words()]
        elif entity.label in _QUANTITY_LABELS:
            names = [w.lower() for w in _WORD.findall(entity.text) if w[0].isupper()]
            names = [_singular(w) for w in names if w not in stop_words()]
        else:  # NORP and the like: "French" vs "France" is not a fabrication.
            continue
        if any(w not in known.words for w in names) and entity.text not in novel:
            novel.append(entity.text)
    return novel


def all_known(pieces: Iterable[str], known: Vocabulary) -> bool:
    """Every lower-cased letter run in ``pieces`` is, as :func:`words` reads it, a known word, or
    a stop word that :func:`novel_terms` leaves out under every label (a name's words are
    dropped singularised, a quantity's before: both forms are stop words).

    Then :func:`novel_terms` finds no novel entity word whatever entities it is given, if their
    words are among the pieces (:func:`guard.language.entity_word_pieces`). Why the stop words:
    a claim whose only unknown words are ones like "whereby" or "nevertheless" was tagged by
    the NER for nothing (188 of the 1,853 claims tagged over 300 RAGTruth dev QA responses)."""
    stops = stop_words()
    return all(
        _singular(piece) in known.words or (piece in stops and _singular(piece) in stops) for piece in pieces
    )


def content_words(text: str) -> list[str]:
    """:func:`words` less stop words and words under three letters."""
    return [w for w in words(text) if w not in stop_words() and len(w) > 2]


def unknown_words(claim_text: str, known: Vocabulary) -> list[str]:
    """The claim's content words that the known vocabulary lacks, deduplicated, in order."""
    return [w for w in dict.fromkeys(content_words(claim_text)) if w not in known.words]


def content_overlap(claim_text: str, known: Vocabulary) -> float:
    """Share of the claim's content words (and numbers) found in the known vocabulary."""
    content = content_words(claim_text)
    numbers = numbers_in(claim_text)
    total = len(content) + len(numbers)
    if total == 0:
        return 1.0
    found = sum(w in known.words for w in content) + sum(n in known.numbers for n in numbers)
    return found / total


@cache
def stop_words() -> frozenset[str]:
    """English stop words (spaCy's list): the words no claim or question is about."""
    # Imported on first use: spaCy's package import pulls in thinc and torch (seconds), which
    # loading a policy or importing the verifiers must not pay for.
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)
