"""Session 46's design on dozens (docs/FACTS.md "Dozens"): "a dozen carcases" is twelve carcases, "half a dozen
panners" six panners and "two dozen eggs" twenty-four eggs; the quantity reader read no number in the first two and
"two dozen" as two of a thing called a dozen. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

from guard.facts.numbers import read_number

SHED = (
    "# Glenuig sea kayak shed: trips and rules\n\n"
    "The shed at Glenuig pier holds twelve kayaks on its racks, and the club lends paddles and buoyancy aids.\n\n"
    "**Rules**\n\n"
    "- Each trip takes between 4 and 8 paddlers, with one leader for every four.\n"
    "- No trip leaves when the wind is over 15 knots.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("The racks in the Glenuig shed take a dozen kayaks.", True),
        ("A trip of half a dozen paddlers is within the group size.", True),
        ("The racks in the Glenuig shed take two dozen kayaks.", False),
        ("A single trip can take a dozen paddlers.", False),
    ],
)
def test_dozens_are_read_as_numbers(claim, holds):
    label = verified_label(claim, SHED)
    assert (label == "supported") is holds, label


@pytest.mark.parametrize(
    ("text", "value"),
    [("a dozen", 12.0), ("half a dozen", 6.0), ("two dozen", 24.0), ("3 dozen", 36.0), ("dozen", 12.0)],
)
def test_a_dozen_is_twelve(text, value):
    assert read_number(text) == value
