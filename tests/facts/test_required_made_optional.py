"""A claim that leaves to choice what a best unit requires (session 29, docs/FACTS.md): "Hard hats are optional in
the loading bay" against "Everyone in the loading bay must wear a hard hat". Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

YARD = """**Loading bay.** Drivers report to the gatehouse on arrival. Everyone in the loading bay must wear a hard hat and
safety boots. Visitors are escorted at all times."""

CLINIC = """Bring your inhaler to every appointment. Patients may bring a friend or relative if they wish."""

POOL = """Swimmers must sign in at reception. Swim caps are optional, but long hair must be tied back."""


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("Hard hats are optional for visitors to the loading bay.", YARD, True),
        ("Everyone in the loading bay wears a hard hat.", YARD, False),
        ("Patients can choose whether to bring their inhaler to appointments.", CLINIC, True),
        ("Bringing a friend to the appointment is optional.", CLINIC, False),
        ("Swim caps are optional at the pool.", POOL, False),
    ],
)
def test_a_requirement_left_to_choice(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted


GEAR = """## Kit by route

| Route | Length | Helmet | Head torch |
|---|---|---|---|
| Easy | 4 km | optional | optional |
| Moderate | 9 km | required | optional |
| Hard | 15 km | required | required |
"""


@pytest.mark.parametrize(
    ("claim", "contradicted"),
    [
        ("Helmets are optional on the Moderate route.", True),
        ("Head torches are optional on the Moderate route.", False),
        ("Helmets are optional on the Easy route.", False),
    ],
)
def test_a_required_cell_left_to_choice(claim, contradicted):
    assert (judge(claim, GEAR).label is FactLabel.contradicted) is contradicted


LIDO = """## Lido rules

- Every swimmer showers before entering the pool.
- Each lane swimmer wears a swim cap.
- Goggles may be worn in all lanes.
"""


@pytest.mark.parametrize(
    ("claim", "contradicted"),
    [
        ("Showering before entering the pool is optional at the lido.", True),
        ("Swim caps are optional for lane swimmers.", True),
        ("Goggles are optional in every lane.", False),
    ],
)
def test_a_rule_for_everyone_left_to_choice(claim, contradicted):
    assert (judge(claim, LIDO).label is FactLabel.contradicted) is contradicted
