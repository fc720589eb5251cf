"""Session 46's design on a share of a price (docs/FACTS.md "A deposit of a percentage"): "A deposit of 20% is paid
when this commission is signed" over a table of four priced items makes the deposit 20% of the four prices' total;
over a price list, 20% of the price of the one item the claim names. Passages written for this file; the whole of
verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

COMMISSION = (
    "# Portnacroish rowing club: a new skiff\n\n"
    "Portnacroish Rowing Club commissions Appin Boatwrights to build a St Ayles skiff for the club.\n\n"
    "| Item | Work | Price |\n|---|---|---|\n"
    "| Hull | Planked in larch on oak frames | £6,240 |\n"
    "| Oars | Five spruce oars and a steering oar | £1,380 |\n"
    "| Fittings | Thole pins, seats and a rudder | £960 |\n"
    "| Trailer | A galvanised road trailer | £2,420 |\n\n"
    "**Terms**\n\n"
    "1. A deposit of 20% is paid when this commission is signed, and the rest at the launch.\n"
    "2. Only larch and oak are used for the hull.\n"
)

PRICE_LIST = (
    "# Kentallen sheds: prices\n\n"
    "- **Potting shed:** £1,850, built on a timber base.\n"
    "- **Bike store:** £960, with a lockable door.\n"
    "- **Log store:** £640, open at the front.\n\n"
    "A deposit of 30% of the price is paid with the order, and the rest on the day the shed is built.\n"
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("When the commission is signed, the rowing club pays Appin Boatwrights a deposit of £2,200.", COMMISSION, True),
        ("When the commission is signed, the rowing club pays Appin Boatwrights a deposit of £2,750.", COMMISSION, False),
        ("Ordering a bike store means paying a deposit of £288.", PRICE_LIST, True),
        ("Ordering a bike store means paying a deposit of £192.", PRICE_LIST, False),
        ("Ordering a log store means paying a deposit of £288.", PRICE_LIST, False),
    ],
)
def test_a_deposit_is_its_share_of_the_price(claim, passage, holds):
    label = verified_label(claim, passage)
    assert (label == "supported") is holds, label
