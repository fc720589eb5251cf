"""Probes for who-did-what (guard/facts/roles.py): named participants moved to another role,
replaced by another name, or the act given to another named doer.

Passages written for these probes (none from the hard-case set); every fact is said in several
voices (active, passive, relative clause, apposition) and each has true and false versions.
"""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts import evidence_units, judge_facts
from guard.facts.roles import frames
from guard.facts.types import FactLabel

MUSEUM = (
    "The Harlow Gallery was designed by Ellen Vance and opened in 1932. "
    "Its east wing, which Tomas Reed added in 1960, holds the textile collection. "
    "Visitors with questions should write to Mr Okafor, the head curator. "
    "The gallery is run by the Brantford Trust, which sets the ticket prices. "
    "Guided tours are led by Ms Liang on Saturdays. "
    "Written by Peter Osei (education officer)."
)

TRUE_CLAIMS = [
    "The Harlow Gallery was designed by Ellen Vance.",
    "Ellen Vance designed the Harlow Gallery.",
    "Tomas Reed added the east wing in 1960.",
    "Visitors with questions should write to Mr Okafor.",
    "The Brantford Trust sets the ticket prices.",
    "Ticket prices are set by the Brantford Trust.",
    "Ms Liang leads the guided tours on Saturdays.",
    "Guided tours are led by Ms Liang on Saturdays.",
]

FALSE_CLAIMS = [
    "The Harlow Gallery was designed by Tomas Reed.",
    "Tomas Reed designed the Harlow Gallery.",
    "Ellen Vance added the east wing in 1960.",
    "Visitors with questions should write to Ms Liang.",
    "Visitors with questions should write to Mr Dalton.",
    "Ticket prices are set by the Harlow Council.",
    "Guided tours are led by Mr Okafor on Saturdays.",
    "Guided tours are led by Mrs Pryce on Saturdays.",
    "The guide was written by Ellen Vance.",
]


@pytest.mark.parametrize("claim", TRUE_CLAIMS)
def test_true_roles_are_never_contradicted(claim: str):
    verdict = judge(claim, MUSEUM)
    assert verdict.label is not FactLabel.contradicted, verdict.mismatch


def test_false_roles_are_mostly_contradicted():
    caught = [claim for claim in FALSE_CLAIMS if judge(claim, MUSEUM).label is FactLabel.contradicted]
    missed = [claim for claim in FALSE_CLAIMS if claim not in caught]
    assert len(caught) >= 0.8 * len(FALSE_CLAIMS), missed


def test_relative_pronoun_stands_for_its_antecedent():
    found = {(f.verb, f.role, f.surface) for f in frames("The gallery is run by the Brantford Trust, which sets the prices.")}
    assert ("set", "agent", "Brantford Trust") in found


def test_an_acronym_is_not_another_person():
    units = evidence_units("p", "Purchases over £50,000 need approval from the Chief Financial Officer.").units
    verdict = judge_facts("Purchases over £50,000 need approval from the CFO.", units)
    assert verdict.label is not FactLabel.contradicted, verdict.mismatch
