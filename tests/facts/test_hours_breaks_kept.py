"""Session 25's fourth design (docs/FACTS.md): a moment is inside stated hours only inside a span the unit writes
(hours.clock_spans), not between the end of one span and the start of the next ("14:00 to 16:00 and 18:00 to
20:00" holds no 17:00). Found in review of session 24's hours work. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge

WARD = "Visiting hours on Ash Ward are 14:00 to 16:00 and 18:00 to 20:00 every day."
POOL = "Lane swimming runs from 07:00 to 09:00, and again from 12:00 to 13:30, on weekdays."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("A visitor can come to Ash Ward at 15:00.", WARD, True),
        ("A visitor can come to Ash Ward at 19:30.", WARD, True),
        ("A visitor can come to Ash Ward at 17:00.", WARD, False),  # the break between the two spans
        ("Lane swimming is on at 08:15 on a Tuesday.", POOL, True),
        ("Lane swimming is on at 10:30 on a Tuesday.", POOL, False),
    ],
)
def test_a_moment_inside_a_span_the_unit_writes(claim, passage, ok):
    assert (judge(claim, passage).label in UNFLAGGED) is ok
