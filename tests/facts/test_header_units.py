"""A bare number under a header that names its unit carries the unit (guard/facts/tables.py), so a
claim's measured value falls in its row: right doses supported, another row's dose still flagged.

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel
from guard.facts.tables import with_header_bound, with_header_unit

DOSES = (
    "# Tovimax oral solution\n\n| Weight (kg) | Dose three times a day |\n|---|---|\n"
    "| under 10 | ask your doctor |\n| 10 to 24 | 5 ml |\n| 25 or more | 10 ml |\n"
)
KIDNEYS = (
    "# Dose by kidney function\n\n| eGFR (ml/min) | Dose |\n|---|---|\n"
    "| 50 or more | 40 mg once a day |\n| 20 to 49 | 20 mg once a day |\n| below 20 | not recommended |\n"
)


@pytest.mark.parametrize(
    ("header", "cell", "read"),
    [
        ("Weight (kg)", "10 to 24", "10 to 24 kg"),
        ("Weight (kg)", "25 or more", "25 kg or more"),
        ("eGFR (ml/min)", "below 20", "below 20 ml/min"),
        ("Price (£)", "12.50", "12.50"),  # a currency sign is written before the number: left alone
        ("Days per month (average)", "8.4", "8.4"),  # a count's noun, not a unit
        ("Dose", "10 mg", "10 mg"),  # no unit in the header
        ("Weight (kg)", "ask your doctor", "ask your doctor"),
    ],
)
def test_a_headers_unit_is_carried_by_bare_numbers_only(header, cell, read):
    assert with_header_unit(header, cell) == read


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("A child weighing 12 kg takes 5 ml three times a day.", DOSES),
        ("A 30 kg child takes 10 ml three times a day.", DOSES),
        ("With an eGFR of 35 ml/min, the dose is 20 mg once a day.", KIDNEYS),
        ("A patient whose eGFR is exactly 50 ml/min takes 40 mg once a day.", KIDNEYS),
    ],
)
def test_a_value_inside_its_rows_band_gets_the_rows_dose(claim, passage):
    assert judge_passages(claim, passage).label in (FactLabel.supported, FactLabel.inferred)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("A child weighing 12 kg takes 10 ml three times a day.", DOSES),
        ("A 30 kg child takes 5 ml three times a day.", DOSES),
        ("With an eGFR of 35 ml/min, the dose is 40 mg once a day.", KIDNEYS),
        ("A patient whose eGFR is exactly 50 ml/min takes 20 mg once a day.", KIDNEYS),
    ],
)
def test_another_rows_dose_is_still_flagged(claim, passage):
    assert judge_passages(claim, passage).label in (FactLabel.contradicted, FactLabel.unsupported)


@pytest.mark.parametrize(
    ("header", "cell", "read"),
    [
        ("Maximum pupils per coach", "8", "up to 8"),
        ("Max. weight (kg)", "20 kg", "up to 20 kg"),
        ("Minimum age", "16", "at least 16"),
        ("Maximum stay", "up to 3 nights", "up to 3 nights"),  # already says its bound
        ("Maximum group size", "8 to 12", "8 to 12"),  # a band
        ("Price", "8", "8"),
    ],
)
def test_a_maximum_or_minimum_header_makes_its_plain_values_limits(header, cell, read):
    assert with_header_bound(header, cell) == read
