"""Probes for the minimal-edit comparator (guard/facts/edits.py): a claim that repeats a unit's
wording with one slot substituted by another slot the document uses elsewhere.

Passages written for these probes (none from the hard-case set, other domains): each false
claim has a true claim beside it that uses the same words, and near misses that must stay
unflagged (a paraphrase, a name written two ways, a common noun replaced outside a parallel
frame, a count restated as another count).
"""

from __future__ import annotations

import pytest

from guard.facts import evidence_units, judge_facts
from guard.facts.align import ranked
from guard.facts.edits import minimal_edits, unit_changed
from guard.facts.lexicon import ENGLISH
from guard.facts.slots import read_slots
from guard.facts.types import FactLabel, SlotKind

OFFICE = (
    "Invoices under £5,000 are approved by Marta Lindqvist in Finance. "
    "Travel requests are approved by Oskar Brandt, the operations lead. "
    "Dark roast beans should be used within 3 weeks of roasting; light roast beans stay fresh for 5 weeks. "
    "The kettle in the kitchen holds 1.7 litres and weighs 1.2 kg. "
    "Visitors may park in Zone B after 6 pm. "
    "Spin the sample tubes at 3,000 × g for 10 minutes before pipetting off the serum."
)

# (false claim, its true twin, the kind of slot substituted)
PAIRS = [
    (
        "Invoices under £5,000 are approved by Oskar Brandt in Finance.",
        "Invoices under £5,000 are approved by Marta Lindqvist in Finance.",
        SlotKind.entity,
    ),
    (
        "Light roast beans should be used within 3 weeks of roasting.",
        "Dark roast beans should be used within three weeks of roasting.",
        SlotKind.entity,
    ),
    ("The kettle in the kitchen weighs 1.7 kg.", "The kettle in the kitchen weighs 1.2 kg.", SlotKind.quantity),
    (
        "Spin the sample tubes at 3,000 rpm for 10 minutes before pipetting off the serum.",
        "Spin the sample tubes at 3,000 × g for 10 minutes before pipetting off the serum.",
        SlotKind.quantity,
    ),
    ("Visitors must park in Zone B after 6 pm.", "Visitors are allowed to park in Zone B after 6 pm.", SlotKind.modality),
]


def _edits(claim: str, passage: str):
    units = evidence_units("p", passage).units
    slots = read_slots(claim, ENGLISH)
    scored = ranked(claim, units, None, ENGLISH)
    found = minimal_edits(slots, units, scored, ENGLISH) + unit_changed(slots, scored, ENGLISH)
    return [o.mismatch for o in found]


@pytest.mark.parametrize(("false_claim", "true_claim", "kind"), PAIRS)
def test_substituted_slot_is_contradicted_and_its_twin_is_not(false_claim, true_claim, kind):
    found = _edits(false_claim, OFFICE)
    assert found, false_claim
    assert found[0].kind is kind
    assert found[0].evidence is not None
    units = evidence_units("p", OFFICE).units
    assert judge_facts(false_claim, units).label is FactLabel.contradicted
    assert _edits(true_claim, OFFICE) == []
    assert judge_facts(true_claim, units).label is not FactLabel.contradicted


def test_the_mismatch_names_both_slots():
    found = _edits("Invoices under £5,000 are approved by Oskar Brandt in Finance.", OFFICE)
    assert found[0].claim_value == "Oskar Brandt"
    assert found[0].evidence_value == "Marta Lindqvist"
    assert "Marta Lindqvist" in found[0].evidence.text


NEAR_MISSES = [
    # a common noun replaced outside a parallel frame: paraphrases do this
    (
        "The incident has stirred anger among residents of the estate. The footage shows a car leaving at speed.",
        "The footage has stirred anger among residents of the estate.",
    ),
    # one person named by first name and by surname
    (
        "Mayor Ingrid Solvang opened the library in March. Solvang said the building cost less than planned.",
        "Mayor Solvang opened the library in March.",
    ),
    # one name spelt two ways
    (
        "The Royal College of Opthalmology issued the guidance. The Royal College of Ophthalmology is based in London.",
        "The Royal College of Ophthalmology issued the guidance.",
    ),
    # a count restated as a count of another noun
    (
        "Five members of staff will go with the 40 pupils on the trip.",
        "Five teachers will go with the 40 pupils on the trip.",
    ),
    # the claim keeps the unit's word and adds its own: a rearrangement
    (
        "The museum shop sells prints and postcards of the collection. Prints of the maps are sold online.",
        "The museum shop sells postcards and prints of the collection.",
    ),
]


@pytest.mark.parametrize(("passage", "claim"), NEAR_MISSES)
def test_near_misses_are_not_flagged(passage, claim):
    assert _edits(claim, passage) == []


def test_number_written_in_another_unit_binds_there():
    """A number the same unit gives to another thing is a misbinding; one another unit gives may be
    bound there to what the claim names, so it is left to the slot checks."""
    passage = (
        "| Cover | Excess |\n|---|---|\n| Bicycles | £75 |\n| Phones | £120 |\n\n"
        "Theft from an unlocked car carries an excess of £250 instead of the item's excess."
    )
    assert _edits("A bicycle theft claim carries an excess of £75.", passage) == []
    same_unit = "Express parcels arrive within 2 working days, standard ones in 5 days."
    found = _edits("Express parcels arrive within 5 working days.", same_unit)
    assert found and found[0].kind is SlotKind.quantity


def test_no_units_and_short_claims_are_left_alone():
    assert minimal_edits(read_slots("Yes.", ENGLISH), [], [], ENGLISH) == []
    assert unit_changed(read_slots("It holds 2 litres.", ENGLISH), [], ENGLISH) == []


FARES = """## Fares

| Route | Weekday fare | Weekend fare |
|---|---|---|
| Airport | £9 | £7 |
| Harbour | £4 | £3 |

## Lockers

| Locker | Deposit | Size |
|---|---|---|
| L1 (small) | £5 | 30 litres |
| L2 (large) | £10 | 80 litres |
| L3 (bicycle) | none | - |
"""

# a value from another column of the named row, or from another row of the table
ROW_PAIRS = [
    ("The weekend fare on the Airport route is £9.", "The weekend fare on the Airport route is £7."),
    ("On the Harbour route the weekday fare is £3.", "On the Harbour route the weekday fare is £4."),
    ("Locker L1 needs a £10 deposit.", "Locker L1 needs a £5 deposit."),
    ("Locker L3 needs a £10 deposit.", "Locker L2 needs a £10 deposit."),
]


@pytest.mark.parametrize(("false_claim", "true_claim"), ROW_PAIRS)
def test_value_from_another_cell_is_contradicted(false_claim, true_claim):
    units = evidence_units("p", FARES).units
    verdict = judge_facts(false_claim, units)
    assert verdict.label is FactLabel.contradicted, verdict
    assert verdict.mismatch is not None and verdict.mismatch.evidence is not None
    assert judge_facts(true_claim, units).label is not FactLabel.contradicted


def test_a_claim_pairing_two_columns_is_not_a_column_misbinding():
    units = evidence_units("p", FARES).units
    claim = "The Airport route costs £9 as a weekday fare and £7 as a weekend fare."
    assert judge_facts(claim, units).label is not FactLabel.contradicted


DELIVERY = "Gold members get free delivery on orders over £20; silver members get it on orders over £50."


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        ("Gold members get free delivery on orders over £50.", True),
        ("Gold members get free delivery on orders over £20.", False),
        ("Silver members get free delivery on orders over £50.", False),
        ("Free delivery for silver members starts at orders over £50.", False),
    ],
)
def test_value_skipped_past_in_the_same_sentence(claim, flagged):
    found = _edits(claim, DELIVERY)
    assert bool(found) is flagged, found
    if flagged:
        assert found[0].claim_value == "£50" and found[0].evidence_value == "£20"


PLANS = (
    "The Bronze plan costs £9 a month and the Silver plan £15 a month. "
    "A one-off setup fee of £40 applies to Gold and Platinum plans. "
    "From the second week, the plan can be cancelled at any time."
)


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        ("The £40 setup fee applies to Bronze and Silver plans.", True),
        ("The £40 setup fee applies to Gold and Platinum plans.", False),
        # positions are read against their preposition: "after the first week" is "from the second week"
        ("After the first week, the plan can be cancelled at any time.", False),
    ],
)
def test_names_listed_in_place_of_others(claim, flagged):
    assert bool(_edits(claim, PLANS)) is flagged


def test_half_of_the_named_cell_is_left_to_inference():
    """A value another column of the row holds, but which is also half (or double) the named
    column's value, may be a rule the row does not show applied to the named cell."""
    passage = "| Route | Day fare | Evening fare |\n|---|---|---|\n| Airport | £9 | £4.50 |\n| Harbour | £5 | £3 |\n"
    units = evidence_units("p", passage).units
    assert judge_facts("With a railcard the day fare on the Airport route is £4.50.", units).label is not (
        FactLabel.contradicted
    )
    assert judge_facts("The day fare on the Harbour route is £3.", units).label is FactLabel.contradicted
