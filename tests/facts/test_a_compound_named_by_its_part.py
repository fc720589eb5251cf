"""Session 46's design on a hyphenated compound named by one of its parts (docs/FACTS.md "A compound named by its
part"): "the four iron plates" for "the four cast-iron plates" names the same plates more loosely; a word that is one
part of the unit's compound, the other parts only narrowing it, is no substitution. A part that turns the compound
into another thing ("non-slip" for "slip") still is one. Passages written for this file; the whole of verify()
runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

from guard.facts.edits import _compound_part

GATES = (
    "# Scalpay estate: the harbour gates\n\n"
    "| Item | Work | Price |\n|---|---|---|\n"
    "| Gates | The three wrought-iron gates: two rehung on new pins, and one rebuilt from its old bars | £3,150 |\n"
    "| Posts | The three granite posts reset in lime mortar | £1,280 |\n\n"
    "Two of the iron gate latches have rusted through, and the posts lean towards the road.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Of the three iron gates, two are rehung on new pins and one is rebuilt from its old bars.", True),
        ("The three iron gates cost £1,280 to mend.", False),
    ],
)
def test_a_compound_named_by_its_part_is_the_same_thing(claim, holds):
    label = verified_label(claim, GATES)
    assert (label == "supported") is holds, label


def test_a_part_that_turns_the_compound_is_another_thing():
    assert _compound_part("iron", "cast-iron")
    assert not _compound_part("slip", "non-slip")
