"""A restriction ("only X") given to another party: the unit's "only" excludes who the claim names.

Why: "Only assistance dogs are allowed in the passenger lounge" against "Pet dogs are welcome
in the passenger lounge", or "Only the landlord may enter the flat without notice" against "The
tenant may enter the flat without notice". The claim reuses the unit's words for the act and
names a party in the restricted slot; no value differs and nothing is negated, so neither the
value checks nor the polarity check see it. The parse gives the restricted noun phrase ("only"
modifying a sentence subject) and the claim's subject; the claim contradicts the unit when

- the claim's subject is a noun phrase (not a pronoun) whose words are neither the restricted
  phrase's nor a part of it ("dogs" for "assistance dogs" says less, not otherwise), and the
  claim never names the restricted party;
- the claim restates the rest of the unit's sentence: at least two of its other content words,
  at least half of them, and at least half of the claim's own words besides its subject; and
- the claim affirms (no negation, no "only" of its own: "only pet dogs..." is another rule).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.align import Alignment
from guard.facts.mismatches import contradiction
from guard.facts.slots import Slots, all_stems, stem
from guard.facts.types import STATEMENT_KINDS, EvidenceUnit, SlotKind, SlotMismatch
from guard.language import parse

__all__ = ["contrast_reversed", "contrasts", "restriction_added", "restriction_broken", "restriction_waived"]

_POOL = 2  # the best-aligned units only: the restriction must be on the claim's own fact
_SUBJECTS = ("nsubj", "nsubjpass")
_NAMING = ("compound", "amod", "nmod", "flat")  # words that name the party with its head
_MIN_REST = 2
_REST_SHARE = 0.5


def restriction_broken(claim: Slots, scored: Sequence[Alignment]) -> list[SlotMismatch]:
    """The mismatch when a best unit restricts the claim's act to a party the claim does not name."""
    if claim.negation_scopes or " only " in f" {claim.text.lower()} ":
        return []
    for a in scored[:_POOL]:
        prose = a.unit.kind in STATEMENT_KINDS
        if not prose or " only " not in f" {a.unit.text.lower()} ":
            continue
        found = _against(claim, a.unit)
        if found:
            return [found]
    return []


def _party(token) -> tuple[frozenset[str], str]:
    """Stems of a noun and the words that name it with it, and the phrase as written."""
    tokens = [token] + [c for c in token.children if c.dep_ in _NAMING]
    start, end = min(t.i for t in tokens), max(t.i for t in tokens) + 1
    return frozenset(stem(t.lower_) for t in tokens), token.doc[start:end].text


def _restricted(doc) -> list:
    """Subjects that "only" modifies ("Only assistance dogs are allowed"); the parser may hang the
    "only" on the verb when it stands right before the verb's subject ("Only badge holders can")."""
    out = []
    for t in doc:
        if t.lower_ != "only" or t.dep_ != "advmod":
            continue
        if t.head.pos_ in ("NOUN", "PROPN") and t.head.dep_ in _SUBJECTS:
            out.append(t.head)
        else:
            out += [
                c
                for c in t.head.children
                if c.dep_ in _SUBJECTS and c.pos_ in ("NOUN", "PROPN") and c.left_edge.i == t.i + 1
            ]
    return out


def _subjects(doc) -> list:
    return [t for t in doc if t.dep_ in _SUBJECTS and t.pos_ in ("NOUN", "PROPN")]


def _against(claim: Slots, unit: EvidenceUnit) -> SlotMismatch | None:
    unit_doc = parse(unit.text)
    claim_doc = parse(claim.text) if unit_doc is not None else None
    if unit_doc is None or claim_doc is None:
        return None
    claim_stems = frozenset(stem(t.lower_) for t in claim_doc)
    for head in _restricted(unit_doc):
        allowed, allowed_text = _party(head)
        if allowed <= claim_stems:
            continue  # the claim names the restricted party
        rest = frozenset(  # the rest of the restricting sentence (a list item may hold several)
            stem(t.lower_)
            for t in head.sent
            if t.pos_ in ("NOUN", "PROPN", "VERB", "ADJ") and stem(t.lower_) not in allowed
        )
        shared = rest & claim.content
        if len(shared) < _MIN_REST or len(shared) < _REST_SHARE * len(rest):
            continue
        for subject in _subjects(claim_doc):
            named, named_text = _party(subject)
            if named <= allowed or stem(subject.lower_) in rest:
                continue  # the same party, or a part of it; or a word of the act, not a party
            said = claim.content - named
            if len(said & rest) < _REST_SHARE * len(said):
                continue  # the claim says much the unit's sentence does not: not a restatement of it
            explanation = f"the evidence restricts it to {allowed_text}, not {named_text}"
            given = f"only {allowed_text}"
            return contradiction(SlotKind.entity, named_text, given, unit, explanation, anchor="only")
    return None


# determiners of a subject that gives the act to every member of a set ("either party may ask")
_SET_DETERMINERS = frozenset({"either", "both", "any", "all", "every", "each"})


def restriction_added(claim: Slots, scored: Sequence[Alignment]) -> list[SlotMismatch]:
    """The claim restricts to one party ("only X") an act a best unit gives to more than X.

    "Only the landlord may ask Fairlet to repay the deposit" against "either party may ask Fairlet
    to repay the deposit"; "Only the landlord can raise a dispute" against "Only the landlord or the
    tenant can raise a dispute". The claim's restricted subject and the unit's subject are subjects
    of one verb (same lemma stem); the unit's subject is a set ("either party", "all staff") or a
    coordination with a member the claim never names; and the claim restates the unit otherwise
    (half its words besides its subject in the unit).
    """
    if claim.negation_scopes or " only " not in f" {claim.text.lower()} ":
        return []
    claim_doc = parse(claim.text)
    if claim_doc is None:
        return []
    claim_stems = frozenset(stem(t.lower_) for t in claim_doc)
    for head in _restricted(claim_doc):
        named, named_text = _party(head)
        said = claim.content - named
        for a in scored[:_POOL]:
            if a.unit.kind not in STATEMENT_KINDS:
                continue
            unit_doc = parse(a.unit.text)
            if unit_doc is None or len(said & all_stems(a.unit.text)) < _REST_SHARE * len(said):
                continue
            wider = _wider_subject(head, unit_doc, named, claim_stems)
            if wider:
                explanation = f"the evidence gives it to {wider}, not only {named_text}"
                return [contradiction(SlotKind.quantifier, f"only {named_text}", wider, a.unit, explanation,
                                      anchor="only")]
    return []


def _wider_subject(head, unit_doc, named: frozenset[str], claim_stems: frozenset[str]) -> str | None:
    """The unit's subject of the claim subject's verb, when it names more than the claim's party."""
    verb = stem(head.head.lemma_.lower())
    for subject in _subjects(unit_doc):
        if stem(subject.head.lemma_.lower()) != verb:
            continue
        group = [subject, *subject.conjuncts]
        if len(group) >= 2:
            parties = [_party(t) for t in group]
            mine = [p for p in parties if named <= p[0] or p[0] <= named]
            others = [p for p in parties if not (p[0] & claim_stems)]
            if mine and others:
                return " or ".join(text for _, text in parties)
        elif any(c.dep_ in ("det", "predet") and c.lower_ in _SET_DETERMINERS for c in subject.children):
            if not (_party(subject)[0] & named):
                return subject.doc[subject.left_edge.i : subject.i + 1].text
    return None


# "without a prescription", "with no receipt": what the claim does without; "only on a prescription",
# "only with a receipt": what the unit requires the act to have
_WITHOUT = re.compile(r"\b(?:without|with\s+no)\s+((?:[\w'-]+\s*){1,3})", re.I)
# and a condition waived: "even if the arrears are not shown", "whether or not it is registered",
# "regardless of the receipt"
_WAIVED = re.compile(
    r"\beven\s+(?:if|when|though)\s+([^,.;]*?\b(?:not|no|never)\b[^,.;]*)"
    r"|\bwhether\s+or\s+not\s+((?:[\w'-]+\s*){1,5})|\bregardless\s+of\s+((?:[\w'-]+\s*){1,3})",
    re.I,
)
_ONLY = re.compile(r"\bonly\s+((?:[\w'-]+\s*){1,6})", re.I)
_CLOSE = 0.5  # lexical share of the unit: the claim restates it


_DETERMINERS = frozenset("a an the their its his her your any this that these those".split())


def _first_word(phrase: str) -> str | None:
    """The stem of a phrase's first word past its determiners ("a prescription from ...": prescript)."""
    return next((stem(w.lower()) for w in phrase.split() if w.lower() not in _DETERMINERS), None)


def restriction_waived(claim: Slots, scored: Sequence[Alignment]) -> list[SlotMismatch]:
    """The claim does "without" what a best unit allows only with it.

    "Meloxivet may be supplied without a prescription" against "it may only be supplied on a
    prescription written by a veterinary surgeon": the claim keeps the unit's words and lets the act
    go without the very thing the unit's "only" requires. Slots read no negation in "without" (it
    is mostly a manner: "with or without food"), so the polarity check does not see it.
    """
    # what "without" names is its first content word ("without a prescription from a vet": prescription)
    heads = [_first_word(m.group(1)) for m in _WITHOUT.finditer(claim.text)]
    waived = frozenset(h for h in heads if h) | frozenset(
        w for m in _WAIVED.finditer(claim.text) for w in all_stems(next(g for g in m.groups() if g))
    )
    if not waived or " only " in f" {claim.text.lower()} ":
        return []
    for a in scored[:_POOL]:
        if a.unit.kind not in STATEMENT_KINDS or a.lexical < _CLOSE:
            continue
        if _WITHOUT.search(a.unit.text):
            continue  # the unit itself says what may go without
        required = frozenset(w for m in _ONLY.finditer(a.unit.text) for w in all_stems(m.group(1)))
        thing = waived & required
        if thing:
            word = sorted(thing)[0]
            explanation = f'the evidence allows it only with {word}; the claim says "without"'
            return [contradiction(SlotKind.polarity, f"without {word}", f"only with {word}", a.unit,
                                  explanation, anchor="only")]
    return []


# "the agent, not the landlord,": the first phrase affirmed, the second denied (its last word names it)
_CONTRAST = re.compile(
    r"\b([a-z][\w'-]*),\s+(?:and\s+)?not\s+(?:the\s+|a\s+|an\s+|by\s+the\s+|by\s+)?"
    r"(?:[a-z][\w'-]*\s+)?([a-z][\w'-]*)\s*[,;:]",
    re.I,
)


def contrasts(text: str) -> set[tuple[str, str]]:
    return {(stem(m.group(1).lower()), stem(m.group(2).lower())) for m in _CONTRAST.finditer(text)}


def contrast_reversed(claim: Slots, scored: Sequence[Alignment]) -> list[SlotMismatch]:
    """The claim turns round a best unit's "A, not B" ("the landlord, not the agent, is the point of
    contact" against "the agent, not the landlord, is ..."): every word is the unit's, only the side
    of the "not" differs, which neither the roles (a copula has no doer) nor the polarity check (both
    sides hold one "not") reads."""
    mine = contrasts(claim.text)
    if not mine:
        return []
    for a in scored[:_POOL]:
        if a.unit.kind not in STATEMENT_KINDS or a.lexical < _CLOSE:
            continue
        for said, denied in mine:
            if (denied, said) in contrasts(a.unit.text) and (said, denied) not in contrasts(a.unit.text):
                explanation = f'the evidence says {denied}, not {said}; the claim the reverse'
                return [contradiction(SlotKind.entity, said, denied, a.unit, explanation, anchor="not")]
    return []
