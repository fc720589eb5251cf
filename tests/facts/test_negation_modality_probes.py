"""Probes for the session-9 negation, modality and quantifier changes (issue 11).

The passages are written for these probes (none comes from the hard-case set, val5 included).
Each change is tested both ways: the false claim it was made for is flagged, and a true claim of
the same shape is not contradicted.
"""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.lexicon import ENGLISH
from guard.facts.polarity import negation_scopes
from guard.facts.predicates import Agreement, Status, predicates, same_act
from guard.facts.types import FactLabel


def _status(text: str, verb: str) -> Status:
    return next(p.status for p in predicates(text) if p.surface.lower() == verb)


def test_a_bare_conjunct_shares_its_heads_negation():
    # "do not chew or crush": the "not" governs both verbs
    assert _status("Do not chew or crush the capsules.", "crush") is Status.forbidden
    assert _status("Visitors must never feed or touch the animals.", "touch") is Status.forbidden


def test_a_finite_conjunct_keeps_its_own_status():
    # "doesn't hold back and reveals": "reveals" is finite and says yes on its own
    assert _status("The host doesn't hold back and reveals the plan to the jury.", "reveals") is Status.said


def test_a_conjunct_flip_is_found_by_the_parse():
    unit = "Swallow the capsules whole; do not chew or crush them."
    assert same_act("The capsules can be crushed if swallowing is difficult.", unit) is Agreement.clash
    assert judge("The capsules can be crushed if swallowing is difficult.", unit).label is FactLabel.contradicted


def test_a_gerund_that_names_an_act_is_no_flip_of_a_rule_against_it():
    unit = "Never mix the drain cleaner with bleach, because this releases chlorine gas."
    verdict = judge("Mixing the drain cleaner with bleach releases chlorine gas.", unit)
    assert verdict.label is not FactLabel.contradicted, verdict.mismatch


def test_a_negation_scope_ends_at_a_subordinating_word():
    scopes = negation_scopes("The lift is not available while the alarm is tested.", ENGLISH)
    assert scopes and "alarm" not in scopes[0] and "available" in scopes[0]


@pytest.mark.parametrize(
    ("claim", "unit", "flagged"),
    [
        # an un- word with a negation on one side only: the rule's other case, which the unit leaves open
        ("Unapproved leave is not paid.", "Approved leave is paid at the normal daily rate.", False),
        # an antonym pair, neither side negated
        ("Contractors are included in the bonus scheme.", "Contractors are excluded from the bonus scheme.", True),
    ],
)
def test_opposite_words(claim: str, unit: str, flagged: bool):
    verdict = judge(claim, unit)
    assert (verdict.label is FactLabel.contradicted) is flagged, verdict


def test_only_some_denies_all():
    unit = "The visitor rules apply to all visitors to the depot."
    assert judge("The visitor rules apply to only some visitors to the depot.", unit).label is FactLabel.contradicted
    assert judge("The visitor rules apply to every visitor to the depot.", unit).label is not FactLabel.contradicted


def test_a_claim_that_includes_what_the_unit_excepts():
    unit = "Hard hats must be worn at all times on the site, except in the canteen."
    found = judge("Hard hats must be worn at all times on the site, including in the canteen.", unit)
    assert found.label is FactLabel.contradicted
    kept = judge("Hard hats must be worn everywhere on the site apart from the canteen.", unit)
    assert kept.label is not FactLabel.contradicted, kept.mismatch


def test_an_elliptical_negation_governs_the_previous_clause():
    unit = "Weekday tickets are refundable; weekend tickets are not."
    assert judge("Weekend tickets are refundable too.", unit).label is FactLabel.contradicted
    assert judge("Weekday tickets can be refunded.", unit).label is not FactLabel.contradicted


def test_a_gerund_subject_of_a_deontic_adjective_is_the_act():
    unit = "Your duties: Register the bicycle with the council within 14 days."
    assert _status(unit, "register") is Status.required  # the label is not parsed as the subject
    assert same_act("Registering the bicycle with the council is optional.", unit) is Agreement.clash


def test_a_label_with_a_status_word_is_kept():
    # "What is not covered:" carries the no; it is parsed with the rest
    assert predicates("What is not covered: Damage caused by pets.") == predicates("What is not covered: Damage caused by pets.")
    assert any(p.status is Status.denied for p in predicates("What is not covered: Damage caused by pets."))


def test_a_near_flip_yields_to_the_unit_that_holds_the_claims_argument():
    passage = (
        "Talk to your pharmacist before taking Loramex if you have glaucoma. "
        "You should not take Loramex with other antihistamines or with sleeping tablets. "
        "It can be taken with ibuprofen."
    )
    verdict = judge("It is fine to take ibuprofen alongside Loramex.", passage)
    assert verdict.label is not FactLabel.contradicted, verdict.mismatch
    assert judge("Loramex can be taken with sleeping tablets.", passage).label is FactLabel.contradicted


@pytest.mark.parametrize(
    ("claim", "unit"),
    [
        # "without" says no as "no" does: both sides deny the warning
        ("The second inspection was also carried out without prior notice.",
         "The second inspection was again carried out with the tenants receiving no prior notice."),
        # "prevents" and "prohibits" both say no to the enforcement
        ("The order still prevents the enforcement of the new parking charges.",
         "The order continues to prohibit the enforcement of the new parking charges."),
    ],
)
def test_a_weak_denying_word_is_no_plain_affirmation(claim: str, unit: str):
    verdict = judge(claim, unit)
    assert verdict.label is not FactLabel.contradicted, verdict.mismatch


def test_a_weak_denying_word_shared_by_both_sides_still_lets_a_flip_stand():
    unit = "The tablets must not be taken without food."
    assert judge("The tablets can be taken without food.", unit).label is FactLabel.contradicted
