"""Session 44's design on a negative subject after "and" (docs/FACTS.md "A denial after 'and'"): "..., and nobody
stands within 30 m of the engine" denies the bound as "Nobody stands within 30 m" does, so the rule reads "beyond 30 m",
not "within 30 m"; the same for "and no adult may bring more than 3 children" (at most 3). Passages written for this
file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

RANGE = (
    "# Llanfair clay shooting ground: rules\n\n"
    "- Guns are carried open and empty between stands, and nobody stands within 15 m of a trap while it is loaded.\n"
    "- Ear defenders are worn on every stand, and no shooter fires more than 25 cartridges in one round.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Everyone has to keep at least 15 m away from a loaded trap.", True),
        ("A shooter may fire at most 25 cartridges in a round.", True),
        ("A shooter may fire 40 cartridges in one round.", False),
    ],
)
def test_a_negative_subject_after_and_denies_the_bound(claim, holds):
    label = verified_label(claim, RANGE)
    assert (label == "supported") is holds, label
