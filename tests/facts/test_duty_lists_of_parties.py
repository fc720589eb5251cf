"""Session 35's design (docs/FACTS.md "Duties of several, and labels a list marker cut"): the duty lists of
duty_lists.py also read a party of several whose duties open with a plain verb ("**Tarn Bellhangers** take down the
old ropes", "**The tower stewards.** Lead the tours") and a bold label whose first asterisk a list marker took.
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

ROPES = (
    "Who does what:\n"
    "- **Hallow Ropeworks** spins the ropes and splices each rope to its length.\n"
    "- **Tarn Bellhangers** take down the old ropes and hang the new ones on the bell wheels.\n"
)

TOWER = (
    "- **The city carillonneur.** Plays the recitals and teaches the beginners' sessions.\n"
    "- **The tower stewards.** Lead the tower tours and count visitors up and down the stairs.\n"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Tarn Bellhangers take down the old ropes.", True),
        ("Hallow Ropeworks spins the ropes.", True),
        ("Hallow Ropeworks takes the old ropes down from the bell wheels.", False),
    ],
)
def test_a_party_of_several(claim, ok):
    assert (judge_passages(claim, ROPES).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("The city carillonneur teaches the beginners' sessions.", True),
        ("The tower stewards teach the beginners' sessions.", False),
    ],
)
def test_plural_duties_after_a_bold_label(claim, ok):
    assert (judge_passages(claim, TOWER).label in UNFLAGGED) is ok
