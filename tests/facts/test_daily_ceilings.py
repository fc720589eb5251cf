"""Session 43's design on daily ceilings (docs/FACTS.md "The most a day from a dose taken up to N times"): a dose
taken "up to four times a day" sets the most there may be in a day, four doses, so a claim that gives that most ("no
more than 4 g of paracetamol in a day", "at most 600 mg of ibuprofen a day") is the regimen's total; a claim that says
the total is taken every day, or gives more, is not. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

LETTER = (
    "# Ellerdine Community Hospital: after your wrist fracture\n\n"
    "## Pain relief\n\n"
    "- Take paracetamol 1 g up to four times a day, leaving at least 4 hours between doses.\n"
    "- You may also take ibuprofen 200 mg up to three times a day with food, for no longer than 7 days.\n\n"
    "## Your plaster\n\n"
    "Keep the plaster dry and do not push anything down it to scratch an itch.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("No more than 4 g of paracetamol should be taken in a day.", True),
        ("At most 600 mg of ibuprofen can be taken in one day.", True),
        ("Up to 5 g of paracetamol may be taken in a day.", False),
        ("Exactly 4 g of paracetamol must be taken every day.", False),
    ],
)
def test_the_most_a_day_is_the_dose_times_the_most_times(claim, holds):
    label = verified_label(claim, LETTER)
    assert (label == "supported") is holds, label
