"""Session 35's design (docs/FACTS.md "A bound under a negative subject"): a clause opened by "no", "nobody",
"none", "nothing" or "no one" denies the bound its verb takes, as "not" does ("No class has more than 12 students"
says at most 12), and "nothing" right before a bound denies it ("lift nothing over 2 kg")
(quantities._NEGATIVE_SUBJECT, read in quantities._bound). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.quantities import Bound, quantities

RULES = (
    "Classes at the Larkmoor pottery have no more than 12 students. After the operation, do not lift anything heavier "
    "than 2 kg for six weeks."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("No class at the Larkmoor pottery has more than 12 students.", True),
        ("For six weeks after the operation, no patient lifts more than 2 kg.", True),
        # the bound turned round: still flagged
        ("Some classes at the Larkmoor pottery have more than 12 students.", False),
        ("Patients may lift 5 kg in the six weeks after the operation.", False),
    ],
)
def test_bounds_under_negative_subjects(claim, ok):
    assert (judge_passages(claim, RULES).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("No class has more than 12 students.", Bound.le),
        ("On club runs, nobody runs more than 2 abreast.", Bound.le),
        ("Patients lift nothing over 2 kg.", Bound.le),
        # a "no" inside the clause says which parcels; it denies no bound
        ("There is no fee for parcels over 2 kg.", Bound.gt),
    ],
)
def test_which_negations_turn_a_bound(text, bound):
    assert quantities(text)[-1].bound is bound
