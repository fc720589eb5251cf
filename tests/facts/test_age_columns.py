"""Session 26's third design (docs/FACTS.md): the age band of an "Ages" column read without "years" ("14+", "5 to
8", "10 and over"), of a bracket written "(ages 3 to 5)", and of a rule that "suits" an age or says its people "must
be" one; the claim's age written in words ("a seven-year-old") or as a party of "4-year-olds". An age outside the
band of the category the claim names is contradicted; inside, left to the other checks. Passages written for this
file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

STUDIO = (
    "| Workshop | Length | Ages | Price |\n|---|---|---|---|\n"
    "| Clay animals | 1 hour | 5 to 8 | £12 |\n"
    "| Wheel throwing | 2 hours | 14+ | £35 |\n"
    "| Family raku | 3 hours | 10 and over | £40 |\n"
)
POOL = "Swimming lessons on Saturdays: Tadpoles (ages 3 to 5) at 09:00 and Minnows (ages 6 to 9) at 10:00."
TASTER = "Our pottery taster suits children aged 6 to 11. It lasts 90 minutes and costs £15."


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("A 12-year-old can book the wheel throwing workshop.", STUDIO, True),
        ("A 15-year-old can book the wheel throwing workshop.", STUDIO, False),
        ("A 9-year-old can join the clay animals workshop.", STUDIO, True),
        ("A six-year-old can join the clay animals workshop.", STUDIO, False),
        ("The family raku workshop is open to an 8-year-old.", STUDIO, True),
        ("A 7-year-old can join the Tadpoles.", POOL, True),
        ("A four-year-old can join the Tadpoles.", POOL, False),
        ("The pottery taster is suitable for a party of 4-year-olds.", TASTER, True),
        ("The pottery taster is suitable for a party of 9-year-olds.", TASTER, False),
    ],
)
def test_an_age_outside_the_band_of_the_category_named(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted
