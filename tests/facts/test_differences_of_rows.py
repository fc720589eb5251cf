"""Session 35's design (docs/FACTS.md "A difference of two rows is no row's value"): a claim value said as a
difference or a ratio of two things the claim compares ("£5 cheaper than", "3 hours longer than", "saves £1") is not
read as a value taken from another row, even when a cell happens to hold it (rows.row_misbindings,
derivation.compares). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

TICKETS = (
    "| Ticket | Online | On the gate |\n|---|---|---|\n| Adult | £8 | £10 |\n| Child | £5 | £6 |\n"
    "| Family (2 adults and 2 children) | £20 | £25 |"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("A family ticket bought online is £5 cheaper than one bought on the gate.", True),
        ("An adult ticket bought online is £2 cheaper than one bought on the gate.", True),
        # a difference the rows do not give
        ("A family ticket bought online is £8 cheaper than one bought on the gate.", False),
        # a value taken from another row is still one
        ("A child ticket bought online costs £8.", False),
    ],
)
def test_differences_of_rows(claim, ok):
    assert (judge_passages(claim, TICKETS).label in UNFLAGGED) is ok
