"""Support and hallucination types with the real embedder and spaCy, on hand-written cases."""

from __future__ import annotations

import pytest

from guard.verifiers import registry
from guard.verifiers.stage import run_verification
from guard.verifiers.types import HallucinationType, SupportLabel, VerificationInput
from retrievers.types import GateResult, Passage

pytestmark = pytest.mark.slow

PASSAGES = [
    Passage(
        id="eiffel",
        text="The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 "
        "as the entrance arch of the World's Fair. It was designed by the company of Gustave Eiffel.",
    ),
    Passage(
        id="coffee",
        text="A 2019 survey of 500 office workers found that those who drank coffee reported higher "
        "alertness. The survey did not measure productivity.",
    ),
    Passage(id="potassium", text="Bananas are rich in potassium. A medium banana has about 420 mg of it."),
]

# (claim, supported?): restatements of the passages vs claims they do not back.
CASES = [
    ("The Eiffel Tower, a wrought-iron lattice tower in Paris, was finished in 1889.", True),
    ("Gustave Eiffel's company designed the tower.", True),
    ("Office workers who drank coffee reported being more alert in a 2019 survey.", True),
    ("A medium banana contains roughly 420 mg of potassium.", True),
    ("The Eiffel Tower was completed in 1925.", False),
    ("The tower was designed by Napoleon Bonaparte.", False),
    ("Bananas cure cancer.", False),
    ("The Great Wall of China is visible from the Moon.", False),
]


def verify_claims(answer: str, passages=PASSAGES, gate=None):
    inp = VerificationInput(question="Tell me some facts.", passages=passages, answer=answer, gate=gate)
    return run_verification(inp)


@pytest.fixture(scope="module")
def verdicts():
    result = verify_claims(" ".join(text for text, _ in CASES))
    assert [v.claim.text for v in result.claims] == [text for text, _ in CASES]
    return result.claims


def test_restatements_and_inventions_are_separated(verdicts):
    for verdict, (text, supported) in zip(verdicts, CASES):
        expected = SupportLabel.supported if supported else SupportLabel.unsupported
        assert verdict.label is expected, (text, verdict.support, verdict.scores)
    lowest_supported = min(v.support for v, (_, ok) in zip(verdicts, CASES) if ok)
    highest_unsupported = max(v.support for v, (_, ok) in zip(verdicts, CASES) if not ok)
    assert lowest_supported > highest_unsupported


def test_best_passage_and_sentence(verdicts):
    assert verdicts[1].best_passage_id == "eiffel"
    assert verdicts[1].best_sentence == "It was designed by the company of Gustave Eiffel."
    assert verdicts[3].best_passage_id == "potassium"
    assert all(0.0 <= v.support <= 1.0 for v in verdicts)


def test_fabrication_names_the_missing_number_and_entity(verdicts):
    year, name = verdicts[4], verdicts[5]
    assert year.hallucination_type is HallucinationType.fabrication
    assert "1925" in year.type_evidence
    assert name.hallucination_type is HallucinationType.fabrication
    assert "Napoleon Bonaparte" in name.type_evidence
    assert all(v.hallucination_type is None for v, (_, ok) in zip(verdicts, CASES) if ok)


class RejectsAll:
    """Stands in for a stronger judge: cosine alone reads "correlation as cause" as support."""

    name = "rejects_all"
    judges_support = True

    def run(self, inp, state):
        for verdict in state.report.claims:
            verdict.label = SupportLabel.unsupported


def test_over_inference_is_built_from_passage_words(monkeypatch):
    monkeypatch.setitem(registry._registered, "rejects_all", RejectsAll)
    inp = VerificationInput(
        question="Does coffee help?",
        passages=PASSAGES,
        answer=(
            "The survey found that coffee makes office workers more productive. Coffee was invented in 1492."
        ),
    )
    result = run_verification(inp, ["support", "rejects_all", "types"])
    inference, invented = result.claims
    assert inference.hallucination_type is HallucinationType.over_inference
    assert "content words are in the passages" in inference.type_evidence
    assert inference.best_sentence.startswith("A 2019 survey of 500 office workers")
    assert invented.hallucination_type is HallucinationType.fabrication
    assert "1492" in invented.type_evidence


def test_context_loss_when_the_gate_failed():
    gate = GateResult(passed=False, relevance=0.12, threshold=0.4, attempts=2, queries=["q", "q2"])
    result = verify_claims("The Eiffel Tower was completed in 1925.", gate=gate)
    verdict = result.claims[0]
    assert verdict.hallucination_type is HallucinationType.context_loss
    assert "0.12 < threshold 0.40" in verdict.type_evidence


def test_no_passages_is_context_loss():
    result = verify_claims("The Eiffel Tower was completed in 1889.", passages=[])
    verdict = result.claims[0]
    assert verdict.label is SupportLabel.unsupported and verdict.support == 0.0
    assert verdict.hallucination_type is HallucinationType.context_loss


def test_cited_claim_is_judged_against_its_citation():
    right = verify_claims("The Eiffel Tower was completed in 1889 [1].").claims[0]
    wrong = verify_claims("The Eiffel Tower was completed in 1889 [3].").claims[0]
    assert right.label is SupportLabel.supported and right.best_passage_id == "eiffel"
    assert wrong.label is SupportLabel.unsupported and wrong.best_passage_id == "potassium"
    assert wrong.scores.support_any_passage == pytest.approx(right.support, abs=1e-6)


def test_each_flagged_claim_names_the_rule_that_decided_it():
    """ClaimVerdict.rule: a fact-layer check for a value bound otherwise, the judge's own id where
    the fact layer had nothing to compare, and none for a supported claim."""
    answer = (
        "The Eiffel Tower was completed in 1925. Bananas cure cancer. "
        "A medium banana contains roughly 420 mg of potassium."
    )
    inp = VerificationInput(question="", passages=PASSAGES, answer=answer)
    dated, cure, banana = run_verification(inp, ["support"]).claims
    assert dated.label is not SupportLabel.supported and dated.rule.startswith(("date.", "misbinding."))
    assert cure.label is SupportLabel.unsupported and cure.rule == "judge.below_threshold"
    assert banana.label is SupportLabel.supported and banana.rule is None
