"""Session 41's fifth design (docs/FACTS.md): "X is not allowed" denies X, the subject before it, not only the word
"allowed" after the negation: "Boots with metal studs can be worn" is contradicted by "Boots with metal studs are not
allowed", although the claim permits the boots with another verb. Passages written for this file; the whole of
verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

RULES = (
    "# Carnbrae Bowls Club: green rules\n\n"
    "- Shoes with heels are not allowed.\n"
    "- Banners are made by the juniors for the club's open day. Glitter, paint and plastic are not permitted.\n"
    "- Members may bring a guest on Saturdays.\n"
    "- Dogs aren't permitted in the pavilion.\n"
    "- Drinks are sold at the pavilion bar from 11:00.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Shoes with heels can be worn at Carnbrae.", False),
        ("Dogs may come into the Carnbrae pavilion.", False),
        ("Members may bring a guest to Carnbrae on Saturdays.", True),
        ("Shoes with heels are banned at Carnbrae.", True),
        ("The juniors make the banners for Carnbrae's open day.", True),
    ],
)
def test_a_leave_denied_of_its_subject(claim, holds):
    label = verified_label(claim, RULES)
    assert (label == "supported") is holds, label
