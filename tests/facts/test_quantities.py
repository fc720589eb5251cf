"""Quantities, numbers, dates and the small polarity words, read from real sentences."""

from __future__ import annotations

import pytest

from guard.facts.bound_words import _bounds
from guard.facts.dates import dates, same_date
from guard.facts.lexicon import ENGLISH
from guard.facts.numbers import read_number
from guard.facts.quantities import BOUND_WORDS, NAMED_AMOUNT_BOUNDS, Bound, quantities
from guard.facts.slots import read_slots


def _read(text):
    return [(q.surface, q.dim, round(q.lo, 6), round(q.hi, 6), q.bound) for q in quantities(text)]


@pytest.mark.parametrize(
    ("surface", "value"),
    [
        ("1,000", 1000.0),
        ("1.000,5", 1000.5),
        ("2,5", 2.5),
        ("1.000", 1.0),
        ("1.000.000", 1e6),
        ("7.5", 7.5),
        ("six", 6.0),
        ("twenty-five", 25.0),
        ("one hundred and five", 105.0),
        ("twice", 2.0),
        ("banana", None),
    ],
)
def test_numbers_as_written(surface, value):
    assert read_number(surface) == value


def test_febrilon_row_range_and_dose():
    assert _read("Age: 2 to 4 years | Dose: 7.5 ml") == [
        ("2 to 4 years", "duration", 2 * 8766.0, 4 * 8766.0, Bound.eq),
        ("7.5 ml", "volume", 0.0075, 0.0075, Bound.eq),
    ]


def test_age_written_with_hyphens_is_a_point_in_years():
    ((surface, dim, lo, hi, _), _dose) = _read("The dose should be 2.5 ml for 3-year-old.")[::-1]
    assert (surface, dim, lo, hi) == ("3-year-old", "duration", 3 * 8766.0, 3 * 8766.0)


@pytest.mark.parametrize(
    ("text", "lo", "hi"),
    [("2-4 years", 2, 4), ("between 6 and 12 years", 6, 12), ("from 3 to 5 years", 3, 5)],
)
def test_ranges(text, lo, hi):
    ((_, dim, q_lo, q_hi, _),) = _read(text)
    assert (dim, q_lo, q_hi) == ("duration", lo * 8766.0, hi * 8766.0)


def test_frequencies_are_rates_per_hour():
    day = _read("once a day")[0]
    week = _read("once a week")[0]
    assert day[1] == week[1] == "rate"
    assert day[2] == pytest.approx(1 / 24, abs=1e-6) and week[2] == pytest.approx(1 / 168, abs=1e-6)
    assert _read("every hour")[0][2] == 1.0
    assert _read("every 4 hours")[0][2] == 0.25
    assert _read("twice daily")[0][2] == pytest.approx(2 / 24, abs=1e-6)


def test_dosing_sentence_bounds():
    read = _read("Give the dose up to 4 times in 24 hours, leaving at least 4 hours between doses.")
    assert read[0][1:] == ("rate", pytest.approx(4 / 24, abs=1e-6), pytest.approx(4 / 24, abs=1e-6), Bound.le)
    # at least 4 hours apart is at most a quarter dose per hour
    assert read[1][1:] == ("rate", 0.25, 0.25, Bound.le)


@pytest.mark.parametrize(
    ("text", "bound"),
    [("no greater than 5 mg", Bound.le), ("greater than 5 mg", Bound.gt), ("not more than 5 mg", Bound.le)],
)
def test_bound_words_with_no_before_the_comparison(text, bound):
    # "no greater than" is one phrase of the bound-word table, not "greater than" after a "no"
    assert _read(text)[0][4] is bound


def test_named_amount_bounds_come_from_the_one_table():
    # bound_words.py reads bounds on a named amount with the directions of BOUND_WORDS
    assert NAMED_AMOUNT_BOUNDS.items() <= BOUND_WORDS.items()
    turned = _bounds("award no greater than the disputed amount, at least the statutory minimum")
    assert [(upper, phrase) for upper, _, phrase in turned] == [
        (True, "no greater than the disputed amount"),
        (False, "at least the statutory minimum"),
    ]


def test_mass_units_normalise():
    assert _read("500 mg")[0][2] == _read("0.5 g")[0][2] == 0.5
    assert _read("120 mg")[0][2] != _read("120 g")[0][2]


def test_negated_bound_is_turned_round_and_consumes_the_negation():
    ((surface, dim, lo, _, bound),) = _read("Do not give it for more than 3 days.")
    assert (dim, lo, bound) == ("duration", 72.0, Bound.le)
    assert not read_slots("Do not give it for more than 3 days.", ENGLISH).negated
    # a negation far from the bound governs the verb, not the bound
    slots = read_slots("Do not give Febrilon Children's Suspension to babies under 3 months.", ENGLISH)
    assert slots.negated and slots.quantities[0].bound is Bound.lt


def test_money_and_separators():
    assert _read("costs £1,000 or 1.000,5 EUR") == [
        ("£1,000", "money:GBP", 1000.0, 1000.0, Bound.eq),
        ("1.000,5 EUR", "money:EUR", 1000.5, 1000.5, Bound.eq),
    ]
    assert _read("£12m")[0][2] == 12e6


def test_names_with_digits_and_years_are_not_quantities():
    assert _read("COVID-19 and vitamin B12 in 2020") == []


def test_word_numbers_and_counts():
    assert _read("after six years of construction")[0][1:3] == ("duration", 6 * 8766.0)
    assert _read("10 ml x 4 doses = 40 ml")[1][:3] == ("4 doses", "count:dose", 4.0)


def test_dates_keep_only_written_parts():
    (full,) = dates("The bridge opened on 12 March 2021.")
    (month,) = dates("It opened in March 2021.")
    (other,) = dates("It opened on 14 March 2021.")
    assert (full.year, full.month, full.day) == (2021, 3, 12)
    assert (month.year, month.month, month.day) == (2021, 3, None)
    assert same_date(full, month) is True
    assert same_date(full, other) is False
    assert [d.minutes for d in dates("Open 8am to 5:30 p.m.")] == [480, 17 * 60 + 30]
    assert dates("you may take 2 doses") == ()


def test_polarity_modality_quantifiers():
    assert read_slots("Do not refrigerate.", ENGLISH).negated
    assert not read_slots("Take no more than 4 doses.", ENGLISH).negated
    assert read_slots("A baby may be given one dose.", ENGLISH).modals == {"permission"}
    assert read_slots("A baby must be given one dose.", ENGLISH).modals == {"obligation"}
    assert read_slots("Staff always work remotely.", ENGLISH).quantifiers == {"universal"}


def test_negative_temperatures_keep_their_sign_and_ranges_do_not():
    assert _read("very cold at -2°C (28°F)")[0][:3] == ("-2°C", "temperature_c", -2.0)
    assert _read("Store at 2-8°C")[0][2:4] == (2.0, 8.0)


# one example each pattern of quantities._PATTERNS reads (the comments' own examples)
_PATTERN_EXAMPLES = [
    "£5", "5 pounds", "a 5-pound roast", "EUR 160", "45p", "twice a day", "3 times daily", "every other day",
    "2 hours apart", "paid monthly", "1 in 10 people", "between 2 and 5 mg", "over 20 kg and up to 32 kg", "30 ml per day", "a 3-year-old",
    "an hour and a half", "three quarters of an hour", "325 F", "8 bank holidays", "7 calendar days", "5 ml",
    "two 250 mg capsules", "12 more months", "two extra nights", "4 doses", "aged 16 or 17", "a child of 10", "seven",
    "a fifth of the fee", "five and a half hours", "children as old as 13", "a family whose child is 7",
    "children aged 6 and 9",
]


def test_a_pattern_is_tried_only_where_its_gates_are_found_and_each_match_holds_them():
    # quantities() skips a pattern on a text without its gates: sound only if every match holds them
    from guard.facts.quantities import _PATTERNS

    for kind, pattern, gates in _PATTERNS:
        matched = [text for text in _PATTERN_EXAMPLES if pattern.search(text)]
        assert matched, kind
        assert all(gate.search(text) for text in matched for gate in gates), kind


def test_text_without_numbers_still_reads_word_quantities():
    # the patterns that need no number are still tried on a text without one
    found = quantities("Take it twice a day, every other day, for an hour and a half.")
    assert [(q.surface, q.dim) for q in found] == [
        ("twice a day", "rate"),
        ("every other day", "rate"),
        ("an hour and a half", "duration"),
    ]
