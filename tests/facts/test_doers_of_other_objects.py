"""Session 35's design (docs/FACTS.md "A doer moved from its own object"): a claim that gives one party's act to
another party of the same sentence is a role swap even when the sentence gives that other party an act of its
own, on another object ("The posts are set in concrete by Tallow Groundworks. The gates are hung and the motors
wired by Brightgate's own installers": Tallow sets posts, it does not wire motors) (roles._in_act). Passages
written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

GATES = (
    "- **Groundwork.** The posts are set in concrete by Tallow Groundworks. The gates are hung and the motors "
    "wired by Brightgate's own installers."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # each party with its own act
        ("Brightgate's installers wire the motors.", True),
        ("Tallow Groundworks sets the posts in concrete.", True),
        # the wiring moved to the party that sets the posts
        ("Tallow Groundworks wires the motors.", False),
        ("The motors are wired by Tallow Groundworks.", False),
    ],
)
def test_a_doer_moved_from_its_own_object(claim, ok):
    assert (judge_passages(claim, GATES).label in UNFLAGGED) is ok


def test_the_swap_is_named():
    verdict = judge_passages("Tallow Groundworks wires the motors.", GATES)
    assert verdict.rule == "role.actor_replaced"
