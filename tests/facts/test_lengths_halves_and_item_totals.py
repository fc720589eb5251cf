"""Session 20's second design (docs/FACTS.md): a table cell under a header naming a length is a length
(no person's age is compared with it), half of "the design fee" for the thing the claim names, totals
said as "comes to" / "between them", and a total of the things a claim names, each priced under its own
label (sums.named_items_total). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel
from guard.facts.quantities import quantities

ORTHOPTICS = """| Treatment | Usual length of treatment | Price |
|---|---|---|
| Eye patching programme | 6 months | £420 |
| Vision therapy | 3 months | £600 |

Children aged 4 to 11 get 10% off any treatment.
"""

STUDIO = (
    "Design fees are per garden: A courtyard or balcony: £400. A small garden: £750. A large garden: £1,300. "
    "The client pays half the design fee when this agreement is signed and the rest when the plan is handed over."
)

_OK = (FactLabel.supported, FactLabel.inferred)


@pytest.mark.parametrize(
    ("text", "measure"),
    [
        ("Treatment: Vision therapy | Usual length of treatment: 3 months | Price: £600", "length"),
        ("Test: Exercise ECG | Time: 45 minutes | Price: £350", "length"),
        ("the fitting takes 40 minutes", "length"),
        ("Notice given: 3 to 6 days before | Refund: Half the fee", "lead"),
    ],
)
def test_a_cell_under_a_length_header_is_a_length(text, measure):
    (q,) = [q for q in quantities(text) if q.dim == "duration"]
    assert q.measure == measure


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # a 7-year-old is no value of "6 months"; the price less the band's 10% is its price
        ("A 7-year-old pays £378 for the eye patching programme.", True),
        ("The eye patching programme usually lasts 8 months.", False),
    ],
)
def test_an_age_is_not_a_treatment_length(claim, ok):
    assert (judge_passages(claim, ORTHOPTICS).label in _OK) is ok


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("When the agreement is signed for a small garden design, the client pays £375.", True),
        ("When the agreement is signed for a large garden design, the client pays £375.", False),
        ("Designing a courtyard and a small garden comes to £1,150 in design fees.", True),
        ("Designing a courtyard and a large garden comes to £1,250 in design fees.", False),
        ("A small garden and a large garden cost £2,050 between them.", True),
        ("A small garden and a large garden cost £2,150 between them.", False),
    ],
)
def test_halves_and_totals_of_the_things_the_claim_names(claim, ok):
    assert (judge_passages(claim, STUDIO).label in _OK) is ok


PARK = (
    "Skyreach Park, 4 Mill Lane, is open to adults and to children aged 5 and over. Children aged 5 to 15 get "
    "£4 off the High Ropes. We do not take children under 5, and the High Ropes are for climbers aged 10 and "
    "over. The Night Climb is for ages 16 and up."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # the band said of what the claim names decides, whatever bands other clauses give
        ("An 8-year-old can climb the High Ropes.", False),
        ("A 12-year-old can climb the High Ropes.", True),
        ("A 14-year-old can join the Night Climb.", False),
        ("A 17-year-old can join the Night Climb.", True),
    ],
)
def test_the_age_band_of_what_the_claim_names(claim, ok):
    assert (judge_passages(claim, PARK).label in _OK) is ok
