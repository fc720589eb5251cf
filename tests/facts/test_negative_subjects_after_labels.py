"""Session 35's design (docs/FACTS.md "A negative subject after a label"): the negation a bound consumes under a
negative subject is found at the negation itself, after a label or a sentence end too ("Rules: No pilot flies higher
than 1,200 m"), so it is not read again as a denial of the sentence (quantities._NEGATIVE_SUBJECT). Passages written
for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.lexicon import lexicon_for
from guard.facts.slots import read_slots

RULES = "Flying rules: No pilot flies higher than 1,200 m above the launch. Pilots land by 20:00."


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("A pilot 900 m above the launch is inside the club's height limit.", True),
        ("A pilot may fly 1,500 m above the launch.", False),
    ],
)
def test_bounds_under_negative_subjects_after_labels(claim, ok):
    assert (judge_passages(claim, RULES).label in UNFLAGGED) is ok


def test_the_consumed_negation_is_the_negation_itself():
    slots = read_slots("Rules: No pilot flies higher than 1,200 m above the launch.", lexicon_for("en"))
    assert slots.quantities[0].negation_at == slots.text.index("No")
    assert slots.negation_scopes == ()
