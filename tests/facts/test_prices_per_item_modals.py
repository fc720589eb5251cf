"""Session 39's design (docs/FACTS.md "A price per item is the item's price"): the value-modal check
(modal_clash.value_modal_clash) finds the claim's price in a unit that gives it per item ("at £60 a net" for "a £60
net"), so a duty made of an extra offered at that price is read against the unit's "may"; "bound to" is a duty, as
"obliged to" is. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

TERMS = (
    "This agreement is between Harlowe Nets (the supplier) and Brackwater Tennis Club (the club) for new nets on the "
    "club's four courts.\n\n"
    "Terms: The club may ask for a spare net for each court, at £60 a net.\n\n"
    "Terms: The club must give 14 days' notice before the nets are fitted.\n"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("The club can order a spare net for each court at £60 a net.", True),
        ("The club is bound to give 14 days' notice before the nets are fitted.", True),
        ("The club is obliged to buy a £60 spare net for every court.", False),
        ("Brackwater Tennis Club is bound to pay £60 for a spare net on every court.", False),
    ],
)
def test_a_duty_made_of_an_extra_priced_per_item(claim, ok):
    assert (judge_passages(claim, TERMS).label in UNFLAGGED) is ok
