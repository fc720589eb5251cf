"""Session 36's design (docs/FACTS.md "What a package saves"): a difference the claim compares ("saves £30 on paying
day by day", "£45 less than three single sessions") is what a package saves on its items bought one at a time, when
the count times the single price less the package price gives it to the penny (derivation._saving). Passages written
for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

KENNELS = (
    "| Booking | Stay | Price |\n|---|---|---|\n| Full day | up to 9 hours | £28 |\n| Half day | up to 4 hours | £16 |\n"
    "| Block of 10 full days | up to 9 hours a day | £250 |"
)
SAUNA = "| Session | Charge |\n|---|---|\n| Single session | £14 |\n| A week of four sessions | £48 |"


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Buying a block of 10 full days saves £30 on paying day by day.", KENNELS, True),
        ("A week of four sessions costs £8 less than four single sessions.", SAUNA, True),
        # a saving the prices do not give
        ("Buying a block of 10 full days saves £40 on paying day by day.", KENNELS, False),
        ("A week of four sessions costs £10 less than four single sessions.", SAUNA, False),
    ],
)
def test_package_savings(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
