"""Session 28's count design (docs/FACTS.md): a bare number in a table cell counts what its header names ("Swimmers
per teacher: up to 6"), so a claim's "10 swimmers per teacher" taken from another row is read as that row's value.
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

CLASSES = """## Lesson sizes at Kelda Pool

| Class | Swimmers per teacher | Lesson length |
|---|---|---|
| Tadpoles | up to 6 | 30 minutes |
| Dolphins | up to 10 | 45 minutes |
"""

LOANS = """## How much you can borrow

| Member | Items at once |
|---|---|
| Junior | 4 |
| Adult | 12 |
"""


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("A Tadpoles class can have 10 swimmers per teacher.", CLASSES, True),
        ("A Dolphins class can have 10 swimmers per teacher.", CLASSES, False),
        ("Junior members can borrow 12 items at once.", LOANS, True),
        ("Adult members can borrow 12 items at once.", LOANS, False),
    ],
)
def test_a_count_from_another_row(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted
