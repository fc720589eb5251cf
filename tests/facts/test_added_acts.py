"""Session 20's fourth design (docs/FACTS.md): an act a claim joins with "and" to acts the document states,
on a thing the document names nowhere (guard/facts/added_acts.py). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.added_acts import added_act
from guard.facts.lexicon import lexicon_for
from guard.facts.slots import all_stems, read_slots
from guard.facts.units import evidence_units

SURGERY = (
    "Our hygienist, Ana Ruiz, cleans and polishes teeth and takes X-rays. "
    "The practice manager, Tom Bale, takes bookings and sends reminders by text. "
    "If we cancel an appointment, you can have your deposit back or choose another date."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Ana Ruiz cleans teeth and takes X-rays.", True),
        ("Tom Bale takes bookings and sends reminders by text.", True),
        ("Ana Ruiz cleans teeth and gives every patient a free toothbrush.", False),
        ("Tom Bale takes bookings and also sells toothpaste.", False),
    ],
)
def test_an_act_on_a_thing_the_document_never_names(claim, ok):
    assert (judge_passages(claim, SURGERY).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    "claim",
    [
        "If we cancel, you can have your deposit back or pick a voucher.",  # alternatives, not added acts
        "Tom Bale takes bookings and never runs the pharmacy.",  # a denied act
        "Tom Bale takes bookings.",  # one act
    ],
)
def test_alternatives_denials_and_single_acts_add_nothing(claim):
    lexicon = lexicon_for("en")
    units = evidence_units("0", SURGERY).units
    known = frozenset().union(*(all_stems(u.text) for u in units))
    assert added_act(read_slots(claim, lexicon), [], known) is None
