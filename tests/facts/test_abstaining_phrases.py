"""Session 35's design (docs/FACTS.md "Abstaining said without not"): "hold off", "keep off", "stay off", "stay out
of", "keep away from", "go without", "off limits" and "is off for ..." deny as "do not" does, so "Swimming is off for
3 months" agrees with "Do not swim for 3 months" and "Breakfast is off limits" turns "Have a light breakfast" round
(polarity._NEGATION; the denied thing of "is off" and "off limits" stands before them, polarity._DENIES_SUBJECT).
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.lexicon import lexicon_for
from guard.facts.polarity import negation_scopes

LEAFLET = (
    "After the operation: Do not swim for 3 months. Do not blow your nose for 48 hours. "
    "Have a light breakfast before 7 am on the day of the operation."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Swimming is off for 3 months after the operation.", True),
        ("Patients hold off blowing their nose for 48 hours after the operation.", True),
        # the fact turned round: flagged
        ("Breakfast is off limits on the day of the operation.", False),
        ("Patients may swim 2 weeks after the operation.", False),
    ],
)
def test_abstaining_phrases(claim, ok):
    assert (judge_passages(claim, LEAFLET).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("text", "denies"),
    [
        ("Swimming is off for 3 months.", True),
        ("Glass bottles must stay out of the sauna.", True),
        ("Patients go without food for 6 hours.", True),
        # "off" that denies nothing
        ("A train leaving at 07:00 is off-peak.", False),
        ("The phone is off in the hall.", False),
    ],
)
def test_which_phrases_deny(text, denies):
    assert bool(negation_scopes(text, lexicon_for("en"))) is denies
