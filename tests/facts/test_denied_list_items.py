"""Session 34's second design (docs/FACTS.md "An act denied on one of the things a sentence lists"): denied_acts
reads the claim's thing among the items a denial lists ("We do not open cars, vans or safes") and finds a denial
whose plural changes the thing's fourth letter ("knife", "knives"). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

LOCKS = "Brackley Locks opens front doors, back doors and garages. We do not open cars, vans or safes."
KNIVES = "Edgewise sharpens kitchen knives, garden shears and scissors. We do not sharpen ceramic knives."
RUGS = "Freshly cleans carpets and curtains in your home. We do not clean leather sofas, rugs or mattresses."
BEDS = "Homeway delivers sofas, beds and wardrobes. We do not deliver sofas or beds on Sundays."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Brackley Locks will open a locked van.", LOCKS, False),
        ("Brackley Locks will open your car.", LOCKS, False),
        ("Brackley Locks will open a garage.", LOCKS, True),
        ("Edgewise can sharpen a ceramic knife.", KNIVES, False),
        ("Edgewise can sharpen a kitchen knife.", KNIVES, True),
        ("Freshly will clean a wool rug.", RUGS, False),
        ("Freshly cleans curtains.", RUGS, True),
        # the denial's own time narrows it: no denial of delivering beds on other days
        ("Homeway delivers beds.", BEDS, True),
    ],
)
def test_act_denied_on_a_listed_thing(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
