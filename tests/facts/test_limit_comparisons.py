"""A claim value compared with a limit the evidence states (issue 11): "a 20 kg bag is within the
23 kg allowance" is an inference the claim makes by arithmetic, true or false.

Passages and claims written for this file (luggage, planting, warranties, water use, speed; none
from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel
from guard.facts.inference import compared_with_limit
from guard.facts.quantities import quantities

LUGGAGE = "Luggage allowance: each passenger may check in bags weighing up to 23 kg. Carry-on bags must not exceed 7 kg."
PLANTING = "Seedlings should be planted out when they are between 4 and 8 weeks old."
WARRANTY = "The warranty lasts 24 months from purchase."
ROAD = "The speed limit on rural single-carriageway roads is 60 mph."
WATER = "Households on the capped tariff pay nothing extra for water use of up to 150 litres a day."


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        ("A 25 kg suitcase is over the 23 kg limit.", LUGGAGE),
        ("A 30 kg suitcase exceeds the 23 kg allowance.", LUGGAGE),
        ("A fault at 30 months is past the 24-month warranty.", WARRANTY),
        ("Driving at 70 mph is more than the 60 mph limit.", ROAD),
    ],
)
def test_a_true_comparison_with_the_evidence_limit_is_inferred(claim, text):
    verdict = judge_passages(claim, text)
    assert verdict.label is FactLabel.inferred
    assert "the evidence gives" in (verdict.inference or "")


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        ("A 5 kg carry-on bag is below the 7 kg maximum.", LUGGAGE),
        ("A 6-week-old seedling is in the 4 to 8 weeks window.", PLANTING),
        ("A household using 120 litres a day is within the 150 litres a day cap.", WATER),
    ],
)
def test_a_true_comparison_is_not_flagged(claim, text):
    assert judge_passages(claim, text).label in (FactLabel.supported, FactLabel.inferred)


@pytest.mark.parametrize(
    ("claim", "text", "limit"),
    [
        ("A 25 kg suitcase is within the 23 kg allowance.", LUGGAGE, "23 kg"),
        ("A 9 kg carry-on bag is below the 7 kg maximum.", LUGGAGE, "7 kg"),
        ("A 10-week-old seedling is in the 4 to 8 weeks window.", PLANTING, "4 and 8 weeks"),
        ("A fault at 18 months is past the 24-month warranty.", WARRANTY, "24 months"),
        ("Driving at 50 mph is more than the 60 mph limit.", ROAD, "60 mph"),
    ],
)
def test_a_false_comparison_is_contradicted_by_the_limit(claim, text, limit):
    verdict = judge_passages(claim, text)
    assert verdict.label is FactLabel.contradicted
    assert limit in (verdict.mismatch.evidence_value or "")


def _compare(text: str):
    value, limit = quantities(text)[:2]
    return compared_with_limit(value, limit, text[value.end : limit.start])


@pytest.mark.parametrize(
    ("text", "holds"),
    [
        ("40 kg is under the 50 kg limit", True),
        ("60 kg is under the 50 kg limit", False),
        ("50 kg is at most the 50 kg limit", True),
        ("3 years is in the 2 to 4 years band", True),
        ("5 years is outside the 2 to 4 years band", True),
        ("8 months is past the 6-month point", True),
        ("4 months is past the 6-month point", False),
        ("12 weeks, because that is longer than the 8-week notice", True),
        ("the 12 litres tank, which is more than the 10 litres minimum", True),
    ],
)
def test_the_comparison_is_arithmetic(text, holds):
    found = _compare(text)
    assert found is not None and found[0] is holds


@pytest.mark.parametrize(
    "text",
    [
        "2 days before the 14-day deadline",  # a lead time, not a comparison: no copula
        "it rose from 20% to over 30%",  # a change, not a comparison
        "26 weeks is more than the 6-month period",  # a strict comparison on unit rounding
        "40 kg is under the 50 litres limit",  # different things measured
        "3 years is in the 4-year period",  # "in" needs a range
    ],
)
def test_no_comparison_is_read(text):
    assert _compare(text) is None


def test_the_noun_naming_a_compared_limit_is_no_added_thing():
    # "Yes, ..." claims are checked for things no unit mentions; "allowance" frames the evidence's value
    text = "Passengers may check in one bag weighing up to 23 kg."
    assert judge_passages("Yes, a 20 kg bag is within the 23 kg allowance.", text).label is FactLabel.supported
    assert judge_passages("Yes, a 20 kg bag fits in the overhead locker.", text).label is FactLabel.unsupported
