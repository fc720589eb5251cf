"""Session 20's third design (docs/FACTS.md): two denials in one claim clause affirm (negation_clash._doubled),
"isn't allowed" forbids as "must not" does (PROHIBITION), and a claim about one side of a condition ("after
the first session") is read against the clause on that side (clause_parts._sides). Passages written for
this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

TERMS = (
    "A parent or carer must stay on site during every lesson with a rider under 12. "
    "Saddles are paid for in full before Nadia Holm orders them. "
    "Riders must not use the arena lights without the yard manager's permission. "
    "A rider who cancels before the first lesson gets the booking fee back; after the first lesson the "
    "booking fee is not refunded."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # two denials affirm
        ("A rider under 12 is never taught without a parent or carer on site.", True),
        ("Nadia Holm won't order a saddle that hasn't been paid for in full.", True),
        # one denial still flips
        ("A parent or carer does not need to stay on site during a lesson with a rider under 12.", False),
        ("Saddles are not paid for before Nadia Holm orders them.", False),
        # "isn't allowed" forbids as "must not" does
        ("Riders aren't allowed to use the arena lights without the yard manager's permission.", True),
        ("Riders may use the arena lights without the yard manager's permission.", False),
        # the clause on the claim's side of the condition
        ("A rider who cancels after the first lesson doesn't get the booking fee back.", True),
        ("A rider who cancels before the first lesson doesn't get the booking fee back.", False),
    ],
)
def test_double_denials_prohibitions_and_sides(claim, ok):
    assert (judge_passages(claim, TERMS).label in UNFLAGGED) is ok


def test_a_no_compound_is_no_denial():
    from guard.facts.lexicon import lexicon_for
    from guard.facts.negation_clash import _doubled
    from guard.facts.slots import read_slots

    lexicon = lexicon_for("en")
    assert not _doubled(read_slots("The no-claims discount is protected, so one claim will not reduce it.", lexicon))
    assert _doubled(read_slots("No rider is taught without a helmet.", lexicon))
    assert not _doubled(read_slots("No, there is no age limit for riders.", lexicon))
    assert not _doubled(read_slots("Answer: No, there is no age limit for riders.", lexicon))
    assert not _doubled(read_slots("It is not stated whether the yard has a lift or not.", lexicon))
