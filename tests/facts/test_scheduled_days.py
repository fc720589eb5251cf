"""Session 25's first design (docs/FACTS.md): a claim's calendar date on a day a stated schedule holds
("There is a market on Sunday 11 July 2049" against "Every Sunday from 4 April 2049 to 26 September 2049",
"the first Thursday of each month", "Saturdays and Sundays from March to November") is supported by
inference (guard/facts/schedules.py); a day the schedule does not hold, outside its season, on a day a
part closes, or with a weekday the calendar does not give stays flagged. Found on the spent held hard-case
splits (a derived true date in most of them). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge

MARKET = "## Millbrook farmers' market\n\nEvery Sunday from 4 April 2049 to 26 September 2049, from 08:00 to 13:00."
CLINIC = "The foot clinic is open from Monday to Thursday, 09:00 to 17:00, and is closed on Fridays and at weekends."
QUIZ = "When is quiz night? On the first Tuesday of each month, from 19:30."
WALKS = "When do guided walks run? On Saturdays and Sundays from April to October, and every day in August."
CHOIR = "Choir practice is on Wednesday evenings from 19:00 to 21:00 from 1 September 2050 to 30 June 2051."
BOATS = "Rowing boats can be hired at weekends from Easter to October."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("The Millbrook farmers' market is on Sunday 18 July 2049.", MARKET, True),
        ("The Millbrook farmers' market is on Sunday 10 October 2049.", MARKET, False),  # after the season
        ("The Millbrook farmers' market is on Saturday 17 July 2049.", MARKET, False),  # not a Sunday
        ("The Millbrook farmers' market is on Monday 18 July 2049.", MARKET, False),  # the calendar's Sunday
        ("The foot clinic is open on Tuesday 8 February 2050.", CLINIC, True),
        ("The foot clinic is open on Friday 11 February 2050.", CLINIC, False),  # closed on Fridays
        ("The foot clinic is open on Saturday 12 February 2050.", CLINIC, False),  # closed at weekends
        ("In May 2051, quiz night falls on Tuesday 2 May.", QUIZ, True),
        ("In May 2051, quiz night falls on Tuesday 9 May.", QUIZ, False),  # the second Tuesday
        ("Guided walks run on Saturday 13 May 2051.", WALKS, True),
        ("Guided walks run on Wednesday 16 August 2051.", WALKS, True),  # every day in August
        ("Guided walks run on Wednesday 17 May 2051.", WALKS, False),
        ("Guided walks run on Saturday 11 November 2051.", WALKS, False),  # after October
        ("There is choir practice on Wednesday 18 January 2051.", CHOIR, True),
        ("There is choir practice on Wednesday 19 July 2051.", CHOIR, False),  # after 30 June 2051
        ("There is no choir practice on Wednesday 18 January 2051.", CHOIR, False),  # a denial is not a day held
        ("The first choir practice is on Wednesday 18 January 2051.", CHOIR, False),  # which is first is not said
        ("Rowing boats can be hired on Saturday 10 June 2051.", BOATS, False),  # a season this reader cannot place
    ],
)
def test_a_day_a_schedule_holds(claim, passage, ok):
    assert (judge(claim, passage).label in UNFLAGGED) is ok
