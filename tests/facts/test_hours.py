"""A moment inside stated hours (guard/facts/hours.py): passages written for these tests, true claims
with false twins (a time outside the span, a day the span does not cover, an endpoint moved)."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

from guard.facts.dates import dates
from guard.facts.hours import inside_stated_hours

DESKS = """| Membership | Access | Price per month |
|---|---|---|
| Day Desk | Monday to Friday, 08:00 to 18:00 | £120 |
| Anytime | 24 hours, 7 days | £260 |
"""
POOL = "Lane swimming runs from 06:30 to 09:00 on weekdays; at weekends the pool opens at 08:00."
LIBRARY = "The reading room is open 09:00-17:00 Monday to Saturday and closed on Sundays."


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        ("A Day Desk member can come in at 17:30 on a Wednesday.", DESKS, HOLDS),
        ("A Day Desk member can come in at 19:30 on a Wednesday.", DESKS, FLAGGED),
        ("A Day Desk member can come in at 11:00 on a Saturday.", DESKS, FLAGGED),
        ("Lane swimming is available at 7:15 on a Thursday.", POOL, HOLDS),
        ("Lane swimming is available at 9:30 on a Thursday.", POOL, FLAGGED),
        ("The reading room can be used at 16:00 on a Saturday.", LIBRARY, HOLDS),
        ("The reading room can be used at 18:00 on a Saturday.", LIBRARY, FLAGGED),
    ],
)
def test_a_moment_inside_the_stated_hours_on_a_covered_day(claim, passage, expected):
    verdict = judge(claim, passage)
    assert verdict.label in expected, (claim, verdict.label, verdict.rule)


def test_a_time_the_claim_gives_as_an_endpoint_is_not_a_moment_inside():
    claim = "The reading room opens at 10:00."
    (moment,) = dates(claim)
    assert not inside_stated_hours(moment, claim, LIBRARY, dates(LIBRARY))
    assert judge(claim, LIBRARY).label in FLAGGED


def test_a_day_the_span_does_not_cover_is_not_inside():
    claim = "Lane swimming is available at 7:15 on a Sunday."
    (moment,) = [d for d in dates(claim) if d.minutes is not None]
    assert not inside_stated_hours(moment, claim, POOL, dates(POOL))
