"""Session 42's first design (docs/FACTS.md): a doer said without a clause that has it as the subject ("Stopping the
hire is the warden's decision", "It falls to Mr Quiller to decide ...", "Whether the hall opens is up to the
caretaker", "Fenwright Electrical is the firm that tests the wiring") is read as its plain clause by the readers of
doers and acts, and a bold label's markup is no doer. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

from guard.facts.doer_phrasing import plain_clause

HALL = (
    "# Brantwick Village Hall: hiring the main room\n\n"
    "## Who does what\n\n"
    "Mrs Odile Quiller books the room and takes the payments, Mr Jory Penwarden unlocks the hall and sets out the "
    "tables, and Dr Selina Harkaway decides whether a hire can go ahead in a storm.\n\n"
    "**Fenwright Electrical** test the stage lighting every 6 months.\n\n"
    "**Tallow Lane Cleaners** wash the kitchen floor after each hire.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Whether a hire goes ahead in a storm is Mr Penwarden's decision.", False),
        ("Whether a hire goes ahead in a storm is Dr Harkaway's decision.", True),
        ("Whether a hire can go ahead in a storm is up to Mrs Quiller.", False),
        ("It falls to Mr Penwarden to decide whether a hire can go ahead in a storm.", False),
        ("It falls to Dr Harkaway to decide whether a hire can go ahead in a storm.", True),
        ("Taking the payments falls to Mr Penwarden.", False),
        ("Taking the payments falls to Mrs Quiller.", True),
        ("Fenwright Electrical is the firm that washes the kitchen floor after each hire.", False),
    ],
)
def test_a_doer_phrasing_read_as_its_plain_clause(claim, holds):
    label = verified_label(claim, HALL)
    assert (label == "supported") is holds, label


@pytest.mark.parametrize(
    "claim",
    [
        "Testing the stage lighting is Fenwright Electrical's job.",
        "Washing the kitchen floor after each hire falls to Tallow Lane Cleaners.",
    ],
)
def test_a_doer_in_bold_is_the_doer_not_its_markup(claim):
    assert verified_label(claim, HALL) == "supported"


@pytest.mark.parametrize(
    ("claim", "plain"),
    [
        ("Stopping the patching is the optometrist's decision.", "The optometrist decides on stopping the patching."),
        ("Passing the tube falls to the therapist.", "The therapist will pass the tube."),
        ("In fog, whether a walk is cancelled is up to the booking office.",
         "In fog, the booking office decides whether a walk is cancelled."),
        ("What colour the cowls are is Mrs Oxtoby's decision.", "Mrs Oxtoby decides what colour the cowls are."),
        ("It is the pilot who decides whether a flight goes ahead.", "The pilot decides whether a flight goes ahead."),
        ("Keeping an eye on the children is the client's job, not the entertainer's.",
         "The client will keep an eye on the children."),
        ("Voss Electrical is the firm that connects the pump.", "Voss Electrical connects the pump."),
    ],
)
def test_plain_clause_of_each_phrasing(claim, plain):
    assert plain_clause(claim) == plain


@pytest.mark.parametrize(
    "claim",
    [
        "The barriers and the tower are Spanwright Access's job.",  # a thing, no act: no clause to read
        "It is important that the dog is vaccinated.",
        "A patient can have up to two doses a day.",
        "Fenwright Electrical tests the stage lighting.",
    ],
)
def test_no_plain_clause_without_a_doer_phrasing(claim):
    assert plain_clause(claim) is None
