"""A claim that says "as many as they like", "at any time", "always" or "every" where the passage
restricts it: a cap, set hours or days, "may", or a table that gives it for some rows only. Each
false claim has a true twin that must not be flagged.

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, judge

GYM = (
    "Members may book no more than three classes a week. "
    "Guests can visit with a member after 18:00 on weekdays. "
    "The sauna is open 24 hours a day."
)
LEASE = "If the tenant leaves before the end of the term, the tenant may lose the deposit."
CLINIC = (
    "| Scan | Preparation | Results in |\n|---|---|---|\n"
    "| Abdominal ultrasound | Fast for 6 hours | 2 days |\n"
    "| Pelvic ultrasound | Drink 1 litre of water | 2 days |\n"
    "| Knee ultrasound | None | 1 day |\n"
)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Members can book as many classes each week as they like.", GYM),
        ("Guests can visit with a member at any time.", GYM),
        ("A tenant who leaves before the end of the term always loses the deposit.", LEASE),
        ("Every ultrasound scan needs 6 hours of fasting first.", CLINIC),
    ],
)
def test_a_claim_wider_than_the_passage_is_flagged(claim, passage):
    assert judge(claim, passage).label in FLAGGED


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Members can book up to three classes a week.", GYM),
        ("The sauna can be used at any time of the day or night.", GYM),
        ("A tenant who leaves before the end of the term may lose the deposit.", LEASE),
        ("Every ultrasound scan has its results within 2 days.", CLINIC),
        ("An abdominal ultrasound needs 6 hours of fasting first.", CLINIC),
    ],
)
def test_a_claim_within_the_passage_is_not_flagged(claim, passage):
    assert judge(claim, passage).label not in FLAGGED


def test_each_and_every_period_are_rates_not_generalisations():
    # "each" prices one item; "every 6 hours" is a frequency: neither says every kind in a table
    assert judge("An abdominal ultrasound costs nothing extra for each scan.", CLINIC).rule != "limit.generalised_row"
