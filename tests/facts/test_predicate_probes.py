"""Probes for polarity and deontic force read from the parse (guard/facts/predicates.py).

The passages are written for these probes (none comes from the hard-case set) and each fact is
said many ways: true paraphrases must never come out contradicted, false ones (negation
flipped, force changed, exception dropped) should. The false list is the recall check, the true
list the precision check; both must hold for a rule to stay.
"""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.predicates import Status, predicates
from guard.facts.types import FactLabel

LIBRARY = (
    "Members may borrow up to 8 books at a time. "
    "Reference books cannot be taken out of the library. "
    "Children under 12 must be accompanied by an adult after 6pm. "
    "Laptops are available to borrow for 3 hours. "
    "A library card is not required to use the reading room. "
    "Overdue fines are not charged on children's books. "
    "Members must return borrowed laptops to the front desk."
)

LEASE = (
    "The tenant must not sublet the flat without the landlord's written consent. "
    "The landlord is responsible for repairs to the boiler. "
    "Pets are not allowed in the building. "
    "The tenant may decorate the flat. "
    "The deposit is returned within 10 days of the end of the tenancy. "
    "The tenant does not have to pay for routine gas safety checks."
)

LEAFLET = (
    "Do not give Calmorin to children under 6 years. "
    "Calmorin can be taken with or without food. "
    "You should not drive if Calmorin makes you drowsy. "
    "Patients with liver disease must not take Calmorin. "
    "Stop taking Calmorin if you get a rash."
)

TRUE_CLAIMS = [
    (LIBRARY, "Members can borrow up to 8 books at a time."),
    (LIBRARY, "Reference books may not be taken out of the library."),
    # two verbs for one act (leave / be taken out): no shared act, but both main verbs say no
    (LIBRARY, "Reference books can't leave the library."),
    (LIBRARY, "Children under 12 have to be accompanied by an adult after 6pm."),
    (LIBRARY, "You don't need a library card to use the reading room."),
    (LIBRARY, "No library card is required to use the reading room."),
    (LIBRARY, "Overdue fines are not charged on children's books."),
    (LIBRARY, "Members are required to return borrowed laptops to the front desk."),
    (LEASE, "The tenant cannot sublet the flat without the landlord's written consent."),
    (LEASE, "Subletting the flat requires the landlord's written consent."),
    (LEASE, "The landlord must pay for repairs to the boiler."),
    (LEASE, "Pets are not permitted in the building."),
    (LEASE, "The tenant is allowed to decorate the flat."),
    (LEASE, "The tenant does not need to pay for routine gas safety checks."),
    (LEASE, "The deposit is returned within 10 days of the end of the tenancy."),
    (LEAFLET, "Calmorin should not be given to children under 6 years."),
    (LEAFLET, "You can take Calmorin with food."),
    (LEAFLET, "Avoid driving if Calmorin makes you drowsy."),
    (LEAFLET, "People with liver disease should not take Calmorin."),
    (LEAFLET, "If you get a rash, stop taking Calmorin."),
]

FALSE_CLAIMS = [
    (LIBRARY, "Reference books can be taken out of the library."),
    (LIBRARY, "Reference books may be borrowed and taken out of the library."),
    (LIBRARY, "Children under 12 do not have to be accompanied by an adult after 6pm."),
    (LIBRARY, "Children under 12 need not be accompanied by an adult after 6pm."),
    (LIBRARY, "A library card is required to use the reading room."),
    (LIBRARY, "You must have a library card to use the reading room."),
    (LIBRARY, "Overdue fines are charged on children's books."),
    (LIBRARY, "Members may not borrow books."),
    (LEASE, "The tenant may sublet the flat without the landlord's written consent."),
    (LEASE, "The tenant is allowed to sublet the flat without the landlord's written consent."),
    (LEASE, "The landlord is not responsible for repairs to the boiler."),
    (LEASE, "Pets are allowed in the building."),
    (LEASE, "The tenant must not decorate the flat."),
    (LEASE, "The tenant is not allowed to decorate the flat."),
    (LEASE, "The tenant has to pay for routine gas safety checks."),
    (LEASE, "The deposit is not returned within 10 days of the end of the tenancy."),
    (LEAFLET, "Calmorin can be given to children under 6 years."),
    (LEAFLET, "Patients with liver disease may take Calmorin."),
    (LEAFLET, "Patients with liver disease can safely take Calmorin."),
]


@pytest.mark.parametrize(("passage", "claim"), TRUE_CLAIMS)
def test_true_paraphrase_is_never_contradicted(passage: str, claim: str):
    verdict = judge(claim, passage)
    assert verdict.label is not FactLabel.contradicted, verdict.mismatch


def test_false_flips_are_mostly_contradicted():
    caught = [claim for passage, claim in FALSE_CLAIMS if judge(claim, passage).label is FactLabel.contradicted]
    missed = [claim for _, claim in FALSE_CLAIMS if claim not in caught]
    # a recall floor measured when the probes were written (see docs/FACTS.md), not every one
    assert len(caught) >= 0.8 * len(FALSE_CLAIMS), missed


@pytest.mark.parametrize(
    ("text", "verb", "status"),
    [
        ("Pets are not allowed to stay in the flat.", "stay", Status.forbidden),
        ("The tenant does not have to pay for checks.", "pay", Status.optional),
        ("The tenant need not pay for checks.", "pay", Status.optional),
        ("The manager fails to reply.", "reply", Status.denied),
        ("No one may approve their own claim.", "approve", Status.forbidden),
        ("Never take two doses at once.", "take", Status.forbidden),
        ("You should not drive.", "drive", Status.advised_against),
        ("Staff must wear a badge.", "wear", Status.required),
        ("Staff are required to wear a badge.", "wear", Status.required),
        ("Members can borrow books.", "borrow", Status.allowed),
        ("The deposit is returned.", "returned", Status.said),
    ],
)
def test_status_of_a_predicate(text: str, verb: str, status: Status):
    found = {p.surface: p.status for p in predicates(text)}
    assert found.get(verb) is status, found
