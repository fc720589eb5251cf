"""Session 36's design (docs/FACTS.md "A total shared out per item"): a claim rate that is a total shared out over
an amount of its own denominator ("£54 for a course of 6 lessons": £9 a lesson; "£32 for 5 litres": £6.40 a litre)
is a step the claim may rest on (matching._shared_out), and "works out at" says that a value is worked out
(step_licence._COMBINED). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

COURSES = (
    "| Course | Lessons | Price |\n|---|---|---|\n| Beginners' canoeing | 6 lessons | £54 |\n"
    "| Improvers' canoeing | 8 lessons | £96 |"
)
CLEANER = "Patio cleaner concentrate. Bottle size: 5 litres. Price: £32. Dilute 1 part to 10 parts water."
CLOCKS = (
    "Each of the three sections plays 30 minutes for each player, and every player gets 5 seconds added "
    "for each move."
)


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("The beginners' canoeing course works out at £9 a lesson.", COURSES, True),
        ("Each improvers' canoeing lesson works out at £12.", COURSES, True),
        ("The 5 litre bottle of patio cleaner works out at £6.40 a litre.", CLEANER, True),
        # a share the total does not give
        ("The beginners' canoeing course works out at £8 a lesson.", COURSES, False),
        ("The 5 litre bottle of patio cleaner works out at £6.80 a litre.", CLEANER, False),
        # another row's course shared out is still another row's
        ("The beginners' canoeing course works out at £16 a lesson.", COURSES, False),
        # a count of another noun shares nothing out per move
        ("Each player gets 10 minutes a move.", CLOCKS, False),
    ],
)
def test_per_item_shares(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
