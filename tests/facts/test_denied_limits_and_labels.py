"""Four readings of session 19 (docs/FACTS.md): a limit that bounds a denied act (guard/facts/denials.py),
values headed by inline labels (quantity_moves.moved_by_label), a plain claim value against a limit in
another unit (scales.rescaled), and bound words that start a word; with the FAQ question that asserts
nothing (clause_parts.matching_clause). True and false twins; passages written for this file.
"""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel

GUTTERS = (
    "Gutter clearing is done from the ground with a vacuum pole. We do not work on roofs in winds above "
    "25 mph or when the temperature is below 3°C, and we may move a visit for that reason."
)


@pytest.mark.parametrize(
    ("claim", "label", "rule"),
    [
        ("The team will work on your roof with the wind at 28 mph.", FactLabel.contradicted, "limit.inside_denial"),
        ("They work on roofs at 1°C.", FactLabel.contradicted, "limit.inside_denial"),
        ("They will work on your roof with the wind at 15 mph.", FactLabel.supported, None),
        ("With a 10 mph breeze they still work on roofs.", FactLabel.supported, None),
        ("They work on roofs at 6°C.", FactLabel.supported, None),
    ],
)
def test_a_limit_bounding_a_denied_act(claim, label, rule):
    verdict = judge_passages(claim, GUTTERS)
    assert (verdict.label, verdict.rule) == (label, rule)


def test_a_claim_weighing_the_value_against_the_limit_is_not_read_as_the_act():
    # (flip.negation still reads this true claim as affirming the denied work: a known false alarm)
    verdict = judge_passages("A 28 mph wind is too strong for work on roofs.", GUTTERS)
    assert verdict.rule != "limit.inside_denial"


KAYAKS = (
    "- What does it cost? Single kayak: £28 for two hours, £40 for a half day. Double kayak: £36 for two "
    "hours, £55 for a half day.\n"
    "- Is the route suitable for beginners? The river route is 5 km long and is not suitable for children "
    "under 10."
)


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("A double kayak costs £28 for two hours.", FactLabel.contradicted),
        ("A single kayak costs £55 for a half day.", FactLabel.contradicted),
        ("A double kayak costs £36 for two hours.", FactLabel.supported),
        ("Hiring a single kayak for a half day costs £40.", FactLabel.supported),
    ],
)
def test_values_under_inline_labels(claim, label):
    assert judge_passages(claim, KAYAKS).label is label


def test_the_moved_value_names_both_labels():
    verdict = judge_passages("A double kayak costs £28 for two hours.", KAYAKS)
    assert verdict.rule == "quantity.moved"
    assert '"Double kayak"' in verdict.mismatch.explanation and '"Single kayak"' in verdict.mismatch.explanation


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("The river route is 5 miles long.", FactLabel.contradicted),  # "is 5 km": no bound
        ("The river route is 5 km long.", FactLabel.supported),
        ("The river route is suitable for children under 10.", FactLabel.contradicted),  # the FAQ's question is no clause
    ],
)
def test_faq_answers_read_as_statements(claim, label):
    assert judge_passages(claim, KAYAKS).label is label


TRAILS = "Treks cover 4 km of forest paths. A trail pass must be used within 6 months of purchase."


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("Treks cover 4 miles of forest paths.", FactLabel.contradicted),  # "cover" is no "over"
        ("Treks cover 4 km of forest paths.", FactLabel.supported),
        ("You have 6 weeks to use a trail pass.", FactLabel.contradicted),  # the limit restated in another unit
        ("You have 6 months to use a trail pass.", FactLabel.supported),
    ],
)
def test_bound_words_and_restated_limits(claim, label):
    assert judge_passages(claim, TRAILS).label is label


HIRE = (
    "Seabright hot tubs are delivered, filled and heated by our team. "
    "Weekday hire (up to 3 nights, Monday to Thursday): £95. Weekend hire (Friday to Monday): £150. Full week: £230."
)


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("A weekend hot tub hire from Seabright costs £95.", FactLabel.contradicted),  # the weekday label's price
        ("Weekday hot tub hire from Seabright costs £150.", FactLabel.contradicted),
        ("A weekend hot tub hire from Seabright costs £150.", FactLabel.supported),
        ("Weekday hire costs £95.", FactLabel.supported),
    ],
)
def test_labels_in_sentences_of_their_own(claim, label):
    assert judge_passages(claim, HIRE).label is label
