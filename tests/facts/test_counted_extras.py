"""Session 22's first design (docs/FACTS.md): a base price plus a count of extras the claim names, at the
document's price per extra ("£650 a night" for "two extra nights"), read in two steps
(guard/facts/derivation.py); "two extra nights" counts nights (guard/facts/quantities.py). Passages written
for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.quantities import quantities

CLINIC = (
    "<h2>Fixed prices</h2>\n<table><tr><th>Operation</th><th>Usual stay</th><th>Price</th></tr>"
    "<tr><td>Shoulder repair</td><td>1 night</td><td>£7,950</td></tr>"
    "<tr><td>Spinal fusion</td><td>4 nights</td><td>£18,200</td></tr></table>\n"
    "<h2>Not included</h2>\n<ul><li>Extra nights you choose to stay after you are fit to leave: £480 a night.</li>"
    "<li>A companion staying in your room: £70 a night.</li></ul>"
)
KILNS = (
    "# Ashgrove Pottery: firing service\n\n"
    "A standard kiln load costs £36. Each extra tray you fill costs £9. Glaze is included. "
    "Collect your pots within 14 days of firing."
)
LODGE = (
    "Rooms at the lodge cost £78 per night for stays of 1 to 4 nights; stays of 5 nights or more cost £70 per "
    "night. A packed lunch for the whole stay is £25."
)


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("A shoulder repair plus two extra nights the patient chooses to stay costs £8,910.", CLINIC, True),
        ("Spinal fusion with three extra nights chosen by the patient comes to £19,640.", CLINIC, True),
        ("A shoulder repair plus two extra nights the patient chooses to stay costs £9,150.", CLINIC, False),
        ("Spinal fusion with three extra nights chosen by the patient comes to £19,850.", CLINIC, False),
        ("A standard kiln load with two extra trays costs £54.", KILNS, True),
        ("A standard kiln load with two extra trays costs £56.", KILNS, False),
        # the rate of 1 to 4 nights is not a 5-night stay's
        ("A 5-night stay with a packed lunch costs £415.", LODGE, False),
    ],
)
def test_a_base_price_plus_counted_extras(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok


def test_extra_nights_count_nights():
    (count,) = [q for q in quantities("plus two extra nights") if q.dim.startswith("count:")]
    assert (count.dim, count.lo) == ("count:night", 2.0)
