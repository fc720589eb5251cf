"""Split an answer into claims: one per sentence, with its span and its citations.

Markers are cut out before the sentence split, then put back by position:
spaCy reads "Foo bar. [2] Baz." as "Foo bar." + "[2] Baz." (or even splits
inside "[1, 3]"), but models write a marker *after* the sentence it supports.
So a marker belongs to the sentence whose span holds it, else to the sentence
before it (the trailing-marker convention), else (the answer starts with a
marker) to the first sentence. Every line break ends a claim (list items,
paragraphs). A claim's span is then widened to cover its
markers, so ``answer[start:end]`` always holds the whole claim as written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from guard.language import sentence_spans_many
from guard.verifiers.citation_markers import Marker, find_markers, removal_spans
from guard.verifiers.types import Claim

__all__ = ["extract_claims", "extract_claims_many"]


@dataclass
class _Draft:
    text: str
    start: int
    end: int
    numbers: list[int] = field(default_factory=list)


def extract_claims(answer: str) -> list[Claim]:
    """The claims of ``answer`` in order; marker-only or punctuation-only fragments are skipped."""
    return extract_claims_many([answer])[0]


def extract_claims_many(answers: Sequence[str]) -> list[list[Claim]]:
    """:func:`extract_claims` of each answer, their sentences split in one batched spaCy call."""
    markers = [find_markers(answer) for answer in answers]
    cleaned = [_without_markers(answer, found) for answer, found in zip(answers, markers, strict=True)]
    spans = sentence_spans_many([clean for clean, _ in cleaned], split_lines=True)
    return [_claims(*parts) for parts in zip(markers, cleaned, spans, strict=True)]


def _claims(markers: list[Marker], cleaned: tuple[str, list[int]], spans: list[tuple[int, int]]) -> list[Claim]:
    clean, to_answer = cleaned
    drafts = [
        _Draft(clean[s:e], to_answer[s], to_answer[e - 1] + 1)
        for s, e in spans
        if any(ch.isalnum() for ch in clean[s:e])
    ]
    if not drafts:
        return []
    for marker in markers:
        _attach(marker, drafts)
    return [
        Claim(index=i, text=d.text, start=d.start, end=d.end, citations=list(dict.fromkeys(d.numbers)))
        for i, d in enumerate(drafts)
    ]


def _without_markers(answer: str, markers: list[Marker]) -> tuple[str, list[int]]:
    """The answer with markers cut, and for each kept character its index in the answer."""
    keep = [True] * len(answer)
    for start, end in removal_spans(answer, markers):
        keep[start:end] = [False] * (end - start)
    index = [i for i, kept in enumerate(keep) if kept]
    return "".join(answer[i] for i in index), index


def _attach(marker: Marker, drafts: list[_Draft]) -> None:
    owner = drafts[0]
    for draft in drafts:
        if draft.start <= marker.start:
            owner = draft
        else:
            break
    owner.numbers.extend(marker.numbers)
    owner.start = min(owner.start, marker.start)
    owner.end = max(owner.end, marker.end)
