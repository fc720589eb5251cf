"""Evidence-first answering (policy ``answering: evidence``): the unit that answers, or a refusal that
says what was looked for; no model call either way."""

import pytest

from guard.decide import Action
from guard.llm.local_model import LOCAL_MODEL
from guard.pipeline import answers_from_evidence, guarded_completion
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
    assert response.refused and response.answer.startswith(evidence_policy.refusal_text)
    assert "'pet'" in response.answer  # the refusal says what was looked for
    (reason,) = response.decision.reasons
    assert reason.condition is Condition.insufficient_context and "pet" in reason.detail


def test_auto_answering_quotes_the_evidence_for_the_embedded_model_and_lets_other_models_write():
    default = load_policy("default")
    assert default.answering == "auto"
    assert answers_from_evidence(default, LOCAL_MODEL)
    assert not answers_from_evidence(default, "openai/gpt-4o-mini")
    assert answers_from_evidence(default.model_copy(update={"answering": "evidence"}), "openai/gpt-4o-mini")
    assert not answers_from_evidence(default.model_copy(update={"answering": "generate"}), LOCAL_MODEL)
    assert load_policy("medical").answering == "auto" and load_policy("legal").answering == "auto"


@pytest.mark.slow
def test_the_default_profile_with_the_embedded_model_answers_from_the_evidence(example_kb):
    response = guarded_completion(
        question="How many days of annual leave does a full-time Altamira employee get?",
        knowledge_base=example_kb, policy="default",
    )
    assert response.attempts == 0 and "generate" not in response.timings
    assert "25 working days" in response.answer and "[" in response.answer
    # the demo says where such a draft came from, not "Model's draft (evidence)"
    from io import StringIO

    from rich.console import Console

    from guard.cli.demo import DemoOutcome, DemoQuestion, DemoRow, render_row

    row = DemoRow(question=DemoQuestion(question=response.question), response=response,
                  outcome=DemoOutcome.clean, seconds=1.0)
    screen = StringIO()
    Console(file=screen, width=250).print(render_row(row, 1))
    assert "Draft quoted from the documents" in screen.getvalue() and "Model's draft" not in screen.getvalue()


@pytest.mark.slow
def test_a_table_row_ranked_past_k_is_quoted_from_the_reserve_and_cited_after_the_given_passages(
    example_kb, evidence_policy
):
    question = "How much Febrilon Children's Suspension can a 5 year old have?"
    given = example_kb.retrieve(question, evidence_policy.retrieval, None)
    k = len(given.passages)
    assert not any("| Dose:" in p.text or "4 to 6 years" in p.text for p in given.passages)  # the row is past k
    response = guarded_completion(question=question, knowledge_base=example_kb, model="test/never-called",
                                  policy=evidence_policy)
    assert "10 ml" in response.answer
    cited = response.retrieval.passages
    assert len(cited) > k and "4 to 6 years" in cited[k].text  # the reserve passage, numbered k + 1
    assert f"[{k + 1}]" in response.answer


@pytest.mark.slow
def test_a_close_call_is_labelled_as_two_cases_not_as_unverified(example_kb, evidence_policy):
    """"How much leave do I get?": carrying over 5 days and the 25-day entitlement are both quoted
    (doubtful_answer); the label says the documents give different values for different cases, not
    that something could not be verified."""
    response = guarded_completion(
        question="How much leave do I get?", knowledge_base=example_kb,
        model="test/never-called", policy=evidence_policy,
    )
    assert [r.condition for r in response.decision.reasons] == [Condition.doubtful_answer]
    label, body = response.answer.split("\n\n", 1)
    assert label == evidence_policy.doubtful_label
    assert "5 days" in body and "25 working days" in body
