"""Session 31's sixth design (docs/FACTS.md "A limit under a condition that stops the event"): denials._denials
reading a limit in the condition of a stop ("cancelled if", "stops when") for a claim that the event goes on.
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

RULES = (
    "A match is cancelled if the pitch temperature is colder than -2°C. "
    "The ferry stops running when the waves are higher than 3 metres."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # a value inside the stopping condition, and the event goes on: contradicted
        ("A match goes ahead with the pitch at -5°C.", False),
        ("The ferry keeps running with waves 4 metres high.", False),
        # a value outside it: the rule leaves the event on
        ("A match goes ahead with the pitch at 1°C.", True),
        ("The ferry keeps running with waves 2 metres high.", True),
    ],
)
def test_stop_conditions(claim, ok):
    assert (judge_passages(claim, RULES).label in UNFLAGGED) is ok
