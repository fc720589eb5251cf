"""Session 20's first design (docs/FACTS.md): what a duration measures (a person's age, a time before an
event, the length of a thing) keeps an age or a notice period from being compared with a length, and a
claim's age or notice period inside a band brings that band's unit into the values a step may combine
(guard/facts/conditions.py). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel
from guard.facts.quantities import quantities

CLINIC = """## Hearing tests

| Test | Length | Price |
|---|---|---|
| Full hearing test | 45 minutes | £90 |
| Hearing aid fitting | 1 hour | £150 |

Patients aged 65 and over get £10 off any test.

## Cancelling

| Notice given | Refund |
|---|---|
| 5 days or more before your appointment | The full fee |
| 1 to 4 days before | Half the fee |
| Less than 1 day before, or not attending | Nothing |
"""


@pytest.mark.parametrize(
    ("text", "measure"),
    [
        ("a 72-year-old patient", "age"),
        ("a 3-week-old baby", "age"),
        ("patients aged 70 may", "age"),
        ("cancel 4 days before it", "lead"),
        ("we need 48 hours' notice", "lead"),
        ("book 2 weeks in advance", "lead"),
        ("Length: 2 hours | Price: £90", "length"),
        ("a session lasts 90 minutes", "length"),
        ("the walk is 3 hours long", "length"),
        ("take it for 5 days", None),
    ],
)
def test_what_a_duration_measures(text, measure):
    (q,) = [q for q in quantities(text) if q.dim == "duration"]
    assert q.measure == measure


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        # the price less the band's discount, for an age inside the band
        ("A 70-year-old pays £80 for a full hearing test.", FactLabel.supported),
        ("A 50-year-old pays £80 for a full hearing test.", FactLabel.unsupported),
        # half the fee, for a notice period inside the half-refund band
        ("Cancelling a £150 fitting 3 days before it gets £75 back.", FactLabel.supported),
        ("Cancelling a £150 fitting 6 days before it gets £75 back.", FactLabel.unsupported),
    ],
)
def test_a_price_worked_out_for_the_claims_case(claim, label):
    verdict = judge_passages(claim, CLINIC)
    assert verdict.label in ((FactLabel.supported, FactLabel.inferred) if label is FactLabel.supported else (label,))


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        # an age or a notice period is no value for the test's length
        ("A 70-year-old's full hearing test lasts 45 minutes.", FactLabel.supported),
        ("Cancelling a full hearing test 2 days before it gets half the fee back.", FactLabel.supported),
        # a length still against a length
        ("A full hearing test lasts 3 hours.", FactLabel.contradicted),
        ("A hearing aid fitting is 2 hours long.", FactLabel.contradicted),
    ],
)
def test_an_age_or_notice_period_is_not_a_length(claim, label):
    assert judge_passages(claim, CLINIC).label is label


SURGERY = """| Treatment | Where | Length | Price |
|---|---|---|---|
| Ear wax removal | At the surgery | 20 minutes | £60 |
| Ear wax removal | At home | 40 minutes | £95 |
| Hearing screen | At the surgery | 15 minutes | £35 |

Drivers aged 70 and over get £5 off ear wax removal.
"""


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        # rows sharing a key, told apart by the words of their other cells
        ("Ear wax removal at home costs £60.", FactLabel.contradicted),
        ("Ear wax removal at home costs £95.", FactLabel.supported),
        ("Ear wax removal at the surgery costs £60.", FactLabel.supported),
        ("Ear wax removal at the surgery costs £95.", FactLabel.contradicted),
    ],
)
def test_rows_sharing_a_key_told_apart_by_their_cells(claim, label):
    assert judge_passages(claim, SURGERY).label is label


def test_an_age_is_no_unit_a_price_was_changed_from():
    verdict = judge_passages("A 74-year-old driver pays £55 for ear wax removal at the surgery.", SURGERY)
    assert verdict.label in (FactLabel.supported, FactLabel.inferred)


BAKERY = "- What do the classes cost? Bread class: Weekdays: £65. Sundays: £80. Lunch is included."


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        # a label right after another heads the values ("Bread class: Weekdays: £65")
        ("A Sunday bread class costs £65.", FactLabel.contradicted),
        ("A Sunday bread class costs £80.", FactLabel.supported),
        ("A weekday bread class costs £65.", FactLabel.supported),
    ],
)
def test_a_label_after_a_label(claim, label):
    assert judge_passages(claim, BAKERY).label is label


SQUASH = "- What does a court cost? Per court: Members: £8 an hour. Non-members: £12 an hour. Courts are booked by the hour."


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        # the label heading both ("Per court") is neither's own word
        ("Non-members pay £8 an hour for a court.", FactLabel.contradicted),
        ("Non-members pay £12 an hour for a court.", FactLabel.supported),
        ("Members pay £8 an hour for a court.", FactLabel.supported),
    ],
)
def test_a_label_heading_labels_is_neither_labels_own(claim, label):
    assert judge_passages(claim, SQUASH).label is label
