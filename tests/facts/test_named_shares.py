"""Session 33's fourth design (docs/FACTS.md): a percentage of the price the claim is about, the percentage being one
whose own words the claim names ("A deposit of 40% is paid with the order": a £380 deposit on a £950 door), supported
by inference; another row's price, another share, or a share the claim does not name is not. Passages written for this
file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

DOORS = (
    "## Prices\n\n| Door | Price, fitted |\n|---|---|\n| Sectional | £950 |\n| Roller | £1,600 |\n\n"
    "## Paying\n\nA deposit of 40% is paid with the order, and the rest on the day the door is fitted."
)
BATHROOMS = (
    "## Packages\n\n| Package | Price fitted |\n|---|---|\n| Standard | £4,800 |\n| Deluxe | £7,200 |\n\n"
    "**Payment.** A deposit of 20% is paid with the order, a further 50% when the work starts, and the rest when the "
    "work is finished."
)

BOATS = (
    "## The boats\n\n| Boat | Length | Price |\n|---|---|---|\n| Tender | 2.4 m | £6,900 |\n| Dinghy | 3.6 m | £11,400 |\n\n"
    "**Deposit.** A deposit of 25% of the price is paid when the order is signed, and the rest when the boat is handed over."
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Ordering the sectional door means paying a £380 deposit.", DOORS, True),
        ("Ordering the roller door means paying a £640 deposit.", DOORS, True),
        ("The deposit for a standard bathroom comes to £960.", BATHROOMS, True),
        ("A client ordering a tender pays a deposit of £1,725.", BOATS, True),
        # the sectional door's deposit for the roller door, the tender's for the dinghy
        ("Ordering the roller door means paying a £380 deposit.", DOORS, False),
        ("A client ordering a dinghy pays a deposit of £1,725.", BOATS, False),
        # the standard package's deposit for the deluxe one, and the deposit called the payment at the start of work
        ("The deposit for a deluxe bathroom comes to £960.", BATHROOMS, False),
        ("The payment when the work on a standard bathroom starts is £960.", BATHROOMS, False),
    ],
)
def test_a_named_share_of_the_price(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
