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


# What the embedded model (greedy) wrote to each demo question; None: the gate refuses first.
EMBEDDED_DRAFTS = {
    "How much Febrilon Children's Suspension should I give my 3-year-old?": "The dose should be 2.5 ml for 3-year-old.",
    "What is Altamira's employer pension contribution?": None,
    "What is the maximum daily dose of Zelorin?": "The maximum daily dose of Zelorin is 20 mg [1].",
}


def _question_of(messages) -> str:
    last = messages[-1]["content"]
    return next(q for q in EMBEDDED_DRAFTS if q in last)


@pytest.mark.slow
def test_ragguard_demo_shows_draft_and_answer_side_by_side_with_what_was_caught(monkeypatch):
    from typer.testing import CliRunner

    from guard.cli import app
    from guard.cli.demo import DEMO

    assert [d.question for d in DEMO] == list(EMBEDDED_DRAFTS)
    asked: list[str] = []

    def embedded(messages):
        question = _question_of(messages)
        asked.append(question)
        draft = EMBEDDED_DRAFTS[question]
        assert draft is not None, f"the gate should have refused {question!r} before any model call"
        return draft

    scripted = register_scripted_model("demo-embedded-drafts", embedded)
    result = CliRunner().invoke(app, ["demo", "--model", scripted.model], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    out = result.output
    # two columns per question: the draft and what the user gets
    assert out.count(f"Model's draft ({scripted.model})") == 3
    assert out.count("Guarded answer (policy default)") == 3
    # 1: the wrong dose, caught, with the value it conflicts with and the evidence unit
    assert "The dose should be 2.5 ml for 3-year-old." in out
    assert "claim says 2.5 ml, evidence says 7.5 ml (for 2 to 4 years)" in out
    assert '"Age: 2 to 4 years | Dose: 7.5 ml"' in out and "clinic-febrilon-childrens-suspension.md" in out
    assert "Decision: strip" in out
    # 2: refused by the gate, no draft asked for
    assert "no draft: retrieval relevance" in out and "the model was not asked" in out
    assert "Decision: refuse" in out and "insufficient_context → refuse" in out
    # 3: the right dose passes as written
    assert "Decision: pass" in out
    assert "Backed by [" in out and "clinic-zelorin-20mg.md" in out
    assert out.count("The maximum daily dose of Zelorin is 20 mg [1].") == 2  # draft and answer
    assert "3 questions in" in out and "error caught: 1, refused: 1, clean pass: 1." in out
    assert "Recorded draft" not in out
    assert sorted(set(asked)) == sorted(q for q, d in EMBEDDED_DRAFTS.items() if d)


@pytest.mark.slow
def test_a_recorded_draft_is_labelled_as_such(example_kb):
    from io import StringIO

    from rich.console import Console

    from guard.cli.demo import DemoQuestion, print_demo, run_demo
    from guard.policy import load_policy

    item = DemoQuestion(question="What is the maximum daily dose of Zelorin?",
                        recorded_draft="The maximum daily dose of Zelorin is 40 mg [1].")
    scripted = register_scripted_model("demo-recorded", item.recorded_draft)
    policy = load_policy("default")
    rows = run_demo([item], lambda q: guarded_completion(
        question=q.question, knowledge_base=example_kb, model=scripted.model, policy=policy), policy)
    sink = StringIO()
    print_demo(rows, 1.0, Console(file=sink, width=250, color_system=None))
    out = sink.getvalue()
    assert "Recorded draft (fixed text the embedded model wrote once; not generated in this run)" in out
    assert "(1 recorded draft, labelled above)" in out
