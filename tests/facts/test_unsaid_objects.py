"""Session 23's third design (docs/FACTS.md): an act joined by "and" whose object the document says in no way, whatever
the object names ("prescribes medicine": WordNet's usual sense of "medicine" is the profession, so the thing check
let it pass), guard/facts/added_acts._unsaid. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

HEATING = "Our engineer, Tom Hale, services the boilers each autumn and checks the thermostats in every room. Callouts cost £65."
CLINIC = (
    "Dr Lena Ross examines each child and refers any child with a hearing problem to the audiology team. "
    "Appointments last 20 minutes."
)
DINNER = "The club dinner is held on Friday 12 May at the Mill Hotel. Tickets cost £30 each and include a three-course meal."
SHOP = "Kath Doyle runs the shop and orders the stock. Her assistant, Ben Ure, serves customers and cleans the counters."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Tom Hale services the boilers and replaces the batteries in every thermostat.", HEATING, False),
        ("Tom Hale services the boilers and checks the thermostats.", HEATING, True),
        ("Dr Lena Ross examines each child and prescribes medicine for hay fever.", CLINIC, False),
        ("Dr Lena Ross examines each child and refers those with hearing problems to the audiology team.", CLINIC, True),
        # "place" is half of "take place", "£30" a value: neither is an object the document must name
        ("The club dinner takes place on Friday 12 May and costs £30 a head.", DINNER, True),
        ("Kath Doyle runs the shop and orders the stock.", SHOP, True),
        ("Ben Ure serves customers and wipes down the counters.", SHOP, True),
        ("Ben Ure serves customers and restocks the freezers.", SHOP, False),
    ],
)
def test_an_act_on_something_the_document_never_says(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
