"""Session 35's design (docs/FACTS.md "The number of things a claim ranks"): a count of the things a claim ranks
("the cheapest of Larkmoor's four tickets") holds when one table of the evidence has that many rows
(premises._counted_rows). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

TICKETS = (
    "| Ticket | Price | Entry |\n|---|---|---|\n| Adult day | £14 | One day |\n| Child day | £7 | One day |\n"
    "| Family day | £38 | One day, two adults and two children |\n| Weekend | £24 | Both days |"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("The cheapest of Larkmoor's four tickets is the child day ticket.", True),
        ("Of the four Larkmoor tickets, the family day ticket is the dearest.", True),
        # a count the table does not have
        ("The cheapest of Larkmoor's six tickets is the child day ticket.", False),
    ],
)
def test_ranked_counts(claim, ok):
    assert (judge_passages(claim, TICKETS).label in UNFLAGGED) is ok
