"""Session 39's design (docs/FACTS.md "A list item ends a clause"): the end of an HTML list item, paragraph or cell
ends a clause (clause_parts.CLAUSE_BREAK), so a unit that glues a list's items ("<ol> <li>...</li> <li>...</li>")
reads each item's modal with that item's values ("The owner may ask for a brass plate, at £40" is a choice, whatever
the item before it denies). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

TERMS = (
    "<h2>Terms</h2> <ol> <li>The owner pays a deposit of 30% when the order is placed.</li> <li>The cabinet stands "
    "between 1.8 m and 1.9 m high.</li> <li>The frame is not painted until it has dried for at least 2 weeks.</li> "
    "<li>The owner may ask for a brass name plate, at £40.</li> <li>The maker repairs any joint that opens within 3 "
    "years, free of charge.</li> <li>The doors must not be waxed; they are oiled only.</li> </ol>"
)
LETTER = "<p>Thank you for your order.</p>"


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("The owner can order a brass name plate for £40.", True),
        ("A brass name plate costs the owner £40 if he asks for one.", True),
        ("The owner has to pay £40 for a brass name plate.", False),
        ("The owner is required to buy a brass name plate at £40.", False),
        ("The owner must pay £40 to have a brass name plate fitted.", False),
    ],
)
def test_a_choice_in_one_item_of_a_glued_list(claim, ok):
    assert (judge_passages(claim, LETTER, TERMS).label in UNFLAGGED) is ok


KETTLE = (
    "<h2>Using the kettle</h2> <ul> <li>The kettle switches itself off when the water boils.</li> <li>Water is poured "
    "in through the spout, so the lid does not need to be opened.</li> <li>You may descale it with white vinegar."
    "</li> </ul>"
)

LOAN = "The rider may hack out alone on the estate's tracks but must not jump higher than 80 cm."


def test_a_without_that_names_what_is_not_needed_agrees():
    """Read in its own item, "does not need to be opened" meets the claim's "can ... without the lid being opened":
    a denied need and a leave to do without agree (negation_clash.need_denied)."""
    assert judge_passages("Water can go in through the spout without the lid being opened.", KETTLE).label in UNFLAGGED


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("The rider is allowed to hack out alone on the estate's tracks.", True),
        ("The rider must hack out alone on the estate's tracks.", False),
    ],
)
def test_the_one_clause_the_claim_restates(claim, ok):
    """A clause that shares no word with the claim ("must not jump higher than 80 cm") is not the one it restates."""
    assert (judge_passages(claim, LOAN).label in UNFLAGGED) is ok


FLOORS = (
    "<h2>Floors</h2> <dl> <dt>Screed</dt> <dd>The screed dries for 28 days. Tiles can be laid on it after 28 days.</dd> "
    "<dt>Floor coverings</dt> <dd>Carpet and underlay together must not have a tog value above 2.5.</dd> </dl>"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("A carpet and underlay with a combined tog of 2.0 can be laid over the heating.", True),
        ("A carpet and underlay with a combined tog of 3.5 can be laid over the heating.", False),
    ],
)
def test_a_leave_inside_the_limit_of_a_prohibition(claim, ok):
    """Read in its own item, "must not have a tog value above 2.5" leaves a tog of 2.0; 3.5 breaks the limit."""
    assert (judge_passages(claim, FLOORS).label in UNFLAGGED) is ok
