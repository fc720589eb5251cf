"""Session 27's second design (docs/FACTS.md): two doers that share only a word narrowing each ("neurology nurse",
"neurology registrar") are two parties, not one; and a claim whose act is "do" with an object ("does the lumbar
puncture") is compared like any act, though "do" alone stands for an act said before ("an agent may do so").
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

CLINIC = (
    "The neurology registrar, Dr Saoirse Quigley, does the lumbar puncture; the neurology nurse, Tom Akerele, checks "
    "your blood pressure before you go home. The test takes about 30 minutes."
)
SHOW = (
    "The ring steward, Amos Fairweather, opens the main ring gate; the show secretary, Lydia Penn, sends out the "
    "entry numbers. The ring steward does the commentary in the afternoon."
)
DENTAL = (
    "The dental surgeon, Mr Ivo Brand, takes out the wisdom tooth; the dental nurse, Pia Lund, gives you the "
    "aftercare leaflet."
)


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("At Brayford the neurology nurse does the lumbar puncture.", CLINIC, True),
        ("The neurology registrar does the lumbar puncture.", CLINIC, False),
        ("The neurology nurse checks your blood pressure before you go home.", CLINIC, False),
        ("The ring steward does the commentary.", SHOW, False),
        ("The dental nurse takes out the wisdom tooth.", DENTAL, True),
        ("The dental surgeon takes out the wisdom tooth.", DENTAL, False),
    ],
)
def test_two_roles_of_one_field_are_two_parties(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted
