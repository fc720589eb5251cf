"""The demo's wrong dose, as the embedded model wrote it, through retrieval over the example KB."""

import pytest

from guard.decide import Action
from guard.llm.testing import register_scripted_model
from guard.pipeline import guarded_completion
from guard.verifiers.types import SupportLabel


@pytest.mark.slow
def test_the_wrong_febrilon_row_is_contradicted_and_kept_from_the_user(example_kb):
    scripted = register_scripted_model("demo-febrilon-row", "The dose should be 2.5 ml for 3-year-old.")
    response = guarded_completion(
        question="How much Febrilon Children's Suspension should I give my 3-year-old?",
        knowledge_base=example_kb, model=scripted.model,
    )
    (verdict,) = response.verification.claims
    assert verdict.label is SupportLabel.contradicted
    assert verdict.mismatch is not None and "7.5 ml" in verdict.mismatch.explanation
    assert response.decision.action is Action.strip and "2.5 ml" not in response.answer
