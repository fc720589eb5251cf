"""Session 19's fourth design (docs/FACTS.md): a person given the title the document gives someone else
(guard/facts/titles.py), and two doers who share a role word but are named as two people
(act_binding._two_people). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel

STUDIO = (
    "Our physiotherapist, Lina Berg, sees patients with back and knee pain and writes their exercise plans; "
    "our pilates teacher, Joe Marsh, runs the group classes. Our receptionist, Dev Shah, takes bookings and "
    "payments."
)


@pytest.mark.parametrize(
    ("claim", "label", "rule"),
    [
        ("Joe Marsh works with back and knee pain as the studio's physiotherapist.", FactLabel.contradicted, None),
        ("Lina Berg is the pilates teacher.", FactLabel.contradicted, None),
        ("Lina Berg is the studio's physiotherapist.", FactLabel.supported, None),
        ("Joe Marsh, the pilates teacher, runs the group classes.", FactLabel.supported, None),
    ],
)
def test_a_title_the_document_gives_someone_else(claim, label, rule):
    verdict = judge_passages(claim, STUDIO)
    assert verdict.label is label
    if rule:
        assert verdict.rule == rule


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("Dev Shah, the physiotherapist, writes the exercise plans.", FactLabel.contradicted),
        ("Lina Berg, the physiotherapist, writes the exercise plans.", FactLabel.supported),
    ],
)
def test_two_people_sharing_a_role_word_are_two_parties(claim, label):
    assert judge_passages(claim, STUDIO).label is label


def test_the_title_swap_names_both_titles():
    from guard.facts.lexicon import lexicon_for
    from guard.facts.slots import read_slots
    from guard.facts.titles import title_swap
    from guard.facts.units import evidence_units

    claim = read_slots("Joe Marsh works with back and knee pain as the studio's physiotherapist.", lexicon_for("en"))
    found = title_swap(claim, evidence_units("0", STUDIO).units)
    assert len(found) == 1
    assert found[0].evidence_value == "physiotherapist" and found[0].anchor == "pilates teacher"
    assert title_swap(read_slots("Lina Berg is the physiotherapist.", lexicon_for("en")), evidence_units("0", STUDIO).units) == []
