"""Session 22's seventh design (docs/FACTS.md): a numbered clause's label ("1.1 The club's secretary ...") is no
number of the clause's subject, so the doer of its acts is read (roles._clause_number). Passages written for this
file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.roles import frames

TERMS = (
    "# Quillfield Studio: hire terms\n\n"
    "1.1 The studio manager, Ada Quill, is your contact, sends the invoices and keeps the diary.\n"
    "1.2 The technician, Ben Rook, sets up the lights and checks the equipment after each hire.\n"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Ada Quill sends the invoices.", True),
        ("Ben Rook sends the invoices.", False),
        ("Ben Rook sets up the lights.", True),
    ],
)
def test_the_doer_of_a_numbered_clause(claim, ok):
    assert (judge_passages(claim, TERMS).label in UNFLAGGED) is ok


def test_a_clause_label_is_no_number_of_the_subject():
    text = "1.1 The studio manager, Ada Quill, is your contact, sends the invoices and keeps the diary."
    doers = {f.verb: f.aliases for f in frames(text, True, acts=True) if f.role == "agent"}
    assert doers["send"] >= {"ada", "quill"}


def test_a_label_alone_is_no_party():
    # a RAGTruth list answer ("1. Avoid using chemicals ...") once made the label a filler with no words left
    from guard.facts.roles import _frame
    from guard.language import parse

    doc = parse("1. Avoid using chemicals or dyes on your hair.")
    assert _frame("avoid", "agent", doc[0]) is None
