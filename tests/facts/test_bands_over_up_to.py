"""Session 22's fifth design (docs/FACTS.md): "over 20 kg and up to 32 kg" is one band, not a lower bound and a
limit read apart (guard/facts/quantities.py). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.quantities import quantities

PRICES = (
    "| Blade length | Price |\n|---|---|\n| Up to 15 cm | £5 |\n| Over 15 cm and up to 25 cm | £7 |\n"
    "| Over 25 cm and up to 35 cm | £9 |\n\nScissors cost £6 a pair."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("A knife with a 30 cm blade costs £9 to sharpen.", True),
        ("A knife with a 20 cm blade costs £7 to sharpen.", True),
        ("A knife with a 30 cm blade costs £7 to sharpen.", False),  # 30 cm is over 15 cm, but not up to 25 cm
    ],
)
def test_a_band_over_one_value_and_up_to_another(claim, ok):
    assert (judge_passages(claim, PRICES).label in UNFLAGGED) is ok


def test_over_and_up_to_read_as_one_band():
    (band,) = quantities("Bag over 20 kg and up to 32 kg")
    assert (band.dim, band.lo, band.hi, band.is_range) == ("mass", 20000.0, 32000.0, True)
