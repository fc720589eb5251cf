"""Names read from text (guard/facts/entities.py): what is a name and what opens or joins one."""

from __future__ import annotations

from fact_judge import judge

from guard.facts.entities import entity_names
from guard.facts.lexicon import ENGLISH
from guard.facts.types import FactLabel

PLANS = """| Membership | Joining fee | Monthly |
|---|---|---|
| Student | none | £19.99 |
| Flex | none | £44.99 |
| Standard | £20 | £34.99 |
"""


def test_a_negation_is_never_part_of_a_name():
    assert entity_names("Neither Student nor Flex membership has a joining fee.", ENGLISH) == ("Student", "Flex")
    assert entity_names("Not Standard: the Flex plan.", ENGLISH) == ("Standard", "Flex")
    # a name is still a name
    assert entity_names("Ask Priya Raman or the Finance Director.", ENGLISH) == ("Priya Raman", "Finance Director")


def test_a_claim_opening_with_neither_names_what_the_table_names():
    verdict = judge("Neither Student nor Flex membership has a joining fee.", PLANS)
    assert verdict.rule != "name.not_found", verdict.mismatch
    assert judge("Neither Student nor Premium membership has a joining fee.", PLANS).label is not FactLabel.supported
