"""Session 32's design on leads called enough (docs/FACTS.md): a lead the claim calls enough ("1 day ahead is
early enough", "the day before is enough notice") against the lead the unit about its act asks for ("tell the
clinic at least 3 days before", "Stop iron tablets 7 days before the test", "48 hours' notice"): shorter is
contradicted, as long or longer holds, wherever else the document writes the claim's value. Passages written for
this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

LETTER = (
    "Before the scan: If you have a pacemaker, tell the clinic at least 5 days before. "
    "Stop iron tablets 7 days before the scan. "
    "After the scan: Do not drive for 1 day. Rest for 2 days."
)
HIRE = "The hall can be cancelled free of charge with 48 hours' notice. The hall holds 120 people."
UP_TO = "A blood sample is taken up to 3 days before the transfusion, to match the donor blood to yours."


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Telling the clinic about a pacemaker 1 day ahead is early enough.", LETTER, False),
        ("Mentioning a pacemaker 2 days ahead warns the clinic early enough.", LETTER, False),
        ("Telling the clinic about a pacemaker the day before is enough notice.", LETTER, False),
        ("Telling the clinic about a pacemaker 6 days ahead is early enough.", LETTER, True),
        ("Stopping iron tablets 10 days before the scan is early enough.", LETTER, True),
        ("Stopping iron tablets 4 days before the scan is early enough.", LETTER, False),
        ("Cancelling the hall 24 hours ahead is enough notice for a free cancellation.", HIRE, False),
        # an "up to" lead is a most, not a least
        ("A sample taken 2 days before the transfusion is in time to match the blood.", UP_TO, True),
    ],
)
def test_a_lead_called_enough_against_the_lead_asked_for(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
