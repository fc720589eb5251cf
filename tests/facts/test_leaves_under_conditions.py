"""Session 42's fourth design (docs/FACTS.md "A leave under a condition, and a duty said as a denial"): a leave under
a condition is still only a leave, so "Riders must supply their own crash helmet" is turned round by "Riders may bring
their own helmet if it carries a current safety mark"; and "No one may ride without bringing a helmet" is a duty to
bring one (allowed_acts._required_by_denial). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

RULES = (
    "# Ferneley Pony Treks: rules\n\n"
    "Ferneley lends every rider a riding hat and a body protector.\n\n"
    "- Riders may bring their own riding hat if it carries a current safety mark.\n"
    "- Riders may bring a packed lunch once they have booked the full-day trek.\n"
    "- Every rider must sign the safety form before the first trek.\n"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Riders at Ferneley must bring their own riding hat.", False),
        ("No one may ride at Ferneley without bringing their own riding hat.", False),
        ("Riders on the full-day trek have to bring a packed lunch.", False),
        ("Riders at Ferneley may bring their own riding hat.", True),
        ("Every rider has to sign the safety form before the first trek.", True),
    ],
)
def test_a_duty_against_a_leave_under_a_condition(claim, ok):
    assert (judge_passages(claim, RULES).label in UNFLAGGED) is ok
