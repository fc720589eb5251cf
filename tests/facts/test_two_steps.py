"""A price two steps from the rows a claim names: several rows added up, a count of items with a
discount, a difference of a multiple. Each right total has a wrong twin that must stay flagged.

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel
from guard.facts.matching import two_steps
from guard.facts.quantities import quantities

CLINIC = (
    "| Appointment | Length | Price |\n|---|---|---|\n"
    "| Initial consultation with examination | 40 minutes | £55 |\n"
    "| Follow-up session (massage, stretching) | 30 minutes | £38 |\n"
    "| Sports taping | 15 minutes | £20 |\n"
)
BIKES = "A bike service costs £24. Three or more bikes booked in together get 15% off the total."
PASSES = "A single ticket costs £7.50. A family ticket costs £32."


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("An initial consultation followed by three follow-up sessions costs £169 in total.", CLINIC),  # 55 + 3 x 38
        ("Five bikes booked in together for a service cost £102.", BIKES),  # 5 x £24 less 15 %
        ("Five single tickets cost £5.50 more than a family ticket.", PASSES),  # 5 x £7.50 - £32
    ],
)
def test_a_price_two_steps_from_the_named_rows_is_inferred(claim, passage):
    verdict = judge_passages(claim, passage)
    assert verdict.label is FactLabel.inferred, verdict


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("An initial consultation followed by three follow-up sessions costs £179 in total.", CLINIC),
        ("Five bikes booked in together for a service cost £108.", BIKES),
        ("Five single tickets cost £6.50 more than a family ticket.", PASSES),
    ],
)
def test_a_wrong_total_stays_flagged(claim, passage):
    assert judge_passages(claim, passage).label in (FactLabel.contradicted, FactLabel.unsupported)


def test_a_two_step_result_must_be_the_price_to_the_penny():
    # (£2.80 + 15 %) + £3.20 is £6.42: within a writer's rounding of £6.40, but not the price
    pool = list(quantities("£2.80, 15 %, £3.20"))
    assert two_steps(quantities("£6.42")[0], pool) is not None
    assert two_steps(quantities("£6.40")[0], pool) is None


def test_only_prices_take_two_steps():
    # 14 days x 12 / 8 = 21 days: a chain that lands on a duration by chance
    pool = list(quantities("14 days, 12, 8"))
    assert two_steps(quantities("21 days")[0], pool) is None
