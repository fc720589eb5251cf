"""Bands in one sentence: the value of the band a claim's own value falls in, and products that
multiply it (issue 11, ranges and one-step inference; branch r7-dates).

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

from guard.facts import FactLabel
from guard.facts.lexicon import ENGLISH
from guard.facts.slots import read_slots

CABINS = (
    "Cabins cost £95 per night for stays of 2 to 6 nights; stays of 7 nights or more cost £80 per night. "
    "Check-in is from 15:00."
)
GRANTS = "The trust awards up to 8 bursaries of £400 each to apprentices who finish the course."
KENNEL = "Boarding costs £18 a day for dogs under 10 kg, or £24 a day for dogs of 10 kg or more."


def test_a_range_of_counted_things_counts_the_noun():
    (band,) = [q for q in read_slots("for stays of 2 to 6 nights", ENGLISH).quantities]
    assert (band.dim, band.lo, band.hi) == ("count:night", 2.0, 6.0)
    # a range before a word that is no counted noun stays a number
    assert read_slots("pages 1 to 4 of the form", ENGLISH).quantities[0].dim == "number"


@pytest.mark.parametrize(
    "claim",
    [
        "A 3-night stay in a cabin costs £95 a night.",
        "Someone staying 9 nights pays £80 per night.",
    ],
)
def test_the_value_of_the_claims_own_band_holds(claim):
    assert judge(claim, CABINS).label in HOLDS


@pytest.mark.parametrize(
    ("claim", "given"),
    [
        ("A 3-night stay in a cabin costs £80 a night.", "£95 per night"),
        ("Someone staying 9 nights pays £95 per night.", "£80 per night"),
        ("A 12 kg dog costs £18 a day to board.", "£24"),
    ],
)
def test_another_bands_value_is_contradicted(claim, given):
    verdict = judge(claim, CABINS if "night" in claim else KENNEL)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and verdict.mismatch.evidence_value == given


def test_a_product_with_the_claims_own_band_is_inferred():
    verdict = judge("A 7-night stay in a cabin costs £560.", CABINS)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == "£80 per night × 7 nights = £560"
    # the other band's rate times the claim's count is refused: 7 x £95 = £665
    assert judge("A 7-night stay in a cabin costs £665.", CABINS).label in FLAGGED


def test_a_count_inside_the_rates_bound_licenses_the_product():
    verdict = judge("If all 8 bursaries are awarded, the trust pays out £3,200.", GRANTS)
    assert verdict.label is FactLabel.inferred
    assert judge("If all 8 bursaries are awarded, the trust pays out £3,600.", GRANTS).label in FLAGGED


REFUNDS = (
    "The course runs from Monday 14 September 2026. "
    "Cancellations made at least 8 weeks before the course (by 20 July 2026) are refunded in full. "
    "Cancellations made between 8 weeks and 10 days before the course get half the fee back. "
    "Cancellations made less than 10 days before the course get no refund."
)


def test_a_range_written_from_the_far_end_is_read():
    (band,) = [q for q in read_slots("between 8 weeks and 10 days before", ENGLISH).quantities]
    assert (band.dim, band.lo, band.hi) == ("duration", 240.0, 1344.0)
    # "from 10 to 2" stays two numbers: without both units the order may be a misreading
    assert [q.lo for q in read_slots("from 10 to 2", ENGLISH).quantities] == [10.0, 2.0]


def test_two_limits_are_not_added_into_an_amount():
    # 8 weeks + 10 days is no amount the evidence gives; cancelling 9 weeks before is a full refund
    claim = "Someone cancelling 10 weeks before the course gets half the fee back."
    assert judge(claim, REFUNDS).label in FLAGGED
    assert judge("Cancelling 30 days before the course gets you half the fee back.", REFUNDS).label in HOLDS


def test_a_date_inside_a_window_before_a_named_event_is_inferred():
    verdict = judge("Cancelling on 17 August 2026 gets you half the fee back.", REFUNDS)
    assert verdict.label is FactLabel.inferred
    assert "before 14 September" in (verdict.inference or "")
    # the deadline's own date (20 July, in the clause after the event's name) is no base for the window
    for day in ("1 July 2026", "10 September 2026"):
        verdict = judge(f"Cancelling on {day} gets you half the fee back.", REFUNDS)
        assert verdict.label is not FactLabel.inferred


def test_a_price_a_head_is_a_price_per_person():
    dinner = "The dinner costs £42 per person and is booked separately."
    assert judge("The dinner is £42 a head.", dinner).label in HOLDS
    assert judge("The dinner is £24 a head.", dinner).label in FLAGGED


# Bands whose outcome is words, not a value: refund windows, notice periods, fines (bands.py,
# band_outcome_misbindings and in_stated_case). Written for this file.
COURSE_REFUNDS = (
    "Refunds: cancel at least 28 days before the course starts for a full refund; between 14 and 27 days "
    "before, you get half back; after that, no refund is given."
)
COURT_FINES = (
    "Bookings must be cancelled at least 4 hours before the start; a member who does not turn up, "
    "or who cancels later than that, is fined £5."
)
@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        ("Cancelling 35 days before the course starts gets half back.", COURSE_REFUNDS, FLAGGED),
        ("Cancelling 20 days before the course starts gets a full refund.", COURSE_REFUNDS, FLAGGED),
        ("Cancelling 20 days before the course starts gets half back.", COURSE_REFUNDS, HOLDS),
        ("Cancelling 30 days before the course starts gets a full refund.", COURSE_REFUNDS, HOLDS),
        ("A member who cancels 5 hours before the start is fined £5.", COURT_FINES, FLAGGED),
    ],
)
def test_the_outcome_of_the_band_the_case_falls_in(claim, passage, expected):
    verdict = judge(claim, passage)
    assert verdict.label in expected, (claim, verdict.label, verdict.rule, verdict.mismatch)


def test_an_outcome_moved_to_another_band_says_which_band_the_case_is_in():
    verdict = judge("Cancelling 35 days before the course starts gets half back.", COURSE_REFUNDS)
    assert verdict.label is FactLabel.contradicted and verdict.rule == "misbinding.band_outcome"
    assert verdict.mismatch is not None and "at least 28 days" in verdict.mismatch.explanation
    assert "full refund" in verdict.mismatch.evidence_value
