"""Session 34's fifth design (docs/FACTS.md "An age held to an age limit, not to a length"): quantity_check._comparable
holds a plain claim value to the unit's plain values that measure the same thing (matching.conflicts), so "a
7-year-old" is read against "aged 5 and over", not against "60 minutes" in the same row. Passages written for this
file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

CLASSES = "Who can come: adults aged 65 and over who have had a fall in the last 12 months, or who are afraid of falling."
ASSESSMENTS = (
    "| Assessment | Length | Price |\n|---|---|---|\n| Stammering assessment (aged 5 and over) | 60 minutes | £175 |\n"
    "| Voice assessment (aged 12 and over) | 45 minutes | £150 |"
)


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("A 60-year-old who is afraid of falling can join the classes.", CLASSES, False),
        ("A 7-year-old can have a stammering assessment.", ASSESSMENTS, True),
        ("A 4-year-old can have a stammering assessment.", ASSESSMENTS, False),
        ("A 9-year-old can have a voice assessment.", ASSESSMENTS, False),
        ("A 13-year-old can have a voice assessment.", ASSESSMENTS, True),
    ],
)
def test_age_against_an_age_limit(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
