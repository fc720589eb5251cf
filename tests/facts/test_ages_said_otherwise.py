"""Session 44's design on ages said without "aged" or "-year-old" (docs/FACTS.md "Ages said otherwise"): "children as
old as 13", "pupils as young as 9" and "a family whose child is 7" give a person's age, held to the document's age
bands ("children aged 6 to 12") as "a 13-year-old" is; a weight or a span after the number ("the child is 7.5 kg",
"the baby is 10 months") is no age. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

POTTERY = (
    "# Llanarmon pottery barn: sessions and prices\n\n"
    "| Session | When | Who it is for | Price |\n|---|---|---|---|\n"
    "| Family wheel | Saturdays at 10 am, 2 hours | Families with children aged 5 to 11 | £44 per family |\n"
    "| Teen throwers | Wednesdays at 5 pm, 90 minutes | Ages 12 to 16 | £18 |\n"
    "| Evening clay | Thursdays at 7 pm, 2 hours | Adults | £26 |\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("The family wheel session takes children as old as 14.", False),
        ("The family wheel session takes children as old as 10.", True),
        ("Teen throwers takes pupils as young as 9.", False),
        ("A family whose child is 8 can book the family wheel session.", True),
        ("A family whose child is 13 can book the family wheel session.", False),
    ],
)
def test_an_age_said_otherwise_is_held_to_the_band(claim, holds):
    label = verified_label(claim, POTTERY)
    assert (label == "supported") is holds, label
