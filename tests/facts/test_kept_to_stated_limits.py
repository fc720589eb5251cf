"""Session 31's third design (docs/FACTS.md "A value kept to a limit a header, a range or a size states"):
kept_limits.kept_to_stated_limit (read by the quantity check and limits.broken_limits) and the second side of a
size taking the first side's bound (quantities._restated_bounds). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.quantities import Bound, quantities

ROUTES = "| Route | Distance | Time limit | Most riders per team |\n|---|---|---|---|\n| Short | 45 km | 4 hours | 6 |\n| Long | 90 km | 7 hours | 4 |"
PERMITS = "Parking permits cost from £40 to £90 a year, depending on the car's engine size."
SHEDS = "Garden sheds may be up to 2.5 m by 2 m and must not be taller than 2.2 m."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        # a value the claim says keeps to the limit a header names
        ("A rider who finishes the Short route in 3.5 hours is within the time limit.", ROUTES, True),
        ("A team of 5 riders on the Short route keeps within the limit on riders.", ROUTES, True),
        ("A rider who finishes the Short route in 5 hours is within the time limit.", ROUTES, False),
        # a value the cell must hold is no value inside its limit
        ("The time limit for the Short route is 3.5 hours.", ROUTES, False),
        # inside a range of two values the reader did not join
        ("A permit priced at £65 is within the range of permit prices.", PERMITS, True),
        ("A permit priced at £120 is within the range of permit prices.", PERMITS, False),
        # both sides of a size
        ("A shed measuring 2.2 m by 1.8 m is within the size allowed.", SHEDS, True),
        ("A shed measuring 2.2 m by 2.8 m is within the size allowed.", SHEDS, False),
    ],
)
def test_kept_to_stated_limits(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok


def test_the_second_side_of_a_size_takes_the_bound():
    assert [q.bound for q in quantities("up to 2.4 m by 1.8 m")] == [Bound.le, Bound.le]
    assert [q.bound for q in quantities("at least 3 m by 3 m")] == [Bound.ge, Bound.ge]
