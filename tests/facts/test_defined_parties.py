"""Session 26's second design (docs/FACTS.md): a party the document defines by a role ("Harbour Kiln Pottery (the
occupier)", "the tenant, Gwen Ashby,") and then writes every rule of by that role ("The occupier may not sell
alcohol") is read as that role when a claim names it, so that the rule's denial contradicts "Harbour Kiln Pottery may
sell alcohol". Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.parties import Party, as_role, defined_parties
from guard.facts.types import FactLabel
from guard.facts.units import evidence_units

STALL = (
    "This licence lets Harbour Kiln Pottery (the occupier) use Stall 4 at Quayside Market from 1 May to 30 "
    "September. The licence fee is £60 a week. The occupier may not sell alcohol and may not play amplified "
    "music. The occupier must keep the stall open on Saturdays."
)
PADDOCK = (
    "1.1 The owner, Peter Hale, lets the tenant, Gwen Ashby, use the paddock behind Mill Cottage.\n\n"
    "2.1 The tenant must not light fires in the paddock.\n\n"
    "2.2 The tenant may keep up to two goats in the paddock.\n\n"
    "2.3 The owner mends the fences."
)


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("Harbour Kiln Pottery may sell alcohol at Stall 4.", STALL, True),
        ("Harbour Kiln may play amplified music at the stall.", STALL, True),
        ("Harbour Kiln Pottery is not allowed to play amplified music.", STALL, False),
        ("The licence fee for Harbour Kiln Pottery is £60 a week.", STALL, False),
        ("Gwen may light fires in the paddock.", PADDOCK, True),
        ("Gwen Ashby may keep up to two goats in the paddock.", PADDOCK, False),
        ("Gwen Ashby must not light fires in the paddock.", PADDOCK, False),
        ("Mill Cottage Gwen may light fires.", PADDOCK, False),  # not read as the tenant inside a longer name
    ],
)
def test_a_named_party_read_as_its_role(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted


def test_the_parties_a_document_defines():
    units = evidence_units("p", PADDOCK).units + evidence_units("q", STALL).units
    assert set(defined_parties(units)) == {
        Party("Peter Hale", "owner"), Party("Gwen Ashby", "tenant"), Party("Harbour Kiln Pottery", "occupier"),
    }


def test_a_role_defined_for_two_names_is_left_out():
    text = "The buyer, Ann Lee, pays the deposit. Later the buyer, Tom Shaw, signs the contract."
    assert defined_parties(evidence_units("p", text).units) == []


def test_the_claim_written_with_the_role():
    parties = [Party("Harbour Kiln Pottery", "occupier")]
    assert as_role("Harbour Kiln may sell alcohol.", parties) == ("The occupier may sell alcohol.", parties[0])
    assert as_role("Alcohol may be sold by Harbour Kiln Pottery.", parties) == (
        "Alcohol may be sold by the occupier.", parties[0],
    )
    assert as_role("Quayside Market sells fish.", parties) is None
