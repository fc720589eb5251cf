"""Session 23's first design (docs/FACTS.md): a claim's case inside the band of the one record that gives the rest of
the claim ("an adjustment 20 days after the fitting costs £12" against "Adjustment within 30 days of the fitting |
15 minutes | £12"), guard/facts/conditions.case_of_record. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

FITTINGS = (
    "# Brightwell Hearing: fittings\n\n| Visit | Length | Price |\n|---|---|---|\n"
    "| First fitting | 45 minutes | £40 |\n| Adjustment within 30 days of the fitting | 15 minutes | £12 |\n"
    "| Adjustment after 30 days | 15 minutes | £20 |\n"
)
DEPOT = "Parking at the Lyndale depot is free for stays within 2 hours. Longer stays, up to 6 hours, cost £5 a car."
DOSES = "| Weight | Dose |\n|---|---|\n| under 20 kg | 5 ml |\n| 20 kg or more | 10 ml |\n"
CHAIRS = "Delivery of a chair costs £10. For orders over £200 we add a handling charge of £15 to the delivery price."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("An adjustment 20 days after the fitting costs £12.", FITTINGS, True),
        ("An adjustment 20 days after the fitting costs £20.", FITTINGS, False),  # the later row's price
        ("An adjustment 40 days after the fitting costs £12.", FITTINGS, False),  # outside the band
        # within 30 days too, but the row's nearest value of the measure is the visit's length
        ("An adjustment 20 days after the fitting takes 25 minutes.", FITTINGS, False),
        ("A car parked for 4 hours at the Lyndale depot pays £5.", DEPOT, True),
        ("A car parked for 7 hours at the Lyndale depot pays £5.", DEPOT, False),
        ("A child of 25 kg takes 10 ml.", DOSES, True),
        ("A child of 25 kg takes 5 ml.", DOSES, False),  # the lighter band's dose
        ("A chair on an order of £350 costs £25 to deliver with handling.", CHAIRS, True),
        ("A chair on an order of £150 costs £25 to deliver with handling.", CHAIRS, False),  # below the band
    ],
)
def test_a_claims_case_inside_the_band_of_its_record(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
