"""Session 28's additions design (docs/FACTS.md): a named party's one act on a thing the document names nowhere
("Fernhill Bakery also sells wedding cakes"), while a message or document named another way ("wrote the
protocol" for "the study plan") and a word whose next sense is an event ("won more matches") add nothing. Passages
written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, judge

BAKERY = (
    "Fernhill Bakery bakes sourdough loaves and rye rolls every morning and sells them from 7 am. Orders for the "
    "weekend must reach us by Thursday."
)
STUDY = "The study plan was written by Dr Amy Holt and approved by the ethics committee in May."
CLUB = "Last season Brackley Town played 20 games: they won 12, drew 3 and lost 5."


@pytest.mark.parametrize(
    ("claim", "passage", "flagged"),
    [
        ("Fernhill Bakery also sells wedding cakes.", BAKERY, True),
        ("Fernhill Bakery bakes rye rolls and hires out coffee machines.", BAKERY, True),
        ("Fernhill Bakery sells sourdough loaves from 7 am.", BAKERY, False),
        ("Dr Amy Holt wrote the protocol.", STUDY, False),
        ("Brackley Town won seven more matches than they lost.", CLUB, False),
    ],
)
def test_a_thing_a_named_party_adds(claim, passage, flagged):
    assert (judge(claim, passage).label in FLAGGED) is flagged
