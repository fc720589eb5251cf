"""Session 32's design on a time past a granted period (docs/FACTS.md): a claim that what a unit grants "for" a
period has ended ("no longer", "has expired", "is not covered any more") holds at a time after the start longer
than the period ("after 8 months it is no longer on file" against "stays on your file for 6 months"), and is
still flagged at a time inside it. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

WARNINGS = (
    "Disciplinary warnings: a verbal warning stays on your file for 6 months. "
    "A written warning stays on your file for 12 months."
)
GUARANTEE = "Kettles are guaranteed for 2 years from the date of purchase. Keep your receipt."


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("After 8 months, a verbal warning is no longer on your file.", WARNINGS, True),
        ("After 4 months, a verbal warning is no longer on your file.", WARNINGS, False),
        ("After 14 months, a written warning is no longer on your file.", WARNINGS, True),
        ("After 10 months, a written warning is no longer on your file.", WARNINGS, False),
        ("A kettle that breaks 30 months after purchase is no longer covered.", GUARANTEE, True),
        ("A kettle that breaks 18 months after purchase is no longer covered.", GUARANTEE, False),
    ],
)
def test_a_time_past_a_granted_period(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
