"""Session 31's fifth design (docs/FACTS.md "A denial of what an 'only' or an 'until' leaves out"): left_out.py,
read by compare._judged over the polarity readings. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

TERMS = (
    "The licence covers screenings in the UK only. "
    "We start the work only once the deposit has been paid. "
    "Keep taking your blood pressure tablets until the day of the operation. "
    "Tickets are on sale at the gate until 14:00 on show day."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # the claim denies the act only where the restriction leaves it out
        ("The licence does not cover screenings outside the UK.", True),
        ("The work is not started until the deposit has been paid.", True),
        ("Tickets aren't on sale at the gate after 14:00 on show day.", True),
        # a denial of what the restriction keeps is still a flip
        ("The licence does not cover screenings in the UK.", False),
        ("Patients do not need their blood pressure tablets in the days before the operation.", False),
    ],
)
def test_left_out_denied(claim, ok):
    assert (judge_passages(claim, TERMS).label in UNFLAGGED) is ok
