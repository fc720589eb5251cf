"""Session 32's first design (docs/FACTS.md): a document that says from when it applies, with no end ("It
applies to orders placed from 1 March 2061", "These rules apply from 1 April 2061", "The plan starts on 1 May
2061") holds a claim that places a later case under it ("a bench ordered in June 2061 comes under this
contract"), supported by inference; a claim about the opening itself, or a case before it, is still compared as a
date. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

BENCHES = (
    "Oakhurst Benches: garden bench supply contract\n\n"
    "It applies to benches ordered from 1 March 2061. Every bench is made by our own joiners and "
    "delivered by Fenwick Carriers. The price is £340 for an oak bench."
)
CHOIR = (
    "Lanmouth Choir: membership and rehearsal rules\n\n"
    "These fees and rules apply from 1 April 2061. Rehearsals are on Tuesdays at 19:30. "
    "Membership costs £60 a year."
)
PLAN = (
    "Heathcote Vets: horse health plan agreement\n\n"
    "The plan starts on 1 May 2061. The vet visits twice a year and the plan costs £18 a month."
)
TWO_OPENINGS = (
    "Oakhurst Benches: supply contract\n\n"
    "It applies to benches ordered from 1 March 2061. The repair service applies to repairs booked from "
    "1 September 2061."
)
TERM = "Bench hire agreement. The agreement applies from 1 March 2061 for 6 months. The hire costs £20 a week."


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("A bench ordered from Oakhurst in June 2061 comes under this contract.", BENCHES, True),
        ("Oakhurst's contract governs a bench order placed on 14 August 2061.", BENCHES, True),
        ("A Lanmouth rehearsal in September 2061 is run under these rules.", CHOIR, True),
        ("By June 2061 the Heathcote plan is already under way.", PLAN, True),
        # a case before the opening, and claims about the opening itself
        ("A bench ordered on 20 February 2061 comes under this contract.", BENCHES, False),
        ("Oakhurst's contract applies to benches ordered from 1 April 2061.", BENCHES, False),
        ("Oakhurst's contract first applies to benches ordered on 1 April 2061.", BENCHES, False),
        ("A bench ordered on 20 April 2061 is ordered before Oakhurst's contract applies.", BENCHES, False),
        ("The start date for orders under Oakhurst's contract is 1 May 2061.", BENCHES, False),
        ("A Lanmouth rehearsal in March 2061 is run under these rules.", CHOIR, False),
    ],
)
def test_a_case_on_or_after_the_day_a_document_applies_from(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # two openings: which one the claim's case falls under is not read
        ("A bench ordered in October 2061 comes under this contract.", TWO_OPENINGS),
        # an opening with a length is a term (term_ends.py): its end bounds the case
        ("A bench hired in December 2061 comes under this agreement.", TERM),
    ],
)
def test_only_one_opening_with_no_end_places_a_case(claim, passage):
    assert judge(claim, passage).label in FLAGGED


# Session 38's design (docs/FACTS.md): a price list's rates, charges and fees are the document ("These charges
# apply from 1 May 2061"), and "is charged at these rates" places a case under them.
CHARGES = (
    "Tarnwick Village Hall: hire charges\n\n"
    "These charges apply from 1 May 2061. The main hall costs £18 an hour and the kitchen £6 an hour. "
    "Hirers leave the hall by 23:00."
)
FEES = (
    "Brackley Swim School: lesson fees\n\n"
    "These fees apply from 1 September 2061. A 30-minute lesson costs £9 and a block of 10 lessons costs £80."
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("A hall booking in August 2061 is charged at these rates.", CHARGES, True),
        ("A party held at Tarnwick on 12 June 2061 is charged at these charges.", CHARGES, True),
        ("Brackley's listed lesson fees apply to a lesson in November 2061.", FEES, True),
        ("A lesson on Saturday 4 October 2061 is charged at these fees.", FEES, True),
        # a case before the opening, and claims about the opening itself
        ("A hall booking in April 2061 is charged at these rates.", CHARGES, False),
        ("Tarnwick's hire charges apply from 1 June 2061.", CHARGES, False),
        ("Brackley's lesson fees came in on 1 October 2061.", FEES, False),
        ("A lesson on 20 August 2061 is charged at these fees.", FEES, False),
    ],
)
def test_a_case_charged_at_rates_that_apply_from_a_day(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)


# Session 38's second design on dates (docs/FACTS.md): "is charged at these rates" asks about its day as a state does,
# so a day inside the period a price list applies for holds; a day outside it is still another date.
RATES_FOR_A_YEAR = (
    "Holmby Coaches: private hire rates\n\n"
    "These rates apply to trips from 1 April 2061 to 31 March 2062. A day trip in a 49-seat coach costs £450."
)
FEES_FOR_A_YEAR = (
    "Ashcombe Allergy Clinic: tests and fees 2061\n\n"
    "These fees apply from 1 January to 31 December 2061. A skin prick test costs £120."
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("A trip on 20 February 2062 is charged at these rates.", RATES_FOR_A_YEAR, True),
        ("An appointment on Friday 30 December 2061 is charged at these fees.", FEES_FOR_A_YEAR, True),
        ("A trip on 20 April 2062 is charged at these rates.", RATES_FOR_A_YEAR, False),
        ("A trip on 20 February 2061 is charged at these rates.", RATES_FOR_A_YEAR, False),
        ("An appointment on Monday 9 January 2062 is charged at these fees.", FEES_FOR_A_YEAR, False),
    ],
)
def test_a_case_charged_at_rates_for_a_period_that_holds_its_day(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
