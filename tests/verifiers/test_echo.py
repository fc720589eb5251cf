"""Prompt echo is cut from a draft before verification, and only prompt echo."""

from __future__ import annotations

import pytest

from guard.verifiers.echo import remove_template_echo
from prompts import build_answer_messages, build_regenerate_messages
from retrievers.types import Passage

REFUSAL = "I don't have enough information in the provided documents to answer that."
QUESTION = "What is the usual adult dose of Zelorin?"
PASSAGES = [
    Passage(id="p1", text="The usual adult dose of Zelorin is one 20 mg tablet once a day, in the morning."),
    Passage(id="p2", text="Do not take more than 20 mg of Zelorin in 24 hours."),
]
MESSAGES = build_answer_messages(QUESTION, PASSAGES, REFUSAL)


def test_the_demo_echo_is_removed_and_counted():
    # What SmolLM2 wrote in the demo: the answer, then the prompt's tail copied back.
    draft = (
        "The usual adult dose of Zelorin is 20 mg once a day [1].\n"
        "</passage> Question: What is the usual adult dose of Zelorin? "
        "Write one sentence that ends with the passage id in brackets."
    )
    result = remove_template_echo(draft, MESSAGES, REFUSAL)
    assert result.text == "The usual adult dose of Zelorin is 20 mg once a day [1]."
    assert result.count == 3
    assert result.removed[0] == "</passage>"
    assert result.removed[2] == "Write one sentence that ends with the passage id in brackets."


@pytest.mark.parametrize(
    "draft",
    [
        "The usual adult dose of Zelorin is 20 mg once a day [1].",
        "Take one 20 mg tablet once a day, in the morning [1]. Do not take more than 20 mg in 24 hours [2].",
        REFUSAL,
        "The usual adult dose of Zelorin is 40 mg twice a day [1].",  # wrong, but an answer: verify it
    ],
)
def test_answers_and_the_refusal_are_kept_unchanged(draft):
    result = remove_template_echo(draft, MESSAGES, REFUSAL)
    assert result.text == draft and result.count == 0


def test_the_few_shot_example_answer_is_echo_unless_the_evidence_says_it():
    echo = remove_template_echo("Lyon is the third-largest city in France [2].", MESSAGES, REFUSAL)
    assert echo.count == 1 and echo.text == ""
    lyon = [Passage(id="l", text="Lyon is the third-largest city in France, after Paris and Marseille.")]
    messages = build_answer_messages("Which city is the third-largest in France?", lyon, REFUSAL)
    kept = remove_template_echo("Lyon is the third-largest city in France [1].", messages, REFUSAL)
    assert kept.count == 0


def test_the_question_asked_back_and_system_instructions_are_echo():
    draft = (
        "What is the usual adult dose of Zelorin?\n"
        "Answer the question using only the passages.\n"
        "The usual adult dose is 20 mg once a day [1]."
    )
    result = remove_template_echo(draft, MESSAGES, REFUSAL)
    assert result.count == 2
    assert result.text == "The usual adult dose is 20 mg once a day [1]."


def test_regenerate_prompt_echo_is_removed_but_the_previous_draft_is_not_template():
    previous = "The usual adult dose of Zelorin is 20 mg once a day [1]. It is 80 mg for children [2]."
    messages = build_regenerate_messages(
        QUESTION, PASSAGES, previous, [("It is 80 mg for children [2].", "not supported")], REFUSAL
    )
    draft = (
        "The usual adult dose of Zelorin is 20 mg once a day [1].\n"
        "Write a new answer without these mistakes: one sentence that ends with the passage id in brackets."
    )
    result = remove_template_echo(draft, messages, REFUSAL)
    assert result.text == "The usual adult dose of Zelorin is 20 mg once a day [1]." and result.count == 1
