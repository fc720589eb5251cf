"""Session 40's third design (docs/FACTS.md): "nobody", "nothing" and "nowhere" say no, as "no one" and "none" did
already. "Nobody is allowed to swim in the river while the regatta is on" was read as affirming swimming, so the
true claim was contradicted by the page's own "Swimming in the river is not allowed"; the page's "Nothing is left on
the landing stage overnight" denied nothing, so "Boats can be left there" passed. Not a price of nothing ("pays
nothing": free), not inside a clause that reports or supposes ("checks that nobody has dug"), not one a "without"
turns. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest

from guard import verify

REGATTA = (
    "## Rules on the day\n\n"
    "- Swimming in the river is not allowed while the regatta is on.\n"
    "- Do not eat or drink in the boat tent.\n"
    "- Every rower wears a life jacket on the water.\n"
    "- Entries within 30 miles of Tawbridge are free; clubs from further away pay £12.\n"
    "- The river marshal checks the boats for leaks before each race.\n"
    "- Nobody may take a dog into the boat tent.\n"
    "- Nothing is left on the landing stage overnight.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Nobody is allowed to swim in the river while the regatta is on.", True),
        ("Boats can be left on the landing stage overnight.", False),
        ("No boat is left on the landing stage overnight.", True),
        ("A dog may be taken into the boat tent.", False),
        ("Dogs are not allowed in the boat tent.", True),
        ("Nothing is eaten or drunk in the boat tent.", True),
        ("A club 20 miles from Tawbridge pays nothing to enter.", True),
        ("The river marshal checks that nothing in the boats leaks before each race.", True),
        ("Nobody wears a life jacket on the water.", False),
    ],
)
def test_a_denial_by_nobody_or_nothing(claim, holds):
    label = verify(question="", contexts=[REGATTA], answer=claim).claims[0].label.value
    assert (label == "supported") is holds, label
