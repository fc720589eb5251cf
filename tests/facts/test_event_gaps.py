"""Session 33's sixth design (docs/FACTS.md): the time between two dated events the claim names ("Four weeks separate
the fitting from the check", an appointments table giving both dates) supported by inference; another length, or the
length between other events than the ones named, is not. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

APPOINTMENTS = (
    "## Your appointments\n\n| Appointment | Date |\n|---|---|\n| Fitting | 14 May 2074 |\n"
    "| Check that the ring suits you | 11 June 2074 |\n| First change of ring | 12 November 2074 |\n"
)
CONTESTS = (
    "## Contests\n\nIn 2074 the band enters the Lowland contest on 14 June and the Borders championship on 9 August. "
    "A playing member plays at a contest only after 8 practices."
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Four weeks separate the fitting from the check that the ring suits.", APPOINTMENTS, True),
        ("The Borders championship falls eight weeks after the Lowland contest.", CONTESTS, True),
        ("Six weeks separate the fitting from the check that the ring suits.", APPOINTMENTS, False),
        # the fitting-to-check weeks said of the first change of ring
        ("Four weeks separate the fitting from the first change of ring.", APPOINTMENTS, False),
        ("The Borders championship falls six weeks after the Lowland contest.", CONTESTS, False),
    ],
)
def test_the_time_between_two_dated_events(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
