"""Session 24's sixth design (docs/FACTS.md): a claim that gives one span of hours for days of which the passage
gives that span only some, and other hours for the rest, is contradicted (guard/facts/hours.py
`hours_of_other_days`, rule date.hours_other_days). Found on a wrong labelled draft default passed unmarked (dev
part, d225: "open Monday to Saturday, 08:00 to 18:30" against "Monday to Friday 08:00 to 18:30, Saturday 09:00 to
13:00"). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge

PHARMACY = "Hillview Pharmacy is open Monday to Friday 08:30 to 19:00, Saturday 09:00 to 12:30. It is closed on Sundays."
TIP = "The recycling centre opens Monday to Saturday, 08:00 to 16:00; Sunday, 10:00 to 14:00."
SWIMMING = "Family swims run on weekdays 16:00-18:00 and at weekends 10:00-12:00."
REPAIRS = "Call the repairs line on 0161 496 0000 (Monday to Friday 08:00 to 17:00, Saturday 09:00 to 12:00)."
CAFE = "The café serves food Tuesday to Friday 12:00 to 14:30, Saturday 11:00 to 15:00."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Hillview Pharmacy is open Monday to Saturday, 08:30 to 19:00.", PHARMACY, False),
        ("Hillview Pharmacy is open Monday to Friday from 08:30 to 19:00.", PHARMACY, True),
        ("Hillview Pharmacy is open on Saturday from 09:00 to 12:30.", PHARMACY, True),
        ("The recycling centre opens every day, 08:00 to 16:00.", TIP, False),
        ("The recycling centre opens on Sunday from 10:00 to 14:00.", TIP, True),
        ("Family swims run 16:00-18:00 every day.", SWIMMING, False),
        ("Family swims run from 10:00 to 12:00 at weekends.", SWIMMING, True),
        ("The repairs line takes calls from 08:00 to 17:00 Monday to Saturday.", REPAIRS, False),
        ("The café serves food Tuesday to Saturday, 12:00 to 14:30.", CAFE, False),
        ("The café serves food Tuesday to Friday, 12:00 to 14:30.", CAFE, True),
    ],
)
def test_hours_given_for_other_days(claim, passage, ok):
    assert (judge(claim, passage).label in UNFLAGGED) is ok
