"""Session 32's design on titled codes (docs/FACTS.md): a code named with its title ("Grade G3", "Band B2") is
found inside a band of codes a unit gives under that title ("employees in grades G1 to G4"), as the bare code is;
a code outside every band, or a title the band's unit does not use, is still a name no evidence mentions.
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

OVERTIME = (
    "Paid overtime applies to employees in grades G1 to G4, which covers most warehouse roles. "
    "Overtime is paid at 1.5 times the normal hourly rate."
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Grade G3 is in the group that is paid overtime.", OVERTIME, True),
        ("Grade G1 staff are paid overtime at 1.5 times the normal hourly rate.", OVERTIME, True),
        ("Grade G6 is in the group that is paid overtime.", OVERTIME, False),
        ("Band G3 is in the group that is paid overtime.", OVERTIME, False),
    ],
)
def test_a_code_named_with_its_title(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
