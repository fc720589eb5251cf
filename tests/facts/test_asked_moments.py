"""Session 26's first design (docs/FACTS.md): a moment a claim asks about ("may start up at 08:30", "a delivery
arriving at 16:45 is within the hours", "a session from 13:00 to 15:30 fits") inside the hours a unit about the
claim states, anywhere in the document, is supported by inference; its "start" or "arriving" names the moment
tested, not an endpoint the claim asserts. The days of a span are the ones written with it when a sentence gives
several spans ("on Mondays from 13:00 to 17:00 and on the second Saturday ... from 09:00 to 11:00"), and a table row
of hours counts only when the claim names its key. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

YARD = (
    "# Brinkley Wharf: deliveries\n\n"
    "Brinkley Wharf stores building materials for the Canal Quarter works. The site manager, Ines Varga, keeps "
    "the delivery log. Drivers report to the gatehouse and wear a hard hat on site.\n\n"
    "Deliveries are taken between 07:30 and 17:00, Monday to Friday.\n\n"
    "Cranes may operate between 07:00 and 19:00 on weekdays and between 08:00 and 13:00 on Saturdays, and never "
    "on Sundays."
)
HALL = (
    "Corve Street Hall is run by a charity. The main hall seats 120 and has a small kitchen.\n\n"
    "The hall can be booked between 09:00 and 16:00, Monday to Friday. Bookings are taken by the caretaker, "
    "Mo Achebe."
)
CLINIC = (
    "# Foot clinic, Hambleden Health Centre\n\n"
    "The podiatrist, Ruth Okoye, treats corns, ingrown toenails and diabetic foot problems.\n\n"
    "The clinic runs on Mondays from 13:00 to 17:00 and on the second Saturday of each month from 09:00 to 11:00."
)
RIDE = "Start times: Long route 6:30 to 7:30 am; Medium route 7:30 to 8:30 am; Short route 9 to 10 am."
CORE = "Core hours are 10:00 to 15:00, Monday to Friday. Staff choose when to work outside core hours."
POOL = (
    "| Time | Lane hire, per hour |\n|---|---|\n"
    "| Off-peak (weekdays 06:00 to 16:00) | £18 |\n"
    "| Peak (weekdays 16:00 to 21:00, weekends 07:00 to 18:00) | £30 |\n"
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("A delivery arriving at 16:45 on a Thursday is within the wharf's delivery hours.", YARD, True),
        ("A delivery arriving at 17:30 on a Thursday is within the wharf's delivery hours.", YARD, False),
        ("The cranes may start up at 08:30 on a Saturday.", YARD, True),
        ("The cranes may start up at 07:30 on a Saturday.", YARD, False),
        ("The cranes may be working at 10:00 on a Sunday.", YARD, False),  # a day the unit denies
        ("A session from 13:00 to 15:30 on a Wednesday fits the hall's booking hours.", HALL, True),
        ("A session from 14:00 to 17:00 on a Wednesday fits the hall's booking hours.", HALL, False),
        ("A session from 13:00 to 15:30 on a Sunday fits the hall's booking hours.", HALL, False),
        ("A patient can be seen at 15:30 on a Monday at the foot clinic.", CLINIC, True),
        ("A patient can be seen at 15:30 on a Saturday at the foot clinic.", CLINIC, False),  # Saturday's span is 09:00 to 11:00
        ("A rider on the Long route starting at 7 am is within the start times.", RIDE, True),
        ("A rider on the Long route starting at 8 am is within the start times.", RIDE, False),  # the Medium route's part
        ("Staff can start work at 11:00.", CORE, False),  # hours to be at work: no moment to start inside them
        ("A swimmer can hire a lane at 11:00 on a Tuesday at the off-peak rate.", POOL, True),
        ("A swimmer can hire a lane at 19:00 on a Tuesday at the off-peak rate.", POOL, False),  # the Peak row's hours
    ],
)
def test_a_moment_asked_about_inside_stated_hours(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
