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
    # default quotes: the wrong dose gives way to the table row it contradicts
    assert response.decision.action is Action.quote and "2.5 ml" not in response.answer
    assert '"Age: 2 to 4 years | Dose: 7.5 ml"' in response.answer


# What the embedded model (greedy, answering: generate) wrote to each demo question; None: the
# gate refuses first. The first is the demo's recorded draft.
EMBEDDED_DRAFTS = {
    "How much Febrilon Children's Suspension should I give my 3-year-old?": "The dose should be 2.5 ml for 3-year-old.",
    "What is Altamira's employer pension contribution?": None,
    "What is the maximum daily dose of Zelorin?": "The maximum daily dose of Zelorin is 20 mg [1].",
}
ZELORIN_MAX = "What is the maximum daily dose of Zelorin?"


def test_the_demo_questions_and_its_recorded_draft_are_the_embedded_model_s():
    from guard.cli.demo import DEMO

    assert [d.question for d in DEMO] == list(EMBEDDED_DRAFTS)
    assert [d.recorded_draft for d in DEMO] == [EMBEDDED_DRAFTS[DEMO[0].question], None, None]


@pytest.mark.slow
def test_ragguard_demo_shows_draft_and_answer_side_by_side_with_what_was_caught():
    """`ragguard demo` as `make demo` runs it: the recorded draft, the gate, the default answering."""
    from typer.testing import CliRunner

    from guard.cli import app

    result = CliRunner().invoke(app, ["demo"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    out = result.output
    # two columns per question: the draft and what the user gets
    assert out.count("Guarded answer (policy default)") == 3
    assert out.count("Recorded draft (fixed text the embedded model wrote to this question") == 1
    # 1: the recorded wrong dose, caught, with the value it conflicts with and the evidence unit
    assert "The dose should be 2.5 ml for 3-year-old." in out
    assert "claim says 2.5 ml, evidence says 7.5 ml (for 2 to 4 years)" in out
    assert '"Age: 2 to 4 years | Dose: 7.5 ml"' in out and "clinic-febrilon-childrens-suspension.md" in out
    assert "Decision: quote" in out
    # 2: refused by the gate, no draft asked for
    assert "no draft: retrieval relevance" in out and "the model was not asked" in out
    assert "Decision: refuse" in out and "insufficient_context → refuse" in out
    # 3: passes, with the evidence that backs it
    assert "Decision: pass" in out
    assert "Backed by [" in out and "clinic-zelorin-20mg.md" in out
    assert "3 questions in" in out and "(1 recorded draft, labelled above)" in out
    assert "error caught: 1, refused: 1, clean pass: 1." in out


@pytest.mark.slow
def test_the_embedded_model_s_own_draft_to_the_third_question_passes(example_kb):
    scripted = register_scripted_model("demo-zelorin-max", EMBEDDED_DRAFTS[ZELORIN_MAX])
    response = guarded_completion(question=ZELORIN_MAX, knowledge_base=example_kb, model=scripted.model)
    assert response.decision.action is Action.pass_
    assert response.answer == EMBEDDED_DRAFTS[ZELORIN_MAX]


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
    assert "Recorded draft (fixed text the embedded model wrote to this question when asked to generate; " in out
    assert "not generated in this run)" in out
    assert "(1 recorded draft, labelled above)" in out
