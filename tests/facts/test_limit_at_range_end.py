"""Session 34's sixth design (docs/FACTS.md "A claim limit at a range's own end"): kept_limits.limit_at_range_end, in
the quantity check: "at most half a metre" restates "between 35 cm and 50 cm" when that range is the one value of its
measure the best-aligned unit gives. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

CIRCLE = "The throwing circle is between 35 cm and 50 cm across."
RINGS = "Rings come in sizes from 50 mm to 100 mm across; most women need a ring of 60 to 75 mm."
STAY = "Without treatment, the stiffness usually lasts from 12 to 30 months."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("The throwing circle is at most half a metre across.", CIRCLE, True),
        ("The throwing circle is at least 35 cm across.", CIRCLE, True),
        ("The throwing circle is at most 40 cm across.", CIRCLE, False),
        ("Without treatment, the stiffness can last up to 30 months.", STAY, True),
        ("Without treatment, the stiffness can last up to 36 months.", STAY, False),
        # two ranges of the measure in one unit: the limit may be the other range's
        ("Rings only go up to 75 mm across.", RINGS, False),
    ],
)
def test_claim_limit_at_a_range_end(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
