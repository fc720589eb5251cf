"""The claim judge's precision on true claims (issue 11): causes of false flags, each with a false twin.

Passages are written here, in domains the hard cases do not use.
"""

from __future__ import annotations

import pytest

from guard.facts.types import FactLabel, FactVerdict
from guard.verifiers.claim_judge import credited_support
from guard.verifiers.lexical import vocabulary
from guard.verifiers.support import Assessment, BestSentence


def _assessment(support: float, cosine: float, overlap: float, novel: list[str]) -> Assessment:
    return Assessment(support, BestSentence(cosine, 0, "x"), overlap, novel)


# --- the tagger's term around a matched value is not novel ------------------------------------


def test_a_tagged_term_around_a_matched_measured_value_takes_no_penalty():
    # the tagger reads "Chilled at 4 °C" as one term; the fact layer matched "4 °C" (and "a week")
    known = vocabulary(["Keep the opened jar at 4 °C for up to 7 days."])
    claim = "Chilled at 4 °C, the opened jar lasts up to a week."
    raw = _assessment(0.3, 0.75, 0.5, ["Chilled at 4"])
    credited = credited_support(claim, FactVerdict(label=FactLabel.supported), raw, known, 0.5)
    assert credited >= 0.5 > raw.support


def test_a_name_around_a_bare_number_keeps_its_penalty():
    # "Orrin 3.2" names a release: the bare number inside it is a version, not a measured value
    known = vocabulary(["Release 3.2 of the Lumen app needs 4 GB of memory."])
    claim = "Orrin 3.2 needs 4 GB of memory."
    raw = _assessment(0.3, 0.75, 0.6, ["Orrin 3.2"])
    credited = credited_support(claim, FactVerdict(label=FactLabel.supported), raw, known, 0.5)
    assert credited < 0.5


# --- a claim's own arithmetic and lists --------------------------------------------------------

from fact_judge import FLAGGED, HOLDS, judge  # noqa: E402

SHUTTLE = """| Leaves Museum | Leaves Harbour | Runs |
|---|---|---|
| 08:15 | 08:40 | Weekdays |
| 11:00 | 11:25 | Every day |
| 14:30 | 14:55 | Every day |
| 18:05 | 18:30 | Weekdays |

At weekends the first shuttle is the 11:00 from the Museum."""

LIBRARY = (
    "Borrowing rules: each rare map may be insured for up to £1,500, with a limit of £6,000 "
    "per reader in total."
)


@pytest.mark.parametrize(
    "claim",
    [
        "At weekends two shuttles leave the Museum: 11:00 and 14:30.",
        "On Saturdays the shuttles from the Museum are the 11:00 and the 14:30.",
    ],
)
def test_a_listed_time_is_not_contradicted_by_the_unit_about_another_listed_time(claim):
    assert judge(claim, SHUTTLE).label in HOLDS


@pytest.mark.parametrize(
    "claim",
    [
        "At weekends two shuttles leave the Museum: 11:00 and 15:30.",
        "At weekends the first shuttle is the 08:15 from the Museum.",
    ],
)
def test_a_listed_time_the_evidence_gives_otherwise_is_still_flagged(claim):
    assert judge(claim, SHUTTLE).label in FLAGGED


@pytest.mark.parametrize(
    "claim",
    [
        "Four rare maps insured at £1,500 each reach the £6,000 limit per reader.",
        "A reader insuring 4 rare maps for £1,500 each uses the whole £6,000 limit.",
    ],
)
def test_a_count_that_takes_one_claim_value_to_another_holds(claim):
    assert judge(claim, LIBRARY).label in HOLDS


def test_a_count_that_does_not_multiply_out_is_still_unsupported():
    verdict = judge("Three rare maps insured at £1,500 each reach the £6,000 limit per reader.", LIBRARY)
    assert verdict.label in FLAGGED


def test_a_count_of_a_list_that_is_longer_is_not_its_own_proof():
    verdict = judge("At weekends three shuttles leave the Museum: 11:00 and 14:30.", SHUTTLE)
    assert verdict.label in FLAGGED


# --- one-step differences inside one record ------------------------------------------------------

COURSES = """| Course | Enrolled | Passed |
|---|---|---|
| Welding | 48 | 41 |
| Joinery | 36 | 30 |"""


@pytest.mark.parametrize(
    "claim",
    ["7 students on the welding course did not pass.", "On the joinery course, 6 learners failed.",
     "Welding had 89 students enrolled or passed."],
)
def test_a_difference_or_sum_of_one_row_holds(claim):
    verdict = judge(claim, COURSES)
    assert verdict.label in HOLDS and verdict.inference


@pytest.mark.parametrize(
    "claim",
    ["9 students on the welding course did not pass.", "On the joinery course, 11 learners failed."],
)
def test_a_number_no_step_of_its_row_gives_is_flagged(claim):
    assert judge(claim, COURSES).label in FLAGGED


# --- bounds said another way -------------------------------------------------------------------

CLINIC = (
    "Patients must arrive at least 15 minutes before their appointment. "
    "It is unknown whether the benefit lasts longer than 6 months. The scan takes 40 minutes."
)


@pytest.mark.parametrize(
    "claim",
    [
        "Patients should get there no later than 15 minutes before the appointment.",
        "Whether the benefit lasts beyond 6 months is unknown.",
        "The scan lasts a little over half an hour.",
        "The scan takes slightly under three quarters of an hour.",
    ],
)
def test_bounds_said_another_way_hold(claim):
    assert judge(claim, CLINIC).label in HOLDS


@pytest.mark.parametrize(
    "claim",
    [
        "Patients should get there no later than 5 minutes before the appointment.",
        "The scan lasts a little over 50 minutes.",
        "The scan takes a little under half an hour.",
        "Whether the benefit lasts beyond 9 months is unknown.",
    ],
)
def test_their_false_twins_are_flagged(claim):
    assert judge(claim, CLINIC).label in FLAGGED


# --- one unit restates the claim ----------------------------------------------------------------

from guard.facts.types import EvidenceUnit, UnitKind  # noqa: E402
from guard.verifiers.claim_judge import restated_by_one_unit  # noqa: E402
from guard.verifiers.types import SupportLabel  # noqa: E402
from guard.verifiers.verdict import combine  # noqa: E402

ROW = EvidenceUnit(passage_id="p", index=0, kind=UnitKind.table_row, text="Item: Size (W x D x H) | Value: 250 x 90 x 300 mm",
                   start=0, end=10, anchor="Size (W x D x H)")
OTHER = EvidenceUnit(passage_id="p", index=1, kind=UnitKind.sentence, text="The case weighs 2 kg.", start=11, end=30)


def _fact(units):
    return FactVerdict(label=FactLabel.supported, units=units)


def test_a_unit_holding_every_value_and_restating_the_claim_supports_it():
    claim = "The case is 250 mm wide, 90 mm deep and 300 mm tall."
    assert restated_by_one_unit(claim, _fact([ROW]), [ROW, OTHER], [0.7, 0.2])
    judged = combine(_fact([ROW]), 0.2, 0.5, restated=True)
    assert judged.label is SupportLabel.supported


def test_a_unit_only_on_the_topic_or_missing_a_value_does_not():
    claim = "The case is 250 mm wide, 90 mm deep and 300 mm tall."
    assert not restated_by_one_unit(claim, _fact([ROW]), [ROW, OTHER], [0.55, 0.2])  # same topic, not a restatement
    two_units = "The case is 250 mm wide and weighs 2 kg."
    assert not restated_by_one_unit(two_units, _fact([ROW, OTHER]), [ROW, OTHER], [0.7, 0.6])
    assert combine(_fact([ROW]), 0.2, 0.5).label is SupportLabel.unsupported


# --- rates said other ways, and totals the claim says it makes ------------------------------------

SYRUP = (
    "Each ml contains 4 mg of ondarine. For children, use the dropper: 3 drops per kg of body weight, "
    "once a day. Sold in bottles of 25 ml and 60 ml."
)
WARRANTY = (
    "| Plan | Standard warranty | Extended cover (Gold members only) |\n|---|---|---|\n"
    "| Home | 18 months from purchase | 6 more months after the standard warranty |"
)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("A 25 ml bottle holds 100 mg of ondarine.", SYRUP),
        ("A 12 kg child gets 36 drops a day from the dropper.", SYRUP),
        ("For Gold members the Home plan is covered for two years in all.", WARRANTY),
        ("Home plan cover for Gold members lasts 24 months, including the extended cover.", WARRANTY),
    ],
)
def test_steps_through_rates_and_said_totals_hold(claim, passage):
    verdict = judge(claim, passage)
    assert verdict.label in HOLDS and verdict.inference, (verdict.label, verdict.mismatch)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("A 25 ml bottle holds 150 mg of ondarine.", SYRUP),
        ("A 12 kg child gets 30 drops a day from the dropper.", SYRUP),
        ("For Gold members the Home plan is covered for three years in all.", WARRANTY),
        ("Gold members get 6 more weeks of cover after the standard warranty.", WARRANTY),
    ],
)
def test_their_false_twins_are_flagged_too(claim, passage):
    assert judge(claim, passage).label in FLAGGED


def test_a_bound_is_no_comparison():
    # "more than" right before the number is a bound, which licenses no arithmetic
    verdict = judge("The Home plan is covered for more than 24 months.", WARRANTY)
    assert verdict.label in FLAGGED


# --- a value the claim denies --------------------------------------------------------------------


def test_a_denied_value_is_not_contradicted_by_another_value():
    verdict = judge("There is no 08:15 shuttle from the Museum at weekends.", SHUTTLE)
    assert verdict.label is not FactLabel.contradicted


def test_only_a_negation_right_before_the_value_denies_it():
    from guard.facts.matching import denied_value

    text = "There is no 08:15 shuttle, and the 11:00 does not stop at not 2 stops."
    assert denied_value(text, text.index("08:15"))
    assert not denied_value(text, text.index("11:00"))
    # the same time said without the denial is still contradicted by the weekend rule
    assert judge("At weekends the first shuttle is the 08:15 from the Museum.", SHUTTLE).label is FactLabel.contradicted


# --- spans between two dates, and the claim's own frequency as its scenario -----------------------

REPORT = "The survey closed on 14 February 2025; this report was published in August 2025."
KETTLE = "A replacement limescale filter for the Brio kettle costs £12 and lasts 3 months."


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The report came out about six months after the survey closed.", REPORT),
        ("Changing the Brio kettle filter four times a year costs £48 in filters.", KETTLE),
    ],
)
def test_a_span_between_dates_and_a_cost_over_the_claims_own_frequency_hold(claim, passage):
    verdict = judge(claim, passage)
    assert verdict.label in HOLDS and verdict.inference, (verdict.label, verdict.mismatch)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The report came out about nine months after the survey closed.", REPORT),
        ("Changing the Brio kettle filter four times a year costs £60 in filters.", KETTLE),
    ],
)
def test_their_false_twins_are_unsupported(claim, passage):
    assert judge(claim, passage).label in FLAGGED


# --- a denial of what a limit excludes -------------------------------------------------------------

BOILER = "Before servicing, check that the water pressure is at least 1.2 bar; the pump will not start below it."


def test_denying_a_value_the_limit_excludes_holds():
    assert judge("The pump will not start when the water pressure is 0.8 bar.", BOILER).label in HOLDS


def test_an_assertion_the_limit_excludes_is_flagged():
    assert judge("The pump starts when the water pressure is 0.8 bar.", BOILER).label in FLAGGED


def test_a_value_outside_a_limit_the_unit_forbids_under_is_not_rescued():
    # "do not give to babies under 3 months": a 5-month-old is outside the rule, the denial not implied
    passage = "Do not give Calmorin to babies under 3 months old."
    assert judge("Calmorin must not be given to a baby aged 5 months.", passage).label not in HOLDS


# --- a row the claim names binds its values ------------------------------------------------------

FARES = """| Zone | Day pass | Penalty fare |
|---|---|---|
| Central | £8 | £50 |
| Outer | £5 | £30 |

Penalty fares on night buses are £80."""


def test_a_value_of_the_row_the_claim_names_is_not_taken_for_another_topics():
    assert judge("A penalty fare in the Central zone is £50.", FARES).label in HOLDS


@pytest.mark.parametrize("claim", ["A penalty fare in the Central zone is £30.", "A penalty fare in the Central zone is £80."])
def test_a_value_of_another_row_or_topic_is_still_flagged(claim):
    assert judge(claim, FARES).label in FLAGGED
