"""Session 30's third design (docs/FACTS.md "Leave a prohibition excepts, and no need to do what may be left
undone"): flip_check._excepted_leave and flip_check._leave_to_omit. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

RULES = (
    "Drones must not be flown over the reserve, other than on the launch field. "
    "Bread dough may be frozen without proving, but thaw it overnight before baking."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # leave for what the prohibition excepts
        ("Drones can be flown on the launch field.", True),
        ("Drones can be flown over the reserve.", False),
        # no need to do what may be left undone
        ("Bread dough does not need to be proved before freezing.", True),
        ("Bread dough must be proved before freezing.", False),
    ],
)
def test_excepted_leave_and_leave_to_omit(claim, ok):
    assert (judge_passages(claim, RULES).label in UNFLAGGED) is ok
