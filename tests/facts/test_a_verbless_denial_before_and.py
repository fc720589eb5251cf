"""Session 46's design on a verbless denial before "and" (docs/FACTS.md "A verbless 'No ...' before 'and'"): in "No
dogs in the water, and dogs on the bank are kept on a lead" the parser hangs "No dogs in the water" on "kept" as a
second subject; the verb's own subject is the one nearest before it, so "kept" is said, not denied. Passages written
for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

from guard.facts.predicates import Status, statuses

QUAY = (
    "# Portavadie harbour: rules for visitors\n\n"
    "Visitors are welcome on the harbour wall from 8 am to 8 pm.\n\n"
    "**Rules**\n\n"
    "- No bikes on the pontoons, and bikes on the quay are kept in the rack.\n"
    "- No children on the pontoons alone, and children on the quay are kept in sight by an adult.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Bikes on the quay are kept in the rack.", True),
        ("Children on the quay are kept in sight by an adult.", True),
        ("Bikes on the quay are never kept in the rack.", False),
        ("Children on the quay are not kept in sight by an adult.", False),
    ],
)
def test_the_clause_after_a_verbless_denial_is_said(claim, holds):
    label = verified_label(claim, QUAY)
    assert (label == "supported") is holds, label


def test_a_verb_with_two_subjects_takes_the_nearer_one():
    read = dict(statuses("No dogs in the water, and dogs on the bank are kept on a lead."))
    assert read["kept"] is Status.said
    assert dict(statuses("No dogs or cats are allowed in the hall."))["allowed"] is Status.denied
    # a list the parser splits into two subjects carries no "and" of its own: still denied
    assert dict(statuses("No rings, bracelets or watches are worn at the table."))["worn"] is Status.denied
