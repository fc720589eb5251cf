"""Session 22's second design (docs/FACTS.md): a charge for each thing past an allowance ("Each letter after the
80th costs £3") and a claim's count past it, alone or with the base price (guard/facts/overage.py). Passages
written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.numbers import read_ordinal

ENGRAVER = (
    "| Item | Price |\n|---|---|\n| Brass plaque | £85 |\n| Oak plaque | £120 |\n\n"
    "Every plaque includes up to 40 letters. Each letter after the 40th costs 50p. "
    "Orders are ready in 10 working days."
)
KENNELS = (
    "A kennel for one dog costs £21 a night. A family suite takes up to two dogs and costs £30 a night. "
    "Each dog over two adds £9 a night to a family suite. We walk every dog twice a day."
)
STUDIO = (
    "The Podcast package covers up to 2 hours of studio time and costs £160. The Album package covers up to "
    "8 hours of studio time and costs £520. Each hour of studio time beyond the hours of the package costs £70."
)
QUIZ = "Teams of up to six play for free. Each player over six adds 5 minutes to the team's waiting time."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("A plaque of 52 letters adds £6 to the price.", ENGRAVER, True),
        ("A brass plaque with 46 letters costs £88.", ENGRAVER, True),
        ("A plaque of 52 letters adds £26 to the price.", ENGRAVER, False),  # every character charged
        ("A brass plaque with 46 letters costs £123.", ENGRAVER, False),  # the oak plaque's price
        ("A family suite for four dogs costs £48 a night.", KENNELS, True),
        ("An Album session of 10 hours of studio time costs £660.", STUDIO, True),
        ("An Album session of 10 hours of studio time costs £300.", STUDIO, False),  # the Podcast package's base
        ("A team of eight players has 10 minutes added to its waiting time.", QUIZ, True),
        ("A team of eight players has 15 minutes added to its waiting time.", QUIZ, False),
    ],
)
def test_a_charge_for_each_thing_past_an_allowance(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok


def test_ordinals_read_as_positions():
    assert [read_ordinal(w) for w in ("80th", "fourth", "twenty-first", "three")] == [80, 4, 21, None]


PARKING = (
    "| Vehicle | First 2 hours | Each further hour or part of it |\n|---|---|---|\n"
    "| Car | £3 | £1.50 |\n| Van | £5 | £2.50 |\n\nThe car park is open from 06:00 to 23:00."
)
TAXI = "Waiting time is free for the first 10 minutes, then £3 for each further 5 minutes. Luggage travels free."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("A car parked for 5 hours pays £7.50.", PARKING, True),
        ("A car parked for 3.5 hours pays £6.", PARKING, True),  # a part of an hour is charged as an hour
        ("A van parked for 5 hours pays £7.50.", PARKING, False),  # the car's row
        ("A car parked for 5 hours pays £9.", PARKING, False),
        ("Waiting 25 minutes adds £9 to the fare.", TAXI, True),
        ("Waiting 25 minutes adds £12 to the fare.", TAXI, False),
    ],
)
def test_a_first_allowance_and_each_further_block(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
