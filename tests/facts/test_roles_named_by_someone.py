"""Session 27's second design (docs/FACTS.md): a role the document names a person by ("The egg marshal, Hattie Bream,
hands each team its eggs") is a party, though its noun is no common word for a person ("marshal", "churchwarden",
"umpire"). A claim that gives another party's act to it ("the distance judge hands each team its eggs") is
contradicted, as one naming a nurse or a manager already was. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.act_binding import _named_by
from guard.facts.types import FactLabel

RACE = (
    "Teams of 2 throw a raw duck egg to each other across the village green. "
    "The egg marshal, Hattie Bream, hands each team its eggs; the distance judge, Morgan Pell, measures the gaps "
    "with a tape. The winning pair takes the Tolby Golden Egg."
)
VANE = (
    "This agreement is between the PCC of St Ebba's, Wenfold, and Hartle Gilding (the gilder). "
    "The churchwarden, Piers Oakley, is the PCC's contact; the gilder's steeplejack, Tamsin Rowe, takes the "
    "cockerel down and puts it back up."
)


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("At Tolby the distance judge hands each team its eggs.", RACE, True),
        ("The egg marshal hands each team its eggs.", RACE, False),
        ("The distance judge measures the gaps with a tape.", RACE, False),
        ("At St Ebba's the churchwarden takes the cockerel down from the spire.", VANE, True),
        ("The gilder's steeplejack takes the cockerel down.", VANE, False),
    ],
)
def test_a_role_named_by_someone_is_a_party(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted


def test_what_names_a_person_by_a_role():
    assert _named_by("egg marshal", "The egg marshal, Hattie Bream, hands out eggs.")
    assert _named_by("churchwarden", "Piers Oakley, the churchwarden, is the contact.")
    assert _named_by("surgeon", "The surgeon, Mr Tobias Reaney, puts in the grommets.")
    assert not _named_by("marshal", "The marshal, who starts the race, hands out eggs.")
    assert not _named_by("judge", "The judge, at the line, measures the gaps.")
