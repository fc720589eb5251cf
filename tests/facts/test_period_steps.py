"""A price per period carried over the claim's period, and a total split into equal shares
(guard/facts/periods.py, guard/facts/shares.py): right answers inferred, wrong ones still flagged.

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel

PRICES = (
    "Court hire costs £6 per hour. Floodlights cost £3.50 an hour.\n\n"
    "| Plan | Monthly price | Setup fee |\n|---|---|---|\n| Basic | £12.50 | £20 |\n| Premium | £21.00 | £20 |\n\n"
    "Lockers cost £4.50 a week. A 20-swim card costs £100. "
    "The pet plan costs £9 a month for a cat and £11 a month for a dog."
)


@pytest.mark.parametrize(
    ("claim", "step"),
    [
        ("Three hours of court hire cost £18.", "£6 per hour × Three hours = £18"),
        ("Two hours of floodlights cost £7.", "£3.50 per hour × Two hours = £7"),
        ("The Premium plan costs £252 a year.", "£21.00 per month × 12 = £252 a year"),
        ("A locker costs £234 a year.", "£4.50 per week × 52 = £234 a year"),
        ("A locker for a four-week period costs £18.", "£4.50 per week × four-week = £18"),
        ("A dog on the pet plan costs £132 over 12 months.", "£11 per month × 12 months = £132"),
        ("A 20-swim card works out at £5 a swim.", "£100 ÷ 20-swim = £5 a swim"),
    ],
)
def test_a_price_over_the_claims_period_or_share_is_inferred(claim, step):
    verdict = judge_passages(claim, PRICES)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == step


@pytest.mark.parametrize(
    "claim",
    [
        "Three hours of court hire cost £24.",  # not 3 x £6
        "Two hours of floodlights cost £12.",  # court hire's rate, not the floodlights'
        "The Premium plan costs £150 a year.",  # 12 x the Basic row's £12.50
        "A cat on the pet plan costs £132 over 12 months.",  # 12 x the dog's £11
        "A locker costs £18 a month.",  # a month is not a whole number of weeks
        "A 20-swim card works out at £4 a swim.",
    ],
)
def test_a_wrong_total_or_share_is_still_flagged(claim):
    assert judge_passages(claim, PRICES).label in (FactLabel.contradicted, FactLabel.unsupported)


SESSIONS = (
    "A Full session costs £55 and gives 15 minutes of practice, 10 minutes of qualifying and a 20-minute race. "
    "Every driver must attend the safety briefing before the session."
)


def test_a_total_of_listed_parts_said_in_all_is_inferred():
    verdict = judge_passages("A Full session gives 45 minutes on track in all.", SESSIONS)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == "15 minutes + 10 minutes + 20-minute = 45 minutes"


@pytest.mark.parametrize(
    "claim",
    [
        "A Full session gives 50 minutes on track in all.",  # no run of its parts adds up to 50
        "A Full session gives 45 minutes of practice.",  # a total, but the claim does not say it totals
    ],
)
def test_a_listed_total_needs_the_sum_and_the_word(claim):
    assert judge_passages(claim, SESSIONS).label in (FactLabel.contradicted, FactLabel.unsupported)


BOARDING = (
    "- One dog in a standard kennel: £18 per night.\n"
    "- Stays of 10 nights or more get 15% off.\n"
    "- Grooming before collection costs £25."
)


@pytest.mark.parametrize(
    ("claim", "step"),
    [
        ("One dog in a standard kennel for 4 nights costs £72.", "£18 per night × 4 nights = £72"),
        (
            "One dog in a standard kennel for 10 nights costs £153 after the discount.",
            "£18 per night × 10 nights, less 15% = £153",
        ),
    ],
)
def test_a_nightly_price_over_the_nights_and_after_a_stated_discount(claim, step):
    verdict = judge_passages(claim, BOARDING)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == step


@pytest.mark.parametrize(
    "claim",
    [
        "One dog in a standard kennel for 4 nights costs £90.",
        "One dog in a standard kennel for 10 nights costs £160 after the discount.",  # 20% off, not 15%
        "One dog in a standard kennel for 10 nights costs £153.",  # the discount is not said
    ],
)
def test_a_wrong_stay_total_is_still_flagged(claim):
    assert judge_passages(claim, BOARDING).label in (FactLabel.contradicted, FactLabel.unsupported)


@pytest.mark.parametrize(
    ("claim", "label_flagged"),
    [
        ("Membership costs £38 a month.", True),  # the sentence gives £38 a year
        ("Membership costs £38 a year.", False),
        ("Membership costs £38 per year.", False),
        ("Junior membership costs £12 a month.", False),  # the sentence gives both periods' amounts
    ],
)
def test_an_amount_per_another_period_in_a_sentence_contradicts(claim, label_flagged):
    from fact_judge import FLAGGED

    passage = "Membership is £38 a year and includes insurance. Junior membership is £12 a month or £120 a year."
    verdict = judge_passages(claim, passage)
    assert (verdict.label in FLAGGED) is label_flagged, verdict
