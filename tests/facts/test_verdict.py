"""guard.verifiers.verdict.combine: the fact verdict and the embedding score into one label."""

from __future__ import annotations

from guard.facts.types import FactLabel, FactVerdict, SlotKind, SlotMismatch
from guard.verifiers.types import SupportLabel
from guard.verifiers.verdict import combine

MISMATCH = SlotMismatch(
    kind=SlotKind.quantity, claim_value="2.5 ml", evidence_value="7.5 ml", explanation="the evidence gives 7.5 ml"
)


def test_a_fact_contradiction_stands_against_a_high_embedding_score():
    judged = combine(FactVerdict(label=FactLabel.contradicted, mismatch=MISMATCH), 0.95, 0.5)
    assert judged.label is SupportLabel.contradicted
    assert judged.support <= 0.1
    assert judged.reason == "the evidence gives 7.5 ml"


def test_an_unsupported_fact_is_not_rescued():
    judged = combine(FactVerdict(label=FactLabel.unsupported, mismatch=MISMATCH), 0.9, 0.5)
    assert judged.label is SupportLabel.unsupported


def test_an_inference_is_supported_and_says_its_step():
    judged = combine(FactVerdict(label=FactLabel.inferred, inference="£300 - £120 = £180"), 0.2, 0.5)
    assert judged.label is SupportLabel.supported
    assert judged.reason == "supported by inference: £300 - £120 = £180"


def test_matching_values_lower_the_bar_but_do_not_remove_it():
    assert combine(FactVerdict(label=FactLabel.supported), 0.4, 0.5).label is SupportLabel.supported
    assert combine(FactVerdict(label=FactLabel.supported), 0.2, 0.5).label is SupportLabel.unsupported


def test_abstain_leaves_it_to_the_embedding_score_and_the_learned_judge():
    assert combine(FactVerdict(label=FactLabel.abstain), 0.6, 0.5).label is SupportLabel.supported
    assert combine(FactVerdict(label=FactLabel.abstain), 0.3, 0.5).label is SupportLabel.unsupported
    assert combine(FactVerdict(label=FactLabel.abstain), 0.3, 0.5, 0.9).label is SupportLabel.contradicted
