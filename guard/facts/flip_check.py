"""Flips: negation, modal strength and universal quantifiers against the unit that says the claim's words.

A flip keeps every word and value and turns the fact round ("Do not refrigerate" /
"Refrigerate"; "may" / "must"; "always" / "usually"). Whether a side negates or which modal
it uses is read in :mod:`guard.facts.negation_clash` and :mod:`guard.facts.modal_clash`; this
module decides against which unit a flip stands.
"""

from __future__ import annotations

import re

from guard.facts.align import Alignment, unit_slots
from guard.facts.clause_parts import clauses, item_clauses, matching_clause
from guard.facts.frequency import frequency_clash, frequency_level
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, conflicts, same_number
from guard.facts.mismatches import contradiction
from guard.facts.modal_clash import (
    DENIES,
    DUTY,
    entailed_options,
    modal_clash,
    modal_clashes,
    modal_word,
    restricted_leave,
    value_modal_clash,
    verb_clause,
)
from guard.facts.name_words import name_words
from guard.facts.negation_clash import (
    PROHIBITION,
    excepted_leave,
    excepted_words,
    need_denied,
    polarity_clash,
)
from guard.facts.opposites import prefix_turned
from guard.facts.outcome import Outcome
from guard.facts.polarity import modal_classes, words
from guard.facts.predicates import Agreement, predicates, same_act
from guard.facts.quantities import Quantity
from guard.facts.rules import FactRule
from guard.facts.slots import Slots, all_stems, stem
from guard.facts.types import STATEMENT_KINDS, EvidenceUnit, FactLabel, SlotKind, UnitKind

__all__ = ["flip_outcomes"]


def flip_outcomes(
    claim: Slots, aligned: list[Alignment], scored: list[Alignment], lexicon: Lexicon
) -> list[Outcome]:
    """Negation, modal strength and universal quantifiers against the unit that says the same words
    (:func:`_flips`); when there is none, against the unit that states the claim's act once the
    claim's setting is left out (:func:`_flips_without_setting`), which may be the best unit itself
    when the setting's words kept its share of the claim under half."""
    return _flips(claim, aligned, scored, lexicon) or _flips_without_setting(claim, scored, lexicon)


def _flips(claim: Slots, aligned: list[Alignment], scored: list[Alignment], lexicon: Lexicon) -> list[Outcome]:
    """Negation, modal strength and universal quantifiers against the unit that says the same words.

    Only when the best unit is a statement (not a heading) holding most of the claim's words,
    speaking of the same values, and no other unit with at least as many of the claim's words
    says it the claim's way (a rule restated elsewhere is not a flip).
    """
    best = aligned[0]
    if _heading(best.unit):
        return []
    if best.lexical < _FULL_SHARE:
        return _polarity_only(claim, scored, lexicon) or _value_modal_flip(claim, scored, lexicon)
    unit = unit_slots(best.unit, lexicon)
    if not _same_values(claim, unit):
        return []  # other values (babies under 3 months, not a 3-year-old): not the same fact
    peers = [
        (a, unit_slots(a.unit, lexicon))
        for a in scored
        if a.lexical >= best.lexical and a.unit is not best.unit
    ]
    peers = [s for a, s in peers if _same_values(claim, s) and _shares_a_value(claim, s)]
    restated = unit.exception and _has_condition(claim, lexicon) and not claim.exception  # "unless" -> "if"
    clash = polarity_clash(claim, unit, lexicon)
    if clash is not None and not restated and not prefix_turned(claim, unit, lexicon):
        return _polarity_against_best(claim, unit, best.unit, clash, peers)
    flips = [
        _exception_included(claim, unit, best.unit),
        _modal_flip(claim, unit, best.unit, peers, lexicon),
        _quantifier_flip(claim, unit, best.unit) or _frequency_flip(claim, unit, best.unit, peers, lexicon),
    ]
    return [f for f in flips if f is not None]


_FULL_SHARE = 0.5  # the claim's words the best unit must hold for every flip to be read against it


def _flips_without_setting(claim: Slots, scored: list[Alignment], lexicon: Lexicon) -> list[Outcome]:
    """The flips against the unit that states the claim's act, its setting left out.

    "Oakhanger patients may drive themselves home after a lumbar puncture" against the leaflet's "You
    must not drive yourself home": the claim names the document's subject ("Oakhanger", "lumbar
    puncture": the words of a heading or of a passage's title), which the rule never repeats, so no
    unit holds half the claim's words. Without those words, the rule holds most of the rest; the
    flips are then read against it as against any best unit, with every other unit as its peer. Claims
    without values only: one with a value is anchored to the unit holding it."""
    if claim.quantities or claim.dates:
        return []  # a claim with a value is about the unit that holds it, not a rule of acts
    titles = [a.unit for a in scored if a.unit.kind is UnitKind.heading or (a.unit.index == 0 and _title(a.unit.text))]
    setting = claim.content & frozenset().union(*(all_stems(u.text) for u in titles))
    rest = claim.content - setting
    if not setting or len(rest) < 2:
        return []
    shares = [
        a.model_copy(update={"lexical": len(rest & unit_slots(a.unit, lexicon).content) / len(rest)})
        for a in scored
        if a.unit.kind in STATEMENT_KINDS and a.unit not in titles
    ]
    shares.sort(key=lambda a: -a.lexical)
    if not shares or shares[0].lexical < _SETTING_SHARE:
        return []
    if shares[0].unit is scored[0].unit and scored[0].lexical >= _FULL_SHARE:
        return []  # the best unit already: read by _flips
    return _flips(claim, shares[:1], shares, lexicon)


_SETTING_SHARE = 0.6  # the act's words the rule must hold once the setting is left out
_MARKUP = re.compile(r"<[^>]*>")


def _heading(unit: EvidenceUnit) -> bool:
    """A heading, Markdown's or a unit that is one HTML heading element and nothing else ("<h1>Patch testing
    at Dunstow Hospital</h1>", which the sentence splitter gives as a sentence): a title names what follows
    and neither affirms nor denies it."""
    return unit.kind is UnitKind.heading or bool(_HTML_HEADING.fullmatch(unit.text.strip()))


_HTML_HEADING = re.compile(r"<h([1-6])\b[^>]*>[^<]*</h\1\s*>", re.I)


def _title(text: str) -> bool:
    """A passage's first unit read as its title: a line with no sentence end ("<h1>Oakhanger General
    Hospital: having a lumbar puncture</h1>"), not an opening sentence that names a party."""
    return not _MARKUP.sub("", text).strip().endswith((".", "!", "?"))


def _polarity_against_best(
    claim: Slots, unit: Slots, evidence: EvidenceUnit, clash: tuple[bool, bool], peers: list[Slots]
) -> list[Outcome]:
    """The polarity flip against the best unit, unless a peer that speaks of it says it the claim's way."""
    claim_no, unit_no = clash
    shared = claim.content & unit.content
    if any(_says_it(s, claim, unit, shared) == claim_no for s in peers if _speaks_of(s, claim, unit, shared)):
        return []
    if _act_turned(claim, evidence):
        return [_polarity_flip(claim_no, unit_no, evidence, FactRule.flip_negation)]
    return []


def _modal_flip(
    claim: Slots, unit: Slots, evidence: EvidenceUnit, peers: list[Slots], lexicon: Lexicon
) -> Outcome | None:
    """A modal of another strength ("may" for "must"), unless a peer uses the claim's."""
    # "must not", "may not", "cannot", "not allowed" all forbid: two prohibitions are not a clash
    # of modal strength (a negation elsewhere in the sentence does not make one)
    pieces = item_clauses(claim, unit, lexicon)
    clause = pieces[0][0] if len(pieces) == 1 else matching_clause(claim, unit, pieces)[0]
    if not clause.modals:
        # the piece whose modal governs the claim's modal's verb, else, for an item without a modal ("No food on
        # the platform"), its clause of the glued unit, as before
        bound = verb_clause(claim, [c for c, _ in pieces], lexicon)
        clause = bound or matching_clause(claim, unit, clauses(unit, lexicon))[0]
    both_negative = bool(PROHIBITION.search(claim.text) and PROHIBITION.search(clause.text))
    if both_negative or _duty_either_way(claim, clause, lexicon) or _leave_inside_a_limit(claim, clause):
        return None
    if not modal_clashes(claim, unit, lexicon):
        return None
    if need_denied(claim, clause) or need_denied(clause, claim):
        return None  # "doesn't have to" and "may": no duty either way
    if any(not modal_clash(claim.modals, s.modals) for s in peers):
        return None
    if entailed_options(claim, clause.modals):
        return None  # "can be booked online or by phone" for "must be booked ... online or by phone"
    if _outside_a_band(claim, unit):
        return None  # "leaders aged 8 to 11 must be with an adult": a 14-year-old is not ruled by it
    if _requirement_met(claim, clause, unit) or _condition_as_requirement(claim, clause, unit):
        return None
    if excepted_leave(claim, unit.text) or _leave_to_omit(claim, unit):
        return None
    if restricted_leave(claim, clause.modals, clause.text):
        return None
    claim_word = modal_word(claim.text, lexicon)
    unit_word = modal_word(clause.text, lexicon) or modal_word(unit.text, lexicon)  # the clause compared
    explanation = f'the evidence says "{unit_word}", the claim "{claim_word}"'
    return _flip(SlotKind.modality, claim_word, unit_word, evidence, explanation, FactRule.flip_modal)


def _duty_either_way(claim: Slots, clause: Slots, lexicon: Lexicon) -> bool:
    """A prohibition on one side, a duty on the other: "Dogs are not allowed off the lead" is a duty to keep them
    on it, as strong as "Dogs must be kept on a lead"; whether the two acts agree is the polarity checks' question."""
    return (_forbids(claim.text, lexicon) and "obligation" in clause.modals) or (
        _forbids(clause.text, lexicon) and "obligation" in claim.modals
    )


def _forbids(text: str, lexicon: Lexicon) -> bool:
    """A prohibition and no leave beside it ("If the roof cannot carry it, the customer may choose ..." permits)."""
    return bool(PROHIBITION.search(text)) and "permission" not in modal_classes(PROHIBITION.sub(" ", text), lexicon)


def _leave_inside_a_limit(claim: Slots, clause: Slots) -> bool:
    """A leave for a value the rule's limit is not: "A carpet with a tog of 2.0 can go over the heating" against
    "Carpet and underlay must not have a tog value above 2.5" permits what the prohibition leaves; whether the value
    keeps to the limit is the limit checks' question (limits.py), not a clash of modals."""
    if claim.modals != {"permission"} or not _NOT_ABOVE.search(clause.text):
        return False
    if not claim.quantities or not clause.quantities:
        return False
    return not any(same_number(q, e) for q in claim.quantities for e in clause.quantities)


# a prohibition of going past a bound: "must not have a tog value above 2.5", "never more than 4 hours"
_NOT_ABOVE = re.compile(
    r"\b(?:not|never)\b[^.;]{0,40}?\b(?:above|over|more\s+than|higher\s+than|longer\s+than|exceed\w*)\b", re.I
)


def _value_modal_flip(claim: Slots, scored: list[Alignment], lexicon: Lexicon) -> list[Outcome]:
    """The claim's modal for a value against the modal the units give that value (modal_clash.py)."""
    found = value_modal_clash(claim, [a.unit for a in scored], lexicon)
    if found is None:
        return []
    unit, claim_word, unit_word = found
    explanation = f'the evidence says "{unit_word}" for the value, the claim "{claim_word}"'
    return [_flip(SlotKind.modality, claim_word, unit_word, unit, explanation, FactRule.flip_value_modal)]


def _quantifier_flip(claim: Slots, unit: Slots, evidence: EvidenceUnit) -> Outcome | None:
    """"Always/all" in the claim where the unit says "some/usually", or the claim restricts to "only
    some" / "not all" what the unit says of all or always (the converse: "only some" denies "all")."""
    if "universal" in claim.quantifiers and "partial" in unit.quantifiers and "universal" not in unit.quantifiers:
        explanation = "the claim generalises what the evidence says holds only sometimes or for some"
        return _flip(SlotKind.quantifier, "always/all", "some/usually", evidence, explanation, FactRule.flip_quantifier)
    said = _RESTRICTED_PART.search(claim.text)
    if said and "universal" in unit.quantifiers and "partial" not in unit.quantifiers:
        explanation = "the claim says it holds only sometimes or for some where the evidence says always or for all"
        return _flip(SlotKind.quantifier, said.group(0), "always/all", evidence, explanation, FactRule.flip_quantifier)
    return None


def _exception_included(claim: Slots, unit: Slots, evidence: EvidenceUnit) -> Outcome | None:
    """The claim puts inside the rule ("including in PE lessons", "even for fire damage") what the
    unit takes out of it ("except in PE lessons"): the exception's own words, after "including",
    "even" or "also" in the claim."""
    excepted = excepted_words(unit.text)
    for match in _INCLUDING.finditer(claim.text):
        if all_stems(match.group(1)) & excepted:
            said = match.group(0).strip()
            explanation = "the evidence makes an exception of what the claim includes"
            return _flip(SlotKind.quantifier, said, "except", evidence, explanation, FactRule.flip_quantifier)
    return None


# "including in PE lessons", "even in PE lessons", "also during PE": the words the claim brings inside
_INCLUDING = re.compile(r"\b(?:including|even|also)\b((?:\s+[\w'-]+){1,4})", re.I)
# a claim that denies a universal in so many words: "only some", "only sometimes", "not all", "not every"
_RESTRICTED_PART = re.compile(
    r"\bonly\s+(?:in\s+|on\s+|for\s+|to\s+|at\s+)?(?:some|sometimes|occasionally|a\s+few|certain)\b"
    r"|\bnot\s+(?:all|every|everyone|always|each)\b",
    re.I,
)


def _frequency_flip(
    claim: Slots, unit: Slots, evidence: EvidenceUnit, peers: list[Slots], lexicon: Lexicon
) -> Outcome | None:
    """"Often" where the unit says "rarely" (frequency.py's scale), unless a peer uses the claim's."""
    clash = frequency_clash(claim, unit, lexicon)
    mine = frequency_level(claim.text, lexicon)
    if clash is None or any((frequency_level(s.text, lexicon) or (None,))[0] == mine[0] for s in peers):
        return None
    explanation = f'the evidence says "{clash[1]}", the claim "{clash[0]}"'
    return _flip(SlotKind.quantifier, clash[0], clash[1], evidence, explanation, FactRule.flip_frequency)


def _act_turned(claim: Slots, evidence: EvidenceUnit) -> bool:
    """The parse finds the claim's act turned round in the unit, or cannot place it on a sentence
    (see :func:`_unparsed_flip_stands`)."""
    return same_act(claim.text, evidence.text) is Agreement.clash or (
        _unparsed_flip_stands(evidence) and same_act(claim.text, evidence.text) is Agreement.unknown
    )


# a unit sharing under half the claim's words may still be the sentence the claim turns round
# ("A kitchen spoon is fine for measuring the dose" / "Do not use a kitchen spoon"): its
# polarity is compared when the claim's words and meaning both point to it
_FLIP_LEXICAL = 0.25
_FLIP_EVIDENCE = 0.85  # lexical share + cosine
_FLIP_POOL = 3


def _polarity_only(claim: Slots, scored: list[Alignment], lexicon: Lexicon) -> list[Outcome]:
    """A negation flip against a unit the claim shares fewer words with (see _FLIP_EVIDENCE).

    Why only polarity here: a modal or quantifier is a single word that similar sentences on
    other rules carry too; a negation is checked on its scope, which must hold a word the
    claim shares, so it speaks of the same thing. The unit must state the same values (or
    none of the claim's kinds), and no unit as close says it the claim's way.
    """
    top = [
        a
        for a in scored[:_FLIP_POOL]
        if not _heading(a.unit)
        and a.lexical >= _FLIP_LEXICAL
        and a.lexical + (a.similarity or 0.0) >= _FLIP_EVIDENCE
    ]
    for a in top:
        unit = unit_slots(a.unit, lexicon)
        if not _same_values(claim, unit):
            continue
        shared = claim.content & unit.content
        if not shared - name_words(claim, lexicon):
            continue  # only a name in common ("Mr Pugsley"): the unit is about its bearer, not the claim's act
        clash = polarity_clash(claim, unit, lexicon)
        restated = unit.exception and _has_condition(claim, lexicon) and not claim.exception
        if clash is None or restated or prefix_turned(claim, unit, lexicon) or not _shares_a_value(claim, unit):
            continue  # a claim value this unit does not state: another fact ("under 25 °C" / "after the expiry date")
        claim_no, unit_no = clash
        rivals = [
            unit_slots(b.unit, lexicon) for b in scored[:_FLIP_POOL] if b.unit is not a.unit and b.score >= a.score
        ]
        if any(_speaks_of(r, claim, unit, shared) and _says_it(r, claim, unit, shared) == claim_no for r in rivals):
            continue
        if _better_placed(claim, unit, a, scored[:_FLIP_POOL], claim_no, lexicon):
            continue
        if _act_turned(claim, a.unit):
            return [_polarity_flip(claim_no, unit_no, a.unit, FactRule.flip_negation_near)]
    return []


def _better_placed(
    claim: Slots, unit: Slots, near: Alignment, pool: list[Alignment], claim_no: bool, lexicon: Lexicon
) -> bool:
    """Another close unit holds the claim's own words this one lacks, and says the claim's way the
    act both share: the claim is about that unit's fact, not this one's.

    Why: "It is fine to take paracetamol alongside Dorvexin" shares "take Dorvexin" with "You should
    not take Dorvexin with other anti-inflammatory painkillers", but its argument, paracetamol, is
    in "It can be taken with paracetamol" (which names Dorvexin only as "it", so it does not hold
    every word the flip is about, as _speaks_of asks of a rival).
    """
    own = claim.content - unit.content
    about = _negated_words(claim, unit, claim.content & unit.content)  # what the flip is about
    for b in pool:
        if b.unit is near.unit or b.unit.kind is UnitKind.heading:
            continue
        other = unit_slots(b.unit, lexicon)
        verbs = frozenset(p.lemma for p in predicates(b.unit.text))  # "taken" is the parse's "take"
        if not (own & other.content) or not (about & (other.content | verbs)):
            continue
        if other.negates_any(claim.content & other.content) == claim_no:
            return True
    return False


def _negated_words(claim: Slots, unit: Slots, shared: frozenset[str]) -> frozenset[str]:
    """The shared words a negation governs, in the claim or in the unit (what the flip is about)."""
    scopes = [sc for sc in (*claim.negation_scopes, *unit.negation_scopes)]
    return frozenset(w for sc in scopes for w in sc & shared)


def _speaks_of(peer: Slots, claim: Slots, unit: Slots, shared: frozenset[str]) -> bool:
    """A peer restating the claim's way counts only when it holds the words the flip is about.

    "Employees receive 2 paid volunteering days" says nothing about carrying them over, so it
    does not excuse "can be carried over" against "cannot be carried over".
    """
    about = _negated_words(claim, unit, shared)
    return bool(about) and about <= peer.content


def _says_it(peer: Slots, claim: Slots, unit: Slots, shared: frozenset[str]) -> bool:
    return peer.negates_any(claim.content & peer.content)


def _shares_a_value(claim: Slots, unit: Slots) -> bool:
    """The unit states one of the claim's values (or the claim has none to state)."""
    return not claim.quantities or any(accepts(q, e) for q in claim.quantities for e in unit.quantities)


def _outside_a_band(claim: Slots, unit: Slots) -> bool:
    """A claim value outside a range the unit states (another band's rule), though the unit may accept it elsewhere."""
    return any(e.is_range and conflicts(q, e) and not accepts(q, e) for q in claim.quantities for e in unit.quantities)


def _requirement_met(claim: Slots, clause: Slots, unit: Slots) -> bool:
    """A permission for one case that the unit's requirement admits: "A 70-year-old can volunteer as a
    steward" against "Stewards must be aged 18 to 70", "Tyres 28 mm wide are allowed" against "Tyres must be
    at least 25 mm wide". A duty to meet a band entails leave for what meets it. The claim's values must be
    single values (a case, not the band restated: "may be made within 30 days" for "must be made within 30
    days" weakens the rule), each inside every band of the unit that measures it; a claim that leaves the act
    undone ("without", "no": leave to leave the duty undone is no leave the duty gives) is no such case."""
    if claim.modals != {"permission"} or not _obliges(clause) or claim.negation_scopes or DENIES.search(claim.text):
        return False
    if PROHIBITION.search(unit.text):  # the clause is part of the unit's text
        return False  # a band a prohibition states is what it forbids ("must not be used within 2 m")
    measured = [q for q in claim.quantities if any(_measures(e, q) for e in unit.quantities)]
    if not measured or any(q.is_band for q in measured):
        return False
    duty = DUTY.search(unit.text)
    if duty is None:
        return False
    for q in measured:
        bands = [e for e in unit.quantities if e.is_band and _measures(e, q)]
        # every band that measures the value admits it: "aged 21 to 79 for cars and 25 to 79 for vans" does not
        # say which a 22-year-old's van falls under
        if not bands or not all(accepts(q, e) for e in bands):
            return False
        # a band before the duty names whom it binds ("Children under 12 must go round with an adult"): the
        # case is bound, so the claim's leave must come with the duty as its condition ("if a paying adult
        # comes too"); a band after it is what the duty asks ("must be aged 18 to 70")
        if any(e.start < duty.start() for e in bands) and not _duty_as_condition(claim, unit.text[duty.end() :]):
            return False
    return True


def _duty_as_condition(claim: Slots, duty: str) -> bool:
    """The claim permits under a condition that says what the duty asks: "if a paying adult comes too"."""
    condition = _CONDITION.search(claim.text)
    return condition is not None and bool(all_stems(claim.text[condition.start() :]) & claim.content & all_stems(duty))


def _measures(evidence: Quantity, q: Quantity) -> bool:
    """The evidence value measures what ``q`` measures (an age also by a bare range of years: "aged 25 to 79")."""
    return conflicts(q, evidence) or (q.measure == "age" and evidence.dim == "number")


def _condition_as_requirement(claim: Slots, clause: Slots, unit: Slots) -> bool:
    """A condition of the unit's permission said as a requirement for the act: "To make tax-free withdrawals,
    the account must be owned for at least 5 years" against "as long as you've owned your account for 5 years
    ..., you can withdraw". The claim opens with the act's purpose ("To ..."), the unit states the permission
    under a condition ("as long as", "provided", "if"), and the unit accepts every value the claim gives."""
    if not _obliges(claim) or "permission" not in clause.modals or "obligation" in clause.modals:
        return False
    if not _PURPOSE.match(claim.text) or not _CONDITION.search(unit.text) or not claim.quantities:
        return False
    return all(any(accepts(q, e) for e in unit.quantities) for q in claim.quantities)


def _leave_to_omit(claim: Slots, unit: Slots) -> bool:
    """No duty to do what the unit lets be left undone: "Frozen meat does not need to be thawed" against "Frozen
    meat may be cooked without thawing". The claim denies a need ("does not need to", "doesn't have to") of a
    verb whose stem the unit's "without" governs, and the unit permits."""
    need = _NO_NEED.search(claim.text)
    omitted = _WITHOUT.search(unit.text)
    if need is None or omitted is None or "permission" not in unit.modals:
        return False
    return stem(need.group(1).lower()) == stem(omitted.group(1).lower())


_NO_NEED = re.compile(
    r"\b(?:(?:do|does|did)\s+not|(?:do|does|did)n[’']t|never)\s+(?:need|have)\s+to\s+(?:be\s+)?(\w+)", re.I
)
_WITHOUT = re.compile(r"\bwithout\s+(?:being\s+)?(\w+)", re.I)


def _obliges(slots: Slots) -> bool:
    return "obligation" in slots.modals and "permission" not in slots.modals


_PURPOSE = re.compile(r"^\W*(?:to|in\s+order\s+to)\s+[a-z]+", re.I)
_CONDITION = re.compile(r"\b(?:as\s+long\s+as|so\s+long\s+as|provided|providing|if|once|with)\b", re.I)


def _same_values(claim: Slots, unit: Slots) -> bool:
    """Every claim value the unit measures (same dimension) is one the unit accepts."""
    return all(
        any(accepts(q, e) for e in unit.quantities)
        for q in claim.quantities
        if any(conflicts(q, e) for e in unit.quantities)
    )


def _unparsed_flip_stands(unit: EvidenceUnit) -> bool:
    """A word-window flip the parse cannot place on a shared act (predicates.same_act unknown)
    stands against a sentence, not against a table row: a row states no act ("Child (3 to 15):
    £12" neither affirms nor denies that a 16-year-old can get a child ticket). Nor against a
    document's statement of what it covers ("This contract is between Marian Goodfellow, owner of
    Pennyroyal Cottage, and Silas Reedman, master thatcher, to rethatch the cottage roof"): it names
    the parties and the subject, and asserts none of the acts a claim about them may deny ("Blowtorches
    aren't allowed on the Pennyroyal Cottage roof")."""
    return unit.kind is not UnitKind.table_row and not _SCOPE.match(unit.text)


# a document's opening statement of its parties or subject: "This agreement is between ...", "This contract
# covers ...", "This agreement is for ...", "This licence is made between ..."
_SCOPE = re.compile(
    r"(?:<[^>]+>\s*)*(?:This|These)\s+(?:agreement|contract|licen[cs]e)s?\s+"
    r"(?:(?:is|are)\s+(?:made\s+)?between|covers?|(?:is|are)\s+for)\b",
    re.I,
)


def _polarity_flip(claim_no: bool, unit_no: bool, unit: EvidenceUnit, rule: FactRule) -> Outcome:
    """The claim says yes where the unit says no, or the reverse."""
    said, says = ("says no", "affirms it") if unit_no else ("affirms it", "says no")
    return _flip(
        SlotKind.polarity,
        "negated" if claim_no else "affirmed",
        "negated" if unit_no else "affirmed",
        unit,
        f'the evidence {said} ("{unit.text}"); the claim {says}',
        rule,
    )


def _flip(
    kind: SlotKind, claim_value: str, evidence_value: str, unit: EvidenceUnit, explanation: str, rule: FactRule
) -> Outcome:
    mismatch = contradiction(kind, claim_value, evidence_value, unit, explanation)
    return Outcome(FactLabel.contradicted, mismatch, rule=rule)


def _has_condition(claim: Slots, lexicon: Lexicon) -> bool:
    return bool({w for _, w in words(claim.text)} & lexicon.condition_words)
