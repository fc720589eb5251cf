"""Dates: the day of the week, a date from another row or column, dates worked out from a stated
date and duration, and durations between two dated events (issue 11, branch r7-dates).

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge, judge_passages

from guard.facts import FactLabel
from guard.facts.dates import dates, same_date, states
from guard.facts.inference import shifted_date
from guard.facts.lexicon import ENGLISH
from guard.facts.slots import read_slots

KEY_DATES = """| Stage | Date |
|---|---|
| Entries open | Monday 5 January 2026 |
| Entry deadline | Friday 6 February 2026 |
| Shortlist announced | Friday 6 March 2026 |
| Final | Saturday 18 April 2026 |
"""

RELEASES = """| Release | Shipped | End of security fixes | End of all support |
|---|---|---|---|
| 3.2 | 12 May 2025 | 12 May 2027 | 12 November 2027 |
| 3.3 | 10 November 2025 | 10 November 2027 | 10 May 2028 |
"""

AGREEMENT = "The licence was signed on 2 March 2026. It runs for 2 years from the date of signature."
INVOICE = "Invoices dated Monday 2 March 2026 must be paid within 10 working days."
TRIP = "The trip leaves on Friday 12 June 2026 and returns on Sunday 14 June 2026. The trip is in 2026."


def test_the_weekday_written_before_a_date_is_read():
    (d,) = dates("The final is on Saturday 18 April 2026.")
    assert (d.day, d.month, d.year, d.weekday) == (18, 4, 2026, 5)
    assert [x.weekday for x in dates("Tues. 4 May and Thurs 6 May, sunset 7 May")] == [1, 3, None]


def test_a_wrong_weekday_for_the_same_date_is_another_date():
    (claim,) = dates("Sunday 12 June 2026")
    (given,) = dates("Friday 12 June 2026")
    (plain,) = dates("12 June 2026")
    assert same_date(claim, given) is False
    assert same_date(claim, plain) is False  # 12 June 2026 is a Friday on the calendar
    assert same_date(dates("Friday 12 June")[0], plain) is True


def test_a_bare_year_does_not_state_a_full_date():
    (claim,) = dates("on 13 June 2026")
    assert not states(dates("in 2026")[0], claim)
    assert states(dates("on Saturday 13 June")[0], claim)  # the year left to the context
    assert judge("The group stays overnight on Saturday 13 June 2026.", TRIP).label not in HOLDS
    assert judge("The trip comes back on Saturday 13 June 2026.", TRIP).label in FLAGGED


def test_a_date_from_another_row_contradicts():
    verdict = judge("Entries must be in by Friday 6 March 2026.", KEY_DATES)
    assert verdict.label is FactLabel.contradicted
    assert judge("The entry deadline is Friday 6 February 2026.", KEY_DATES).label in HOLDS
    assert judge("The shortlist is announced on 6 March 2026.", KEY_DATES).label in HOLDS


def test_a_date_from_another_column_contradicts():
    verdict = judge("Security fixes for 3.2 end on 12 November 2027.", RELEASES)
    assert verdict.label is FactLabel.contradicted
    assert judge("All support for 3.2 ends on 12 November 2027.", RELEASES).label in HOLDS
    assert judge("Security fixes for 3.2 end on 12 May 2027.", RELEASES).label in HOLDS


def test_a_release_named_by_its_number_takes_its_own_row():
    assert judge("Release 3.3 shipped on 12 May 2025.", RELEASES).label is FactLabel.contradicted
    assert judge("Release 3.3 shipped on 10 November 2025.", RELEASES).label in HOLDS


@pytest.mark.parametrize(
    ("claim", "base", "duration", "step"),
    [
        ("by 6 April 2027", "on Tuesday 18 May 2027", "at least 6 weeks before",
         "18 May 2027 - 6 weeks = 6 April 2027"),
        ("16 March 2026", "Monday 2 March 2026", "within 10 working days",
         "2 March 2026 + 10 working days = 16 March 2026"),
        ("2 March 2028", "2 March 2026", "for 2 years", "2 March 2026 + 2 years = 2 March 2028"),
        ("30 June 2026", "31 March 2026", "3 months", None),  # no 31 June: a month keeps the day
        ("3 March 2028", "2 March 2026", "for 2 years", None),
    ],
)
def test_a_date_moved_by_a_duration(claim, base, duration, step):
    durations = read_slots(duration, ENGLISH).quantities
    assert shifted_date(dates(claim)[0], dates(base), durations) == step


def test_a_date_worked_out_from_a_stated_date_and_duration_is_inferred():
    verdict = judge("The licence ends on 2 March 2028.", AGREEMENT)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == "2 March 2026 + 2 years = 2 March 2028"
    assert judge("The licence ends on 2 March 2029.", AGREEMENT).label in FLAGGED
    assert judge("Payment is due by Monday 16 March 2026.", INVOICE).label is FactLabel.inferred
    assert judge("Payment is due by Friday 13 March 2026.", INVOICE).label in FLAGGED


def test_a_duration_between_two_rows_of_a_key_dates_table():
    verdict = judge_passages("The shortlist comes four weeks after the entry deadline.", KEY_DATES)
    assert verdict.label is FactLabel.inferred
    wrong = "The shortlist comes six weeks after the entry deadline."
    assert judge_passages(wrong, KEY_DATES).label in FLAGGED


TARIFF = (
    "The night rate applies from 22:30 to 07:00 every day. The coach leaves at 08:15 and returns at 17:40."
)


def test_hours_and_minutes_are_one_duration():
    (q,) = read_slots("It takes 1 hour and 30 minutes.", ENGLISH).quantities
    assert (q.dim, q.lo) == ("duration", 1.5)
    assert [x.lo for x in read_slots("2 hours and 90 minutes", ENGLISH).quantities] == [2.0, 1.5]


@pytest.mark.parametrize(
    ("claim", "step"),
    [
        ("The night rate covers 8 hours 30 minutes.", "22:30 to 07:00 = 8 hours 30 minutes"),
        ("The coach trip lasts 9 hours 25 minutes.", "08:15 to 17:40 = 9 hours 25 minutes"),
    ],
)
def test_a_duration_between_two_times_of_one_unit_is_inferred(claim, step):
    verdict = judge(claim, TARIFF)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == step


def test_a_wrong_duration_between_two_times_is_flagged():
    assert judge("The night rate covers 9 hours 30 minutes.", TARIFF).label in FLAGGED


LETTER = (
    "Dear Ms Hale,\n\nYour appointment is on Thursday 12 March 2026 at 09:40.\n\nMedicines\n\n"
    "Stop taking iron tablets 7 days before your appointment. Keep taking your blood pressure tablets."
)


def test_a_date_a_duration_before_an_event_the_letter_dates():
    verdict = judge("Stop the iron tablets on 5 March 2026.", LETTER)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == "12 March 2026 - 7 days = 5 March 2026"
    # the duration's own side: 7 days *after* the appointment is not what the letter says
    assert judge("Stop the iron tablets on 19 March 2026.", LETTER).label in FLAGGED


def test_a_number_before_the_modal_may_is_no_date_in_may():
    from guard.facts.dates import dates

    assert dates("a brother or sister aged 16 or 17 may stay if a parent signs") == ()
    assert [d.surface for d in dates("The offer ends on 17 May 2027.")] == ["17 May 2027"]
    passage = (
        "Guests must be 18 or over, with one exception: a resident's brother or sister aged 16 or 17 may stay "
        "if a parent or guardian has signed the under-18 consent form."
    )
    from fact_judge import judge

    from guard.facts.types import FactLabel

    assert judge("A resident's 17-year-old sister may stay once a parent has signed the consent form.", passage).label in (
        FactLabel.supported,
        FactLabel.inferred,
    )
    assert judge("A resident's 15-year-old sister may stay once a parent has signed the consent form.", passage).label in (
        FactLabel.contradicted,
        FactLabel.unsupported,
    )


def test_a_time_of_day_in_words_with_its_part_of_the_day():
    from fact_judge import judge

    from guard.facts.dates import dates
    from guard.facts.types import FactLabel

    read = {d.surface: d.minutes for d in dates("from nine in the morning until five past one in the afternoon")}
    assert read == {"nine in the morning": 540, "five past one in the afternoon": 785}
    assert [d.minutes for d in dates("quarter to eight in the evening, or by 11 at night")] == [1185, 1380]
    # without the part of the day the hour is morning or afternoon, and a bare number word is a count
    assert dates("at half past 2") == () and dates("take nine tablets") == ()
    passage = "The first bus leaves the depot at 07:15 and the last one at 18:40."
    assert judge("The first bus leaves the depot at quarter past seven in the morning.", passage).label is FactLabel.supported
    assert judge("The first bus leaves the depot at quarter past eight in the morning.", passage).label is not FactLabel.supported


def test_a_count_of_doses_in_the_morning_is_no_time():
    from guard.facts.dates import dates

    assert dates("Take one in the morning and one at night.") == ()
    assert [d.minutes for d in dates("Quiet hours end at 7 in the morning.")] == [420]
