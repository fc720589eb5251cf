"""Session 24's second design (docs/FACTS.md): "five and a half hours" is 5.5 hours (guard/facts/quantities.py,
whole_and_part); a stretch of time within a day is held to the one span of clock times of the unit best aligned with
the claim (quantity_check._clock_span, inference.day_length); a number that another row's band holds is not a
substitution in this row's wording (edits._number_clash). Found on the open hard cases (val7, val25, val46: "Quiet
hours last eight and a half hours each night" was read as "eight"). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge

from guard.facts.quantities import quantities

CURFEW = "The hostel curfew runs from 11:30 pm to 6 am. Guests who break it twice within 14 days must leave."
WORKSHOP = "The pottery workshop runs from 9.45 am to 4.15 pm, with a break for lunch."
POOL = "The learner pool is open from 7 am to 9 am on weekdays."
RECORDING = (
    "Voice-over, per script (up to 3 minutes long): £90. Voice-over, per script (over 3 and up to 8 minutes long): "
    "£150."
)


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("It takes three and a half hours.", 3.5),
        ("It takes 2 and a quarter hours.", 2.25),
        ("It runs for one and three quarters hours.", 1.75),
        ("The course lasts two and a half days.", 60.0),
    ],
)
def test_a_whole_number_and_a_part_before_the_unit(text, hours):
    (q,) = quantities(text)
    assert q.dim == "duration" and q.lo == pytest.approx(hours)


def test_a_range_joined_by_and_is_still_a_range():
    (q,) = quantities("It takes between five and six hours.")
    assert (q.lo, q.hi) == (5.0, 6.0)


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("The hostel curfew lasts six and a half hours each night.", CURFEW, True),
        ("The hostel curfew lasts seven and a half hours each night.", CURFEW, False),
        ("The hostel curfew lasts 6.5 hours.", CURFEW, True),
        ("The hostel curfew lasts 8 hours.", CURFEW, False),
        ("The pottery workshop lasts six and a half hours.", WORKSHOP, True),
        ("The pottery workshop lasts five and a half hours.", WORKSHOP, False),
        ("The learner pool is open for two hours on weekdays.", POOL, True),
        ("The learner pool is open for three hours on weekdays.", POOL, False),
        ("A voice-over of a script two and a half minutes long costs £90.", RECORDING, True),
        ("A voice-over of a script 2.5 minutes long costs £150.", RECORDING, False),
    ],
)
def test_durations_against_clock_spans_and_bands(claim, passage, ok):
    assert (judge(claim, passage).label in UNFLAGGED) is ok
