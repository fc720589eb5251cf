"""Session 24's third design (docs/FACTS.md): a value is compared only with what measures the same thing. An age band
is no limit on how long a thing lasts (guard/facts/limits.py `_breaks` through matching.conflicts); a word inside a
value ("half" of "five and a half hours") is no opposite of a passage's word ("refund in full"; opposites.py
`_value_words`); a unit whose span of clock times is as long as the claim's duration is aligned with the claim
(align.py). Found on the open hard cases (val25, val56) once "five and a half hours" was read as one value.
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge

from guard.facts.lexicon import ENGLISH
from guard.facts.opposites import opposite
from guard.facts.slots import read_slots

COURSE = (
    "How much is an archery taster? £30 for a young person aged 12 to 17 and £40 for an adult. Archery tasters are "
    "for people aged 12 and over. Archery taster places are limited to 8. Can I get my money back? If you cancel 14 "
    "days ahead, we refund the fee in full. What happens on the day? A safety talk, then shooting at the butts. "
    "Sessions run from 9:30 to 12:00."
)


def test_a_word_inside_a_value_is_no_opposite():
    claim = read_slots("The taster lasts two and a half hours.", ENGLISH)
    unit = read_slots("If you cancel 14 days ahead, we refund the fee in full.", ENGLISH)
    assert opposite(claim, unit, ENGLISH) is None
    said = read_slots("We refund half the fee.", ENGLISH)
    assert opposite(said, unit, ENGLISH) is not None  # a "half" that is no value still is one


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("An archery taster lasts two and a half hours.", True),
        ("An archery taster lasts three and a half hours.", False),
        ("An archery taster lasts 2.5 hours.", True),
    ],
)
def test_a_duration_meets_the_span_not_the_age_band(claim, ok):
    assert (judge(claim, COURSE).label in UNFLAGGED) is ok
