"""Session 30's fourth design (docs/FACTS.md "A duty to keep to what a permission is restricted to"):
flip_check._restricted_leave. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

RULES = (
    "Canoes may be launched from the east bank only. "
    "Visitors may only feed the goats if a keeper is with them. "
    "Sheds may be built only if they are kept under 2 metres tall."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # the duty names what the permission is restricted to
        ("Canoes must be launched from the east bank.", True),
        ("Sheds have to be kept below 200 cm tall.", True),
        ("Visitors must have a keeper with them to feed the goats.", True),
        # a duty to do the permitted act itself is still a flip
        ("Visitors must feed the goats.", False),
        ("Sheds have to be built.", False),
    ],
)
def test_restricted_leave(claim, ok):
    assert (judge_passages(claim, RULES).label in UNFLAGGED) is ok
