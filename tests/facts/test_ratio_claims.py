"""Session 36's design (docs/FACTS.md "A ratio the claim says"): "four times as long as", "five times the output of"
say that a value is the ratio of two others, so the step that gives it is licensed (step_licence._COMBINED), even
when the ratio's number is written elsewhere in the evidence (derivation.derived_step reads derivation.compares).
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

RACES = (
    "Races:\n\n- **10:30 Juniors' race** for ages 10 to 15, over 150 metres.\n- **12:00 Open race** for all ages, over "
    "600 metres, round a buoy and back.\n- **14:30 Novices' race** for first-timers, over 150 metres.\n"
)
TURBINES = (
    "| Model | Rated output | Mast height | Price |\n|---|---|---|---|\n| Zephyr 3 | 3 kW | 9 m | £12,400 |\n"
    "| Zephyr 6 | 6 kW | 12 m | £19,900 |\n| Zephyr 12 | 12 kW | 15 m | £33,000 |"
)


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("The open race is four times as long as the juniors' race.", RACES, True),
        ("The Zephyr 12 is rated at four times the output of the Zephyr 3.", TURBINES, True),
        # a ratio the values do not give
        ("The open race is three times as long as the juniors' race.", RACES, False),
        ("The Zephyr 12 is rated at five times the output of the Zephyr 3.", TURBINES, False),
    ],
)
def test_ratio_claims(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
