"""Evidence-first answering reads the units themselves, so a failed relevance gate (a score) does not
refuse a question a unit answers; a question no unit answers keeps the gate's own refusal."""

from __future__ import annotations

import pytest

import guard.pipeline as pipeline
from guard import guarded_completion
from guard.policy import Action, Condition, load_policy
from retrievers.types import GateResult, Passage, RetrievalResult

LOST = Passage(
    id="lost", title="Company Equipment Policy > Lost or stolen equipment", source="equipment.md",
    text="Report lost or stolen equipment to the IT Service Desk within 24 hours.",
)


def _failed_gate(query: str) -> RetrievalResult:
    gate = GateResult(passed=False, relevance=0.2, threshold=0.3, attempts=1, queries=[query])
    return RetrievalResult(query=query, passages=[LOST], gate=gate)


@pytest.fixture
def gate_fails(monkeypatch):
    monkeypatch.setattr(pipeline, "retrieve_evidence", lambda query, source, policy, model: _failed_gate(query))


@pytest.mark.parametrize("answering", ["evidence"])
def test_a_unit_holding_the_asked_value_overrules_a_failed_gate(gate_fails, answering):
    policy = load_policy("default").model_copy(update={"answering": answering})
    response = guarded_completion(
        question="How quickly must I report stolen equipment?", contexts=[LOST],
        model="test/never-called", policy=policy,
    )
    assert not response.retrieval.gate.passed
    assert response.decision.action is not Action.refuse, response.decision.reasons
    assert "24 hours" in response.answer


def test_a_question_no_unit_answers_keeps_the_gates_refusal(gate_fails):
    policy = load_policy("default").model_copy(update={"answering": "evidence"})
    response = guarded_completion(
        question="Does the company offer pet insurance?", contexts=[LOST], model="test/never-called", policy=policy,
    )
    assert response.decision.action is Action.refuse
    assert [r.condition for r in response.decision.reasons] == [Condition.insufficient_context]
    assert response.answer == policy.refusal_text.rstrip()
    assert "answer_from_evidence" in response.timings  # the plan was asked, and found nothing


def test_a_writing_model_never_gets_past_a_failed_gate(gate_fails):
    policy = load_policy("default").model_copy(update={"answering": "generate"})
    response = guarded_completion(
        question="How quickly must I report stolen equipment?", contexts=[LOST], model="test/never-called",
        policy=policy,
    )
    assert response.decision.action is Action.refuse and response.attempts == 0
