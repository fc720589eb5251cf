"""Session 43's design on "over" a stretch of time (docs/FACTS.md ""Over" a stretch of time that says across it"):
"add fibre slowly over 4 to 6 weeks" spreads the change across four to six weeks, and "Over 4 weeks, a member pays £14"
totals the fees across four weeks; neither is "more than". Read as "more than 4 weeks", a claim of eight weeks fell
inside the advice and a four-week total lost its period. "Over" still bounds where it is the clause's subject or an
age ("Over 3 hours is too long", "over 18 years old"). Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

LETTER = (
    "# Hathersage Community Hospital: after your diverticulitis\n\n"
    "1. Take the antibiotic tablets for 7 days.\n"
    "2. Then eat low-fibre food, such as white bread and eggs, for one week.\n"
    "3. After that week, add fibre slowly over 4 to 6 weeks until you are eating about 30 g of fibre a day.\n"
)

PANTRY = (
    "# Grindleford Pantry: membership\n\n"
    "- Membership costs £3.50 a week, paid at the door.\n"
    "- Members may take up to 10 items on each visit.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Taking eight weeks to build up to 30 g of fibre a day is what the hospital advises.", False),
        ("Fibre can be built up to 30 g a day over five weeks.", True),
    ],
)
def test_over_a_range_of_weeks_is_across_them(claim, holds):
    label = verified_label(claim, LETTER)
    assert (label == "supported") is holds, label


def test_over_weeks_at_the_head_of_a_clause_is_the_period_of_a_total():
    assert verified_label("Over 4 weeks, a member pays the Grindleford Pantry £14.", PANTRY) == "supported"
