"""Probes for session 10 (issue 11, branch s10-roles): who the document gives an act to
(act_binding.act_given_elsewhere), a subject shared by coordinated verbs (roles.frames), parties the
small parser reads as a sentence's root noun (roles.is_actor), and ages in prose bands
(ages.outside_prose_band; "aged 18 to 80" read as years by the quantity reader).

Passages written for these probes in a domain the hard cases do not use (a community orchestra's
rules); each false claim keeps the passage's words and moves a doer or an age, the true claims
beside them name the same doer or an age inside the band.
"""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

from guard.facts.quantities import quantities
from guard.facts.roles import frames

ORCHESTRA = (
    "The music director chooses the programme and approves every soloist. "
    "The orchestra manager, Lena Brook, books the rehearsal rooms. "
    "The librarian hands out the parts before each rehearsal. "
    "Section leaders must not hand out the parts. "
    "The treasurer collects the membership fees. "
    "The player, not the orchestra, pays for any damage to a borrowed instrument."
)

MEMBERS = (
    "Full membership is open to players aged 18 to 70. "
    "Players aged 16 or 17 can join as junior members with a parent's consent. "
    "Children under 12 must be accompanied by an adult at rehearsals."
)

FALSE_CLAIMS = [
    # the act of a coordinated verb, its subject shared with the first verb
    (ORCHESTRA, "The orchestra manager approves every soloist."),
    # the act given to another party of the document, whose sentence the claim does not align to best
    (ORCHESTRA, "The treasurer books the rehearsal rooms."),
    # a name given the act of a common-noun party
    (ORCHESTRA, "Lena Brook hands out the parts before each rehearsal."),
    # the party an "A, not B" rules out, named alone as the doer
    (ORCHESTRA, "The orchestra pays for any damage to a borrowed instrument."),
    # ages outside a prose band
    (MEMBERS, "Full membership is open to a 72-year-old player."),
    (MEMBERS, "A 15-year-old can join as a junior member with a parent's consent."),
    (MEMBERS, "A 13-year-old must be accompanied by an adult at rehearsals."),
]

TRUE_CLAIMS = [
    (ORCHESTRA, "The music director approves every soloist."),
    (ORCHESTRA, "Lena Brook books the rehearsal rooms."),
    (ORCHESTRA, "The librarian hands out the parts."),
    (ORCHESTRA, "Membership fees are collected by the treasurer."),
    (ORCHESTRA, "The player pays for any damage to a borrowed instrument."),
    (MEMBERS, "A 70-year-old player can have full membership."),
    (MEMBERS, "A 17-year-old can join as a junior member with a parent's consent."),
    (MEMBERS, "A 9-year-old must be accompanied by an adult at rehearsals."),
]


@pytest.mark.parametrize(("passage", "claim"), FALSE_CLAIMS)
def test_a_doer_or_age_moved_is_flagged(passage, claim):
    assert judge(claim, passage).label in FLAGGED, claim


@pytest.mark.parametrize(("passage", "claim"), TRUE_CLAIMS)
def test_the_same_doer_or_an_age_inside_holds(passage, claim):
    assert judge(claim, passage).label not in FLAGGED, claim


def test_a_denied_act_is_not_given_to_its_doer():
    # "Section leaders must not hand out the parts": not a rival for the librarian
    verdict = judge("The librarian hands out the parts before each rehearsal.", ORCHESTRA)
    assert verdict.label in HOLDS or verdict.rule != "role.act_elsewhere"


def test_coordinated_verbs_share_their_subject():
    text = "The music director chooses the programme and approves every soloist."
    found = {(f.verb, f.role, f.surface) for f in frames(text, True)}
    assert any(verb.startswith("approv") and role == "agent" and surface == "music director" for verb, role, surface in found)


def test_an_age_band_after_aged_is_read_in_years():
    (band,) = quantities("open to players aged 18 to 70")
    assert band.dim == "duration" and band.shown.startswith("18 to 70")


def test_only_statements_restating_the_act_are_parsed(monkeypatch):
    # issue 15: every statement among the best-aligned units was parsed (one nlp() call each) before
    # any was found to restate the claim's act; those that do not can never be the rival
    import guard.facts.act_binding as act_binding

    read: list[str] = []

    def spy(text: str, common: bool = False, acts: bool = False):
        read.append(text)
        return frames(text, common, acts)

    monkeypatch.setattr(act_binding, "frames", spy)
    claim = "The orchestra manager approves every soloist."
    verdict = judge(claim, ORCHESTRA)
    assert verdict.label in FLAGGED and verdict.rule == "role.act_elsewhere"
    # the one statement saying "approves every soloist"; not the manager's own, nor any other
    assert set(read) - {claim} == {"The music director chooses the programme and approves every soloist."}
