"""Session 47's design (docs/FACTS.md "A duty named by its thing"): a who-does-what list's duty given to another
party of the list is found when the claim says it with a verb of giving ("makes the hinges" for "forges the
hinges", "provides the drawings" for "supplies the drawings"), with no verb ("is in charge of", "is a job for"),
in a cleft ("X is the one who ..."), when a party's label is followed by an aside ("**Mrs Ada Thrale**, the parish
clerk, supplies ..."), or when the duty is in the past tense with a doubled consonant ("Fitted the splint"). A doer
of a clause that only says when ("before Brackley Timber saws the oak") is given no duty. Passages written for
this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

GATE = (
    "## Who does what\n\n"
    "- **Hollins Forge:** forges the hinges and the latch for the gate.\n"
    "- **Brackley Timber:** saws the oak for the posts and the rails.\n"
    "- **Mrs Ada Thrale**, the parish clerk, supplies the old drawings of the gate and pays the invoices.\n"
    "- **Mr Owen Pask**, the verger, unlocks the churchyard for the joiners.\n"
    "- **The churchwardens** choose the colour of the gate and sign off each stage.\n"
)

SPLINT = (
    "<h2>Who does what</h2> <dl> <dt>Ms Jo Rudd, practice nurse</dt> <dd>Fitted the splint and showed you how to "
    "take it off for washing.</dd> <dt>Dr Ian Pell, GP</dt> <dd>Sees you in May and decides whether you need an "
    "X-ray.</dd> <dt>Your pharmacist</dt> <dd>Supplies the wrist strap and the cold packs.</dd> </dl>"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Hollins Forge makes the hinges for the gate.", True),
        ("Brackley Timber makes the hinges for the gate.", False),
        ("Mrs Thrale provides the old drawings of the gate.", True),
        ("Mr Pask provides the old drawings of the gate.", False),
        ("Choosing the colour of the gate is a job for the churchwardens.", True),
        ("Choosing the colour of the gate is a job for Brackley Timber.", False),
        ("The churchwardens are the ones who sign off each stage.", True),
        ("Owen Pask is the one who signs off each stage.", False),
        ("Hollins Forge is in charge of the hinges and the latch.", True),
        ("Mr Pask is in charge of the hinges and the latch.", False),
        ("Mr Owen Pask unlocks the churchyard before Brackley Timber saws the oak.", True),
    ],
)
def test_a_duty_named_by_its_thing(claim, ok):
    assert (judge_passages(claim, GATE).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Ms Rudd fitted the splint.", True),
        ("Dr Pell fitted the splint.", False),
        ("The pharmacist provides the cold packs.", True),
        ("Dr Pell gives you the cold packs.", False),
        ("Dr Pell supplies the wrist strap.", False),
    ],
)
def test_a_duty_in_the_past_tense_or_handed_over(claim, ok):
    assert (judge_passages(claim, SPLINT).label in UNFLAGGED) is ok
