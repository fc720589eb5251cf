"""Session 46's design on a count of repetitions (docs/FACTS.md "Times are no measure"): in "Hold for 20 seconds and
repeat 5 times" the 5 counts repetitions; it is not a measure written without its unit, so it does not hold "each
stretch lasts 5 seconds", which the unit's "20 seconds" then contradicts. Passages written for this file; the whole
of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

EXERCISES = (
    "# Dolgellau physiotherapy: exercises for your shoulder\n\n"
    "Dear Mrs Pugh,\n\n"
    "**Every morning and evening**\n\n"
    "1. Lean on a table and let your arm swing in small circles for 30 seconds, then rest; repeat 4 times.\n"
    "2. Squeeze your shoulder blades together and hold for 10 seconds; do this 8 times.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Mrs Pugh swings her arm in small circles for 4 seconds at a time.", False),
        ("Each squeeze of the shoulder blades is held for 8 seconds.", False),
        ("Each squeeze of the shoulder blades is held for 10 seconds.", True),
        ("Mrs Pugh swings her arm in circles for half a minute at a time.", True),
    ],
)
def test_a_count_of_repetitions_holds_no_measure(claim, holds):
    label = verified_label(claim, EXERCISES)
    assert (label == "supported") is holds, label
