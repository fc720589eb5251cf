"""Session 36's design (docs/FACTS.md "Hours a day and a week from spans of hours"): a claim's hours a day or a week
are the hours a unit's spans add up to (hours.open_hours): all the spans of one part of the unit that holds the days
the claim names, or all the days of all its parts for a week; "ten and a half hours a day" is a length within a day
(inference.day_length); and "and" after a time starts another day's part ("08:00 to 20:00 and on Saturdays from 09:00
to 13:00", hours._DAY_PART_BREAK). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

CENTRE = (
    "The walk-in centre is open Monday to Friday from 08:00 to 20:00 and on Saturdays from 09:00 to 13:00. It is "
    "closed on Sundays."
)
PHYSIO = "Physiotherapy drop-in: Tuesdays and Thursdays, 09:30 to 12:00 and 14:00 to 16:30."
PERMITS = "Parking permits are checked from 8 am to 6:30 pm, Monday to Saturday."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("The walk-in centre is open for 64 hours a week.", CENTRE, True),
        ("The physiotherapy drop-in runs for 10 hours a week.", PHYSIO, True),
        ("The physiotherapy drop-in runs for five hours on each day it is held.", PHYSIO, True),
        ("Parking permits are checked for ten and a half hours a day.", PERMITS, True),
        # a week of the weekdays alone leaves out Saturday's hours
        ("The walk-in centre is open for 60 hours a week.", CENTRE, False),
        ("The physiotherapy drop-in runs for 12 hours a week.", PHYSIO, False),
        ("Parking permits are checked for nine and a half hours a day.", PERMITS, False),
        # Saturday's hours end at 13:00
        ("A patient can walk in to the centre at 17:00 on a Saturday.", CENTRE, False),
        ("A patient can walk in to the centre at 11:00 on a Saturday.", CENTRE, True),
    ],
)
def test_open_hours(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
