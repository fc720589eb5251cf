"""Correct two-fact inferences and paraphrases are not flagged; wrong ones still are (issue 11 item 3).

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel
from guard.facts.dates import dates
from guard.facts.inference import equal_parts, regimen_total, shifted_time, year_span
from guard.facts.quantities import Bound, quantities

REGIMEN = "Linovex 100 mg tablets.\n\nTake 2 tablets three times a day for 5 days. Give 10 ml four times a day."
LEAVE = "New parents receive 18 weeks of leave on full pay, followed by up to 18 weeks of unpaid leave."
HISTORY = "The mill opened in 1842 and closed in 1911. It employed 300 people."
HOURS = "The library is open from 08:00 to 20:00. The reading room closes 45 minutes before the library."
SHOP = "Adult tickets cost £12 and child tickets cost £8. Delivery adds £4.50 to any order."


@pytest.mark.parametrize(
    ("claim", "step"),
    [
        ("The full course adds up to 30 tablets.", "2 tablets × 3 a day × 5 days = 30 tablets"),
        ("That is 6 tablets a day.", "2 tablets × 3 a day = 6 tablets a day"),
        ("The child gets 40 ml per day in total.", "= 40 ml"),
    ],
)
def test_regimen_totals_are_inferred_with_their_step(claim, step):
    verdict = judge_passages(claim, REGIMEN)
    assert verdict.label is FactLabel.inferred
    assert step in (verdict.inference or "")


@pytest.mark.parametrize("claim", ["The full course adds up to 35 tablets.", "That is 8 tablets a day."])
def test_a_wrong_total_is_not_inferred(claim):
    assert judge_passages(claim, REGIMEN).label in (FactLabel.contradicted, FactLabel.unsupported)


def test_two_equal_parts_said_as_a_total():
    verdict = judge_passages("New parents can take up to 36 weeks of leave in total.", LEAVE)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == "18 weeks + 18 weeks = 36 weeks"
    # without a word saying it is a total, 36 weeks is not what the unit binds to leave
    assert judge_passages("New parents can take up to 36 weeks of leave on full pay.", LEAVE).label is not FactLabel.inferred


def test_a_span_between_two_years_of_one_unit():
    verdict = judge_passages("The mill ran for 69 years.", HISTORY)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == "1911 - 1842 = 69 years"
    assert judge_passages("The mill ran for 70 years.", HISTORY).label is not FactLabel.inferred


def test_a_time_shifted_by_a_stated_duration():
    verdict = judge_passages("The reading room closes at 19:15.", HOURS)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == "20:00 - 45 minutes = 19:15"
    assert judge_passages("The reading room closes at 19:30.", HOURS).label is FactLabel.unsupported


def test_a_difference_of_two_prices_is_inferred():
    assert judge_passages("A child ticket is £4 cheaper than an adult ticket.", SHOP).label is FactLabel.inferred


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        ("Take one tablet every 12 hours with food.", "The tablet is taken twice daily with a meal."),
        ("Each sachet contains 0.5 g of powder.", "There are 500 mg of powder in each sachet."),
        ("The warranty lasts 6 years.", "The warranty lasts six years."),
        ("The lease runs for twelve months from the start date.", "The lease lasts one year from the start date."),
        ("Refunds are issued within 14 days of the return.", "Your refund comes no later than two weeks after the return."),
        ("The tank holds 2.5 litres of water.", "The water tank has a capacity of 2,500 ml."),
        ("The battery lasts up to 10 hours.", "You get as much as ten hours from one charge."),
        ("The office is open from 09:00 to 17:30.", "The office closes at 5.30pm."),
    ],
)
def test_paraphrases_in_other_units_and_words_are_supported(evidence, claim):
    assert judge_passages(claim, evidence).label is FactLabel.supported


def test_number_readings_behind_the_paraphrases():
    assert [q.lo for q in quantities("It cost £412,000, twice the estimate.")] == [412000.0]
    assert quantities("A full course adds up to 42 capsules.")[0].bound is Bound.eq
    assert quantities("Give up to 42 capsules.")[0].bound is Bound.le
    worked = quantities("working 37.5 hours over five days")
    assert [q.bound for q in worked] == [Bound.eq, Bound.eq]
    assert quantities("5 children over 12 years")[-1].bound is Bound.gt
    assert [(q.dim, q.bound) for q in quantities("Children younger than three should not use it.")] == [
        ("number", Bound.lt)
    ]
    assert dates("closes at 5.30pm")[0].minutes == 17 * 60 + 30


def test_inference_helpers_directly():
    course = quantities("Take 2 tablets three times a day for 5 days.")
    from guard.facts.lexicon import ENGLISH
    from guard.facts.slots import read_slots

    values = read_slots("Take 2 tablets three times a day for 5 days.", ENGLISH).quantities
    assert regimen_total(quantities("30 tablets")[0], [values]) is not None
    assert regimen_total(quantities("31 tablets")[0], [values]) is None
    assert regimen_total(quantities("30 tablets")[0], [course[:1]]) is None  # no frequency: no regimen
    assert equal_parts(quantities("36 weeks")[0], [quantities("18 weeks then 18 weeks")]) is not None
    assert equal_parts(quantities("36 weeks")[0], [quantities("18 weeks")]) is None  # one value is not two
    assert year_span(quantities("69 years")[0], dates("opened in 1842, closed in 1911")) == "1911 - 1842 = 69 years"
    assert year_span(quantities("69 days")[0], dates("opened in 1842, closed in 1911")) is None
    assert shifted_time(dates("at 19:15")[0], dates("until 20:00"), quantities("45 minutes")) is not None


def test_a_per_day_average_over_the_claims_own_span_of_days():
    # the second sentence limits days (at home); the claim's "over five days" is the step's premise
    week = "Staff are contracted for 40 hours a week. Staff may work from home on up to three days a week."
    verdict = judge_passages("Working 40 hours over five days is 8 hours a day on average.", week)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == "40 hours a week ÷ five days = 8 hours a day"
    assert judge_passages("Working 40 hours over five days is 9 hours a day on average.", week).label is not FactLabel.inferred
