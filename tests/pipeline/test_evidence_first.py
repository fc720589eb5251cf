"""Evidence-first answering (policy ``answering: evidence``): the unit that answers, or a refusal that
says what was looked for; no model call either way."""

import pytest

from guard.decide import Action
from guard.pipeline import guarded_completion
from guard.policy import Condition, load_policy


@pytest.fixture(scope="module")
def evidence_policy():
    return load_policy("default").model_copy(update={"answering": "evidence"})


@pytest.mark.slow
def test_the_table_row_for_the_childs_age_is_the_answer(example_kb, evidence_policy):
    response = guarded_completion(
        question="How much Febrilon Children's Suspension should I give my 3-year-old?",
        knowledge_base=example_kb, model="test/never-called", policy=evidence_policy,
    )
    assert "7.5 ml" in response.answer and "2.5 ml" not in response.answer
    assert response.attempts == 0 and response.decision.action is Action.pass_


@pytest.mark.slow
def test_a_question_the_documents_do_not_answer_is_refused_saying_what_was_missing(example_kb, evidence_policy):
    response = guarded_completion(
        question="Does Altamira offer pet insurance?", knowledge_base=example_kb,
        model="test/never-called", policy=evidence_policy,
    )
    assert response.answer == evidence_policy.refusal_text
    (reason,) = response.decision.reasons
    assert reason.condition is Condition.insufficient_context and "pet" in reason.detail
