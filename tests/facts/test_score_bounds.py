"""Session 45's design on a bound after a score's scale (docs/FACTS.md "Bounds after a score"): in "as long as it
stays at 4 out of 10 or lower", "or lower" bounds the score 4, not the scale 10, so a claim's 2 out of 10 is within it
and a 5 out of 10 is not. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

from guard.facts.quantities import Bound, quantities

SHOULDER = (
    "# Aberfoyle physiotherapy: your shoulder exercises\n\n"
    "Do the pendulum and wall-walk exercises twice a day.\n\n"
    "- Some pain while you exercise is fine, as long as it stays at 4 out of 10 or lower and settles within an hour.\n"
    "- Stop and phone the clinic if the pain reaches 7 out of 10 or more.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Pain of 2 out of 10 during the exercises is acceptable if it settles within the hour.", True),
        ("Pain of 5 out of 10 during the exercises is acceptable if it settles within the hour.", False),
        ("You should phone the clinic if your pain gets to 8 out of 10.", True),
        ("You should phone the clinic if your pain gets to 5 out of 10.", False),
    ],
)
def test_a_score_below_its_bound_is_held_by_it(claim, holds):
    label = verified_label(claim, SHOULDER)
    assert (label == "supported") is holds, label


@pytest.mark.parametrize(
    ("text", "bound"),
    [("stays at 4 out of 10 or lower", Bound.le), ("a score of 7 out of 10 or more", Bound.ge), ("3 out of 4 people", Bound.eq)],
)
def test_the_bound_words_after_the_scale_bound_the_score(text, bound):
    assert quantities(text)[0].bound is bound
