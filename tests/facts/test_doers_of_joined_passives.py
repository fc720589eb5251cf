"""Session 28's parse design (docs/FACTS.md): two passive verbs sharing one subject and one doer ("is fitted and
adjusted by the audiologist") give the doer to both; "carried out by one of our surveyors" names the surveyors as
the doer; a lowercase noun the tagger calls a proper noun ("the building control surveyor") is no name. Passages
written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

HEARING = (
    "Soundwell Ltd makes the hearing aid; the hearing aid is fitted and adjusted by our audiologist, Dr Mina Patel. "
    "Batteries are posted to you every 3 months."
)
STAIRLIFT = (
    "Your stairlift is installed and serviced by the maker, Climbwell Lifts; your seat height is set and checked "
    "by the occupational therapist. Servicing is free for the first year."
)
SURVEY = (
    "The survey is carried out by one of our chartered surveyors. The keys are collected from the estate agent by "
    "the seller's solicitor."
)
LICENSING = (
    "3. **Checks.** Each shop front is checked by our building control surveyor before the hoarding comes down. "
    "Stall refunds are issued by the building control manager, within 5 working days."
)


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("Soundwell Ltd adjusts your hearing aid.", HEARING, True),
        ("Soundwell Ltd fits the hearing aid.", HEARING, True),
        ("Climbwell Lifts sets the stairlift's seat height.", STAIRLIFT, True),
        ("The occupational therapist sets the stairlift's seat height.", STAIRLIFT, False),
        ("Dr Mina Patel adjusts your hearing aid.", HEARING, False),
        ("The seller's solicitor carries out the survey.", SURVEY, True),
        ("A chartered surveyor carries out the survey.", SURVEY, False),
        ("Hadleigh's stall refunds are issued by the building control surveyor.", LICENSING, True),
        ("Hadleigh's stall refunds are issued by the building control manager.", LICENSING, False),
    ],
)
def test_doers_of_joined_passives_and_groups(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted
