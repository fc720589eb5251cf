"""Session 22's sixth design (docs/FACTS.md): an act the claim requires that a sentence anywhere in the document
only allows, or says one need not do (guard/facts/allowed_acts.py, rule flip.modal_elsewhere). Passages written
for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

HOSTEL = (
    "# Kettlewick Hostel: guests' questions\n\n"
    "## Staying with us\n\n"
    "Kettlewick Hostel has 14 rooms and is run by Maud Penrose.\n\n"
    "- Bedding: You may bring your own sleeping bag. Sheets are provided.\n"
    "- Food: You may bring your own food: each room has a shelf in the kitchen fridge.\n"
    "- Towels: At the end of your stay, you may buy the towel you used for £8.\n"
    "- Kitchen: You must label any food you keep in the fridge.\n"
    "- Keys: You need not return your key before 10:00 if you stay another night.\n"
    "- Bikes: Bikes must be stored in the shed.\n"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Guests at Kettlewick Hostel have to bring their own sleeping bag.", False),
        ("Guests at Kettlewick Hostel can bring their own sleeping bag.", True),
        ("Guests at Kettlewick Hostel have to bring their own food.", False),
        ("When their stay ends, guests at Kettlewick Hostel have to buy the towel they used.", False),
        ("Guests at Kettlewick Hostel have to label food they keep in the fridge.", True),  # the document requires it
        ("Guests at Kettlewick Hostel must store their bikes in the shed.", True),
    ],
)
def test_an_act_required_that_the_document_only_allows(claim, ok):
    assert (judge_passages(claim, HOSTEL).label in UNFLAGGED) is ok
