"""Session 19's second design (docs/FACTS.md): wrapped list items read whole (guard/facts/units.py), the doer
of a relative clause's acts (roles._relative_before), each doer of a two-clause claim with its own clause
(act_binding._own_clause), a role noun the document names someone by as a party, and a modal rule of one
band not applied to a value outside it (flip_check._outside_a_band). Passages written for this file.
"""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel
from guard.facts.types import UnitKind
from guard.facts.units import evidence_units

FAQ = (
    "## On the day\n\n"
    "- When should we arrive? 15 minutes before your session. Our instructor, Maya Cole, gives the safety talk\n"
    "  and fits the harnesses. The office manager, Sam Reid, takes payments and deals with refunds.\n"
    "- Who can climb? Climbers must be 7 or over, and climbers aged 7 to 10 must be with an adult who is\n"
    "  also climbing.\n\n"
    "Parking is free."
)


def test_a_wrapped_list_item_is_one_unit():
    units = evidence_units("0", FAQ).units
    items = [u for u in units if u.kind is UnitKind.list_item]
    assert len(items) == 2
    assert items[0].text.endswith("takes payments and deals with refunds.")
    assert FAQ[items[0].start : items[0].end].endswith("deals with refunds.")
    assert not any("fits the harnesses" in u.text for u in units if u.kind is UnitKind.sentence)
    assert any(u.text == "Parking is free." for u in units)


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("Sam Reid gives the safety talk.", FactLabel.contradicted),  # the instructor, Maya Cole, gives it
        ("Maya Cole gives the safety talk.", FactLabel.supported),
        ("Sam Reid deals with refunds.", FactLabel.supported),
    ],
)
def test_acts_of_a_wrapped_item_and_a_named_role(claim, label):
    assert judge_passages(claim, FAQ).label is label


def test_a_band_rule_is_not_applied_outside_its_band():
    assert judge_passages("A 12-year-old can climb without an adult climbing too.", FAQ).label is not FactLabel.contradicted


YARD = (
    "The centre is run by Ruth Penn, who signs contracts, sets the prices and sends invoices. "
    "The head groom, Owen Hale, feeds the horses and books the farrier."
)


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("Owen Hale sets the prices.", FactLabel.contradicted),
        ("Owen Hale sends the invoices.", FactLabel.contradicted),
        ("Ruth Penn sets the prices and sends the invoices.", FactLabel.supported),
        ("Owen Hale sets the prices and sends the invoices, and Ruth Penn feeds the horses.", FactLabel.contradicted),
        ("Ruth Penn sets the prices and sends the invoices, and Owen Hale feeds the horses.", FactLabel.supported),
    ],
)
def test_the_doer_of_a_relative_clause_and_of_each_clause(claim, label):
    assert judge_passages(claim, YARD).label is label


WORKSHOP = "The workshop is owned by Lena Ward, who checks each bike and writes the quote; repairs are carried out by our mechanic, Tom Bray."


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("Tom Bray writes the quote, while Lena Ward carries out the repairs.", FactLabel.contradicted),
        ("Lena Ward writes the quote.", FactLabel.supported),
    ],
)
def test_a_verb_joined_to_a_relative_clause(claim, label):
    assert judge_passages(claim, WORKSHOP).label is label
