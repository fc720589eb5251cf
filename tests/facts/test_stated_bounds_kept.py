"""Session 34's first design (docs/FACTS.md "A value kept to a limit a sentence states"): kept_limits reads the
bounds of the one sentence that speaks of the claim's thing ("up to 5 weeks", "at least 20 minutes", "below
100") and a value that sentence's subject calls the least or most of its kind ("The smallest pond ... is 4 m²"),
for a claim that gives its verdict on its value ("is within the time", "meets the rule", "is big enough").
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

REPAIRS = "A watch repair usually takes 2 weeks; a clock repair takes up to 5 weeks."
ARRIVAL = (
    "<ul> <li>Players arrive at least 20 minutes before kick-off.</li> <li>Matches last 70 minutes.</li> "
    "<li>Kit is washed by the club.</li> </ul>"
)
PONDS = "The smallest pond Reedby builds is 4 m². Every pond is lined with a 1 mm rubber liner."
SCAN = "Your heart rate must be below 100 beats a minute on the day for the scan to go ahead. Allow 2 hours for the visit."
CPAP = "- Use the machine every night, for at least 5 hours a night.\n- Most people feel better within 3 weeks."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("A clock repair that takes 4 weeks is within the time the shop gives.", REPAIRS, True),
        ("A clock repair that takes 8 weeks is within the time the shop gives.", REPAIRS, False),
        ("Arriving 30 minutes before kick-off meets the club's arrival rule.", ARRIVAL, True),
        ("Arriving 10 minutes before kick-off meets the club's arrival rule.", ARRIVAL, False),
        ("A pond of 6 m² is big enough for Reedby to build.", PONDS, True),
        ("A pond of 3 m² is big enough for Reedby to build.", PONDS, False),
        ("A heart rate of 80 beats a minute meets the unit's limit for the scan.", SCAN, True),
        ("A heart rate of 110 beats a minute meets the unit's limit for the scan.", SCAN, False),
        # another sentence's limit is no limit on the claim's thing
        ("Four hours a night with the machine is enough to meet the advice.", CPAP, False),
        # a value the sentence must hold is no value inside its limit, nor is a superlative the claim says itself
        ("A clock repair takes 4 weeks.", REPAIRS, False),
        ("The smallest pond Reedby builds is 6 m².", PONDS, False),
    ],
)
def test_value_kept_to_a_stated_limit(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
