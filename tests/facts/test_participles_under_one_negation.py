"""Session 45's design on a passive's second participle (docs/FACTS.md "Participles under one negation"): in "the
pump is never again connected to a tank or used to sell fuel", "used" is the passive's second participle under the
same "is never" (the tagger may call it a past tense, its form being the same), so the rule denies both acts.
Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

from guard.facts.predicates import Status, statuses

MANGLE = (
    "# Brig o' Turk laundry museum: restoring the box mangle\n\n"
    "Glenfinglas Restorers mend the museum's Victorian box mangle for the Brig o' Turk Laundry Museum.\n\n"
    "**Terms**\n\n"
    "1. The museum pays a deposit of 20% when it signs.\n"
    "2. The mangle is never again loaded with stones or used to press the museum's linen.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Once restored, the mangle will not be used for pressing the museum's linen.", True),
        ("Once restored, the mangle will be used for pressing the museum's linen.", False),
    ],
)
def test_both_participles_of_a_denied_passive_are_denied(claim, holds):
    label = verified_label(claim, MANGLE)
    assert (label == "supported") is holds, label


def test_a_past_form_after_or_under_a_passive_is_its_participle():
    read = dict(statuses("The pump is never again connected to a fuel tank or used to sell fuel."))
    assert read["used"] is Status.denied
