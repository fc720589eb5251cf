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

from guard.facts import evidence_units, judge_facts  # noqa: E402

FLAGGED = (FactLabel.contradicted, FactLabel.unsupported)
HOLDS = (FactLabel.supported, FactLabel.inferred)

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


def _judge(claim: str, passage: str):
    return judge_facts(claim, evidence_units("p", passage).units)


@pytest.mark.parametrize(
    "claim",
    [
        "At weekends two shuttles leave the Museum: 11:00 and 14:30.",
        "On Saturdays the shuttles from the Museum are the 11:00 and the 14:30.",
    ],
)
def test_a_listed_time_is_not_contradicted_by_the_unit_about_another_listed_time(claim):
    assert _judge(claim, SHUTTLE).label in HOLDS


@pytest.mark.parametrize(
    "claim",
    [
        "At weekends two shuttles leave the Museum: 11:00 and 15:30.",
        "At weekends the first shuttle is the 08:15 from the Museum.",
    ],
)
def test_a_listed_time_the_evidence_gives_otherwise_is_still_flagged(claim):
    assert _judge(claim, SHUTTLE).label in FLAGGED


@pytest.mark.parametrize(
    "claim",
    [
        "Four rare maps insured at £1,500 each reach the £6,000 limit per reader.",
        "A reader insuring 4 rare maps for £1,500 each uses the whole £6,000 limit.",
    ],
)
def test_a_count_that_takes_one_claim_value_to_another_holds(claim):
    assert _judge(claim, LIBRARY).label in HOLDS


def test_a_count_that_does_not_multiply_out_is_still_unsupported():
    verdict = _judge("Three rare maps insured at £1,500 each reach the £6,000 limit per reader.", LIBRARY)
    assert verdict.label in FLAGGED


def test_a_count_of_a_list_that_is_longer_is_not_its_own_proof():
    verdict = _judge("At weekends three shuttles leave the Museum: 11:00 and 14:30.", SHUTTLE)
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
    verdict = _judge(claim, COURSES)
    assert verdict.label in HOLDS and verdict.inference


@pytest.mark.parametrize(
    "claim",
    ["9 students on the welding course did not pass.", "On the joinery course, 11 learners failed."],
)
def test_a_number_no_step_of_its_row_gives_is_flagged(claim):
    assert _judge(claim, COURSES).label in FLAGGED


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
    assert _judge(claim, CLINIC).label in HOLDS


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
    assert _judge(claim, CLINIC).label in FLAGGED


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
