"""Session 41's fourth design (docs/FACTS.md): a claim's bare frequency ("daily", "monthly", "every day") is found when
a unit aligned to the claim names the same period in other words ("600 ml of the formula a day", "£450 a month").
Only the aligned units count: a period said of another act elsewhere in the passage is no evidence for the claim's.
Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

PLAN = (
    "# Pentreath Children's Hospital: Noor's feeding plan\n\n"
    "- Give Noor 600 ml of the special formula a day, split into four feeds.\n"
    "- Weigh Noor on the same scales every Monday morning.\n"
    "- Keep an opened tin for no more than 3 weeks.\n"
)
LEASE = (
    "Garage 4, Tregony Yard: the rent is £45 a month, paid on the 1st. The deposit is £90, paid on signing.\n"
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Noor's daily amount of special formula is 600 ml.", PLAN, True),
        ("Noor's weekly amount of special formula is 600 ml.", PLAN, False),
        ("The monthly rent for Garage 4 is £45.", LEASE, True),
        ("The yearly rent for Garage 4 is £45.", LEASE, False),
    ],
)
def test_a_frequency_said_as_a_period(claim, passage, holds):
    label = verified_label(claim, passage)
    assert (label == "supported") is holds, label
