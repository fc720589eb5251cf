"""Session 36's design (docs/FACTS.md "Obliged, compulsory, mandatory"): "obliged", "obligated", "compulsory" and
"mandatory" are modals of obligation (lexicon.ENGLISH), so "is obliged to buy" clashes with a unit that only permits
the purchase; their denials ("not obliged", "not compulsory") agree with it, the act being named after the denial or,
where nothing follows it, before ("Offering a dummy is not compulsory": negation_clash.need_denied). Passages written
for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

CONES = (
    "The machine comes with 100 paper cones. The hirer may buy a bag of 200 extra paper cones for £12. Every hirer "
    "must clean the machine before it goes back."
)
FEEDS = "Parents may offer a dummy after a feed if it helps the baby settle."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("The hirer is obliged to buy a £12 bag of 200 extra paper cones.", CONES, False),
        ("Buying a £12 bag of extra paper cones is compulsory for the hirer.", CONES, False),
        ("The hirer is obliged to clean the machine before it goes back.", CONES, True),
        ("Parents are free, but not obliged, to offer a dummy after a feed.", FEEDS, True),
        ("Offering a dummy after a feed is not compulsory.", FEEDS, True),
    ],
)
def test_obligation_words(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
