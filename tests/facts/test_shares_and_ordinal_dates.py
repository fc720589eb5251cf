"""Session 20's fifth design (docs/FACTS.md): a share of a fee said as a fraction ("a fifth of the fee"),
read as a percentage the arithmetic step can use, and dates with an ordinal word for the day ("the fifth of
October 2037"), with a weekday said after them ("..., which was a Monday"). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel
from guard.facts.dates import dates
from guard.facts.quantities import quantities

TERMS = (
    "A full valuation costs £600. A desktop valuation costs £250. "
    "The client pays a fifth of the fee when booking and the rest when the report is sent. "
    "These terms apply from 14 June 2038."
)

_OK = (FactLabel.supported, FactLabel.inferred)


@pytest.mark.parametrize(
    ("text", "share"),
    [("a fifth of the fee", 20.0), ("two thirds of the price", 200 / 3), ("a quarter of your deposit", 25.0)],
)
def test_a_share_of_an_amount_is_a_percentage(text, share):
    (q,) = quantities(text)
    assert q.dim == "percent" and q.lo == pytest.approx(share)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Booking a £600 full valuation takes a payment of £120.", True),
        ("Booking a £250 desktop valuation takes a payment of £50.", True),
        ("Booking a £600 full valuation takes a payment of £150.", False),
    ],
)
def test_a_share_of_the_fee(claim, ok):
    assert (judge_passages(claim, TERMS).label in _OK) is ok


@pytest.mark.parametrize(
    ("text", "day", "weekday"),
    [
        ("since the fourteenth of June 2038, which was a Monday", (2038, 6, 14), 0),
        ("on a Monday, the fourteenth of June 2038", (2038, 6, 14), 0),
        ("on the twenty-first of May 2037", (2037, 5, 21), None),
    ],
)
def test_a_day_as_an_ordinal_word(text, day, weekday):
    (d,) = dates(text)
    assert (d.year, d.month, d.day) == day and d.weekday == weekday


def test_ordinal_words_outside_dates_are_no_dates():
    assert dates("the first of the two visits, a second dose, the third week of May") == ()


def test_a_wrong_weekday_said_after_a_worded_date():
    verdict = judge_passages("These terms apply from the fourteenth of June 2038, which was a Tuesday.", TERMS)
    assert verdict.label is FactLabel.contradicted
