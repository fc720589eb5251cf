"""Session 24's first design (docs/FACTS.md): a "not" / "never" after a comma or a conjunction that sets a phrase
against the verb's own ("Put them at the back of a main shelf, not in the door, and never in the freezer") denies the
act with that phrase, not the act itself (guard/facts/predicates.py, contrasted_phrase and _contrary). Found on two
correct labelled drafts the default profile altered (dev part, d127 and d210: "Never put it in the freezer" was
contradicted because the sentence's "Put" read as required). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge

from guard.facts.predicates import Status, predicates

FRIDGE = (
    "Some medicines, such as mixed antibiotic suspensions, must be kept in a fridge at 2°C to 8°C. Put them at the "
    "back of a main shelf, not in the door, and never in the freezer."
)
TABLETS = "Store the tablets in a dry place, not in the bathroom. Keep them out of the reach of children."
KNITWEAR = "Wash the jumper by hand in cool water, not in the machine. Dry it flat, never on a radiator."
FEES = "You may pay the fee by bank transfer or by card, but not in cash."
COMPLAINTS = "Complaints must be sent in writing to the practice manager, not to the doctor. We reply within 10 working days."
LEASE = "The form is signed by the tenant, not by the guarantor. The deposit is held in a protection scheme, not by the landlord."
PROBE = "Rinse the probe in warm water, never in boiling water, and let it dry in the air."


def test_the_contrasted_phrase_gets_the_denied_act_and_the_verb_keeps_its_own():
    found = {(p.status, p.contrast, frozenset().union(*(f for r, f in p.args if r.startswith("prep:"))))
             for p in predicates("Store the tablets in a dry place, not in the bathroom.")}
    assert (Status.required, None, frozenset({"dri", "place"})) in found  # stems
    assert (Status.forbidden, "prep:in", frozenset({"bathroom"})) in found


def test_a_negation_before_the_verb_is_still_the_verbs():
    (put,) = predicates("Do not put it in the door.")
    assert put.status is Status.forbidden and put.contrast is None


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Never put it in the freezer.", FRIDGE, True),
        ("Do not put it in the door.", FRIDGE, True),
        ("Put it in the freezer.", FRIDGE, False),
        ("Put it in the door.", FRIDGE, False),
        ("Store the tablets in a dry place.", TABLETS, True),
        ("Store the tablets in the bathroom.", TABLETS, False),
        ("Wash the jumper by hand in cool water.", KNITWEAR, True),
        ("Dry it on a radiator.", KNITWEAR, False),
        ("You may pay the fee by card.", FEES, True),
        ("You cannot pay the fee in cash.", FEES, True),
        ("You may pay the fee in cash.", FEES, False),
        ("Do not send complaints to the doctor.", COMPLAINTS, True),
        ("Complaints must be sent to the doctor.", COMPLAINTS, False),
        ("The form is signed by the tenant.", LEASE, True),
        ("The form is signed by the guarantor.", LEASE, False),
        ("Rinse the probe in warm water.", PROBE, True),
        ("Rinse the probe in boiling water.", PROBE, False),
    ],
)
def test_claims_about_a_contrasted_phrase(claim, passage, ok):
    assert (judge(claim, passage).label in UNFLAGGED) is ok
