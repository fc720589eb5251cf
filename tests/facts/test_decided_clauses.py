"""Session 37's second design (docs/FACTS.md "What a party decides"): the question a party decides is what its act is
about, also where the parser hangs it on the verb as an adverbial or an infinitive ("decides when the apples can be
picked", "decides whether to hire a cider press") and where it opens with "where" (roles._decided_clause), so a claim
that gives the decision to another party of the document is compared with the statement that gives it. Passages
written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, UNFLAGGED, judge_passages

from guard.facts.roles import PATIENT, frames

ORCHARD = (
    "Hollins Lane Community Orchard: members' handbook\n\n"
    "Who does what:\n"
    "- The orchard keeper looks after the trees and decides when the apples can be picked.\n"
    "- The treasurer keeps the accounts and decides where the spare fruit is sold.\n"
    "- The secretary runs the meetings and decides whether to hire a cider press.\n\n"
    "The volunteers prune the trees in February."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("At Hollins Lane the treasurer decides when the apples can be picked.", False),
        ("At Hollins Lane the orchard keeper decides where the spare fruit is sold.", False),
        ("At Hollins Lane the treasurer decides whether to hire a cider press.", False),
        ("At Hollins Lane the orchard keeper decides when the apples can be picked.", True),
        ("At Hollins Lane the treasurer decides where the spare fruit is sold.", True),
        ("At Hollins Lane the secretary decides whether to hire a cider press.", True),
    ],
)
def test_who_decides(claim, ok):
    label = judge_passages(claim, ORCHARD).label
    assert label in (UNFLAGGED if ok else FLAGGED)


def test_what_is_decided():
    found = frames("The orchard keeper decides when the apples can be picked.", True, acts=True)
    assert any(f.verb == "decid" and f.role == PATIENT and "appl" in f.filler for f in found)


def test_a_time_clause_of_a_verb_with_an_object_is_not_its_object():
    # "when the last volunteer leaves" says when the gate is locked, not what is locked
    found = frames("The keeper locks the gate when the last volunteer leaves.", True, acts=True)
    assert not any(f.verb == "lock" and f.role == PATIENT and "volunt" in f.filler for f in found)
