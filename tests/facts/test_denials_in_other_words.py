"""Session 30's design (docs/FACTS.md "Denials in other words"): "no longer" denies the verb it stands before
(polarity._is_bound, predicates._no_longer), an "X-free" compound denies X as "contains no X" does
(negation_clash._free_of), "nothing" keeps a text from being the plain affirmation a flip needs, and ", and we
do not ..." opens a clause of its own (clause_parts.CLAUSE_BREAK). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

LEAFLET = (
    "Norvadex 5 mg tablets contain no gluten and no lactose. "
    "From 1 March 2071 the 28-tablet pack is no longer sold in supermarkets; ask a pharmacist instead. "
    "Do not take more than two tablets in 24 hours."
)

CLUB = (
    "Can I bring food? Members may bring a packed lunch, but food must not be eaten on the lanes, "
    "and we do not sell hot food to anyone after 20:00."
)

ALARMS = "Installation costs £35, paid once; customers aged 90 or over pay nothing for installation."


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # "no longer" denies: said the claim's way, and turned round
        ("From 1 March 2071, the 28-tablet pack of Norvadex is not sold in supermarkets.", True),
        ("From 1 March 2071, the 28-tablet pack of Norvadex is sold in supermarkets.", False),
        # "no more than" is still a bound, not a denial
        ("You can take more than two Norvadex tablets in 24 hours.", False),
        # an "X-free" compound says "contains no X"
        ("Norvadex 5 mg tablets are gluten-free.", True),
    ],
)
def test_denials_in_other_words(claim, ok):
    assert (judge_passages(claim, LEAFLET).label in UNFLAGGED) is ok


def test_a_clause_opened_by_and_we_is_read_apart():
    claim = "The club does not sell hot food after 20:00."
    assert judge_passages(claim, CLUB).rule != "flip.negation"


def test_bounds_and_denials_are_told_apart():
    from guard.facts.lexicon import lexicon_for
    from guard.facts.polarity import negation_scopes

    lexicon = lexicon_for("en")
    assert negation_scopes("Give no more than 4 doses in 24 hours.", lexicon) == ()
    assert negation_scopes("Collect it no later than 5 pm.", lexicon) == ()
    assert negation_scopes("Dose it no more often than every 4 hours.", lexicon) == ()
    assert len(negation_scopes("The pack is no longer sold in shops.", lexicon)) == 1


def test_paying_nothing_is_no_plain_affirmation():
    claim = "A customer aged 92 isn't charged for installation."
    assert judge_passages(claim, ALARMS).rule != "flip.negation"
