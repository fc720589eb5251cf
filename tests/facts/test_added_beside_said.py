"""Session 34's third design (docs/FACTS.md "A second act's new object that is not a thing"): added_acts reads
the object of one of two acts joined by "and", beside an object the document names, as added when it is new to
the document in every way and its usual sense is an act, an attribute, a cognition or an event ("measures their
grip strength", "leaves a written exercise plan"), or a noun WordNet lacks ("moisturiser"). Passages written for
this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

CLINIC = "Anna Price sees every patient at the clinic and takes their blood pressure. She writes to the GP after each visit."
PUPPIES = "Jo Ellis teaches the puppy classes, visits owners at home and leaves each owner a spare lead."
LIGHT = "Sam Reid gives each light treatment and puts cream on any dry skin afterwards."


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Anna Price sees every patient at the clinic and tests their grip strength.", CLINIC, False),
        ("Anna Price sees every patient at the clinic and takes their blood pressure.", CLINIC, True),
        ("Jo Ellis teaches the puppy classes and leaves each owner a written exercise plan.", PUPPIES, False),
        ("Jo Ellis teaches the puppy classes and visits the owners at home.", PUPPIES, True),
        ("Sam Reid gives each light treatment and puts moisturiser on the skin.", LIGHT, False),
        ("Sam Reid gives each light treatment and puts cream on dry skin.", LIGHT, True),
    ],
)
def test_second_act_adds_an_object(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
