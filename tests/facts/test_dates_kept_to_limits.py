"""Session 23's fourth design (docs/FACTS.md): a claim's own date kept to a limit the document counts from its other
date ("pays on time if it pays on Friday 21 March" for "must pay within 21 days of the invoice date"; "arrives in
time" for "at least 2 working days before the move"), two dates without a year, and a date inside the period the
claim names ("within the season"). guard/facts/own_dates.py, date_check._inside_period. Passages written for this
file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

INVOICES = "Clubs are invoiced at the end of each month and must pay within 21 days of the invoice date."
REMOVALS = "The deposit of £150 must reach us at least 2 working days before the move. The balance is paid on the day."
PUPPIES = "Puppies can go out for walks 14 days after their second vaccination. Bring the vaccination card to class."
SHOWS = (
    "| Item | Detail |\n|---|---|\n| Season | Saturday 3 May 2031 to Sunday 31 August 2031 |\n| Entry fee | £12 a class |\n\n"
    "Horses must be entered by their owner."
)


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("A club invoiced on Monday 3 March 2031 pays on time if it pays on Friday 21 March 2031.", INVOICES, True),
        ("A club invoiced on Monday 3 March 2031 pays on time if it pays on Friday 28 March 2031.", INVOICES, False),
        ("For a move on Friday 16 May 2031, a deposit that reaches us on Monday 12 May 2031 arrives in time.", REMOVALS, True),
        ("For a move on Friday 16 May 2031, a deposit that reaches us on Thursday 15 May 2031 arrives in time.", REMOVALS, False),
        ("A puppy whose second vaccination is on 4 May can go out for walks from 18 May.", PUPPIES, True),
        ("A puppy whose second vaccination is on 4 May can go out for walks from 11 May.", PUPPIES, False),
        ("A horse entered for Saturday 12 July 2031 competes within the season.", SHOWS, True),
        ("A horse entered for Saturday 13 September 2031 competes within the season.", SHOWS, False),
    ],
)
def test_a_date_kept_to_a_limit_or_period(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
