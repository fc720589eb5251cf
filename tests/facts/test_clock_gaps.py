"""Session 34's fourth design (docs/FACTS.md "The hours from a time of day to the claim's own"): clock_gaps.clock_gap,
in quantity_check._step: the hours between the claim's time of day and one the evidence gives as the start or end of
a stretch ("nothing to eat after midnight"), or between the claim's own two times. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.clock_gaps import clock_gap
from guard.facts.lexicon import ENGLISH
from guard.facts.slots import read_slots

FAST = "Your operation is on 3 May 2074 at 10:00.\n\nHave nothing to eat after midnight. You may drink water until 08:00."


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("A patient has gone 10 hours without food by the 10:00 start.", True),
        ("A patient has gone 12 hours without food by the 10:00 start.", False),
        ("Patients stop drinking water at least 2 hours before the 10:00 start.", True),
        ("Patients stop drinking water at least 4 hours before the 10:00 start.", False),
    ],
)
def test_hours_from_a_time_the_evidence_gives(claim, ok):
    assert (judge_passages(claim, FAST).label in UNFLAGGED) is ok


def test_the_claims_own_two_times_and_a_bound_near_its_number():
    claim = read_slots("Between a last drink at 06:00 and arriving at 09:15, a patient goes more than 3 hours without water.", ENGLISH)
    assert clock_gap(claim.quantities[0], claim, []) is not None
    # 3 hours 15 minutes passes "more than 1 hour" too, but a bound is read as the stretch's whole hours
    loose = read_slots("Between a last drink at 06:00 and arriving at 09:15, a patient goes more than 1 hour without water.", ENGLISH)
    assert clock_gap(loose.quantities[0], loose, []) is None
