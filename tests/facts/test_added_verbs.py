"""Session 25's third design (docs/FACTS.md): a named person's second act, with an object of its own, whose verb the
document says in no way while the first act is said, is an addition ("Megan Rowe packs the fleeces into wool sacks
and weighs every sack"; guard/facts/added_acts.py `_new_verb`, rule name.added_term). Found on the spent held
halves' unsupported additions (the template's "<name> does A and B"). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge

SHEARING = (
    "Shearing day is run by Megan Rowe, who packs the fleeces into wool sacks. Tom Hale rolls each fleece and "
    "the farmer, Ben Ash, pays the shearers on the day."
)
CLINIC = "Nurse Ada Pryce cleans every wound and phones each patient the day after the visit."
SITTER = "Our sitter, Jo Lane, walks the dogs twice a day and feeds them every evening."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Megan Rowe packs the fleeces into wool sacks and weighs every sack.", SHEARING, False),
        ("Megan Rowe packs the fleeces and labels each sack.", SHEARING, False),
        ("Megan Rowe packs the fleeces into wool sacks.", SHEARING, True),
        ("Ada Pryce cleans every wound and photographs it.", CLINIC, False),
        ("Ada Pryce cleans every wound and rings each patient the day after the visit.", CLINIC, True),  # a synonym
        ("Jo Lane walks the dogs twice a day and brushes them every evening.", SITTER, False),
        ("Jo Lane walks the dogs twice a day and feeds them every evening.", SITTER, True),
        ("Jo Lane walks the dogs twice a day, and their owner thanks her.", SITTER, True),  # another person's act
    ],
)
def test_an_act_the_document_says_in_no_way(claim, passage, ok):
    assert (judge(claim, passage).label in UNFLAGGED) is ok
