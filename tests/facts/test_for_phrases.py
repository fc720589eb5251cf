"""Session 21's third design (docs/FACTS.md): a value a sentence gives "for" something else than the claim names
("£32 for adults and £26 for under-16s"; guard/facts/quantity_moves.py, ``moved_by_for``). Passages written for
this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts import FactLabel

KAYAK = (
    "What does a trip cost? Sea kayak tour: £45 for adults and £30 for children aged 10 to 15. "
    "Private guiding is £120 for one paddler or £190 for two."
)

ZOO = "What does it cost? Reptile House tour: £18 for adults and £11 for under-16s. Keeper talk: £6. Feeding pass: £9."


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Adults pay £45 for the sea kayak tour.", True),
        ("Children aged 10 to 15 pay £30 for the sea kayak tour.", True),
        ("Private guiding for two paddlers costs £190.", True),
        ("Adults pay £30 for the sea kayak tour.", False),
        ("Children pay £45 for the sea kayak tour.", False),
        ("Private guiding for two paddlers costs £120.", False),
    ],
)
def test_a_value_given_for_something_else(claim, ok):
    assert (judge_passages(claim, KAYAK).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Adults pay £18 for the Reptile House tour.", True),
        ("Under-16s pay £11 for the Reptile House tour.", True),
        ("Adults pay £11 for the Reptile House tour.", False),
    ],
)
def test_a_label_after_the_values_does_not_take_their_for_words(claim, ok):
    # proximity gives "Keeper talk" to £11 and "under-16s" to nothing; the "for" phrases bind
    assert (judge_passages(claim, ZOO).label in UNFLAGGED) is ok


def test_the_mismatch_names_the_value_for_what_the_claim_says():
    verdict = judge_passages("Adults pay £30 for the sea kayak tour.", KAYAK)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch.evidence_value == "£45"
