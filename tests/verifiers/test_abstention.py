"""A claim the fact layer cannot read is an abstention, never supported on the embedding score alone."""

from __future__ import annotations

from guard.facts.types import FactLabel, FactVerdict
from guard.verifiers.types import SupportLabel
from guard.verifiers.verdict import combine

UNREADABLE = FactVerdict(label=FactLabel.abstain, language="zh", note="the claim is in a language the fact layer cannot read yet")
NO_SLOTS = FactVerdict(label=FactLabel.abstain, language="en", note="no numbers, dates or names in the claim")


def test_unreadable_claim_the_score_would_support_is_left_unjudged():
    judged = combine(UNREADABLE, 0.9, 0.5)
    assert judged.judged is False
    assert judged.label is SupportLabel.unsupported  # the unjudged convention; decide() reads judged
    assert judged.reason and judged.reason.startswith("not judged:")


def test_unreadable_claim_the_score_does_not_support_stays_unsupported():
    judged = combine(UNREADABLE, 0.2, 0.5)
    assert (judged.label, judged.judged) == (SupportLabel.unsupported, True)


def test_readable_claim_without_slots_is_still_the_embedding_scores():
    # a supported label names no deciding rule
    assert combine(NO_SLOTS, 0.9, 0.5) == (SupportLabel.supported, 0.9, None, True, None)


def test_verify_marks_an_unreadable_claim_unjudged():
    from guard.verifiers.api import verify

    passage = "本品每日服用两次，每次一片。"
    result = verify(question="", contexts=[passage], answer=passage, verifiers=["support"])
    verdict = result.claims[0]
    # the claim is the passage itself, so the embedding score supports it; nothing read its facts
    assert verdict.label is not SupportLabel.supported
    assert verdict.judged is False
    assert verdict.note and "cannot read" in verdict.note
