"""Probes for an age against the band of the category a claim names (guard/facts/ages.py).

Written for these probes (no hard-case passage): ages inside and outside bands given in brackets
and in a table row's cells, true claims (inside, or denying the category) and false ones.
"""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

ZOO = """## Tickets

| Ticket | Adult | Child (3 to 15) | Senior (65 and over) |
|---|---|---|---|
| Day pass | £24 | £12 | £18 |
| Annual pass | £90 | £45 | £70 |

Children under 3 go free.
"""

CLUB = """## Memberships

| Membership | Who | Monthly |
|---|---|---|
| Youth | 12 to 17 years | £15 |
| Veteran | 60 years and over | £20 |
"""

TRUE_CLAIMS = [
    (ZOO, "A 7-year-old pays the child day pass price of £12."),
    (ZOO, "My 70-year-old father can buy the senior day pass for £18."),
    (ZOO, "A 16-year-old cannot get a child ticket."),
    (CLUB, "At 14 you can join as a Youth member for £15 a month."),
    (CLUB, "Aged 62, she can take the Veteran membership."),
    (CLUB, "At 19 you can no longer be a Youth member."),
]

FALSE_CLAIMS = [
    (ZOO, "A 2-year-old pays the child day pass price of £12."),
    (ZOO, "A 17-year-old can still buy a child annual pass."),
    (ZOO, "A 60-year-old can buy the senior day pass for £18."),
    (CLUB, "At 19 you can still join as a Youth member for £15 a month."),
    (CLUB, "Aged 55, he can take the Veteran membership."),
]


@pytest.mark.parametrize(("passage", "claim"), TRUE_CLAIMS)
def test_age_inside_the_band_is_not_contradicted(passage: str, claim: str):
    verdict = judge(claim, passage)
    assert verdict.label is not FactLabel.contradicted, verdict.mismatch


@pytest.mark.parametrize(("passage", "claim"), FALSE_CLAIMS)
def test_age_outside_the_band_is_contradicted(passage: str, claim: str):
    verdict = judge(claim, passage)
    assert verdict.label is FactLabel.contradicted, verdict.mismatch


def test_ages_listed_with_and_or_or_are_read_as_a_band_or_as_points():
    from guard.facts.ages import listed_ages

    assert [(lo, hi) for lo, hi, _ in listed_ages("children aged 2 and 3 years, who receive it")] == [(2, 3)]
    assert [(lo, hi) for lo, hi, _ in listed_ages("volunteers aged 16 or 17 need consent")] == [(16, 17)]
    assert [(lo, hi) for lo, hi, _ in listed_ages("free for 2 and 3-year-olds")] == [(2, 3)]
    # two ages further apart are two ages, not every age between
    assert [(lo, hi) for lo, hi, _ in listed_ages("children aged 5 and 8")] == [(5, 5), (8, 8)]
    assert listed_ages("take 2 and 3 tablets") == []  # no "aged", no "years": no age


CONSENT = "## Consent\n\nVolunteers must be 18 or over; volunteers aged 16 or 17 need a parent's consent.\n"


def test_an_age_outside_a_band_listed_with_or_is_contradicted():
    assert judge("A 17-year-old volunteer needs a parent's consent.", CONSENT).label is not FactLabel.contradicted
    assert judge("A 15-year-old volunteer needs a parent's consent.", CONSENT).label is FactLabel.contradicted


def test_an_age_band_followed_by_or_is_still_an_age_band():
    # "under 2 or": the short word after the number is the sentence's, not a unit ("under 8 m")
    passage = "Entry is free for a child under 2 or anyone aged 75 or over; everyone else pays £6."
    assert judge("Entry is free for a 1-year-old child.", passage).label is FactLabel.supported
    assert judge("Entry is free for an 80-year-old.", passage).label is FactLabel.supported
    assert judge("Entry is free for a 3-year-old child.", passage).label is FactLabel.contradicted
    assert judge("Entry is free for a 70-year-old.", passage).label is FactLabel.contradicted


def test_a_child_of_n_is_an_age():
    passage = (
        "| Age | Dose | Most doses in 24 hours |\n|---|---|---|\n"
        "| 4 to 7 years | 10 ml | up to 4 |\n| 8 to 12 years | 15 ml | up to 4 |\n"
    )
    assert judge("A child of 10 can have 15 ml at a time.", passage).label is FactLabel.supported
    assert judge("A child of 10 can have 10 ml at a time.", passage).label is FactLabel.contradicted
    assert judge("A child of 5 can have 15 ml at a time.", passage).label is FactLabel.contradicted
