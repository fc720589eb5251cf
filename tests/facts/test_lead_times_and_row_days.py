"""Session 31's fourth design (docs/FACTS.md "A moment far enough before the event, and a row's days"):
lead_times.kept_lead_time (read by date_check) and hours._span_days reading a table row's day cell for its time
cell. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

LETTER = (
    "Your colonoscopy is on 4 May 2074 at 09:30 in the Endoscopy Unit. "
    "Have nothing to eat for 8 hours before the test, but you may drink water until 2 hours before."
)
CLINIC = "| Session | Day | Time |\n|---|---|---|\n| Foot care | Tuesday | 10:00 to 13:00 |\n| Wound care | Friday | 14:00 to 16:30 |"


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        # far enough before the stated appointment, by the lead time of the claim's act
        ("A patient booked for 09:30 can still drink water at 07:00.", LETTER, True),
        ("A patient booked for 09:30 can still drink water at 08:30.", LETTER, False),
        # the act binds its own lead time: eating needs 8 hours, not the 2 hours of water
        ("A patient booked for 09:30 can still eat toast at 06:00.", LETTER, False),
        # a row's day cell gives the days of its time cell
        ("A foot care session at 11:30 on a Tuesday is within the clinic's times.", CLINIC, True),
        ("A foot care session at 11:30 on a Friday is within the clinic's times.", CLINIC, False),
    ],
)
def test_lead_times_and_row_days(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
