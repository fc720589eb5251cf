"""Session 31's second design (docs/FACTS.md "A time after a start, inside the period granted"): elapsed.py
inside_granted_period, read by the quantity check and by limits.broken_limits. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

TERMS = (
    "**Guarantee.** Boilers are guaranteed for 5 years, and radiators and valves for 2 years. "
    "A quotation is valid for 30 days from the date on it. "
    "Customers who register within 14 days of fitting get a free first service."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # a time after the start, inside the period the unit grants the claim's topic
        ("A boiler that breaks down 4 years after fitting is still covered by the guarantee.", True),
        ("A radiator valve that leaks 18 months after fitting is covered by the guarantee.", True),
        ("A quotation accepted 20 days after it was dated is still valid.", True),
        # past the period, or inside the other item's period only
        ("A boiler that breaks down 8 years after fitting is still covered by the guarantee.", False),
        ("A radiator that leaks 40 months after fitting is covered by the guarantee.", False),
        ("A quotation accepted 45 days after it was dated is still valid.", False),
        # a period's length is not an elapsed time
        ("Radiators are guaranteed for 4 years.", False),
    ],
)
def test_elapsed_inside_period(claim, ok):
    assert (judge_passages(claim, TERMS).label in UNFLAGGED) is ok
