"""True claims the fact layer must not flag, each with a false twin it must still flag.

Why: on the held-out hard cases half the true claims were flagged (issue 11): rules accepted
only the wordings seen while writing them. These probes are written for the mechanisms, on
passages written here (none from the hard-case set), in several phrasings of one fact
(passive, number first, "According to ...", rates, conversions, ranges), so a rule that fits
one wording fails them. ``contradicted`` must mean the claim and the evidence bind the same
thing with different values.
"""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

from guard.facts import evidence_units, judge_facts
from guard.facts.quantities import quantities
from guard.facts.types import FactLabel

# --- readings -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "dim"),
    [
        ("paid at 40p per mile", "money:GBP/length"),
        ("EUR 160 per night", "money:EUR/count:night"),
        ("£30 a head", "money:GBP/count:person"),
        ("250 mg per 5 ml", "mass/volume"),
        ("10 mg/ml", "mass/volume"),
        ("roast for 20 minutes per kg", "duration/mass"),
        ("22 min/lb", "duration/mass"),
        ("1 week for each complete year of service", "duration/duration"),
    ],
)
def test_a_rate_per_a_unit_or_noun_is_read_as_a_rate(text, dim):
    assert [q.dim for q in quantities(text)] == [dim]


@pytest.mark.parametrize(
    ("text", "dim", "value"),
    [
        ("GBP 1,200", "money:GBP", 1200.0),
        ("45p", "money:GBP", 0.45),
        ("up to 7 calendar days", "duration", 168.0),
        ("a 5-pound roast", "mass", 2267.96185),
        ("a three-night stay", "count:night", 3.0),
        ("two 250 mg capsules", "count:capsule", 2.0),
    ],
)
def test_amounts_written_other_ways(text, dim, value):
    first = quantities(text)[0]
    assert first.dim == dim and first.lo == pytest.approx(value)


def test_rates_per_a_period_keep_their_period_reading():
    # money and amounts per a day or month stay what they were (a period, not a rate per unit)
    assert [q.dim for q in quantities("£4.99 a month")] == ["money:GBP"]
    assert quantities("8 hours a day")[0].period == 24.0
    assert quantities("25 mg/kg/day")[0].period == 24.0


# --- a rate times an amount -----------------------------------------------------------------

MILEAGE = (
    "Staff who drive their own car on business are paid 40p per mile for the first 10,000 miles "
    "in a tax year and 25p per mile after that."
)


@pytest.mark.parametrize(
    "claim",
    [
        "A 150-mile business journey is reimbursed at £60.",
        "For a 150-mile trip you are paid £60.",
        "£60 is paid for driving 150 miles on business.",
        "According to the policy, 150 business miles early in the tax year earn £60.",
    ],
)
def test_rate_times_distance(claim):
    assert judge(claim, MILEAGE).label in HOLDS


def test_rate_times_distance_false_twin():
    assert judge("A 150-mile business journey is reimbursed at £90.", MILEAGE).label in FLAGGED
    assert judge("Staff are paid 45p per mile for the first 10,000 miles.", MILEAGE).label is FactLabel.contradicted


MEALS = "Client entertainment is limited to £30 per person and must be approved by a director."


@pytest.mark.parametrize(
    "claim",
    [
        "A client dinner for five people can cost up to £150.",
        "Up to £150 may be spent entertaining five people.",
        "For five guests the limit is £150.",
    ],
)
def test_rate_per_person_times_people(claim):
    assert judge(claim, MEALS).label in HOLDS


def test_rate_per_person_false_twin():
    assert judge("A client dinner for five people can cost up to £200.", MEALS).label in FLAGGED


SYRUP = "Amoxil syrup contains 250 mg of amoxicillin per 5 ml."


@pytest.mark.parametrize(
    "claim",
    ["A 10 ml dose contains 500 mg of amoxicillin.", "There are 500 mg of amoxicillin in 10 ml of the syrup."],
)
def test_strength_times_volume(claim):
    assert judge(claim, SYRUP).label in HOLDS


def test_strength_false_twin():
    assert judge("A 10 ml dose contains 750 mg of amoxicillin.", SYRUP).label in FLAGGED


ROAST = "Roast the turkey for 40 minutes per kg. Sear the steaks for 2 minutes per side."


def test_cooking_time_per_weight():
    assert judge("A 4 kg turkey needs 160 minutes in the oven.", ROAST).label in HOLDS
    assert judge("A 4 kg turkey needs 200 minutes in the oven.", ROAST).label in FLAGGED


def test_a_rate_is_held_to_rates_per_the_same_thing():
    passage = "Sear the steaks for 2 minutes per side. Then roast them for 10 to 15 minutes."
    assert judge("Sear the steaks for about 2 minutes per side.", passage).label in HOLDS
    assert judge("Sear the steaks for 10 minutes per side.", passage).label in FLAGGED


HOTEL = "Hotel costs are limited to EUR 150 per night, or EUR 200 per night in capital cities."


@pytest.mark.parametrize(
    "claim",
    [
        "A two-night stay in a capital city can cost up to EUR 400.",
        "Two nights in a capital city may cost at most EUR 400 in hotel bills.",
        "Outside capital cities a night in a hotel can cost up to EUR 150.",
    ],
)
def test_nightly_limit(claim):
    assert judge(claim, HOTEL).label in HOLDS


def test_nightly_limit_false_twin():
    assert judge("In capital cities the hotel limit is EUR 180 per night.", HOTEL).label is FactLabel.contradicted


NOTICE = (
    "If the company ends your employment it gives 1 week of notice for each complete year of service, "
    "up to a maximum of 12 weeks."
)


def test_a_product_capped_by_its_own_unit():
    assert judge("After 6 years of service you get 6 weeks of notice.", NOTICE).label in HOLDS
    assert judge("With 15 years of service the company gives 15 weeks of notice.", NOTICE).label in FLAGGED


COURSE = "Take two 250 mg capsules three times a day for 5 days."


@pytest.mark.parametrize("claim", ["The full course adds up to 30 capsules.", "A course is 30 capsules in total."])
def test_course_total_from_a_count_of_capsules(claim):
    assert judge(claim, COURSE).label in HOLDS


# --- ranges and bounds ------------------------------------------------------------------------

SICKNESS = (
    "For absences of up to 7 calendar days employees complete a self-certification form; "
    "from the 8th day a fit note is required."
)


@pytest.mark.parametrize(
    "claim", ["A 5-day absence can be self-certified.", "For 5 days off you fill in a self-certification form."]
)
def test_value_inside_a_bound_with_a_qualifying_word(claim):
    assert judge(claim, SICKNESS).label in HOLDS


# --- the same thing, or another case -----------------------------------------------------------

APPROVAL = (
    "Claims up to £1,000 need only the line manager's approval. "
    "Claims above £1,000 need approval from the Finance Director."
)


@pytest.mark.parametrize(
    "claim",
    [
        "A £1,000 claim needs only the line manager's approval; it does not need the Finance Director.",
        "A claim of £800 does not need approval from the Finance Director.",
    ],
)
def test_the_other_side_of_a_condition_is_not_contradicted(claim):
    assert judge(claim, APPROVAL).label is not FactLabel.contradicted


def test_the_condition_broken_the_same_way_is_contradicted():
    assert judge("A £1,500 claim does not need the Finance Director.", APPROVAL).label is FactLabel.contradicted


REVIEW = (
    "The dose may be increased to 40 mg after at least 4 weeks. "
    "Blood pressure is checked within 2 weeks of the increase."
)


def test_a_value_the_claim_binds_elsewhere_is_no_witness():
    claim = "After at least 4 weeks the dose may go up to 40 mg, with blood pressure checked within 2 weeks."
    assert judge(claim, REVIEW).label is not FactLabel.contradicted
    assert judge("Blood pressure is checked within 6 weeks of the increase.", REVIEW).label in FLAGGED


# --- negation said other ways -------------------------------------------------------------------

SAME_POLARITY = [
    ("Smoking is not allowed anywhere on the premises.", "Smoking is prohibited everywhere on the premises."),
    ("Pets are prohibited in the flat.", "Pets are not permitted in the flat."),
    ("The warranty does not cover accidental damage.", "Accidental damage is excluded from the warranty."),
    ("The warranty excludes accidental damage.", "Accidental damage is not covered by the warranty."),
    ("Only the account holder can cancel the contract.", "No one except the account holder can cancel the contract."),
    ("Tenants must not sublet the flat.", "Subletting the flat is forbidden."),
    ("Tenants must not sublet the flat.", "Tenants are not allowed to sublet the flat."),
    ("Do not exceed 4 doses in 24 hours.", "Never take more than 4 doses in 24 hours."),
    ("Refunds are not available after 14 days.", "After 14 days no refund is given."),
    ("It is not suitable for children under 6.", "Children under 6 should not use it."),
    ("It is not suitable for children under 6.", "It is unsuitable for children under 6."),
    # the clause the claim restates, not another clause of the sentence
    ("No one may approve their own expenses; the director's expenses are approved by the board.",
     "The board approves the director's expenses."),
    ("The gym stays open on Mondays, but the pool is not open.", "The gym is open on Mondays."),
    ("Bookings cannot be changed online; call the office to change a booking.", "To change a booking you call the office."),
    ("Every April release gets long-term support; October releases do not.", "An October release never gets long-term support."),
    # a restriction or contrast denies the rest
    ("Members on the Basic plan get no phone support.", "Phone support is only for members on the Premium plan."),
    ("Put used needles in the sharps box, not the general waste.", "Used needles go in the sharps box rather than the general waste."),
    ("Do not shake the vial, because this damages the vaccine.", "Shaking the vial is avoided because it damages the vaccine."),
    # a scene-setting clause asserts nothing
    ("Do not stop the tablets because of this leaflet; ask your pharmacist first.",
     "Before stopping the tablets, patients should ask their pharmacist."),
    ("A request may be refused only for a business reason, and a refusal may be appealed within 14 days.",
     "If a request is refused, the employee can appeal within 14 days."),
    # the claim speaks of the rule's exception
    ("Not covered: damage while the flat is empty for more than 30 days, except damage by fire.",
     "Even after the flat has been empty for 40 days, damage by fire is covered."),
    # two sentences in one unit: the claim restates the second
    ("Booking: walkers do not need to book. Cars must be booked at least a day ahead, online or by phone.",
     "Cars are booked online or by phone."),
]


@pytest.mark.parametrize(("passage", "claim"), SAME_POLARITY)
def test_negation_said_another_way_is_no_flip(passage, claim):
    assert judge(claim, passage).label is not FactLabel.contradicted


FLIPPED = [
    ("Smoking is not allowed anywhere on the premises.", "Smoking is allowed on the premises."),
    ("Pets are prohibited in the flat.", "Pets are permitted in the flat."),
    ("The warranty does not cover accidental damage.", "The warranty covers accidental damage."),
    ("Tenants must not sublet the flat.", "Tenants may sublet the flat."),
    ("Do not drive if the tablets make you drowsy.", "You can drive even if the tablets make you drowsy."),
    ("Annual leave may not be carried over.", "Annual leave can be carried over."),
    ("If we cancel a sailing because of weather, you can have a full refund, but we do not pay for hotels.",
     "If a sailing is cancelled because of the weather, the company pays for your hotel."),
    ("Members on the Basic plan get no phone support.", "Members on the Basic plan get phone support."),
    ("Put used needles in the sharps box, not the general waste.", "Used needles can go in the general waste."),
    ("Do not stop the tablets if you feel better.", "If you feel better, you can stop the tablets."),
]


@pytest.mark.parametrize(("passage", "claim"), FLIPPED)
def test_negation_dropped_or_added_is_contradicted(passage, claim):
    assert judge(claim, passage).label is FactLabel.contradicted


def test_an_age_without_its_unit():
    passage = "The trial enrolled adults aged 18 to 65 years with 4 to 14 migraine days a month."
    assert judge("A woman aged 30 could take part.", passage).label is not FactLabel.contradicted
    assert [q.dim for q in quantities("children aged 12 and over")] == ["duration"]


def test_a_range_may_hold_two_claim_values():
    # the claim's 1,000 mg sits in the range; its 500 g does not, and the range still says so
    passage = "Adults take 1 or 2 tablets (500 mg to 1,000 mg) every 4 to 6 hours."
    assert judge("Adults take 1 or 2 tablets (500 g to 1,000 mg) every 4 to 6 hours.", passage).label in FLAGGED


# --- the excerpt's unstated subject, codes and ages in headers ----------------------------------

DOSING = (
    "| Condition | Dose | How often | How long |\n|---|---|---|---|\n"
    "| Shingles | 800 mg (2 tablets) | three times a day | 5 days |\n"
    "| Cold sores | 400 mg (1 tablet) | twice a day | 3 days |\n"
)


@pytest.mark.parametrize(
    "claim",
    ["A full course of Virexa for shingles adds up to 30 tablets.", "For shingles, a Virexa course is 30 tablets in total."],
)
def test_the_product_name_an_excerpt_omits(claim):
    # the excerpt never names the product; the claim's values all follow from the shingles row,
    # which the caller's cosine says restates the claim (half its other words are there)
    units = evidence_units("p", DOSING).units
    assert judge_facts(claim, units, [0.7] * len(units)).label in HOLDS


def test_the_product_name_with_a_wrong_total_is_flagged():
    units = evidence_units("p", DOSING).units
    claim = "A full course of Virexa for shingles adds up to 40 tablets."
    assert judge_facts(claim, units, [0.7] * len(units)).label in FLAGGED


GRADES = "Employees in grades G1 to G6 give 1 month's notice; grades G7 to G9 give 3 months."


def test_a_code_inside_a_range_of_codes():
    assert judge("As a G4 employee you give 1 month's notice.", GRADES).label in HOLDS
    assert judge("As a G12 employee you give 1 month's notice.", GRADES).label in FLAGGED


FARES = (
    "| Ticket | Adult | Child (5 to 15) |\n|---|---|---|\n"
    "| Day return | £12.40 | £6.20 |\n| Single | £7.00 | £3.50 |\n"
)


def test_an_age_under_a_header_range_without_its_unit():
    assert judge("A 12-year-old pays £6.20 for a day return.", FARES).label in HOLDS
    assert judge("A 20-year-old pays £6.20 for a day return.", FARES).label in FLAGGED


def test_public_holidays_are_days():
    passage = "Full-time staff receive 25 days of annual leave a year plus the 8 bank holidays."
    assert judge("With the 8 bank holidays, a full-time employee gets 33 days off a year.", passage).label in HOLDS
    assert judge("With the 8 bank holidays, a full-time employee gets 35 days off a year.", passage).label in FLAGGED
