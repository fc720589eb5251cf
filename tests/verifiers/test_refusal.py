"""The refusal sentence is recognised through light rewording, and only then."""

from __future__ import annotations

import pytest

from guard.verifiers.refusal import is_refusal

REFUSAL = "I don't have enough information in the provided sources to answer this question."


@pytest.mark.parametrize(
    "answer",
    [
        REFUSAL,
        REFUSAL.upper(),
        REFUSAL.rstrip("."),
        "Sorry, " + REFUSAL,
        REFUSAL + " [1]",
        "I do not have enough information in the provided sources to answer this question.",
        "  I don't have enough information in the provided sources to answer the question.\n",
    ],
)
def test_rewordings_are_refusals(answer):
    assert is_refusal(answer, REFUSAL)


@pytest.mark.parametrize(
    "answer",
    [
        "",
        "The Eiffel Tower was completed in 1889 [1].",
        REFUSAL + " However, the Eiffel Tower was completed in 1889 and is 330 metres tall, "
        "which makes it the tallest structure in Paris.",
        "I have enough information.",
    ],
)
def test_answers_are_not_refusals(answer):
    assert not is_refusal(answer, REFUSAL)


def test_empty_refusal_text_matches_nothing():
    assert not is_refusal("anything", "")
