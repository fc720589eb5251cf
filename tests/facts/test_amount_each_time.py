"""Session 44's design on an amount said for one go (docs/FACTS.md "An amount each time"): "10 minutes each time",
"5 ml a time" say the amount of one go, as "at a time" does, and are held to the document's plain amounts of that
measure ("Hold the warm pack on the knee for 10 minutes, up to 3 times a day"), not read as a rate per a counted
"time" that nothing in the document gives; a price "a time" stays a price per go. Passages written for this file;
the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

KNEE = (
    "# Hartsop Clinic: your knee after the fall\n\n"
    "Dear Mr Brathay,\n\n"
    "## What to do at home\n\n"
    "1. Warm pack: hold a warm pack wrapped in a towel on the knee for 10 minutes, up to 3 times a day.\n"
    "2. Knee bends: sit on a chair and slowly straighten the leg, hold it for 20 seconds, then lower it. Do this "
    "8 times, twice a day.\n"
    "3. Linctus for the cough: take 5 ml, up to 4 times a day.\n"
)

SAUNA = (
    "# Patterdale baths: prices\n\n"
    "- **Swim:** £4.50 a visit.\n"
    "- **Sauna:** £3 a time, for up to 20 minutes.\n"
)


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("Mr Brathay keeps the warm pack on his knee for 30 minutes each time.", "contradicted"),
        ("Mr Brathay keeps the warm pack on his knee for 5 minutes each time.", "contradicted"),
        ("The warm pack goes on the knee for 10 minutes each time.", "supported"),
        ("He holds each straightened leg for 20 minutes a time.", "contradicted"),
        ("Each knee bend is held for 20 seconds a time.", "supported"),
        ("The cough linctus is taken as 15 ml each time.", "contradicted"),
        ("The cough linctus is taken as 5 ml each time.", "supported"),
    ],
)
def test_an_amount_each_time_is_the_amount_of_one_go(claim, expected):
    assert verified_label(claim, KNEE) == expected


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("A go in the sauna costs £3 a time.", True),
        ("A go in the sauna costs £4.50 a time.", False),
    ],
)
def test_a_price_a_time_stays_a_price_per_go(claim, holds):
    label = verified_label(claim, SAUNA)
    assert (label == "supported") is holds, label
