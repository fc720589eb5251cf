"""Session 33's third design (docs/FACTS.md): a claim that grants a permission on a date ("can be rejected for a fault
that appears on 4 November") inside the period the unit it is about gives for it ("within 30 days of collection"), or
says a thing still holds inside a period said with "last" ("vouchers last 9 months"), supported by inference; a date
past the period, a denied permission, or a notice a permission does not say is kept is not. Passages written for this
file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

VOUCHERS = "Gift vouchers\n\nGift vouchers last 9 months from the day they are bought and are not refundable."
REJECTION = "Your rights\n\nIf a fault appears within 30 days of collection, the buyer may reject the car and have a full refund."
MOVES = (
    "Changes\n\nA course place can be moved to a later course once, free of charge, if the Front Desk is told at least "
    "7 days before the first session."
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("A voucher bought on Friday 3 January 2042 is still good on Sunday 28 September 2042.", VOUCHERS, True),
        ("A car collected on Monday 7 October 2041 can be rejected for a fault that appears on Monday 4 November 2041.",
         REJECTION, True),
        ("A voucher bought on Friday 3 January 2042 is still good on Sunday 2 November 2042.", VOUCHERS, False),
        ("A car collected on Monday 7 October 2041 can be rejected for a fault that appears on Monday 18 November 2041.",
         REJECTION, False),
        ("A car collected on Monday 7 October 2041 cannot be rejected for a fault that appears on Monday 4 November 2041.",
         REJECTION, False),
        # a permission is no claim of notice kept: the notice rule needs "in time" (two days short here)
        ("A course place whose first session is on Saturday 12 May 2029 can be moved free by telling the Front Desk on "
         "Thursday 10 May 2029.", MOVES, False),
    ],
)
def test_a_permission_inside_its_period(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
