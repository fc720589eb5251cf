"""Session 33's fifth design (docs/FACTS.md): an act a claim says is done "also" whose object the document names in no
way ("Seawatch will also teach children's swimming lessons") is an addition, flagged; an "also" act on what the
document does say is not. Passage written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, UNFLAGGED, judge

POOL = (
    "Tidesend pool lifeguarding\n\nSeawatch provides two lifeguards at the pool from 10:00 to 18:00 every day. "
    "The council cleans the pool and tests the water each morning. Swimmers under 8 must be with an adult."
)


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        ("Seawatch will also teach children's swimming lessons at the pool.", True),
        ("Seawatch also fits a new diving board at the pool.", True),
        ("The council also tests the water each morning.", False),
        ("Besides cleaning the pool, the council also tests the water.", False),
        ("Seawatch also supplies two lifeguards at the pool.", False),
        ("Children under 8 also need an adult with them.", False),
    ],
)
def test_an_act_done_also_on_a_thing_the_document_names_nowhere(claim, flagged):
    assert judge(claim, POOL).label in (FLAGGED if flagged else UNFLAGGED)
