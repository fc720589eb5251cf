"""The retrained judge (guard/grounding/judge_model) loads through the runtime loader and
ranks a wrong-but-same-words claim as more contradicted than the true one."""

from __future__ import annotations

import pytest

from guard.grounding.model import DEFAULT_MODEL_DIR, MODEL_ENV, GroundingModel, shared_model

JUDGE_DIR = DEFAULT_MODEL_DIR.parent / "judge_model"

# (evidence, true claim, wrong claim that reuses the evidence's words)
CASES = [
    (  # number misbinding: 2.5 ml is the 3 to 6 months row
        "Use the oral syringe in the pack to measure the dose. Age: 3 to 6 months | Dose: 2.5 ml "
        "Age: 6 to 24 months | Dose: 5 ml Age: 2 to 4 years | Dose: 7.5 ml Age: 4 to 6 years | Dose: 10 ml",
        "The dose for a child aged 2 to 4 years is 7.5 ml.",
        "The dose for a child aged 2 to 4 years is 2.5 ml.",
    ),
    (  # a changed number word
        "The Ridgeway Bridge opened to traffic in 1932 after four years of construction. "
        "It was designed by the county engineer.",
        "It opened to traffic after four years of construction.",
        "It opened to traffic after six years of construction.",
    ),
    (  # a dropped "not"
        "Do not give Febrilon Children's Suspension to babies under 3 months unless a doctor advises it. "
        "Any baby under 3 months with a temperature of 38C or above needs to be seen urgently.",
        "Do not give the suspension to babies under 3 months unless a doctor advises it.",
        "Give the suspension to babies under 3 months unless a doctor advises it.",
    ),
]


@pytest.fixture(scope="module")
def judge() -> GroundingModel:
    return GroundingModel.load(JUDGE_DIR)


def test_judge_loads_through_the_environment_variable(monkeypatch):
    monkeypatch.setenv(MODEL_ENV, str(JUDGE_DIR))
    model = shared_model()
    assert model.name == str(JUDGE_DIR)
    assert model.max_length == 128


# The committed judge (200 steps on 5,035 pairs, MODEL_CARD.md) does not yet separate these:
# measured P(contradicted) true vs wrong 0.476 / 0.468, 0.534 / 0.539, 0.365 / 0.356. Strict, so
# a model that does separate all three turns this into a failure to be re-read, not a silent pass.
@pytest.mark.xfail(strict=True, reason="judge_model does not separate same-words errors yet (MODEL_CARD.md)")
@pytest.mark.parametrize(
    "evidence,true_claim,wrong_claim", CASES[:1] + CASES[2:], ids=["dose-row", "dropped-not"]
)
def test_wrong_claim_is_more_contradicted_than_the_true_one(judge, evidence, true_claim, wrong_claim):
    right, wrong = judge.predict([(true_claim, evidence), (wrong_claim, evidence)])
    assert wrong.contradicted > right.contradicted
    assert wrong.supported < right.supported


def test_changed_number_word_is_more_contradicted(judge):
    """The one of the three the model gets the right way round, by a small margin (0.539 vs 0.534)."""
    evidence, true_claim, wrong_claim = CASES[1]
    right, wrong = judge.predict([(true_claim, evidence), (wrong_claim, evidence)])
    assert wrong.contradicted > right.contradicted
    assert wrong.supported < right.supported
