"""A claim that makes a duty of one of two ways a unit leaves to choice (session 29, docs/FACTS.md): "has to attend the
session in person" against "may come to the session or listen in by video link". Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

TUTOR = """This agreement covers private singing lessons given to the pupil by Hollin Voice Studio, 4 Mill Row, Easterby.

1. **Lessons.** The pupil may come to the lesson at the studio or join it by video call.
2. **Homework.** The tutor sends homework to the pupil after each lesson.
3. **Payment.** Fees are paid at the start of each term."""


@pytest.mark.parametrize(
    ("claim", "contradicted"),
    [
        ("A Hollin Voice Studio pupil has to attend each singing lesson in person.", True),
        ("The pupil can join a lesson by video call.", False),
        ("The pupil must do the homework the tutor sends after each lesson.", False),
    ],
)
def test_one_of_two_ways_made_a_duty(claim, contradicted):
    assert (judge(claim, TUTOR).label is FactLabel.contradicted) is contradicted
