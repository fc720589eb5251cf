"""Session 24's fourth design (docs/FACTS.md): an act the claim affirms on what its context names ("refrigerate it
after opening", a second verb joined by "and") that a unit denies outright, with no object, place or doer the claim
leaves out ("Do not refrigerate."), is contradicted (guard/facts/denied_acts.py, `_bare_act_denied`). The claim's
own condition narrows its case, which the outright denial covers too. Found on a wrong labelled draft default passed
unmarked (dev part, d041). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge

EYE_DROPS = "Keep the drops in the fridge after opening. Do not freeze. Throw them away 4 weeks after opening."
TABLETS = "Take the tablets with food. Do not crush or chew the tablets. Swallow them whole with water."
PARKING = "Visitors may park in the main car park. Visitors cannot park on the grass verges."
LINEN = "Wash the covers at 40°C. Do not bleach. Iron on a low setting."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Keep them in the fridge after opening and freeze them if you travel.", EYE_DROPS, False),
        ("Keep them in the fridge after opening.", EYE_DROPS, True),
        ("Take them with food and crush them first.", TABLETS, False),
        ("Take them with food and swallow them whole.", TABLETS, True),
        # the denial names a place the claim does not: no outright denial
        ("Visitors can park in the main car park and walk to the ward.", PARKING, True),
        ("Wash them at 40°C and bleach them if they are stained.", LINEN, False),
        ("Wash them at 40°C and iron them on a low setting.", LINEN, True),
    ],
)
def test_an_outright_denial_of_a_joined_act(claim, passage, ok):
    assert (judge(claim, passage).label in UNFLAGGED) is ok
