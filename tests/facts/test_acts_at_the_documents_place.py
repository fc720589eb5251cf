"""Session 27's third design (docs/FACTS.md): a claim that sets its act at the place the document is about ("At Tolby
the anaesthetist gives the shock", where the title names Tolby Hospital) is compared with the statement that gives
the act, though that statement does not repeat the place. Before, the place's words counted as act content the
statement lacked, and the act's doers were never compared. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

LEAFLET = (
    "# Tolby Hospital: planned cardioversion\n\n"
    "Cardioversion uses a controlled electric shock to put an irregular heartbeat back to a normal rhythm.\n\n"
    "## Who does what\n\n"
    "The cardiology registrar, Dr Yusuf Adeyemi, gives the shock; the anaesthetist, Dr Helen Marsh, puts you to "
    "sleep and watches your breathing.\n"
)


@pytest.mark.parametrize(
    ("claim", "contradicted"),
    [
        ("At Tolby the anaesthetist gives the cardioversion shock.", True),
        ("At Tolby Hospital the cardiology registrar gives the shock.", False),
        ("At Tolby the anaesthetist puts you to sleep.", False),
        ("At Tolby the anaesthetist watches your breathing.", False),
    ],
)
def test_an_act_set_at_the_documents_place(claim, contradicted):
    assert (judge(claim, LEAFLET).label is FactLabel.contradicted) is contradicted
