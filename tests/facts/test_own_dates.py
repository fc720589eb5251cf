"""Two dates of one claim tied by a period the evidence states (guard/facts/own_dates.py): the
supposed date is the claim's premise, the other inferred when the period takes one to the other.

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel

TERMS = (
    "Gift cards are valid for 6 months from the date of purchase and cannot be exchanged for cash. "
    "To move a lesson, tell the studio at least 14 days before the lesson; later changes are charged in full."
)


@pytest.mark.parametrize(
    "claim",
    [
        "A gift card bought on 12 March 2029 can still be used on 1 September 2029.",  # inside 6 months
        "A gift card bought on 12 March 2029 is still valid on 12 September 2029.",  # its last day
        "To move a lesson on 30 May 2029, tell the studio by 16 May 2029.",  # 14 days before
    ],
)
def test_a_date_the_stated_period_reaches_from_the_claims_own_date_is_not_flagged(claim):
    assert judge_passages(claim, TERMS).label in (FactLabel.supported, FactLabel.inferred)


@pytest.mark.parametrize(
    "claim",
    [
        "A gift card bought on 12 March 2029 can still be used on 20 September 2029.",  # past 6 months
        "To move a lesson on 30 May 2029, tell the studio by 25 May 2029.",  # 5 days, not 14
    ],
)
def test_a_date_the_period_does_not_reach_is_still_flagged(claim):
    assert judge_passages(claim, TERMS).label in (FactLabel.contradicted, FactLabel.unsupported)
