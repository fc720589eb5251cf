"""Session 42's design on a "no" the parser hangs on a modifier (docs/FACTS.md "A 'no' on a noun's first modifier"):
"no fibreglass or plastic panel is fitted" denies the fitting of a fibreglass panel, though the parse puts the "no" on
"fibreglass", not on "panel" (predicates._modifier_denied); a compound's "no-" ("no-scalpel vasectomies") denies
nothing. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.predicates import Status, predicates

TERMS = (
    "# Holmfirth Forge: railing restoration\n\n## Terms\n\n"
    "1. Holmfirth Forge repairs and repaints the railing.\n"
    "2. Any new part is cast in iron; no fibreglass or plastic panel is fitted.\n"
    "3. The clinic carries out no-scalpel vasectomies for men aged 21 and over.\n"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Holmfirth Forge is free to fit a fibreglass panel where a part is missing.", False),
        ("A plastic panel may be fitted where a part is missing.", False),
        ("The clinic carries out vasectomies for men aged 21 and over.", True),
    ],
)
def test_a_no_on_a_modifier_denies_the_clause(claim, ok):
    assert (judge_passages(claim, TERMS).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("text", "lemma", "status"),
    [
        ("Any new part is cast in iron; no fibreglass or plastic panel is fitted.", "fit", Status.denied),
        ("The clinic carries out no-scalpel vasectomies.", "carri", Status.said),
    ],
)
def test_the_status_read_with_a_no_on_a_modifier(text, lemma, status):
    assert next(p.status for p in predicates(text) if p.lemma == lemma) is status
