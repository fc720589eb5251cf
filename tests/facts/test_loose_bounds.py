"""A one-sided bound holds only the values it is about (guard/facts/quantity_check._holds): a
figure the document never gives is not "under 16" because an age limit elsewhere is 16.

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel

CLUB = (
    "Members may bring up to 3 guests per visit, and children under 14 must be with an adult. "
    "The sauna must be left to cool for at least 2 hours after use.\n\n"
    "| Class | Maximum pupils per coach |\n|---|---|\n| Beginners | 6 |\n| Improvers | 8 |\n"
)


@pytest.mark.parametrize(
    "claim",
    [
        "The club has 9 tennis courts.",  # a count no unit gives, "under 14" is an age
        "The club was founded 40 years ago.",  # 40 years is not a value "at least 2 hours" bounds
        "An Improvers class can have 10 pupils per coach.",  # over the column's maximum of 8
    ],
)
def test_a_figure_the_document_never_gives_is_not_held_by_an_unrelated_bound(claim):
    assert judge_passages(claim, CLUB).label in (FactLabel.contradicted, FactLabel.unsupported)


@pytest.mark.parametrize(
    "claim",
    [
        "A member may bring 2 guests on a visit.",  # inside "up to 3 guests"
        "A 10-year-old must be with an adult.",  # inside "under 14"
        "The sauna is left to cool for 3 hours after use.",  # over "at least 2 hours", same scale
        "An Improvers class can have 7 pupils per coach.",  # the noun heads the bare-number column
    ],
)
def test_a_value_inside_the_bound_it_is_about_still_holds(claim):
    assert judge_passages(claim, CLUB).label in (FactLabel.supported, FactLabel.inferred)
