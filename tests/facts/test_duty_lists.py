"""Session 35's design (docs/FACTS.md "A duty of a who-does-what list"): a claim that gives one party's duty in a
"who does what" list to another party of the list is contradicted (duty_lists.duty_swaps, rule role.duty_list),
whether the list names parties with their duties ("<dt>Haulgate Removals</dt> <dd>Carries the piano ...</dd>") or
acts with their doers ("<dt>Nasendoscopy</dt><dd>done by an ENT surgeon</dd>"). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

PARTIES = (
    "<h2>Who does what</h2> <dl> <dt>Larkfield Removals</dt> <dd>Carries the piano into the hall on delivery and "
    "out again on collection.</dd> <dt>Tunewell's technician</dt> <dd>Tunes the piano, checks the pedals and shows "
    "the hirer how to lock the lid.</dd> <dt>The hirer</dt> <dd>Keeps the hall at 15 to 24 °C.</dd> </dl>"
)

ACTS = (
    "<h2>Who does what</h2> <dl> <dt>Hearing test</dt><dd>done by an audiologist</dd> <dt>Ear examination</dt><dd>done "
    "by an ENT surgeon</dd> <dt>Phone follow-up</dt><dd>made by a specialist nurse</dd> </dl>"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Larkfield Removals carries the piano into the hall.", True),
        ("Tunewell's technician tunes the piano.", True),
        ("Tunewell's technician carries the piano into the hall on delivery.", False),
        ("The piano is tuned by Larkfield Removals.", False),
    ],
)
def test_duties_by_party(claim, ok):
    assert (judge_passages(claim, PARTIES).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("The ear examination is done by an ENT surgeon.", True),
        ("The ear examination is done by the specialist nurse.", False),
    ],
)
def test_doers_by_act(claim, ok):
    assert (judge_passages(claim, ACTS).label in UNFLAGGED) is ok


def test_the_swap_is_named():
    verdict = judge_passages("Tunewell's technician carries the piano into the hall on delivery.", PARTIES)
    # since session 40 a definition is its own unit ("Larkfield Removals: Carries the piano ..."), and the general
    # reader of who does what may name the swap before the duty list does
    assert verdict.rule in ("role.duty_list", "role.act_elsewhere")
    assert "Larkfield Removals" in verdict.mismatch.explanation
