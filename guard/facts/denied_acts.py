"""An act the claim affirms that a sentence of the document denies in so many words: "Gullrock Community Sauna
provides towels for its visitors" against "Towels are not provided, so bring one"; "Keenedge can sharpen a ceramic
chef's knife" against "we do not sharpen ceramic knives".

Why: the claim names the business, so alignment puts its heading or its opening sentence first, and the
polarity check compares the claim with those units; the sentence that denies the act shares the act's verb and
object and few other words. A denial found anywhere in the document stands against the claim when it denies the
claim's own act: the same verb (by lemma) on the same thing (the claim's object, or the subject of its passive),
every word that narrows that thing in the denial ("ceramic" knives, "personal" references) said by the claim too,
and a doer who is not someone else ("the market manager does not inspect" is no denial that the officer does).
A denial with an exception ("unless", "except"), under a condition or from a time it sets ("After that, places
cannot be moved"), or inside a condition or a relative clause is left to the other checks.
"""

from __future__ import annotations

import re

from guard.facts.mismatches import contradiction
from guard.facts.outcome import Outcome
from guard.facts.predicates import contrasted_phrase
from guard.facts.rules import FactRule
from guard.facts.slots import Slots, stem
from guard.facts.types import EvidenceUnit, FactLabel, SlotKind, UnitKind
from guard.language import parse, parse_many

__all__ = ["denied_elsewhere"]

_OBJECTS = ("dobj", "nsubjpass")
_DENIAL = re.compile(r"\b(?:not|never|cannot)\b|n[’']t\b", re.I)
# a claim that denies anything ("No library card is required") is the other checks' to read
_CLAIM_DENIAL = re.compile(r"\b(?:not|no|never|none|nothing|nobody|cannot|without)\b|n[’']t\b", re.I)
_EXCEPTION = re.compile(r"\b(?:unless|except|other than|only if|apart from)\b", re.I)
# determiners, pronouns and the like do not narrow a thing
_NOT_NARROWING = frozenset({"DET", "PRON", "PUNCT", "CCONJ", "ADP", "PART", "AUX", "SPACE"})


def denied_elsewhere(claim: Slots, units: list[EvidenceUnit]) -> Outcome | None:
    """The unit that denies the act the claim affirms, as a polarity contradiction; or None."""
    doc = parse(claim.text)
    if doc is None or _CLAIM_DENIAL.search(claim.text) or any(t.dep_ == "neg" for t in doc):
        return None
    said = {stem(t.lower_) for t in doc if t.is_alpha or t.like_num}
    act = _act(doc)
    if act is None:
        return _bare_act_denied(doc, units, said)
    verb, thing = act
    # only sentences that could deny it are parsed: a denial cue, the verb's and the thing's stems
    # three letters of the thing: a plural may change its fourth ("knife", "knives")
    stems = (stem(verb.lemma_)[:4], stem(thing.lemma_)[:3])
    candidates = _may_deny(units, stems)
    for unit, parsed in zip(candidates, parse_many([u.text for u in candidates])):
        if parsed is not None and _denies(parsed, verb.lemma_, thing.lemma_, said):
            return _says_no(unit)
    return _bare_act_denied(doc, units, said)


def _may_deny(units: list[EvidenceUnit], stems: tuple[str, ...]) -> list[EvidenceUnit]:
    """The units worth parsing: a denial cue, no exception, and every one of ``stems``."""
    return [
        u for u in units
        if _DENIAL.search(u.text) and not _EXCEPTION.search(u.text) and all(s in u.text.lower() for s in stems)
    ]


def _says_no(unit: EvidenceUnit) -> Outcome:
    explanation = f'the evidence says no ("{unit.text}"); the claim affirms it'
    mismatch = contradiction(SlotKind.polarity, "affirmed", "negated", unit, explanation)
    return Outcome(FactLabel.contradicted, mismatch, rule=FactRule.flip_negation_elsewhere)


def _bare_act_denied(doc, units: list[EvidenceUnit], said: set[str]) -> Outcome | None:
    """An act the claim affirms on what its context names ("refrigerate it after opening") that a unit
    denies outright, on nothing the claim leaves out ("Do not refrigerate."): a rule with no object or
    place of its own covers every case, the claim's included."""
    for verb in _bare_acts(doc):
        # never a heading: "Not reimbursed" heads a list of what is not
        candidates = [u for u in _may_deny(units, (stem(verb.lemma_)[:4],)) if u.kind is not UnitKind.heading]
        for unit, parsed in zip(candidates, parse_many([u.text for u in candidates])):
            if parsed is not None and _denies_outright(parsed, verb.lemma_, said):
                return _says_no(unit)
    return None


def _bare_acts(doc) -> list:
    """The claim's main verb and the verbs joined to it whose object, if any, is a pronoun."""
    root = next((t for t in doc if t.dep_ == "ROOT" and t.pos_ == "VERB"), None)
    if root is None:
        return []
    verbs = [root] + [c for c in root.children if c.dep_ == "conj" and c.pos_ == "VERB"]
    # the claim's own condition ("after opening", "if you travel") narrows its case, which an outright
    # denial covers too
    return [v for v in verbs if all(c.pos_ == "PRON" for c in v.children if c.dep_ in _OBJECTS)]


def _denies_outright(doc, verb: str, said: set[str]) -> bool:
    """The unit denies ``verb`` with no object, place or doer the claim does not also say."""
    for t in doc:
        if t.lemma_ != verb or t.pos_ != "VERB" or t.dep_ not in ("ROOT", "conj") or _conditioned(t):
            continue
        if not any(c.dep_ == "neg" and contrasted_phrase(c) is None for c in t.children):
            continue
        own = [w for c in t.children if c.dep_ not in ("neg", "aux", "auxpass", "punct", "cc", "conj") for w in c.subtree]
        # every word that narrows the denied act, numbers included ("in winds above 25 mph"), the claim's too
        if all(w.pos_ in _NOT_NARROWING or stem(w.lower_) in said for w in own if w.is_alpha or w.like_num):
            return True
    return False


def _act(doc):
    """(the main verb, the thing it acts on) of an affirmative claim, or None."""
    root = next((t for t in doc if t.dep_ == "ROOT" and t.pos_ == "VERB"), None)
    if root is None:
        return None
    thing = next((c for c in root.children if c.dep_ in _OBJECTS and c.pos_ in ("NOUN", "PROPN")), None)
    return (root, thing) if thing is not None else None


def _denies(doc, verb: str, thing: str, said: set[str]) -> bool:
    for t in doc:
        if t.lemma_ != verb or t.pos_ != "VERB" or t.dep_ not in ("ROOT", "conj"):
            continue
        # "Store them in a dry place, not in the bathroom" denies the bathroom, not the storing
        if not any(c.dep_ == "neg" and contrasted_phrase(c) is None for c in t.children) or _conditioned(t):
            continue
        # the thing may be one of the items the denial lists ("We do not open cars, vans or safes")
        objects = [o for c in t.children if c.dep_ in _OBJECTS for o in (c, *c.conjuncts) if o.lemma_ == thing]
        if not objects or not all(_narrowing_said(o, said) for o in objects) or not _numbers_said(t, said):
            continue
        if not _act_narrowing_said(t, said):
            continue  # "We do not deliver beds on Sundays" denies no delivery on other days
        doer = next((c for c in t.children if c.dep_ == "nsubj"), None)
        if doer is not None and doer.pos_ in ("NOUN", "PROPN") and not (stem(doer.lower_) in said and _narrowing_said(doer, said)):
            # someone else's act is denied ("the market manager does not inspect food stalls", "cats from
            # different households cannot share a pen")
            continue
        return True
    return False


# adverbs that leave the denied act as wide as it was
_NOT_NARROWING_ADVERBS = frozenset({"also", "ever", "however", "therefore", "even", "so", "then"})


def _act_narrowing_said(verb, said: set[str]) -> bool:
    """Every word of the phrases that narrow the denied act itself (a time, a place, a manner: "on Sundays",
    "at night") is the claim's too; "even with the add-on" concedes, so its "even" narrows nothing."""
    narrowing = [
        w for c in verb.children if c.dep_ in ("prep", "npadvmod", "advmod") and c.lower_ not in _NOT_NARROWING_ADVERBS
        for w in c.subtree
        if w.pos_ not in _NOT_NARROWING and (w.is_alpha or w.like_num) and w.lower_ not in _NOT_NARROWING_ADVERBS
    ]
    return all(stem(w.lower_) in said for w in narrowing)


def _conditioned(verb) -> bool:
    """The denial holds only under a condition or from a time the sentence sets: "After that, places cannot
    be moved", "If the sea is rough, we do not launch" (the claim's case may fall outside it)."""
    for c in verb.children:
        if c.dep_ == "prep" and c.lower_ in _CONDITION_WORDS:
            return True
        if c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in _CONDITION_WORDS for m in c.children):
            return True
    return False


_CONDITION_WORDS = frozenset({"if", "when", "once", "unless", "until", "before", "after", "while", "within", "during"})


def _numbers_said(verb, said: set[str]) -> bool:
    """Every number of the denied clause is the claim's: "We do not take juniors under 11" denies no act on
    12-year-olds (the clause's own acts joined by "and" aside)."""
    joined = {w.i for c in verb.children if c.dep_ == "conj" for w in c.subtree}
    # a number in brackets is an aside ("Hairdressing (£18 a visit) ... is not included"), no narrowing
    skipped = joined | _bracketed(verb.doc)
    return all(stem(w.lower_) in said for w in verb.subtree if w.like_num and w.i not in skipped)


def _bracketed(doc) -> set[int]:
    """The positions of the tokens after an opening bracket that no closing one has yet followed (one pass)."""
    inside, out = False, set()
    for t in doc:
        if t.text and t.text in "()":
            inside = t.text.endswith("(")
        elif inside:
            out.add(t.i)
    return out


def _narrowing_said(thing, said: set[str]) -> bool:
    """Every word that narrows the denied thing (its modifiers, not the items listed with it) is the claim's."""
    narrowing = [
        w for c in thing.children if c.dep_ not in ("conj", "cc", "appos", "punct", "det")
        for w in c.subtree if w.pos_ not in _NOT_NARROWING and (w.is_alpha or w.like_num)
    ]
    # a number narrows too ("juniors under 11"): the claim must say it
    return all(stem(w.lower_) in said for w in narrowing)
