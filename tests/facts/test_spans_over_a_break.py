"""Session 24's fifth design (docs/FACTS.md): a claim's span of hours that runs from the start of one span the
passage gives to the end of a later one, over the break between them, is contradicted (guard/facts/hours.py
`joined_spans`, rule date.spans_joined). "14:00 to 16:00 and 18:00 to 20:00" is two spans, not three ("and" joins a
span only after "between"). Found on a wrong labelled draft default passed unmarked (dev part, d020). Passages
written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge

from guard.facts.dates import dates
from guard.facts.hours import clock_spans

POOL = "Public swimming at Eastgate Pool is 07:00 to 09:30 and 12:00 to 13:30 on weekdays. Lanes are 25 m long."
SURGERY = "The surgery is open 08:30-12:30 and 14:00-18:00, Monday to Friday. Calls are recorded."
DAY_CENTRE = "The day centre is open between 10:00 and 15:00 on Tuesdays and Thursdays."


def test_two_spans_joined_by_and_stay_two():
    text = "Public swimming at Eastgate Pool is 07:00 to 09:30 and 12:00 to 13:30 on weekdays."
    assert [(a.surface, b.surface) for a, b in clock_spans(text, dates(text))] == [
        ("07:00", "09:30"),
        ("12:00", "13:30"),
    ]
    one = "The day centre is open between 10:00 and 15:00."
    assert [(a.surface, b.surface) for a, b in clock_spans(one, dates(one))] == [("10:00", "15:00")]


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Public swimming at Eastgate Pool is 07:00 to 13:30 on weekdays.", POOL, False),
        ("Public swimming at Eastgate Pool is 12:00 to 13:30 on weekdays.", POOL, True),
        ("The surgery is open 08:30 to 18:00, Monday to Friday.", SURGERY, False),
        ("The surgery is open 08:30-12:30 and 14:00-18:00 on weekdays.", SURGERY, True),
        ("The day centre is open from 10:00 to 15:00 on Tuesdays.", DAY_CENTRE, True),
    ],
)
def test_a_span_over_a_break(claim, passage, ok):
    assert (judge(claim, passage).label in UNFLAGGED) is ok
