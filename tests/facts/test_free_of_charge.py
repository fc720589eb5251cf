"""Session 22's third design (docs/FACTS.md): a charge denied ("aren't charged on top", "no travel charge") agrees
with a sentence that gives the thing free or includes it in a price, when that sentence charges nothing else
(guard/facts/gratis.py). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

HOSPITAL = (
    "<h2>Your stay</h2>\n<p>Physiotherapy on the ward and blood tests taken during your stay are included in the "
    "charges. Visitors' parking costs £4 a day.</p>\n"
    "<p>You can cancel free of charge up to 48 hours before admission; after that, the first night is charged.</p>"
)
STUDIO = (
    "Travel within 20 miles of the studio is included. For shoots further away we charge 60p for each mile beyond "
    "the first 20."
)


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Blood tests taken during the stay aren't charged on top.", HOSPITAL, True),
        ("Physiotherapy on the ward isn't charged for on top of the charges.", HOSPITAL, True),
        ("There is no travel charge for a shoot 12 miles from the studio.", STUDIO, True),
        # the sentence that gives it free charges after 48 hours
        ("A cancellation 24 hours before admission is not charged.", HOSPITAL, False),
        ("Blood tests taken during the stay are charged on top.", HOSPITAL, False),
    ],
)
def test_a_charge_denied_agrees_with_a_thing_given_free(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
