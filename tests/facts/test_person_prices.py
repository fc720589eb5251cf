"""Session 43's design on prices said per person (docs/FACTS.md "A price per person against a plain price"): where a
document writes its prices plainly (a table's "£24" for a walk), a claim's "£15 a head" or "£15 per adult" is that
price, so the price of the row the claim names contradicts it, and the same price of another row no longer passes for
it. Where the document writes its own prices per something counted ("£40 per team", "£28 a person"), the claim's rate
is held to those, as before. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

WALKS = (
    "# Hollinsclough Goat Walks: walks, prices and rules\n\n"
    "Hollinsclough Goat Walks takes visitors along the moor edge with a herd of pack goats. Prices are per person.\n\n"
    "| Walk | Length | Who it is for | Price |\n|---|---|---|---|\n"
    "| Meadow walk | 1 hour | All ages | £15 |\n"
    "| Moor edge trek | 3 hours | Ages 10 and over | £24 |\n"
    "| Kidding visit | 90 minutes | All ages | £12 |\n\n"
    "Children under 5 go free on the meadow walk.\n"
)

TEAMS = (
    "# Axe Edge quiz league: entry\n\n"
    "- **Entry:** £40 per team for the season, paid to the secretary by 31 August.\n"
    "- **Cup night:** £3 a person on the door.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("The moor edge trek costs £15 a head.", False),
        ("The moor edge trek is priced at £15 per adult.", False),
        ("The moor edge trek costs £24 a head.", True),
        ("A meadow walk costs £15 per person.", True),
    ],
)
def test_a_price_per_person_is_the_row_price(claim, holds):
    label = verified_label(claim, WALKS)
    assert (label == "supported") is holds, label


def test_a_rate_per_person_against_a_rate_per_team_stays_flagged():
    assert verified_label("Entry to the Axe Edge league costs £40 per player for the season.", TEAMS) != "supported"
