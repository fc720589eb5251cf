"""Session 37's first design (docs/FACTS.md "Verbs the tagger reads as nouns"): the small English tagger calls a
verb after its subject a plural noun ("the tower secretary deals with visiting bands", "The tower secretary lights
the tower lamps") while its parser still hangs the subject on it; roles.frames reads such a word as the verb it is,
so the act it gives a party is compared with a claim that gives it to another. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, UNFLAGGED, judge_passages

from guard.facts.roles import AGENT, frames

TOWER = (
    "Aldwick St Mary's bell tower: ringers' rules\n\n"
    "The tower captain, Ruth Penhale, sets the ringing rota, and the tower secretary deals with visiting bands.\n\n"
    "The tower secretary lights the tower lamps before each practice.\n\n"
    "The steeple keeper oils the bell bearings each spring.\n\n"
    "Practice night is Thursday from 19:30 to 21:00."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Visiting bands are dealt with by the tower captain.", False),
        ("The tower lamps are lit by the steeple keeper before each practice.", False),
        ("Visiting bands are dealt with by the tower secretary.", True),
        ("The tower lamps are lit by the tower secretary before each practice.", True),
        ("Ruth Penhale sets the ringing rota.", True),
    ],
)
def test_acts_of_verbs_read_as_nouns(claim, ok):
    label = judge_passages(claim, TOWER).label
    assert label in (UNFLAGGED if ok else FLAGGED)


def test_the_doer_of_a_verb_read_as_a_noun():
    found = frames("The tower secretary lights the tower lamps before each practice.", True, acts=True)
    assert any(f.verb == "light" and f.role == AGENT and "secretari" in f.filler for f in found)


def test_a_noun_without_a_subject_or_object_stays_a_noun():
    # "lights" heads no subject, object or "by" phrase here: no act of lighting
    assert not any(f.verb == "light" for f in frames("The lights in the tower are new.", True, acts=True))
