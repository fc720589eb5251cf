"""The pipeline cuts prompt echo from the draft before verification and counts it in the decision."""

from __future__ import annotations

from pathlib import Path

from guard import guarded_completion
from guard.llm.testing import register_scripted_model
from guard.policy import Condition

REPO = Path(__file__).resolve().parents[2]
ZELORIN = "What is the usual adult dose of Zelorin?"
# The demo's echo: the answer, then the tail of the prompt written back.
ECHOING = (
    "The usual adult dose of Zelorin is 20 mg once a day [1].\n"
    "</passage> Question: What is the usual adult dose of Zelorin? "
    "Write one sentence that ends with the passage id in brackets."
)


def test_echo_is_cut_before_verification_and_counted():
    context = (REPO / "examples" / "kb" / "clinic-zelorin-20mg.md").read_text(encoding="utf-8")
    scripted = register_scripted_model("echoing", ECHOING)
    response = guarded_completion(question=ZELORIN, contexts=[context], model=scripted.model)
    assert response.decision.template_echo == 3
    assert response.draft == "The usual adult dose of Zelorin is 20 mg once a day [1]."
    assert [v.claim.text for v in response.verification.claims] == [
        "The usual adult dose of Zelorin is 20 mg once a day."
    ]
    assert "Write one sentence" not in response.answer and "</passage>" not in response.answer
    assert Condition.unsupported_claim not in response.decision.conditions


def test_a_draft_that_is_only_echo_is_declined():
    context = (REPO / "examples" / "kb" / "clinic-zelorin-20mg.md").read_text(encoding="utf-8")
    only_echo = "</passage>\nQuestion: What is the usual adult dose of Zelorin?"
    scripted = register_scripted_model("only-echo", only_echo)
    response = guarded_completion(question=ZELORIN, contexts=[context], model=scripted.model)
    assert response.decision.template_echo == 2
    assert response.refused and Condition.declined in response.decision.conditions


def test_generation_stops_where_prompt_echo_would_start():
    from prompts import ANSWER_STOP

    context = (REPO / "examples" / "kb" / "clinic-zelorin-20mg.md").read_text(encoding="utf-8")
    scripted = register_scripted_model("stops", "The usual adult dose of Zelorin is 20 mg once a day [1].")
    guarded_completion(question=ZELORIN, contexts=[context], model=scripted.model)
    assert scripted.params[0].stop == list(ANSWER_STOP)
    assert "</passage>" in ANSWER_STOP and "\nQuestion:" in ANSWER_STOP


def test_the_answer_is_capped_at_the_prompt_s_token_bound_unless_the_caller_sets_one():
    from prompts import ANSWER_MAX_TOKENS

    context = (REPO / "examples" / "kb" / "clinic-zelorin-20mg.md").read_text(encoding="utf-8")
    scripted = register_scripted_model("capped", "The usual adult dose of Zelorin is 20 mg once a day [1].")
    guarded_completion(question=ZELORIN, contexts=[context], model=scripted.model)
    guarded_completion(question=ZELORIN, contexts=[context], model=scripted.model, max_tokens=300)
    assert ANSWER_MAX_TOKENS == 96  # benchmarks/README.md: no dev draft but a degenerate loop was longer than 59
    assert [p.max_tokens for p in scripted.params] == [ANSWER_MAX_TOKENS, 300]
