"""Numbers and names of a claim that no evidence mentions."""

from __future__ import annotations

import pytest

from guard.language import Entity
from guard.verifiers.lexical import content_overlap, novel_terms, numbers_in, unknown_words, vocabulary


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("It cost 1,000 dollars in 1889.", ["1000", "1889"]),
        ("Rate 3.50 and 3.0 and .5", ["3.5", "3", "0.5"]),
        ("COVID-19 in the 1990s, 45% of 2.1 million", ["19", "1990", "45", "2.1"]),
        ("no digits here", []),
    ],
)
def test_numbers_are_normalised(text, numbers):
    assert numbers_in(text) == numbers


def test_novel_numbers():
    known = vocabulary(["The tower was completed in 1889 and cost 1,000 francs. It has three lifts."])
    assert novel_terms("It was completed in 1925.", [], known) == ["1925"]
    assert novel_terms("It cost 1000 francs and has 3 lifts.", [], known) == []


def test_novel_names_word_by_word():
    known = vocabulary(["Gustave Eiffel's company built the tower in Paris in March."])
    entities = [
        Entity("Gustave Eiffel", "PERSON"),
        Entity("Napoleon Bonaparte", "PERSON"),
        Entity("Paris", "GPE"),
    ]
    assert novel_terms("Napoleon, Gustave Eiffel and Paris.", entities, known) == ["Napoleon Bonaparte"]
    # A date's numbers and capitalised words are checked, not its common words.
    assert novel_terms("In early March.", [Entity("early March", "DATE")], known) == []
    assert novel_terms("In June.", [Entity("June", "DATE")], known) == ["June"]
    # Nationalities are skipped: "French" is not a fabrication of "France".
    assert novel_terms("The French tower.", [Entity("French", "NORP")], known) == []


def test_overlap_and_unknown_words():
    known = vocabulary(["Bananas are rich in potassium."])
    assert content_overlap("Bananas are rich in potassium.", known) == 1.0
    assert content_overlap("Bananas cure cancer.", known) == pytest.approx(1 / 3)
    assert unknown_words("Bananas cure cancer.", known) == ["cure", "cancer"]
    assert content_overlap("It is so.", known) == 1.0  # nothing to check
