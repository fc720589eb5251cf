"""The embedding score of a claim whose values the fact layer matched takes no penalty for them."""

from __future__ import annotations

from guard.facts.types import FactLabel, FactVerdict
from guard.verifiers.claim_judge import credited_support
from guard.verifiers.lexical import vocabulary
from guard.verifiers.support import Assessment, BestSentence


def _assessment(support: float, cosine: float, overlap: float, novel: list[str]) -> Assessment:
    return Assessment(support, BestSentence(cosine, 0, "x"), overlap, novel)


def test_values_said_in_other_units_count_as_found():
    known = vocabulary(["Do not take more than 1,500 mg in 24 hours."])
    claim = "Do not take more than 1.5 g in 24 hours."
    raw = _assessment(0.2, 0.8, 0.6, ["1.5"])
    fact = FactVerdict(label=FactLabel.supported)
    credited = credited_support(claim, fact, raw, known, 0.5)
    assert credited > 0.5 > raw.support


def test_a_novel_word_outside_the_values_still_counts():
    known = vocabulary(["The warranty lasts 6 years."])
    claim = "The warranty lasts six years and covers accidental damage."
    raw = _assessment(0.3, 0.6, 0.5, [])
    credited = credited_support(claim, FactVerdict(label=FactLabel.supported), raw, known, 0.5)
    # "covers accidental damage" is still missing from the evidence: overlap stays partial
    assert raw.support <= credited < 0.8


def test_a_claim_without_values_keeps_its_score():
    raw = _assessment(0.42, 0.7, 0.5, [])
    fact = FactVerdict(label=FactLabel.supported)
    assert credited_support("Keep it dry.", fact, raw, vocabulary(["Keep dry."]), 0.5) == 0.42


def test_an_unreadable_claim_keeps_its_score():
    raw = _assessment(0.42, 0.7, 0.5, [])
    fact = FactVerdict(label=FactLabel.supported, language="zh")
    assert credited_support("每天两次", fact, raw, vocabulary(["每天两次"]), 0.5) == 0.42
