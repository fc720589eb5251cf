"""Session 43's design on ages in a table cell (docs/FACTS.md "Ages said in a cell under another header"): a row
whose cell says its ages itself ("Who it is for: Ages 12 and over", under a header that is not "Age") gives the
session's age band, so "The dawn rut watch takes bookings for 11-year-olds" or "... is open to a child of 12" against
"Ages 7 to 11" is the band of the row the claim names, broken. Passages written for this file; the whole of verify()
runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

SESSIONS = (
    "# Harlow Carr Falconry: sessions and prices\n\n"
    "| Session | Length | Who it is for | Price |\n|---|---|---|---|\n"
    "| Owl encounter | 1 hour | Ages 5 to 11 | £18 |\n"
    "| Hawk walk | 2 hours | Ages 12 and over | £35 |\n"
    "| Falconer for a day | 6 hours | Ages 16 and over | £120 |\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("The hawk walk takes bookings for 10-year-olds.", False),
        ("The owl encounter is open to a child of 12.", False),
        ("The hawk walk takes bookings for 13-year-olds.", True),
        ("The owl encounter is open to a child of 8.", True),
    ],
)
def test_a_cell_that_says_its_ages_gives_the_band(claim, holds):
    label = verified_label(claim, SESSIONS)
    assert (label == "supported") is holds, label
