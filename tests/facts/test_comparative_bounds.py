"""Session 31's first design (docs/FACTS.md "A bound said with a comparative"): quantities' comparative bound
words ("no taller than 2 metres", "heavier than 5 kg", "-18°C or colder"), kept off bare numbers, and
quantity_check._limit_denied_past. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, UNFLAGGED, judge_passages

from guard.facts.quantities import Bound, quantities

RULES = (
    "Kites may be flown on lines no longer than 40 metres. "
    "Milk must be stored at 4°C or colder. "
    "After the operation, do not lift anything heavier than 10 kg for 6 weeks. "
    "We do not accept parcels over 20 kg at the counter. "
    "Boats must be no wider than 2.5 metres to use the lock."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # a value inside the limit keeps to it
        ("A kite on a 35-metre line keeps within the rule.", True),
        ("A fridge running at 2°C meets the storage rule for milk.", True),
        ("Lifting a 6 kg bag in the second week is within the advice.", True),
        ("A boat 2.2 metres wide can use the lock.", True),
        # a value past it does not
        ("A kite on a 55-metre line keeps within the rule.", False),
        ("A fridge running at 7°C meets the storage rule for milk.", False),
        ("A boat 3 metres wide can use the lock.", False),
        # the limit restated from its other side, the negation after the bound
        ("Parcels over 20 kg are not accepted at the counter.", True),
        ("Parcels heavier than 20,000 grams aren't accepted at the counter.", True),
    ],
)
def test_comparative_bounds(claim, ok):
    assert (judge_passages(claim, RULES).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("no longer than 30 cm", Bound.le),
        ("not taller than 2 m", Bound.le),
        ("heavier than 5 kg", Bound.gt),
        ("colder than 8 °C", Bound.lt),
        ("-18°C or colder", Bound.le),
        ("aged 65 or older", Bound.ge),
        ("younger than 5", Bound.lt),
    ],
)
def test_comparative_bound_words(text, bound):
    assert quantities(text)[0].bound is bound


def test_a_comparative_does_not_bound_a_bare_number():
    # "bigger than 50 cc" reads 50 without a unit: as a bound it would hold any smaller bare number of the text
    assert quantities("Do not use a chainsaw bigger than 50 cc.")[0].bound is Bound.eq
    verdict = judge_passages("The wood has been coppiced since the 13th century.", "Do not use a chainsaw bigger than 50 cc in the wood.")
    assert verdict.label in FLAGGED
