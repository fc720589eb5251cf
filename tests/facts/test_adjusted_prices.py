"""Session 21's second design (docs/FACTS.md): a price changed by a unit whose condition the claim's group size
or age meets, and a party's total with such a changed price (guard/facts/adjustments.py, baskets.py). Passages
written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.adjustments import adjustments_for_age, group_size
from guard.facts.lexicon import lexicon_for
from guard.facts.slots import read_slots

BOWLING = (
    "- What does a game cost? Lanes are £8 a player for one game, and children aged 5 to 15 pay £3 less than "
    "adults.\n- Do you take groups? Groups of 8 or more get £1.50 off per player. We do not take groups of more "
    "than 30.\n"
)
CLIMBING = (
    "<p>Parties of 6 or more booking a taster climb together get 25% off.</p>\n"
    "<table><tr><th>Session</th><th>Price</th></tr><tr><td>Taster climb (1 hour)</td><td>£24</td></tr>"
    "<tr><td>Bouldering pass (day)</td><td>£14</td></tr></table>"
    "<table><tr><th>Age</th><th>Price</th></tr><tr><td>6 to 15</td><td>£6 off each session</td></tr>"
    "<tr><td>16 to 59</td><td>The prices above</td></tr><tr><td>60 and over</td><td>£4 off each session</td></tr></table>"
)
CANAL = "A boat trip costs £12 for adults. Under-12s pay half price. Trips run from April to October."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("A group of 10 players pays £6.50 per head for a game.", BOWLING, True),
        ("A group of 10 players pays £65 for a game.", BOWLING, True),
        ("A group of 6 players pays £6.50 per head for a game.", BOWLING, False),  # under the band of 8 or more
        ("A group of 10 players pays £70 for a game.", BOWLING, False),
        ("Two adults and a 9-year-old pay £21 altogether for a game.", BOWLING, True),
        ("Two adults and a 9-year-old pay £24 altogether for a game.", BOWLING, False),
        ("A 64-year-old pays £20 for a taster climb.", CLIMBING, True),
        ("A 12-year-old pays £8 for a bouldering pass.", CLIMBING, True),
        ("A 40-year-old pays £20 for a taster climb.", CLIMBING, False),  # no change for 16 to 59
        ("A party of 8 adults pays £144 for a taster climb.", CLIMBING, True),
        ("Two adults and an 8-year-old pay £30 altogether for a boat trip.", CANAL, True),
        ("Two adults and a 14-year-old pay £30 altogether for a boat trip.", CANAL, False),  # 14 is not under 12
    ],
)
def test_prices_changed_for_the_claims_group_or_age(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok


def test_the_group_size_and_the_age_bands_read():
    lexicon = lexicon_for("en")
    assert group_size(read_slots("A party of 8 adults pays £144.", lexicon)).lo == 8
    assert group_size(read_slots("Four throwers pay £88.", lexicon)).lo == 4
    assert group_size(read_slots("An adult pays £8.", lexicon)) is None
    canal = read_slots(CANAL, lexicon)
    assert [a.factor for a in adjustments_for_age(canal, 8)] == [0.5]
    assert adjustments_for_age(canal, 14) == []
    row = read_slots("Age: 60 and over | Price: £4 off each session", lexicon, table_row=True)
    assert [a.less for a in adjustments_for_age(row, 64)] == [4.0]
