"""The refusal sentence is recognised through normalisation only: any other content is no refusal."""

from __future__ import annotations

import pytest

from guard.verifiers.refusal import is_refusal

REFUSAL = "I don't have enough information in the provided sources to answer this question."
POLICY_REFUSAL = "I don't have enough information in the provided documents to answer that."


@pytest.mark.parametrize(
    "answer",
    [
        REFUSAL,
        REFUSAL.upper(),
        REFUSAL.rstrip("."),
        "Sorry, " + REFUSAL,
        "I'm sorry, " + REFUSAL,
        REFUSAL + " [1]",
        "I do not have enough information in the provided sources to answer this question.",
        "  I don't have enough information in the provided sources to answer the question.\n",
        # a curly apostrophe
        "I don’t have enough information in the provided sources to answer this question.",
    ],
)
def test_normalised_refusals_are_refusals(answer):
    assert is_refusal(answer, REFUSAL)


@pytest.mark.parametrize(
    "answer",
    [
        "",
        "The Eiffel Tower was completed in 1889 [1].",
        REFUSAL + " However, the Eiffel Tower was completed in 1889 and is 330 metres tall, "
        "which makes it the tallest structure in Paris.",
        REFUSAL + " It opened in 1889.",
        "I have enough information.",
        "I don't have enough information in the provided sources to answer this question about doses.",
        "I don't have enough information in the provided sources to answer this question, "
        "but take 2 tablets.",
        "I have enough information in the provided sources to answer this question.",  # the negation dropped
    ],
)
def test_a_refusal_with_anything_else_is_not_a_refusal(answer):
    assert not is_refusal(answer, REFUSAL)


def test_the_issue_example_is_not_exempt_whole_or_by_sentence():
    answer = (
        "The usual adult dose is 10 mg once a day [1]. I don't have enough information in the provided "
        "documents to answer that, but you can safely take 800 mg twice a day."
    )
    assert not is_refusal(answer, POLICY_REFUSAL)
    second = answer.split("[1]. ")[1]
    assert not is_refusal(second, POLICY_REFUSAL)
    assert is_refusal(
        "I don't have enough information in the provided documents to answer that.", POLICY_REFUSAL
    )


def test_empty_refusal_text_matches_nothing():
    assert not is_refusal("anything", "")


def test_the_mixed_answer_is_verified_and_not_passed_by_decide():
    """decide() drops only exact refusal sentences from the claims: the 800 mg sentence stays a claim."""
    from guard.decide import decide
    from guard.policy import load_policy
    from guard.verifiers.types import Claim, ClaimVerdict, SupportLabel, Verification

    policy = load_policy("default")
    first = "Take 10 mg once a day [1]."
    second = (
        "I don't have enough information in the provided documents to answer that, "
        "but you can safely take 800 mg twice a day."
    )
    text = f"{first} {second}"
    verdicts = [
        ClaimVerdict(claim=Claim(index=0, text=first, start=0, end=len(first), citations=[1]),
                     label=SupportLabel.supported, support=0.9, judged=True),
        ClaimVerdict(claim=Claim(index=1, text=second, start=len(first) + 1, end=len(text)),
                     label=SupportLabel.unsupported, support=0.1, judged=True),
    ]
    decision = decide(Verification(claims=verdicts, faithfulness=0.5), None, policy)
    assert decision.action.value != "pass"
    assert any(r.condition.value == "unsupported_claim" and r.claim_index == 1 for r in decision.reasons)
