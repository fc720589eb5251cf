"""Session 23's fifth design (docs/FACTS.md): a limit a claim states has limits for counterparts ("not more than 8
tablets ... in 24 hours" is no dose "take 1 or 2 tablets ... every 4 to 6 hours"), a value in brackets after a
limit is the same limit ("8 tablets (4,000 mg)"), and the duration after a limit is its window.
guard/facts/quantity_moves.other_topic, quantities._restated_bounds. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.quantities import Bound, quantities

LEAFLET = (
    "Adults and children aged 12 and over: take 1 or 2 capsules (200 mg to 400 mg) every 6 to 8 hours as needed. "
    "Do not take more than 6 capsules (1,200 mg) in 24 hours."
)


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Adults should not take more than 6 capsules (1,200 mg) in 24 hours.", LEAFLET, True),
        ("Adults should not take more than 8 capsules (1,600 mg) in 24 hours.", LEAFLET, False),
        ("Adults take 1 or 2 capsules every 6 to 8 hours as needed.", LEAFLET, True),
        ("Adults take 1 or 2 capsules every 2 to 3 hours as needed.", LEAFLET, False),
    ],
)
def test_a_limit_is_held_to_limits(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok


def test_a_bracketed_value_after_a_limit_is_the_same_limit():
    found = quantities("Do not take more than 6 capsules (1,200 mg) in 24 hours.")
    assert [(q.surface, q.bound) for q in found] == [("6 capsules", Bound.le), ("1,200 mg", Bound.le), ("24 hours", Bound.eq)]
    # a bracketed value after a plain one keeps its own reading
    assert [q.bound for q in quantities("take 2 capsules (400 mg) a day")][:2] == [Bound.eq, Bound.eq]
