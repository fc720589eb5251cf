"""Session 32's fourth design (docs/FACTS.md): a name the reader glues together from a claim's opening word
("Most Harwick patients ...", "Choosing Dunmore's Deluxe package ...") or from a possessive's two sides
("Dunmore's Deluxe package") is looked up part by part; a part no unit mentions, or two names side by side
that no unit writes together, still make the name unsupported. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

from guard.facts.glued_names import name_parts

CLINIC = (
    "Harwick Hospital: cataract clinic\n\n"
    "Most patients go home the same day, about 3 hours after arriving. "
    "Your eye is checked by Dr Ana Ruiz the next morning. The drops are explained by Nurse Ben Cole."
)
PACKAGES = (
    "Dunmore Kitchens: fitting packages\n\n"
    "| Package | Price fitted |\n|---|---|\n| Basic | £6,000 |\n| Deluxe | £9,500 |\n"
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Most Harwick cataract patients go home the same day.", CLINIC, True),
        ("Most Harwick patients see Dr Ana Ruiz the next morning.", CLINIC, True),
        ("Choosing Dunmore's Deluxe package rather than the Basic one costs £3,500 more.", PACKAGES, True),
        ("Dunmore's Deluxe package costs £9,500 fitted.", PACKAGES, True),
        # a part no unit mentions, and a first name of one person with the surname of another
        ("Choosing Dunmore's Premium package rather than the Basic one costs £3,500 more.", PACKAGES, False),
        ("Most Redlake cataract patients see Dr Ana Ruiz the next morning.", CLINIC, False),
        ("Most Harwick patients see Ana Cole the next morning.", CLINIC, False),
    ],
)
def test_a_glued_name_is_looked_up_part_by_part(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)


@pytest.mark.parametrize(
    ("name", "claim", "parts"),
    [
        ("Most Harwick", "Most Harwick cataract patients go home the same day.", ["Harwick"]),
        ("Choosing Dunmore's Deluxe", "Choosing Dunmore's Deluxe package costs more.", ["Dunmore", "Deluxe"]),
        ("Ana Cole", "Ana Cole checks the eye.", ["Ana Cole"]),
        # not at the claim's opening: the word before is the sentence's, not a glued one
        ("Most Harwick", "On the day, Most Harwick patients go home.", ["Most Harwick"]),
    ],
)
def test_which_names_are_glued(name, claim, parts):
    assert name_parts(name, claim) == parts
