"""Session 32's third design (docs/FACTS.md): a frequency and a span make a count of times ("Gargle twice a
day for 2 weeks" makes 28 gargles; "Do the stretches 3 times a day" makes 21 sessions over a week), supported
by inference; another count, a span longer than the regimen, or another act's frequency is not. Passages
written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

AFTERCARE = (
    "After your tonsil operation\n\n"
    "Gargle with warm salt water twice a day for 2 weeks. "
    "Do the neck stretches on your sheet 3 times a day. "
    "Take paracetamol for pain, up to 4 doses in 24 hours."
)
DROPS = "| Medicine | How often | For how long |\n|---|---|---|\n| Steroid drops | 4 times a day | 3 weeks |\n"


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Gargling as advised adds up to 28 salt water gargles in all.", AFTERCARE, True),
        ("The neck stretches come to 21 sessions over a week.", AFTERCARE, True),
        ("In the first week a patient puts in the steroid drops 28 times.", DROPS, True),
        ("Gargling as advised adds up to 42 salt water gargles in all.", AFTERCARE, False),
        ("The neck stretches come to 14 sessions over a week.", AFTERCARE, False),
        # longer than the drops are used for
        ("Over 4 weeks a patient puts in the steroid drops 112 times.", DROPS, False),
    ],
)
def test_a_frequency_over_a_span_makes_a_count(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
