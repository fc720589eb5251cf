"""More one-reader arithmetic of price lists: a price per N seconds or minutes, half price for a
group, the difference of two rows the claim names, a party's total after a stated discount.

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel

PARKING = "| Zone | Each 30 minutes | Daily cap |\n|---|---|---|\n| Red | £1.10 | £9.00 |\n| Blue | £0.80 | £6.50 |\n"
FERRY = "An adult return costs £8.60 and a car return £32. Children aged 4 to 15 pay half the adult fare."
TOURS = "- Castle Tour: £16 per adult.\n- Groups of 12 or more get 20% off."


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Two hours in the Red zone cost £4.40.", PARKING),  # 4 x 30 minutes x £1.10
        ("A child return costs £4.30.", FERRY),  # half the adult £8.60
        ("A group of 12 adults pays £153.60 for the Castle Tour after the group discount.", TOURS),
    ],
)
def test_a_right_value_one_reading_away_is_not_flagged(claim, passage):
    assert judge_passages(claim, passage).label in (FactLabel.supported, FactLabel.inferred)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Two hours in the Red zone cost £2.20.", PARKING),  # 2 x £1.10: hours taken for half hours
        ("A car return for a child costs £16.", FERRY),  # children's half is of the adult fare
        ("A group of 12 adults pays £172.80 for the Castle Tour after the group discount.", TOURS),  # 10% off
    ],
)
def test_a_wrong_value_is_still_flagged(claim, passage):
    assert judge_passages(claim, passage).label in (FactLabel.contradicted, FactLabel.unsupported)


def test_the_difference_of_two_named_rows_in_the_column_the_claim_names():
    rows = "| Plan | Monthly fee | Joining fee |\n|---|---|---|\n| Basic | £21.99 | £15 |\n| Premium | £29.99 | £5 |\n"
    verdict = judge_passages("Premium costs £8 a month more than Basic.", rows)
    assert verdict.label is FactLabel.inferred and verdict.inference == "£29.99 - £21.99 = £8"
    assert judge_passages("Premium costs £9 a month more than Basic.", rows).label in (
        FactLabel.contradicted, FactLabel.unsupported
    )
