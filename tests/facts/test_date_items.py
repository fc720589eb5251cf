"""Session 35's design (docs/FACTS.md "A date of another item of a list of dates"): a claim that gives one
event the date another item of the list holds ("The splint review is on 3 June 2075" where 3 June is the
fitting appointment's) is contradicted (date_items.date_item_misbindings, rule misbinding.date_item).
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

LETTER = (
    "Your dates:\n"
    "- Fitting appointment: 3 June 2075.\n"
    "- Splint review: 17 June 2075.\n"
    "- Final check with the surgeon: 8 July 2075."
)

TOWER = (
    "<h2>Dates</h2> <ul> <li>Scaffold up by: 2 April 2075.</li> <li>Bells taken down to the foundry: 9 April "
    "2075.</li> <li>Restored bells rehung: 3 September 2075.</li> </ul>"
)

THEATRE = "Tickets for the winter season go on sale on 2 February 2075, and the winter season opens on 1 March 2075."


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # each event with its own date
        ("The splint review is on 17 June 2075.", True),
        ("Your splint is reviewed on 17 June 2075.", True),
        ("The appointment on 3 June 2075 is for fitting.", True),
        # an event given another item's date
        ("The splint review is on 3 June 2075.", False),
        ("The final check with the surgeon is on 17 June 2075.", False),
    ],
)
def test_dates_of_a_list_stay_with_their_events(claim, ok):
    assert (judge_passages(claim, LETTER).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("The winter season opens on 1 March 2075.", True),
        ("Tickets for the winter season go on sale on 1 March 2075.", False),
    ],
)
def test_dates_of_clauses_joined_by_and(claim, ok):
    assert (judge_passages(claim, THEATRE).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("The bells are taken down on 9 April 2075.", True),
        ("The restored bells go back up on 3 September 2075.", True),
        ("The restored bells are rehung on 9 April 2075.", False),
    ],
)
def test_dates_of_one_html_list(claim, ok):
    assert (judge_passages(claim, TOWER).label in UNFLAGGED) is ok


def test_the_rule_is_named():
    verdict = judge_passages("Tickets for the winter season go on sale on 1 March 2075.", THEATRE)
    assert verdict.rule == "misbinding.date_item"
    assert "2 February 2075" in verdict.mismatch.explanation
