"""Session 23's second design (docs/FACTS.md): a day inside a period a unit states ("the cattle may still be grazing
on Saturday 30 October 2049" against "The grazing season runs from Saturday 1 May 2049 to Sunday 31 October 2049"),
guard/facts/hours.inside_stated_period. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

ALLOTMENT = (
    "This agreement is made on Tuesday 4 January 2050 between Fenwick Parish Council and the tenant, Aled Morris. "
    "The tenancy of plot 12 runs from Monday 1 March 2050 to Thursday 28 February 2051. The rent is £45 a year."
)
EXHIBITION = (
    "| Room | Exhibition | Dates |\n|---|---|---|\n"
    "| Gallery 2 | Northern Clocks | 3 May 2050 to 30 September 2050 |\n"
)
LOAN = "The museum may show the Harwood clock from 1 June 2050 until 31 August 2050. It is insured for £80,000."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Aled Morris is still the tenant of plot 12 on Tuesday 15 November 2050.", ALLOTMENT, True),
        ("Aled Morris is still the tenant of plot 12 on Friday 15 March 2051.", ALLOTMENT, False),  # after the end
        ("Aled Morris's tenancy of plot 12 begins on Monday 8 March 2050.", ALLOTMENT, False),  # an endpoint
        ("Aled Morris signs the agreement on Monday 8 March 2050.", ALLOTMENT, False),  # an event, not a state
        ("Aled Morris is still the tenant of plot 12 on Friday 15 November 2050.", ALLOTMENT, False),  # a Tuesday
        ("Visitors can see Northern Clocks in Gallery 2 on 14 August 2050.", EXHIBITION, True),
        ("Visitors can see Northern Clocks in Gallery 2 on 14 October 2050.", EXHIBITION, False),
        ("The museum may still show the Harwood clock on 20 August 2050.", LOAN, True),
        ("The museum may show the Harwood clock until 30 September 2050.", LOAN, False),  # the end moved
    ],
)
def test_a_day_inside_a_stated_period(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
