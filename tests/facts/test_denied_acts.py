"""Session 21's fourth design (docs/FACTS.md): an act the claim affirms that a sentence anywhere in the document
denies (guard/facts/denied_acts.py). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts import FactLabel

ROWING = (
    "# Millrace Rowing Club: questions and answers\n\n"
    "## About the club\n\n"
    "- Who runs Millrace Rowing Club? Our head coach, Ines Carver, plans every session. Our secretary, Bram Oduya, "
    "takes bookings.\n"
    "- What should I bring? Life jackets are not provided, so bring your own. We lend oars and boats.\n"
    "- Can children row? We do not take juniors under 11. Parents do not coach juniors on the water.\n"
    "- How do I pay? We do not accept cheques unless you are a member.\n\n"
    "## Membership\n\n"
    "Membership runs from April to March. The club does not refund membership fees.\n"
    "You may move a lesson up to 3 days before it. After that, lessons cannot be moved.\n"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Millrace Rowing Club provides life jackets for its rowers.", False),
        ("Millrace Rowing Club takes juniors under 11.", False),
        ("Millrace Rowing Club lends oars and boats.", True),
        ("Millrace Rowing Club takes juniors aged 12.", True),  # the denial narrows to under 11
        ("Ines Carver coaches juniors on the water.", True),  # the denial is of parents' coaching
        ("Members can pay Millrace Rowing Club by cheque.", True),  # the denial has an exception
        ("A lesson on Friday can still be moved on the Monday before.", True),  # denied only "after that"
    ],
)
def test_an_act_denied_elsewhere_in_the_document(claim, ok):
    assert (judge_passages(claim, ROWING).label in UNFLAGGED) is ok


def test_the_denial_is_the_evidence():
    verdict = judge_passages("Millrace Rowing Club refunds membership fees to members who leave.", ROWING)
    assert verdict.label is FactLabel.contradicted
    assert "does not refund membership fees" in verdict.mismatch.evidence.text
