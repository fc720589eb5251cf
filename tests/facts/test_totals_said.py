"""Session 36's design (docs/FACTS.md "Totals said as 'between them' and 'adds up to'"): "£144 between them" and "adds
up to 20 hours" say that a value is a total, so the step that gives it is licensed as "in all" licenses one
(step_licence._COMBINED). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

SHEETS = "| Session | Price | Who it is for |\n|---|---|---|\n| Learn to curl | £18 a player | Up to 8 players |"
CLASSES = "The course is ten weekly classes. Each class lasts 2 hours and is held in the Garden Room."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Eight new curlers sharing a learn-to-curl sheet pay £144 between them.", SHEETS, True),
        ("The ten classes add up to 20 hours of teaching.", CLASSES, True),
        # a total the values do not give
        ("Eight new curlers sharing a learn-to-curl sheet pay £152 between them.", SHEETS, False),
        ("The ten classes add up to 24 hours of teaching.", CLASSES, False),
    ],
)
def test_totals_said(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
