"""Session 25's second design (docs/FACTS.md): the weekday a claim gives a dated event ("The agreement starts on a
Sunday" against "runs for 3 years from 1 September 2058") is supported by inference when a date of a unit about the
claim, in the clause about it, falls on that weekday, and contradicted when the unit's date falls on another
(guard/facts/weekdays.py, rule date.weekday_differs); the claim's own date is held to the calendar. Found on the open
halves val59 to val65 (and the spent held halves val61h to val64h): the "07" derived date of the newest splits.
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

LEASE = "**2. Term.** The lease runs for 5 years from 1 September 2058, and rent is paid on the first day of each quarter."
FAIR = "# Brockhurst Apple Fair 2059\n\n- Saturday 4 October 2059, on the village green.\n- Entry is free."
BASKETS = "| Season | Put up on 1 May 2058 and taken down by 30 September 2058 |"
MOVE = "From 3 March 2059 the clinic moves to the new Outpatients building on Mill Lane."


@pytest.mark.parametrize(
    ("claim", "passage", "label"),
    [
        ("The lease starts on a Sunday.", LEASE, "inferred"),  # 1 September 2058 is a Sunday
        ("The lease starts on a Monday.", LEASE, "contradicted"),
        ("The apple fair is held on a Saturday.", FAIR, "inferred"),
        ("The apple fair is held on a Sunday.", FAIR, "contradicted"),
        ("The hanging baskets are put up on a Wednesday.", BASKETS, "inferred"),  # 1 May 2058
        ("The hanging baskets are put up on a Monday.", BASKETS, "contradicted"),  # 30 September 2058 is the taking down
        ("The clinic's move to the Outpatients building falls on a Monday.", MOVE, "inferred"),
        ("The clinic's move to the Outpatients building falls on a Friday.", MOVE, "contradicted"),
        ("The first quarter's rent under the lease, due on 1 September 2058, is paid on a Sunday.", LEASE, "inferred"),
        ("The first quarter's rent under the lease, due on 1 September 2058, is paid on a Tuesday.", LEASE, "contradicted"),
    ],
)
def test_the_weekday_of_a_dated_event(claim, passage, label):
    assert judge(claim, passage).label.value == label


def test_a_weekday_with_a_time_is_left_to_the_hours_checks():
    verdict = judge("The clinic's move to the Outpatients building happens at 09:00 on a Friday.", MOVE)
    assert verdict.rule != "date.weekday_differs"


def test_a_weekday_in_a_condition_is_no_event_date():
    verdict = judge("If the lease is signed on a Monday, it starts on a Monday.", LEASE)
    assert verdict.rule != "date.weekday_differs" and verdict.label.value != "inferred"
