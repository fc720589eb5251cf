"""Probes for the eighth round (issue 11, branch r7-roles): parties the document itself sets apart
(roles.actor_replaced), doers that stand for a set ("either party"), appositions, and negations
read per clause, less the negations both texts share (negation_clash), "neither" as a subject's
denial and "is (not) able to" as a permission (predicates), "only X" for an act the unit gives
to more than X (exclusive.restriction_added) and a bound on a named amount turned round
(bound_words), "without" what the unit allows only with (exclusive.restriction_waived), and "A,
not B" turned round (exclusive.contrast_reversed).

Passages written for these probes in a domain the hard cases do not use (an employer's grievance
procedure); each false claim keeps the passage's words, and the true claims beside them say the
same fact in another voice or name the same party another way.
"""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

PARTIES = (
    "The panel chair reports to Brindle Foods. "
    "The panel chair signs the hearing notes. "
    "Brindle Foods pays the companion's travel costs. "
    "Where the manager kept no written record, the panel will usually find for the employee. "
    "Either party may bring a companion to the hearing. "
    "Neither party pays a fee for the hearing. "
    "The manager must provide a written outcome; the employee is not required to attend a second meeting."
)

REQUESTS = (
    "Only the employee or the manager can request a hearing; a companion may do so on the employee's "
    "behalf, but a contractor may not. "
    "A hearing must be requested within 10 days of the incident."
)
# the caller's cosines for REQUESTS' two units (the relaxed status checks read them)
REQUEST_COSINES = (0.62, 0.4)

CONTACTS = (
    "Appeals go to the Operations Director, Ms Ruth Okoye; questions about pay go to the payroll officer, "
    "Mr Dan Hale."
)

RULES = (
    "The panel never reopens a grievance for an employee who has not attended the hearing. "
    "The panel is independent of the department, and does not award compensation. "
    "A grievance hearing is not a disciplinary hearing, unless the grievance hearing finds misconduct. "
    "The panel cannot change the outcome of an appeal. "
    "Either party may ask for the hearing to be postponed. "
    "The employee or the companion may speak at the hearing. "
    "The panel may award no more than the amount claimed. "
    "A hearing may only be recorded with the consent of both sides. "
    "The HR partner, not the manager, books the hearing room."
)

FALSE_CLAIMS = [
    # a name and a description the document sets apart (one sentence gives both a part in one act)
    (PARTIES, "The panel chair pays the companion's travel costs."),
    # a participant after "for", both parties named in the unit itself
    (PARTIES, "Where the manager kept no written record, the panel will usually find for the manager."),
    # the claim's doer taken from another act of the unit
    (PARTIES, "The employee must provide a written outcome."),
    # a name moved to the other clause's role, each with its apposition
    (CONTACTS, "Appeals go to Dan Hale, the payroll officer."),
    # a negation both texts share is no part of the difference; "never" against "may"
    (RULES, "The panel may reopen a grievance for an employee who has not attended the hearing."),
    # the second predicate's "not" is not the first one's
    (RULES, "The panel is not independent of the department."),
    # a word of the rule's exception that the rule itself uses is the rule's
    (RULES, "A grievance hearing is a disciplinary hearing."),
    # "neither party" denies the act
    (PARTIES, "Each party pays a fee for the hearing."),
    (RULES, "The panel is able to change the outcome of an appeal."),
    # "only" for an act the unit gives to a set, or to a party named with another
    (RULES, "Only the employee may ask for the hearing to be postponed."),
    (RULES, "Only the employee may speak at the hearing."),
    # a bound on a named amount turned round
    (RULES, "The panel may award more than the amount claimed."),
    (RULES, "The panel may award at least the amount claimed."),
    # "without" what the unit allows only with
    (RULES, "A hearing may be recorded without the consent of both sides."),
    (RULES, "A hearing may be recorded even if both sides have not given their consent."),
    # "A, not B" turned round
    (RULES, "The manager, not the HR partner, books the hearing room."),
]

TRUE_CLAIMS = [
    (PARTIES, "The hearing notes are signed by the panel chair."),
    (PARTIES, "The companion's travel costs are paid by Brindle Foods."),
    (
        PARTIES,
        "If the manager kept no written record, the panel will usually find in favour of the employee.",
    ),
    # a member of the set the unit names
    (PARTIES, "The employee may bring a companion to the hearing."),
    (PARTIES, "Either the employee or the manager may bring a companion to the hearing."),
    (PARTIES, "Neither the employee nor the manager pays a fee for the hearing."),
    (PARTIES, "A written outcome must be provided by the manager."),
    # the same party named the other way round
    (CONTACTS, "Appeals go to Ruth Okoye, the Operations Director."),
    (RULES, "The panel does not reopen a grievance for an employee who has not attended the hearing."),
    (RULES, "The panel is independent of the department."),
    (RULES, "The panel does not award compensation."),
    (RULES, "A grievance hearing is not a disciplinary hearing."),
    (RULES, "The panel is not able to change the outcome of an appeal."),
    (RULES, "The employee may ask for the hearing to be postponed."),
    (RULES, "Only the employee or the companion may speak at the hearing."),
    (RULES, "The panel may award up to the amount claimed."),
    (RULES, "The panel can award at most the amount claimed."),
    (RULES, "A hearing can be recorded only with the consent of both sides."),
    (RULES, "The hearing room is booked by the HR partner, not by the manager."),
]


@pytest.mark.parametrize(("passage", "claim"), FALSE_CLAIMS)
def test_false_claims_keeping_the_words_are_contradicted(passage, claim):
    verdict = judge(claim, passage)
    assert verdict.label is FactLabel.contradicted, (claim, verdict)
    assert verdict.mismatch is not None and verdict.mismatch.evidence is not None


@pytest.mark.parametrize(("passage", "claim"), TRUE_CLAIMS)
def test_true_claims_in_another_voice_are_not_contradicted(passage, claim):
    verdict = judge(claim, passage)
    assert verdict.label is not FactLabel.contradicted, (claim, verdict.mismatch)


def test_a_denial_for_a_doer_a_closer_unit_names_is_no_clash_with_the_general_rule():
    """"A contractor cannot request a hearing" is the first unit's ("... but a contractor may not"),
    not a forbidden act against "A hearing must be requested within 10 days" (misbinding._status_flips)."""
    cosines = lambda units: REQUEST_COSINES[: len(units)]  # noqa: E731
    verdict = judge("A contractor cannot request a hearing.", REQUESTS, cosines)
    assert verdict.label is not FactLabel.contradicted, verdict.mismatch
