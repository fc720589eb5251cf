"""Session 26's fourth design (docs/FACTS.md): a term a unit states by its start and its length ("starts on
Saturday 4 May 2052 and lasts 3 weeks", "runs for 24 months from 1 September 2050") gives its end ("runs until
Saturday 25 May 2052", "ends on 31 August 2052", the day before the length's date or that date) and the days
inside it ("still running in March 2052"), supported by inference. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

HIRE = (
    "Marquee hire agreement. The hire of the marquee starts on Saturday 4 May 2052 and lasts 3 weeks. "
    "The fee is £900, paid before delivery. Our crew puts the marquee up and takes it down."
)
LEASE = "The lease runs for 24 months from 1 September 2050. The rent is £1,100 a month, paid by standing order."


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("The 3-week marquee hire runs until Saturday 25 May 2052.", HIRE, True),
        ("The marquee hire runs until Saturday 1 June 2052.", HIRE, False),
        ("The lease ends on 31 August 2052.", LEASE, True),
        ("The lease ends on 31 August 2053.", LEASE, False),
        ("The lease runs until the end of August 2052.", LEASE, True),
        ("The lease is still running in March 2052.", LEASE, True),
        ("The lease is still running in October 2052.", LEASE, False),
    ],
)
def test_the_end_of_a_term_and_a_day_inside_it(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
