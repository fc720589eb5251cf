"""The second round of the fact layer: binding, role swaps, scope and arithmetic licensing.

Each case is a small passage written for the mechanism (not taken from the hard-case set), with
its true twin, so a rule that fires on everything or nothing fails.
"""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, judge

from guard.facts.types import FactLabel, SlotKind

BMI = (
    "The average height for a 9-year-old boy is 133 cm, and girls of the same age have an "
    "average height of 131 cm."
)


def test_value_moved_to_another_head_is_contradicted():
    verdict = judge("The average height for a 9-year-old girl is 133 cm.", BMI)
    assert verdict.label is FactLabel.contradicted


def test_value_on_its_own_head_is_supported():
    assert judge("The average height for a 9-year-old boy is 133 cm.", BMI).label is FactLabel.supported


OVEN = "Bake the loaf at 220°C for 15 minutes to set the crust, then lower the oven to 180°C."


def test_temperatures_swapped_between_clauses():
    assert judge("Bake the loaf at 180°C for 15 minutes to set the crust.", OVEN).label is FactLabel.contradicted
    assert judge("Bake the loaf at 220°C for 15 minutes to set the crust.", OVEN).label is FactLabel.supported


SIDE_EFFECTS = (
    "Headache and nausea were reported by 12% of patients in the trials. "
    "Hair thinning and blurred vision were reported by 2% of patients taking the higher dose."
)


def test_value_from_the_line_about_something_else():
    verdict = judge("Hair thinning and blurred vision were reported by 12% of patients.", SIDE_EFFECTS)
    assert verdict.label is FactLabel.contradicted
    ok = judge("Hair thinning and blurred vision were reported by 2% of patients.", SIDE_EFFECTS)
    assert ok.label is FactLabel.supported


SPOON = "Use the measuring cup in the box. Do not use a household teaspoon."


def _cosines(units):
    # the caller's MiniLM cosines, as the support verifier would pass them (written out here:
    # the relaxed flip needs meaning as well as words, and the tests load no embedder)
    return [0.7 if "teaspoon" in u.text else 0.5 for u in units]


def test_negation_flip_against_a_sentence_sharing_few_words():
    verdict = judge("A household teaspoon is fine for measuring the medicine.", SPOON, _cosines)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and verdict.mismatch.kind is SlotKind.polarity


HOTEL = "Hotel rooms are limited to £150 per night in Manchester."


def test_supposed_count_times_a_rate_is_inferred():
    verdict = judge("Three nights in a Manchester hotel can cost up to £450.", HOTEL)
    assert verdict.label in (FactLabel.inferred, FactLabel.supported)
    assert judge("Three nights in a Manchester hotel can cost up to £500.", HOTEL).label in FLAGGED


TRIP = "The trip costs £300 per child. Families who receive free school meals pay £120 in total."


def test_difference_of_two_amounts_is_licensed():
    verdict = judge("Families on free school meals pay £180 less than the full price.", TRIP)
    assert verdict.label is FactLabel.inferred
    assert "£300 - £120" in (verdict.inference or "")


DOSES = "Age: 2 to 4 years | Dose: 7.5 ml\nAge: 4 to 6 years | Dose: 10 ml"


@pytest.mark.parametrize("table", [True])
def test_value_written_elsewhere_is_not_licensed_as_arithmetic(table):
    # 10 ml is the next row's dose; 7.5 + 2.5 would make it, but a copied value is a misbinding
    passage = "| Age | Dose |\n|---|---|\n| 3 to 6 months | 2.5 ml |\n| 2 to 4 years | 7.5 ml |\n| 4 to 6 years | 10 ml |"
    assert judge("A 3-year-old should have 10 ml.", passage).label is FactLabel.contradicted


def test_negation_flip_needs_meaning_as_well_as_words():
    # without the caller's cosine, a unit sharing few words is not taken as the claim's sentence
    assert judge("A household teaspoon is fine for measuring the medicine.", SPOON).label is FactLabel.abstain


POLICY = "All business trips are covered by the company's travel insurance policy. Flights of 6 hours or more are in premium economy."


def test_yes_answer_naming_a_thing_the_evidence_lacks_is_unsupported():
    verdict = judge("Yes, lounge access is covered for flights of 6 hours or more.", POLICY)
    assert verdict.label is FactLabel.unsupported
    assert verdict.mismatch is not None and "lounge" in verdict.mismatch.explanation


def test_yes_answer_restating_the_evidence_is_not_flagged():
    assert judge("Yes, business trips are covered by the travel insurance policy.", POLICY).label not in FLAGGED


def test_a_plain_claim_with_a_new_noun_is_left_to_the_other_checks():
    # no "Yes" / "also": a paraphrase may bring new nouns, so the key-term rule stays silent
    assert judge("Every work journey is covered by the firm's travel insurance.", POLICY).label not in FLAGGED


def test_document_subject_missing_from_the_excerpt_is_not_an_unsupported_name():
    passage = "Store below 30°C in the original blister. Keep out of the sight and reach of children."
    assert judge("Keep Nolvarex in its original blister below 30°C.", passage).label not in FLAGGED


def test_a_name_that_may_replace_the_unit_s_own_name_is_still_checked():
    passage = "Purchases over £50,000 need approval from the Chief Financial Officer."
    assert judge("Purchases over £50,000 need approval from the Finance Director.", passage).label in FLAGGED
