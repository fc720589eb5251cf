"""Session 32's second design (docs/FACTS.md): a price under a table header that names a measure ("Price per
metre", "Price a metre, fitted", "Fee per metre per year", "£ / kg") is a rate per that measure, so a claim's
amount of the measure times it gives a total ("Ten metres come to £220" against "Price a metre: £22"), and the
rate restated with its measure holds ("£14 a metre"). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

from guard.facts.tables import with_header_rate

EDGING = (
    "| Edging | Price per metre, laid |\n|---|---|\n| Timber | £9 |\n| Steel | £16 |\n| Stone | £31 |\n\n"
    "Laying is done by our own team within 3 weeks of the order."
)
COMPOST = "| Compost | Price per kg |\n|---|---|\n| Peat-free | £1.20 |\n| Ericaceous | £1.50 |\n"


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Twelve metres of steel edging cost £192 laid.", EDGING, True),
        ("Steel edging costs £16 a metre, laid.", EDGING, True),
        ("Timber edging costs £16 a metre, laid.", EDGING, False),
        ("Twelve metres of steel edging cost £16 laid.", EDGING, False),
        ("A 5 kg bag of peat-free compost costs £6.", COMPOST, True),
        ("A 5 kg bag of peat-free compost costs £9.", COMPOST, False),
    ],
)
def test_a_price_under_a_header_that_names_a_measure_is_a_rate(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)


@pytest.mark.parametrize(
    ("header", "cell", "read"),
    [
        ("Price a metre, fitted", "£22", "£22 per metre"),
        ("Fee per metre per year", "£62", "£62 per metre"),
        ("Pay as you go, per kWh", "45p", "45p per kWh"),
        # a period is periods.py's; a counted thing and a word that only follows "a" are not measures
        ("Price per hour", "£14", "£14"),
        ("Price per child", "£5", "£5"),
        ("Price with a Council Tax Reduction", "£5", "£5"),
        # a cell that states its own rate, or two values, is left as it is
        ("Price per metre", "£14 a metre", "£14 a metre"),
        ("Price per metre", "£14 to £18", "£14 to £18"),
    ],
)
def test_which_headers_give_a_rate(header, cell, read):
    assert with_header_rate(header, cell) == read
