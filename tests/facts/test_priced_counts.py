"""Session 34's seventh design (docs/FACTS.md "A count priced by the row that names it"): premises._priced_counts
settles a count the claim supposes ("two student one-day tickets") when it times a price of a near unit that names
its noun gives the claim's amount, an amount the evidence happens to write elsewhere too. Passages written for this
file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

TICKETS = (
    "| Ticket | Early bird | Standard | One day |\n|---|---|---|---|\n"
    "| Student | £90 | £130 | £45 |\n| Member | £180 | £220 | £90 |"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Two student one-day tickets cost £90 together.", True),
        ("Three student one-day tickets cost £90 together.", False),
        ("Two member one-day tickets cost £180 together.", True),
        ("Three member one-day tickets cost £180 together.", False),
    ],
)
def test_count_priced_by_its_row(claim, ok):
    assert (judge_passages(claim, TICKETS).label in UNFLAGGED) is ok
