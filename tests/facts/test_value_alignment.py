"""Values and alignment (issue 11, session 9; docs/FACTS.md "Values and alignment").

A differing or copied value counts against a claim only from a unit that is about the claim's
value; a total the claim says it adds up is read from the units its words point to; numeric facts
restated in other words (dozens, clock times in words) are read as the same values.
Made-up texts, none of them a hard case.
"""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

from guard.facts.dates import dates
from guard.facts.lexicon import ENGLISH
from guard.facts.slots import read_slots
from guard.facts.types import FactLabel

PRICES = """| Item | Price |
|---|---|
| Window clean | £20 |
| Gutter clear | £35 |
| Conservatory roof | £55 |

A ladder hire surcharge of £15 applies to three-storey houses."""

DELIVERY = "Delivery within 10 miles of the shop costs £5, and is free on orders over £50."

DOSES = """| Age | Dose | Doses in 24 hours |
|---|---|---|
| 1 to 3 years | 2.5 ml | up to 3 |
| 3 to 6 years | 5 ml | up to 4 |"""


def test_a_total_the_claim_adds_up_is_not_another_rows_value():
    # £20 + £15 = £35, which the gutter row also writes; the claim's words point to the window row
    # and the surcharge sentence, and "comes to" says it adds them
    verdict = judge("A window clean on a three-storey house with the ladder hire surcharge comes to £35.", PRICES)
    assert verdict.label in HOLDS


def test_another_rows_value_said_without_a_step_stays_contradicted():
    verdict = judge("A window clean costs £35.", PRICES)
    assert verdict.label is FactLabel.contradicted


def test_a_value_inside_the_limit_the_claims_words_bind_it_to():
    # the £5 has only the sentence's head words; "free" and "orders" bind the claim to "over £50"
    assert judge("An £80 order gets free delivery within 10 miles.", DELIVERY).label in HOLDS


def test_a_value_outside_that_limit_is_still_flagged():
    assert judge("A £30 order gets free delivery within 10 miles.", DELIVERY).label in FLAGGED


def test_the_row_the_claim_asks_about_still_contradicts_another_rows_dose():
    # the headline shape: a dose copied from another row for an age in this row's band
    assert judge("The dose for a 4-year-old is 2.5 ml.", DOSES).label is FactLabel.contradicted


@pytest.mark.parametrize(
    ("text", "dim", "value"),
    [
        ("They sold two dozen eggs.", "count:egg", 24.0),
        ("He took almost four dozen wickets.", "count:wicket", 48.0),
    ],
)
def test_dozens_are_counts_of_twelve(text, dim, value):
    (quantity,) = read_slots(text, ENGLISH).quantities
    assert (quantity.dim, quantity.lo) == (dim, value)


def test_a_hedged_dozen_agrees_with_the_count_it_rounds():
    assert judge("The club has almost four dozen members.", "The club has 47 members.").label in HOLDS


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("The first bus leaves at quarter past seven in the morning.", 7 * 60 + 15),
        ("Doors close at ten to nine in the evening.", 20 * 60 + 50),
        ("The shop opens at 9 o'clock in the morning.", 9 * 60),
        ("It arrives at half past two in the afternoon.", 14 * 60 + 30),
    ],
)
def test_clock_times_in_words(text, minutes):
    (slot,) = dates(text)
    assert slot.minutes == minutes


def test_a_count_in_the_morning_is_no_time():
    # "past", "to" or "o'clock" make it a time; "take two in the morning" is a dose
    assert dates("Take two in the morning and two at night.") == ()


def test_a_clock_time_in_words_is_checked_against_the_timetable():
    timetable = "| Stop | Bus 1 | Bus 2 |\n|---|---|---|\n| Harbour | 07:15 | 09:45 |"
    assert judge("The first bus leaves Harbour at quarter past seven in the morning.", timetable).label in HOLDS
    assert judge("The first bus leaves Harbour at quarter past eight in the morning.", timetable).label in FLAGGED


def test_an_amount_over_a_period_with_what_is_measured_between():
    (_, amount) = read_slots("A 2-year-old can have up to 7.5 ml of Calmex in 24 hours.", ENGLISH).quantities
    assert amount.period == 24.0
    verdict = judge("A 2-year-old can have up to 7.5 ml of the syrup in 24 hours.", DOSES)
    assert verdict.label in HOLDS  # 2.5 ml x up to 3 doses in 24 hours


def test_an_interval_said_as_a_fraction_of_a_day():
    passage = "Leave at least 6 hours between doses."
    assert judge("Doses should be at least a quarter of a day apart.", passage).label in HOLDS
    assert judge("Doses should be at least half an hour apart.", passage).label in FLAGGED
