"""Session 36's design (docs/FACTS.md "A moment on the side of a time bound"): a moment the claim asks about ("may",
"can") on the side a one-sided time bound leaves ("only after 17:00 on weekdays", "clear fluids from 13:00",
"until 16:30") is held like a moment inside a span of hours (hours.bound_spans, read in hours.hours_holding), on the
days the bound's part names; a bound under a denial ("may not arrive before 11:00") or in a sentence about another
act ("You may drink water until 07:00" for breakfast) holds nothing. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

BONFIRES = (
    "Bonfires may be lit only between 1 November and 31 March, and only after 17:00 on weekdays; no bonfires are "
    "allowed at weekends."
)
FASTING = "Do not eat anything after 02:00. You may drink water until 07:00."
DELIVERIES = "Visitors may not arrive before 11:00. Deliveries can be made until 16:30 on weekdays."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("A bonfire may be lit at 18:00 on a Tuesday in January.", BONFIRES, True),
        ("A patient can drink water at 06:30 before the operation.", FASTING, True),
        ("A delivery can be made at 15:00 on a Wednesday.", DELIVERIES, True),
        # the wrong side, a day the bound does not name, a denied bound, another act's bound
        ("A bonfire may be lit at 16:00 on a Tuesday in January.", BONFIRES, False),
        ("A bonfire may be lit at 18:00 on a Saturday in December.", BONFIRES, False),
        ("A delivery can be made at 17:00 on a Wednesday.", DELIVERIES, False),
        ("Visitors may arrive at 10:00.", DELIVERIES, False),
        ("Having breakfast at 06:00 is allowed before the operation.", FASTING, False),
    ],
)
def test_time_bounds(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
