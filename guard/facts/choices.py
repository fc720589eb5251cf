"""Duties and choices: a claim that makes a duty of what the evidence leaves open, or leaves open what it requires.

Why: "Helmets are optional for flyers in the power kite zone" against "Flyers must wear a helmet", "A client has to
attend the session in person" against "The client may come to the session or listen in by video link", "Take it with
food" against "with or without food". The claim reuses the passage's words; only the force of the rule differs, and
the modal flip (flip_check.py) reads it only against a unit holding half the claim's words.

- :func:`optional_made_required`: "with or without X" in the unit, one side required by the claim;
- :func:`one_way_made_a_duty`: "may A ... or B" in the unit, A made a duty by the claim;
- :func:`required_made_optional`: "must", "have to", an instruction, "every X VERBs", or a "required" table cell in
  the unit, the thing left to choice by the claim ("is optional", "can choose whether to").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.align import Alignment
from guard.facts.lexicon import ENGLISH, Lexicon
from guard.facts.limits import rule_units
from guard.facts.matching import accepts
from guard.facts.mismatches import contradiction
from guard.facts.polarity import words
from guard.facts.slots import Slots, all_stems, stem
from guard.facts.subjects import subject_stems
from guard.facts.table_reading import claim_words, key_words, tables
from guard.facts.types import STATEMENT_KINDS, EvidenceUnit, SlotKind, SlotMismatch
from guard.language import parse

__all__ = ["one_way_made_a_duty", "optional_made_required", "required_made_optional"]

_RULE_POOL = 3  # the best-aligned units a rule is read from (as limits.py)

_EITHER = re.compile(r"\bwith\s+or\s+without\s+(?P<w>[a-z]+)", re.I)
_REQUIRED = frozenset({"must", "should", "need", "needs", "required", "only", "has", "have"})


def optional_made_required(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    """The unit leaves a condition open ("with or without food"); the claim requires one side."""
    claim_words = [w for _, w in words(claim.text)]
    if not set(claim_words) & _REQUIRED or _EITHER.search(claim.text):
        return []
    for a in rule_units(scored)[:1]:
        either = _EITHER.search(a.unit.text)
        if either is None:
            continue
        noun = either.group("w").lower()
        side = re.search(rf"\b(with|without)\s+{re.escape(noun)}\b", claim.text, re.I)
        if side is None:
            continue
        said, given = side.group(0), either.group(0)
        explanation = f'the evidence says "{given}"; the claim requires "{said}"'
        return [contradiction(SlotKind.modality, said, given, a.unit, explanation)]
    return []


# a thing the claim leaves to choice: "Helmets are optional ...", "is advised but optional", "can choose whether to
# take a whistle"
_OPTIONAL = re.compile(
    r"\b(?:is|are)\s+(?:\w+\s+){0,3}?optional\b|\bcan\s+choose\s+whether\s+(?:or\s+not\s+)?to\s+(?P<verb>\w+)\s+(?P<rest>[^.;]+)",
    re.I,
)
# a rule that requires it: "must wear a helmet", "have to bring", "Wetsuit: required"
_MUST = re.compile(
    r"\b(?:must|have\s+to|has\s+to|need\s+to|needs\s+to|(?:is|are)\s+required\s+to)\s+(?P<rest>[^.;:]+)", re.I
)
# ... or a rule for everyone: "Every floater showers before and after the float", "Each angler wears a lifejacket"
_EVERY = re.compile(r"\b(?:every|each)\s+(?:[a-z]+\s+){1,2}?(?P<rest>[a-z]+s\b[^.;:]*)", re.I)
_LEFT_OPEN = re.compile(
    r"\b(?:optional|may|can|if\s+(?:you|they)\s+(?:wish|like|want)|unless|except)\b", re.I
)


def required_made_optional(
    claim: Slots, scored: Sequence[Alignment], units: Sequence[EvidenceUnit] = (), lexicon: Lexicon = ENGLISH
) -> list[SlotMismatch]:
    """The claim leaves to choice ("Freezer suits are optional for short spells") what one of the best units
    requires ("Staff working in the freezer must wear the issued freezer suit"): the thing the claim names (its
    subject's words, or the object of "choose whether to take ...") sits in the clause after the unit's "must".
    A unit that also leaves something open ("optional", "may", "unless") is left alone: the rule has a way out."""
    said = _OPTIONAL.search(claim.text)
    if said is None or claim.negated:
        return []
    thing = _object_stems(said.group("rest")) if said.group("verb") else subject_stems(claim.text, acts=True)
    if not thing:
        return []
    required = _required_cell(claim, thing, units, lexicon)
    if required is not None:
        return [required]
    for a in scored[:_RULE_POOL]:
        if a.unit.kind not in STATEMENT_KINDS or _LEFT_OPEN.search(a.unit.text):
            continue
        rules = [m.group(0) for m in (*_MUST.finditer(a.unit.text), *_EVERY.finditer(a.unit.text))]
        for rule in rules + _imperatives(a.unit.text):
            if thing <= all_stems(rule):
                explanation = f'the evidence says "{rule.strip()}"; the claim says "{said.group(0).strip()}"'
                return [
                    contradiction(SlotKind.modality, said.group(0).strip(), rule.strip(), a.unit, explanation)
                ]
    return []


_FUNCTION_STEMS = frozenset(stem(w) for w in ENGLISH.stopwords)
_PREPOSITION = re.compile(r"\s(?:with|to|on|in|at|for|from|when|before|after|during|while)\s", re.I)


def _object_stems(rest: str) -> frozenset[str]:
    """The stems of the thing after "choose whether to take": up to its first preposition ("a whistle")."""
    return all_stems(_PREPOSITION.split(f" {rest} ", 1)[0]) - _FUNCTION_STEMS


def _imperatives(text: str) -> list[str]:
    """The clauses ``text`` gives as instructions ("Fill in the bladder diary we sent you ..."): a verb in its
    base form heading its sentence with no subject."""
    doc = parse(text)
    if doc is None:
        return []
    return [
        " ".join(t.text for t in token.subtree)
        for token in doc
        if token.dep_ == "ROOT"
        and token.tag_ == "VB"
        and not any(c.dep_ in ("nsubj", "nsubjpass", "aux") for c in token.children)
    ]


_REQUIRED_CELL = re.compile(r"^\s*(?:required|compulsory|mandatory|must\b)", re.I)


def _required_cell(
    claim: Slots, thing: frozenset[str], units: Sequence[EvidenceUnit], lexicon: Lexicon
) -> SlotMismatch | None:
    """The cell "required" under a header naming the thing, in the one table row the claim names (by its key's
    words, or by a key value that holds a claim value: "when the water is 13°C" names "12°C to 15.9°C")."""
    for rows in tables(units, lexicon):
        by_value = [r for r in rows if any(accepts(c, e) for c in claim.quantities for e in r.values_in(0))]
        by_words = [r for r in rows if (k := key_words(r, lexicon)) and k <= claim_words(claim)]
        named = by_value or by_words
        if len(named) != 1:
            continue
        row = named[0]
        for column in range(1, len(row.headers)):
            cell = row.cell(column).strip()
            if thing <= all_stems(row.headers[column]) and _REQUIRED_CELL.match(cell):
                given = f"{row.headers[column]}: {cell}"
                explanation = f'the evidence gives "{given}" for {row.key}; the claim says it is optional'
                return contradiction(
                    SlotKind.modality, "optional", given, row.unit, explanation, anchor=row.key
                )
    return None


# a duty the claim states ("A client has to attend the session in person") and a choice between two ways the unit
# gives ("The client may come to the session or listen in by video link")
_DUTY = re.compile(
    r"\b(?:must|has\s+to|have\s+to|needs?\s+to|(?:is|are)\s+required\s+to)\s+(?P<act>[^.;,]+)", re.I
)
_TWO_WAYS = re.compile(r"\b(?:may|can)\s+(?P<first>[^.;]+?),?\s+or\s+(?P<second>[a-z]+)\b[^.;]*", re.I)


def one_way_made_a_duty(claim: Slots, scored: Sequence[Alignment]) -> list[SlotMismatch]:
    """The claim makes a duty of one of two ways a best unit leaves to choice: "has to attend the recording session in
    person" against "may come to the session or listen in by video link". The first way must hold the object of the
    claim's verb, the second must be another act (a verb the claim's act does not use)."""
    duty = _DUTY.search(claim.text)
    if duty is None or claim.negated:
        return []
    act = _object_of(duty.group("act"))
    act_words = all_stems(duty.group("act"))
    if act is None:
        return []
    for a in scored[:_RULE_POOL]:
        if a.unit.kind not in STATEMENT_KINDS or _MUST.search(a.unit.text):
            continue
        for m in _TWO_WAYS.finditer(a.unit.text):
            second = stem(m.group("second").lower())
            if (
                act not in _nouns(m.group("first"))
                or second in act_words
                or not _is_verb(m.group(0), m.group("second"))
            ):
                continue
            explanation = (
                f'the evidence says "{m.group(0).strip()}"; the claim says "{duty.group(0).strip()}"'
            )
            return [
                contradiction(
                    SlotKind.modality, duty.group(0).strip(), m.group(0).strip(), a.unit, explanation
                )
            ]
    return []


def _object_of(act: str) -> str | None:
    """The stem of the direct object of the act's verb ("attend the recording session in person": session)."""
    doc = parse(act)
    verb = next((t for t in doc if t.pos_ == "VERB"), None) if doc is not None else None
    obj = (
        next((c for c in verb.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")), None)
        if verb
        else None
    )
    return stem(obj.lower_) if obj is not None else None


def _nouns(text: str) -> frozenset[str]:
    doc = parse(text)
    return (
        frozenset(stem(t.lower_) for t in doc if t.pos_ in ("NOUN", "PROPN"))
        if doc is not None
        else frozenset()
    )


def _is_verb(clause: str, word: str) -> bool:
    doc = parse(clause)
    return doc is not None and any(t.text == word and t.pos_ == "VERB" for t in doc)
