"""Session 44's design on a limit of another scale beside a range (docs/FACTS.md "A range and a limit on another
thing"): where a unit gives a range of the claim's measure ("for 10 to 15 minutes at a time") and a one-sided limit of
that measure far from it ("for the first 2 days"), the claim's value is held to the range it is nearer to, not let
pass as "within 2 days"; bands next to a range ("1 to 4 nights; 5 nights or more") still hold a value past the range,
and a value on the limit's own scale is still held by the limit. Passages written for this file; the whole of verify()
runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

BRUISE = (
    "# Threlkeld Minor Injuries Unit: your bruised shin\n\n"
    "Dear Mrs Ullock,\n\n"
    "- For the first 2 days, hold a cold compress on the shin for 10 to 15 minutes at a time, up to 4 times a day.\n"
    "- Keep the leg raised on a stool when you sit.\n"
)

HUTS = (
    "# Mungrisdale bunk barn: prices\n\n"
    "Stays of 1 to 4 nights cost £22 a night. For stays of 5 nights or more we take £18 a night.\n"
)


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("Mrs Ullock keeps the cold compress on her shin for 25 minutes.", "contradicted"),
        ("The cold compress goes on the shin for 40 minutes each go.", "contradicted"),
        ("Mrs Ullock keeps the cold compress on her shin for 12 minutes.", "supported"),
        ("The cold compress is used for the first 2 days.", "supported"),
    ],
)
def test_a_value_is_held_to_the_range_of_its_scale(claim, expected):
    assert verified_label(claim, BRUISE) == expected


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("A 7-night stay at the bunk barn is charged at £18 a night.", True),
        ("A 3-night stay at the bunk barn is charged at £22 a night.", True),
        ("A 7-night stay at the bunk barn is charged at £22 a night.", False),
    ],
)
def test_a_band_next_to_a_range_still_holds(claim, holds):
    label = verified_label(claim, HUTS)
    assert (label == "supported") is holds, label
