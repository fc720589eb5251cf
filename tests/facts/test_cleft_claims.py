"""Session 41's seventh design (docs/FACTS.md): a cleft says who does the act as the plain clause does: "The
audiologist is the one who decides about grommets" is read as "The audiologist decides about grommets", which the
readers of doers and acts parse; the cleft itself hid the act from them. Passages written for this file; the whole of
verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

LETTER = (
    "# Corrisdale Children's Hospital: Isla's hearing clinic\n\n"
    "## Who does what\n\n"
    "- **Ms Hannah Yeadon, audiologist:** tests Isla's hearing at each visit.\n"
    "- **Mr Rupert Blenkin, consultant ENT surgeon:** decides with the family whether Isla needs grommets.\n"
    "- **Mrs Aoife Garside, teacher of the deaf:** visits Isla's school to advise her teachers.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Ms Yeadon is the one who decides whether Isla needs grommets.", False),
        ("Mrs Garside is the one who tests Isla's hearing.", False),
        ("Mr Blenkin is the one who decides with the family whether Isla needs grommets.", True),
        ("Ms Yeadon is the one who tests Isla's hearing at each visit.", True),
    ],
)
def test_a_cleft_read_as_its_plain_clause(claim, holds):
    label = verified_label(claim, LETTER)
    assert (label == "supported") is holds, label
