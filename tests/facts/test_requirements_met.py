"""Session 30's second design (docs/FACTS.md "A requirement met is a permission"): a permission for a case the
unit's requirement admits is no modal flip (flip_check._requirement_met), nor is a condition of the unit's
permission said as a requirement for the act (flip_check._condition_as_requirement). Passages written for this
file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

RULES = (
    "Marshals must be aged 18 to 70. "
    "Kayaks must be at least 3 metres long. "
    "Every paddler must wear a buoyancy aid. "
    "Hire slots must be booked within 14 days of the race."
)

TRAILS = "Children under 12 must walk the trail with an adult. The trail is 6 km long."

SAVINGS = (
    "As long as you have held the bond for 3 years and you are 55 or older, you can take money out whenever you "
    "like and pay no charge."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # a case the band admits: the permission follows from the duty
        ("A 66-year-old can act as a marshal.", True),
        ("A kayak 4 metres long is allowed.", True),
        # a case outside the band is still wrong
        ("A 75-year-old can act as a marshal.", False),
        ("A kayak 2 metres long is allowed.", False),
        # the band restated with "may", and a duty made a choice, are still modal flips
        ("Hire slots may be booked within 14 days of the race.", False),
        ("Paddlers may wear a buoyancy aid.", False),
    ],
)
def test_a_requirement_met_is_a_permission(claim, ok):
    assert (judge_passages(claim, RULES).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("To take money out without a charge, the bond must have been held for at least 3 years.", True),
        ("To take money out without a charge, the bond must have been held for at least 5 years.", False),
    ],
)
def test_a_condition_said_as_a_requirement(claim, ok):
    assert (judge_passages(claim, SAVINGS).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # a band before the duty names whom it binds: leave for that case needs the duty as its condition
        ("A 10-year-old may walk the trail if an adult walks with her.", True),
        ("A 10-year-old may walk the trail on her own.", False),
    ],
)
def test_a_band_that_names_whom_the_duty_binds(claim, ok):
    assert (judge_passages(claim, TRAILS).label in UNFLAGGED) is ok
