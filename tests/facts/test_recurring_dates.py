"""Session 33's second design (docs/FACTS.md): a claim's next date is its premise date moved by the interval of a
recurrence the evidence gives ("Men can give whole blood every 12 weeks": given on 3 January 2028, again on 27 March),
supported by inference; another interval, another person's recurrence, another age band's row, or a date no interval
reaches is not. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

BLOOD = "Who can give\n\nMen can give whole blood every 12 weeks and women every 16 weeks. You must be 17 or over."
REVIEWS = (
    "## Reviews\n\n| Age | Review while on treatment | Review once settled |\n|---|---|---|\n"
    "| Under 60 | Every 8 weeks | Every 6 months |\n| 60 and over | Every 12 weeks | Every 12 months |\n"
)
CLEANS = "Clearbrook Window Cleaning\n\nWe clean your windows every 4 weeks, on the same weekday each time. Payment is due on the day."


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("A man who gave whole blood on 3 January 2028 can give again on 27 March 2028.", BLOOD, True),
        ("A 65-year-old on treatment who is reviewed on 1 April 2038 is next reviewed on 24 June 2038.", REVIEWS, True),
        ("A customer whose windows were cleaned on Friday 11 March 2033 has the next clean on Friday 8 April 2033.", CLEANS, True),
        # the women's interval for a man, and the men's for a woman
        ("A man who gave whole blood on 3 January 2028 can give again on 24 April 2028.", BLOOD, False),
        ("A woman who gave whole blood on 3 January 2028 can give again on 27 March 2028.", BLOOD, False),
        ("A man who gave whole blood on 3 January 2028 can give again on 20 March 2028.", BLOOD, False),
        # the under-60s' row for a 65-year-old
        ("A 65-year-old on treatment who is reviewed on 1 April 2038 is next reviewed on 27 May 2038.", REVIEWS, False),
        ("A customer whose windows were cleaned on Friday 11 March 2033 has the next clean on Friday 25 March 2033.", CLEANS, False),
    ],
)
def test_the_next_date_of_a_recurrence(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
