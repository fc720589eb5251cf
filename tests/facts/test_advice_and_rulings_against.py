"""Session 42's second design (docs/FACTS.md "Advice and rulings against"): "advised against", "warned against",
"recommends against" and "is ruled out" deny as "do not" does, so "He is advised against tight
trousers" agrees with "Do not wear tight trousers" and "Gardening is ruled out" turns "You may garden" round
(polarity._NEGATION; the denied thing of "is ruled out" stands before it, polarity._subject_denied). "Stay out" and
"leave ... out" are no denial: "Leave soft lenses out" is what "Soft lenses must come out" says.
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.lexicon import lexicon_for
from guard.facts.polarity import negation_scopes

LETTER = (
    "While the graft heals: Do not wear tight trousers over the dressing. "
    "Do not take the dressing into a hot tub. Do not put the hearing aid in until the ear has dried. "
    "You may do light gardening after 2 weeks."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Mr Pendry is advised against tight trousers over the dressing.", True),
        ("Taking the dressing into a hot tub is ruled out while the graft heals.", True),
        # the fact turned round: flagged
        ("Light gardening is ruled out after 2 weeks.", False),
    ],
)
def test_advice_and_rulings_against(claim, ok):
    assert (judge_passages(claim, LETTER).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("text", "denies"),
    [
        ("He is advised against a tight belt.", ("a", "tight", "belt")),
        ("The nurse recommends against hot baths.", ("hot", "baths")),
        ("Going into a sauna is ruled out.", ("into", "a", "sauna", "is")),
        ("The ruling rules out an appeal.", ("an", "appeal")),
    ],
)
def test_what_advice_and_rulings_against_deny(text, denies):
    scopes = negation_scopes(text, lexicon_for("en"))
    assert scopes and set(denies) <= set(scopes[0]), scopes


@pytest.mark.parametrize(
    "text",
    ["The team ruled on the appeal.", "The nurse advises a cool bath.", "Leave soft contact lenses out for 7 days.",
     "Hard lenses have to stay out for 21 days."],
)
def test_no_denial_without_against_or_out(text):
    assert negation_scopes(text, lexicon_for("en")) == ()
