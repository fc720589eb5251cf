"""Bands and bounds (issue 11, ranges; session 10, branch s10-ranges): a column whose header names
the unit of its bare numbers, and a band written as two ends ("over 1 hour, up to 3 hours").

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

from guard.facts.matching import accepts, accepts_in_band
from guard.facts.quantities import quantities
from guard.facts.tables import with_header_unit

KENNEL_TABLE = """| Dog's weight (kg) | Food per day |
|---|---|
| under 5 | 100 g |
| 5 to 14 | 250 g |
| 15 to 29 | 400 g |
| 30 or more | 600 g |"""

HIRE_TABLE = """| Hire | Price |
|---|---|
| up to 2 hours | £8 |
| over 2 hours, up to 4 hours | £14 |
| over 4 hours | £20 |"""


@pytest.mark.parametrize(
    ("header", "cell", "read"),
    [
        ("Dog's weight (kg)", "5 to 14", "5 to 14 kg"),
        ("Dog's weight (kg)", "under 5", "under 5 kg"),
        ("Dog's weight (kg)", "30 or more", "30 kg or more"),
        ("Water (°C)", "18 to 22", "18 to 22 °C"),
        # not a unit of measure, a unit the reader does not know after a number, or a cell with its own
        ("Patients (average)", "8.4", "8.4"),
        ("Fee (£ a year)", "under 20,000", "under 20,000"),
        ("Dose (ml)", "5 ml", "5 ml"),
        ("Weight (kg)", "ask your vet", "ask your vet"),
    ],
)
def test_a_bare_number_takes_the_unit_its_header_names(header, cell, read):
    assert with_header_unit(header, cell) == read


@pytest.mark.parametrize(
    "claim", ["A dog weighing 20 kg gets 400 g of food a day.", "A 32 kg dog gets 600 g of food a day."]
)
def test_a_weight_inside_a_bare_band_holds(claim):
    assert judge(claim, KENNEL_TABLE).label in HOLDS


def test_both_ends_of_a_written_band_hold_a_value():
    unit = quantities("Stays over 2 hours and up to 4 hours cost £14.")
    lower = next(q for q in unit if q.surface == "2 hours")
    for value, inside in (("3 hours", True), ("4 hours", True), ("2 hours", False), ("6 hours", False)):
        (claim,) = quantities(value)
        assert accepts_in_band(claim, lower, unit) is inside, value
    # each end alone still takes the value (what the band reading corrects)
    assert accepts(quantities("6 hours")[0], lower)


def test_ends_far_apart_are_two_rules_not_one_band():
    unit = quantities("Guided walks last over 2 hours. Dogs on the walk must be kept on a lead of up to 3 m.")
    (low,) = [q for q in unit if q.surface == "2 hours"]
    assert accepts_in_band(quantities("5 hours")[0], low, unit)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Hiring a kayak for 3 hours costs £14.", True),
        ("Hiring a kayak for 2 hours costs £14.", False),
    ],
)
def test_the_closed_end_of_a_band_is_not_the_next_bands(claim, holds):
    label = judge(claim, HIRE_TABLE).label
    assert (label in HOLDS) if holds else (label in FLAGGED), label
