"""Who the document gives an act to: the claim's doer of an act the document assigns to another party.

Why: "The specialist nurse checks your digoxin level" against "your GP will check your digoxin
level", "Your community pharmacist decides the dose" against "Your hospital specialist starts
Castrelin and decides the dose", "The council's environmental health officer allocates pitches"
against "The market manager, Tom Aske, allocates pitches". The claim keeps the act (verb and
object) and changes its doer to another of the document's parties. :func:`roles.actor_replaced`
reads only the best-aligned unit and needs it to hold most of the claim's words, so a claim whose
doer has a long name of its own ("the council's environmental health officer") aligns to the unit
that mentions that doer, not to the one that gives the act, and is never compared. Here the act is
looked up in every statement among the best-aligned units, the way a reader asks "who does this?".

Contradicted when, for an active verb with an object in the claim:

- some statement among the best-aligned units, holding most of the claim's other content words,
  and not denying the act, gives the same verb, with an object sharing a word
  with the claim's, to a doer that shares no word with the claim's doer and that the claim never
  mentions;
- no such statement gives the act to the claim's doer (a rule may give one act to two parties);
- both doers are parties of the document: a name or a noun for a person or body by role
  (roles.person_like), and the claim's doer itself does or undergoes something in some unit of the
  document (roles.is_actor); a noun the document never uses as a party is more likely a paraphrase
  ("your doctor" for "your hospital specialist") and is left to the other checks;
- neither doer stands for a set ("each", "either", "any"), gives a time or means ("by post"), and
  the claim does not deny the act ("The pharmacist does not decide the dose").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from guard.facts.align import Alignment
from guard.facts.exclusive import contrasts
from guard.facts.mismatches import contradiction
from guard.facts.roles import (
    AGENT,
    NOT_PARTIES,
    PATIENT,
    PRO_VERB,
    Frame,
    abbreviates,
    act_denied,
    frames,
    is_actor,
    person_like,
    role_mismatch,
)
from guard.facts.slots import Slots, all_stems, stem
from guard.facts.types import STATEMENT_KINDS, EvidenceUnit, SlotKind, SlotMismatch, UnitKind
from guard.language import parse

__all__ = ["act_given_elsewhere", "denied_doer"]

_POOL = 5  # statements among the best-aligned units that may give the act
# verbs of having or being (stems): what a claim says something has is no act the document gives a party
_LIGHT_VERBS = frozenset({"have", "be", "get", "becom", "seem", "contain", "includ", "featur"})
# share of the claim's content words, its doer's left out, that the rival's unit must hold: the
# unit states the claim's act, not another act of the same verb ("sign" an NDA as its party / as
# the company's signatory)
_ACT_SHARE = 0.6


def _share(words: frozenset[str], stems: frozenset[str]) -> float:
    return len(words & stems) / len(words) if words else 0.0


def _party(frame: Frame) -> bool:
    # "Our marshal, Jordan Pike, gives the briefing": a role noun the document names someone by
    return frame.proper or person_like(frame.surface) or bool(frame.aliases - frame.filler)


# a person's name in apposition: "Piers Ashdown", "Mr Tobias Reaney" (title, then 1 to 3 capitalised words)
_PERSON = r"(?:(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?\s+)?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){1,3}"


@lru_cache(maxsize=4096)
def _named_by(role: str, text: str) -> bool:
    """``text`` names a person by ``role``: "the churchwarden, Piers Ashdown," or "Piers Ashdown, the
    churchwarden,"."""
    word = re.escape(role)
    return bool(
        re.search(rf"\b(?i:{word}),\s+{_PERSON}\s*[,;(]", text)
        or re.search(rf"{_PERSON},\s+(?i:the|our|your)\s+(?i:{word})\s*,", text)
    )


def _role_of_someone(c: Frame, units: Sequence[EvidenceUnit]) -> bool:
    """The claim's doer is a role the document names a person by ("The egg marshal, Hattie Bream,
    hands each team its eggs"): a party, though its noun is no common word for a person."""
    return any(_named_by(c.surface, unit.text) for unit in units if c.filler <= all_stems(unit.text))


def _objects(found: Sequence[Frame], verb: str) -> list[frozenset[str]]:
    return [f.filler for f in found if f.verb == verb and f.role == PATIENT]


def act_given_elsewhere(
    claim: Slots, scored: Sequence[Alignment], units: Sequence[EvidenceUnit]
) -> SlotMismatch | None:
    """The mismatch when the document gives the claim's act to another party (module's why)."""
    claim_frames = frames(claim.text, True, acts=True)
    doers = [
        c
        for c in claim_frames
        if c.role == AGENT and not c.nominal and not c.quantified and not (c.filler & NOT_PARTIES)
        and (_party(c) or _role_of_someone(c, units))
    ]
    if not doers:
        return None
    statements = [a.unit for a in scored[:_POOL] if a.unit.kind in STATEMENT_KINDS]
    setting = _setting(claim_frames, units)  # the same for every doer
    for c in doers:
        if c.verb in _LIGHT_VERBS:
            continue  # "Boxers have strong jaws": having, being, getting are no act a party is given
        objects = _objects(claim_frames, c.verb)
        if not objects or act_denied(claim.text, c.verb):
            continue
        # the rest of the claim (all but its doer) must be said by the rival's unit: the same act
        own = all_stems(_own_clause(claim.text, c.surface))
        said = claim.content & own
        rest = _lemmas(claim.text, said - c.filler - c.aliases - _doer_phrase(claim.text, c) - setting)
        restating = [
            unit for unit in statements
            if _share(rest, all_stems(unit.text) | _lemmas(unit.text, all_stems(unit.text))) >= _ACT_SHARE
        ]
        rival = _rival(c, objects, _unit_frames(restating), own)  # a rival the claim names in another clause counts
        if rival is not None and (is_actor(c.filler, units) or _named_party(c, units) or _role_of_someone(c, units)):
            unit, u = rival
            return role_mismatch(c, u, unit, " (the document gives this act to another party)")
    return None


def _setting(claim_frames: Sequence[Frame], units: Sequence[EvidenceUnit]) -> frozenset[str]:
    """The words of a place the claim sets its act in ("At Swathby the distance judge hands ...") when a
    heading or a passage's first unit (its title) names it: the document's own subject, which the
    statement giving the act need not repeat."""
    titles = [u for u in units if u.kind is UnitKind.heading or u.index == 0]
    headings = frozenset().union(*(all_stems(u.text) for u in titles))
    return frozenset().union(
        *(f.filler for f in claim_frames if f.role == "prep:at" and f.proper and f.filler <= headings)
    )


# "Kit Morrow sets the fees, and Grace Tenby turns the horses out": each doer's act is its own clause's
_CLAUSES = re.compile(r",\s+(?:and|while|whereas|but)\s+|;\s*", re.I)


def _own_clause(text: str, doer: str) -> str:
    """The clause of a claim that names the doer (the whole claim when no clause or no single one does)."""
    parts = [p for p in _CLAUSES.split(text) if doer in p]
    return parts[0] if len(parts) == 1 else text


def _named_party(c: Frame, units: Sequence[EvidenceUnit]) -> bool:
    """A doer the claim names by a proper name the document writes ("report it to Customer
    Support"): a party of the document, though it only receives something there."""
    return c.proper and any(c.filler <= all_stems(unit.text) for unit in units)


def _lemmas(text: str, stems: frozenset[str]) -> frozenset[str]:
    """``stems`` with each word's lemma for its stem ("dealt" is "deal", "took" is "take"): a passive
    or past claim restates the act a present statement gives."""
    doc = parse(text)
    if doc is None:
        return stems
    lemma = {stem(t.lower_): stem(t.lemma_.lower()) for t in doc if t.pos_ in ("VERB", "AUX")}
    return frozenset(lemma.get(w, w) for w in stems)


def _unit_frames(units: Sequence[EvidenceUnit]) -> list[tuple[EvidenceUnit, tuple[Frame, ...]]]:
    """The frames of the statements that restate the claim's act, and of those only: a statement
    without the act's words is never a rival, and its parse (one ``nlp()`` call each, most of this
    check's CPU on a cold request) was wasted. (Not batched through ``parse_many``: ``frames`` is
    cached longer than the parses, so a batch would parse again texts whose frames are known.)"""
    return [(unit, frames(unit.text, True, acts=True)) for unit in units]


# what a doer's noun phrase is built of: its compounds, adjectives, possessor ("the council's"),
# co-doers ("Suppliers and contractors") and apposition; not a relative clause, which says an act
_PHRASE_DEPS = frozenset({"compound", "amod", "poss", "case", "conj", "cc", "appos", "flat", "nmod", "det", "punct"})


def _doer_phrase(text: str, c: Frame) -> frozenset[str]:
    """Stems of the noun phrase the claim names its doer with (not the act it does)."""
    doc = parse(text)
    if doc is None:
        return frozenset()
    heads = [t for t in doc if stem(t.lower_) in c.filler and t.dep_ in ("nsubj", "nsubjpass", "pobj", "conj")]
    out: set[str] = set()
    stack = list(heads)
    while stack:
        token = stack.pop()
        out.add(stem(token.lower_))
        stack += [child for child in token.children if child.dep_ in _PHRASE_DEPS]
    return frozenset(out)


def _rival(
    c: Frame,
    objects: list[frozenset[str]],
    parsed: Sequence[tuple[EvidenceUnit, tuple[Frame, ...]]],
    claim_stems: frozenset[str],
) -> tuple[EvidenceUnit, Frame] | None:
    """The first statement giving the claim's act to another party; None when one gives it to the
    claim's doer (or to a doer the claim names too)."""
    found = None
    for unit, unit_frames in parsed:
        theirs = _objects(unit_frames, c.verb)
        if not any(a & b for a in objects for b in theirs):
            continue  # another act of the same verb ("checks for interactions" / "checks the level")
        for u in unit_frames:
            if u.role != AGENT or u.nominal or u.verb not in (c.verb, PRO_VERB):
                continue
            if u.verb == c.verb and not _does_the_act(u, objects, unit_frames):
                continue  # the verb's other act in the unit: "the Bookings Team deals with bookings"
            if (u.aliases or u.filler) & (c.aliases or c.filler) and not _two_people(c, u) and not _two_roles(c, u):
                return None  # the act is the claim's doer's (too), or "an agent may do so"
            if u.verb == PRO_VERB and c.verb != PRO_VERB:
                continue  # "an agent may do so" stands for an act; "does the lumbar puncture" is one
            if u.quantified or u.filler & NOT_PARTIES or _mentioned(u, claim_stems) or not _party(u):
                continue
            if act_denied(unit.text, c.verb):
                continue  # "Managers must not give personal references": the act is not theirs
            if abbreviates(c.surface, u.surface):
                continue
            found = found or (unit, u)
    return found


def _names(frame: Frame) -> frozenset[str]:
    """The person's name a doer carries: its own words when a proper name, else the name in apposition
    ("Our pharmacist, Owen Lacey": owen, lacey)."""
    return frame.filler if frame.proper else frame.aliases - frame.filler


def _two_people(c: Frame, u: Frame) -> bool:
    """Two doers sharing a role word ("Priya Nair, the pharmacist" and "Our pharmacist, Owen Lacey") but
    named as two people: not one party."""
    mine, theirs = _names(c), _names(u)
    return bool(mine and theirs and not mine & theirs)


def _two_roles(c: Frame, u: Frame) -> bool:
    """Two doers sharing only a word that narrows each ("neurology nurse", "neurology registrar"): two
    roles of one field, not one party; their head nouns differ."""
    if c.proper or u.proper:
        return False
    mine, theirs = c.filler - c.modifiers, u.filler - u.modifiers
    shared = (u.aliases or u.filler) & (c.aliases or c.filler)
    return bool(mine and theirs and not mine & theirs and shared <= c.modifiers & u.modifiers)


def _mentioned(u: Frame, claim_stems: frozenset[str]) -> bool:
    """The claim names the rival doer: all its words, and its person's name when it has one."""
    name = _names(u)
    return u.filler <= claim_stems and (not name or bool(name & claim_stems))


def _does_the_act(u: Frame, objects: list[frozenset[str]], unit_frames: Sequence[Frame]) -> bool:
    """The doer ``u`` does the claim's act: its own verb token takes an object sharing a word with
    the claim's, or its act's objects are not known (read as before: the verb is enough)."""
    own = [f.filler for f in unit_frames if f.role == PATIENT and f.at is not None and f.at == u.at]
    return u.at is None or not own or any(a & b for a in objects for b in own)


_CONTRAST_POOL = 2  # the best-aligned units: the claim restates the unit's act
_CONTRAST_CLOSE = 0.5  # lexical share of the unit the claim must hold


def denied_doer(claim: Slots, scored: Sequence[Alignment]) -> SlotMismatch | None:
    """The claim gives the act to the party a best unit's "A, not B" rules out: "The market pays for
    any damage" against "The stallholder, not the market, pays for any damage". (exclusive.py's
    contrast_reversed reads a claim that says "B, not A"; this one, a claim that names B alone as the
    act's doer.)"""
    claim_frames = frames(claim.text, True)
    stems = all_stems(claim.text)
    if contrasts(claim.text):
        return None
    for a in scored[:_CONTRAST_POOL]:
        if a.unit.kind not in STATEMENT_KINDS or a.lexical < _CONTRAST_CLOSE:
            continue
        for said, denied in contrasts(a.unit.text):
            if said in stems or denied not in stems:
                continue
            doer = next((c for c in claim_frames if c.role == AGENT and denied in c.filler), None)
            if doer is None or act_denied(claim.text, doer.verb):
                continue
            explanation = f'the evidence says {said}, not {denied}, does this ("{a.unit.text}")'
            return contradiction(SlotKind.entity, doer.surface, said, a.unit, explanation, anchor="not")
    return None
