"""The fact verdict: a claim's slots set against the slots of the unit(s) it aligns to.

Rules (METHODS.md §11), in the order they decide:

1. Text the fact layer cannot read (no registered lexicon for its script): abstain, with a
   note; never supported.
2. Each quantity of the claim is bound to the first aligned unit that measures the same
   thing (same dimension). Equal after normalisation, inside the unit's range or bound:
   the slot holds. Otherwise, one arithmetic step over the aligned units' values that gives
   it makes it *inferred* (with the step as text), when the claim says it combines values
   (names both operands, gives a total over a period, or says "together", "in total"...); an
   unlicensed step is named in the mismatch as over-inference. Otherwise a differing value in a well
   aligned unit is a *contradiction* (the mismatch names both values and the row's anchor);
   a value no unit holds is *unsupported*. Same value with the bound turned round ("at most"
   for "at least") is a contradiction on the quantifier.
   The values a step may combine come from the three best-aligned units.
3. Dates: a date that differs from the aligned unit's date on a part both give contradicts;
   a date no unit gives is unsupported. Names: a name no unit mentions (a name of three or
   more words: not even half of its words) is unsupported.
4. On the best aligned unit, when it is a statement (not a heading) holding most of the
   claim's words and no unit with as many of them says it the claim's way: a negation over a
   word both share added or dropped, a modal of another strength ("may" for "must"), or
   "always/all" where the unit says "some/usually" contradicts.
5. A contradiction outranks an unsupported slot, which outranks an inference. No fact slot
   and no flip: abstain (the learned judge decides).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from guard.facts.align import Alignment, ranked, select, unit_slots
from guard.facts.binding import distinctive, owned_words
from guard.facts.dates import DateSlot, same_date
from guard.facts.edits import minimal_edits, unit_changed
from guard.facts.entities import name_tokens
from guard.facts.inference import date_span, daily_average, equal_parts, regimen_total, shifted_time, year_span
from guard.facts.lexicon import Lexicon, language_of, lexicon_for
from guard.facts.matching import accepts, conflicts, denied_value, exact, one_step, same_kind, same_number
from guard.facts.misbinding import misbindings
from guard.facts.polarity import modal_classes, words
from guard.facts.predicates import Agreement, same_act
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots, read_slots, stem
from guard.facts.terms import adds_something, nouns
from guard.facts.types import EvidenceUnit, FactLabel, FactVerdict, SlotKind, SlotMismatch, UnitKind

__all__ = ["judge_facts"]

POOL_UNITS = 3  # an arithmetic step may combine values of the three best-aligned units

_UP = (Bound.ge, Bound.gt)
_DOWN = (Bound.le, Bound.lt)
_RANK = {FactLabel.contradicted: 3, FactLabel.unsupported: 2, FactLabel.inferred: 1, FactLabel.supported: 0}


class _Outcome:
    """What one slot check found; the verdict keeps the most serious."""

    def __init__(self, label: FactLabel, mismatch: SlotMismatch | None = None, inference: str | None = None):
        self.label, self.mismatch, self.inference = label, mismatch, inference
        self.operands: tuple[Quantity, ...] = ()  # the values an inference combined
        self.value: Quantity | None = None  # the claim quantity this outcome is about


def judge_facts(
    claim_text: str,
    units: Sequence[EvidenceUnit],
    similarities: Sequence[float] | None = None,
) -> FactVerdict:
    """Judge one claim against candidate evidence units (all passages' units, in any order).

    ``similarities``: the caller's cosine similarity of the claim to each unit, same order,
    or None. Never raises on odd text; returns ``abstain`` when there is nothing to compare.
    """
    code = language_of(claim_text)
    lexicon = lexicon_for(code) if code else None
    if lexicon is None:
        return FactVerdict(
            label=FactLabel.abstain,
            language=code or "unknown",
            note=(
                "the claim is in a language the fact layer cannot read yet (English only); "
                "left to the learned judge"
            ),
        )
    readable = [i for i, unit in enumerate(units) if language_of(unit.text) == lexicon.code]
    kept = [units[i] for i in readable]
    sims = (
        None
        if similarities is None or len(similarities) != len(units)
        else [similarities[i] for i in readable]
    )
    claim = read_slots(claim_text, lexicon)
    note = None
    if len(kept) < len(units):
        note = (
            f"{len(units) - len(kept)} evidence unit(s) in a language the fact layer cannot read were skipped"
        )
    if not kept:
        return _without_evidence(claim, bool(units), note, lexicon.code)
    scored = ranked(claim_text, kept, sims, lexicon)
    aligned = select(claim_text, scored, lexicon)
    near = aligned + [a for a in scored[:POOL_UNITS] if all(a.unit is not b.unit for b in aligned)]
    outcomes = _slot_outcomes(claim, aligned, near, kept, lexicon, scored)
    outcomes += _flip_outcomes(claim, aligned, scored, lexicon)
    # values bound to another row, column, clause or role (misbinding.py)
    # a total the evidence licenses (inference.py) is not held to the limit on one of its parts
    # ("up to 36 weeks in total" = 18 + up to 18 weeks, not a break of "up to 18 weeks")
    inferred = [o for o in outcomes if o.label is FactLabel.inferred]
    derived = {o.value.shown for o in inferred if o.value}
    # and so are the claim's own premises of such a step ("over five days" in 37.5 hours over five days)
    derived |= {q.shown for o in inferred for q in o.operands if any(q is c for c in claim.quantities)}
    # and a value the claim denies because the unit's limit excludes it is not a break of that limit
    held = [(a, unit_slots(a.unit, lexicon)) for a in aligned]
    derived |= {q.shown for q in claim.quantities if _denied_outside_limit(q, claim, held)}
    outcomes += [
        _Outcome(FactLabel.contradicted, m)
        for m in misbindings(claim, kept, [a.unit for a in aligned], lexicon, scored)
        if not (m.kind is SlotKind.quantifier and m.claim_value in derived)
    ]
    # the claim is a unit's wording with one slot substituted, or a number with another unit (edits.py)
    edited = minimal_edits(claim, kept, scored, lexicon, frozenset(derived))
    outcomes += [_Outcome(FactLabel.contradicted, m) for m in edited + unit_changed(claim, scored, lexicon)]
    return _verdict(claim, aligned, outcomes, note, lexicon.code)


def _without_evidence(claim: Slots, had_units: bool, note: str | None, code: str) -> FactVerdict:
    if had_units or not claim.has_facts:
        reason = note or "no evidence units and no facts in the claim to compare"
        return FactVerdict(label=FactLabel.abstain, note=reason, language=code)
    value = (
        claim.quantities[0].surface
        if claim.quantities
        else claim.dates[0].surface
        if claim.dates
        else claim.names[0]
    )
    kind = SlotKind.quantity if claim.quantities else SlotKind.date if claim.dates else SlotKind.entity
    mismatch = SlotMismatch(
        kind=kind, claim_value=value, explanation=f"no evidence was given to check {value}"
    )
    return FactVerdict(
        label=FactLabel.unsupported, mismatch=mismatch, note="no evidence units", language=code
    )


def _verdict(
    claim: Slots, aligned: list[Alignment], outcomes: list[_Outcome], note: str | None, code: str
) -> FactVerdict:
    units = [a.unit for a in aligned]
    if not outcomes:
        reason = "no numbers, dates or names in the claim to compare; left to the learned judge"
        return FactVerdict(label=FactLabel.abstain, units=units, note=note or reason, language=code)
    worst = max(outcomes, key=lambda o: _RANK[o.label])
    inference = next((o.inference for o in outcomes if o.inference), None)
    return FactVerdict(
        label=worst.label,
        units=units,
        mismatch=worst.mismatch,
        inference=inference if worst.label is FactLabel.inferred else None,
        note=note,
        language=code,
    )


def _slot_outcomes(
    claim: Slots,
    aligned: list[Alignment],
    near: list[Alignment],
    units: list[EvidenceUnit],
    lexicon: Lexicon,
    scored: list[Alignment] | None = None,
) -> list[_Outcome]:
    held = [(a, unit_slots(a.unit, lexicon)) for a in aligned]
    everywhere = [unit_slots(u, lexicon) for u in units]
    accepted = [q for q in claim.quantities if any(accepts(q, e) for _, s in held for e in s.quantities)]
    # a count the aligned units give otherwise ("2 glasses" against "one glass") is a claim, not a premise
    premises = [
        q
        for q in claim.quantities
        if q not in accepted and _countable_premise(q) and not any(conflicts(q, e) for _, s in held for e in s.quantities)
    ]
    near_held = [(a, unit_slots(a.unit, lexicon)) for a in near]
    # the claim's own amount of what a nearby rate is given per ("a 200-mile trip" for "45p per
    # mile", "a 20 kg child" for "25 mg/kg/day") is its scenario, the rate's other operand
    per = {e.dim.split("/", 1)[1] for _, sl in near_held for e in sl.quantities if e.per is not None}
    premises += [
        q for q in claim.quantities
        if q not in accepted and q not in premises and q.dim in per and q.bound is Bound.eq and not q.is_range
    ]
    pool = _pool(near_held, accepted + premises)
    frequency_counts = [e for s in everywhere for e in s.quantities if _from_frequency(e)]
    near_slots = [unit_slots(a.unit, lexicon) for a in near]
    # the claim's own "twice a year" is its scenario's count: £49 a set × twice = £98 a year
    own_counts = [c for c in claim.quantities if _from_frequency(c) and c.bound is Bound.eq]
    outcomes = [
        _quantity(
            q, claim, held, everywhere, pool + own_counts + (frequency_counts if q.period else []), lexicon, scored or [],
            near_slots,
        )
        for q in claim.quantities
    ]
    # a count the claim supposes ("two nights", "four people", "a three-night stay") is its
    # scenario, not a fact to find: it holds when it is the operand of a licensed step that
    # gives another claim value (2 x £180 = £360)
    outcomes = [
        _Outcome(FactLabel.supported) if _rate_said(q, claim, held) and out.label is not FactLabel.contradicted else out
        for q, out in zip(claim.quantities, outcomes)
    ]
    for q, out in zip(claim.quantities, outcomes):
        out.value = q
    used = {id(o) for out in outcomes if out.label is FactLabel.inferred for o in out.operands}
    # a frequency whose count is such an operand is the same premise said as a rate ("twice a year")
    spans = {(o.start, o.end) for o in claim.quantities if id(o) in used and _from_frequency(o)}
    outcomes = [
        _Outcome(FactLabel.supported)
        if (id(q) in used or (q.dim == "rate" and (q.start, q.end) in spans)) and out.label is not FactLabel.supported
        else out
        for q, out in zip(claim.quantities, outcomes)
    ]
    # a count the claim itself accounts for is its own arithmetic, not a fact to find: it counts the
    # items the claim lists after it ("three departures: 09:30, 12:45 and 17:40"), or it multiplies
    # another claim value into a third ("four items worth £2,500 each use up the £10,000 limit")
    holding = [o for o, out in zip(claim.quantities, outcomes) if out.label in (FactLabel.supported, FactLabel.inferred)]
    outcomes = [
        _Outcome(FactLabel.supported)
        if out.label is FactLabel.unsupported and (_enumerated(q, claim) or _multiplies(q, holding))
        else out
        for q, out in zip(claim.quantities, outcomes)
    ]
    # the claim's premise of a rate ("after 6 years" for "1 week for each year") holds when the
    # claim's result agrees with it through that rate (6 years x 1 week a year = 6 weeks)
    rates = [e for _, sl in near_held for e in sl.quantities if e.per is not None]
    holding = [o for o, out in zip(claim.quantities, outcomes) if out.label in (FactLabel.supported, FactLabel.inferred)]
    outcomes = [
        _Outcome(FactLabel.supported) if out.label is not FactLabel.supported and _through_rate(q, holding, rates) else out
        for q, out in zip(claim.quantities, outcomes)
    ]
    values_hold = all(out.label in (FactLabel.supported, FactLabel.inferred) for out in outcomes)
    outcomes += [_date(d, held, everywhere, near_slots, claim) for d in claim.dates]
    implicit = _implicit_subject(claim, aligned, lexicon, values_hold)
    outcomes += [_Outcome(FactLabel.supported) if implicit else _name(n, held, everywhere) for n in claim.names]
    added = _added_term(claim, aligned, everywhere)
    return outcomes + ([added] if added else [])


def _enumerated(q: Quantity, claim: Slots) -> bool:
    """A plain count whose items the claim lists right after it, each a date or a value of one kind."""
    if not _countable_premise(q) or q.lo < 2 or not float(q.lo).is_integer():
        return False
    n = int(q.lo)
    after_dates = [d for d in claim.dates if d.start >= q.end]
    after_values = [o for o in claim.quantities if o.start >= q.end and o is not q]
    same_kind = len({o.dim for o in after_values}) == 1
    return len(after_dates) == n or (same_kind and len(after_values) == n)


def _multiplies(q: Quantity, holding: list[Quantity]) -> bool:
    """A plain count that takes one holding claim value to another ("4 × £2,500 = £10,000")."""
    if not _countable_premise(q) or not q.lo or math.isclose(q.lo, 1.0):
        return False
    # a value per a noun counts as its amount for one ("£6,000 per reader" is the reader's whole limit)
    amounts = [(o, o.dim.split("/")[0], o.lo * (o.per or 1.0)) for o in holding if o.bound is Bound.eq and not o.is_range]
    return any(
        x is not y and dx == dy and math.isclose(vx * q.lo, vy, rel_tol=5e-3)
        for x, dx, vx in amounts
        for y, dy, vy in amounts
    )


def _through_rate(q: Quantity, holding: list[Quantity], rates: list[Quantity]) -> bool:
    """``q`` times a nearby rate per its kind gives another claim value that holds."""
    if q.bound is not Bound.eq or q.is_range or not q.lo:
        return False
    return any(
        r.dim == f"{o.dim}/{q.dim}" and math.isclose(r.lo * q.lo, o.lo, rel_tol=5e-3)
        for r in rates
        for o in holding
        if o is not q
    )


def _rate_said(q: Quantity, claim: Slots, held: list[tuple[Alignment, Slots]]) -> bool:
    """The count read out of the claim's frequency, when the frequency itself holds.

    "Twice daily" is both the rate 1/12 an hour and the count "2 times": against "every 12
    hours" the rate holds and no unit writes a count, which is the same fact said another way.
    """
    if not _from_frequency(q):
        return False
    rates = [r for r in claim.quantities if r.dim == "rate" and r.start == q.start and r.end == q.end]
    return any(accepts(r, e) for r in rates for _, s in held for e in s.quantities)


def _countable_premise(q: Quantity) -> bool:
    """A plain count the claim may suppose; a bounded one ("more than 2 glasses") states a limit."""
    plain = q.bound is Bound.eq and q.period is None
    return plain and (q.dim == "number" or q.dim.startswith("count:"))


def _pool(held: list[tuple[Alignment, Slots]], accepted: list[Quantity]) -> list[Quantity]:
    """Values one arithmetic step may combine: the best units' and the claim's own supported ones.

    Rates ("every 4 hours") are not values to add or multiply. The count inside a frequency
    ("4 times in 24 hours") joins only for a claim amount over a period ("30 ml in 24 hours"),
    from any unit: "7.5 ml x 4 times" licenses a daily total, never a single dose of 30 ml.
    """
    pool = [e for _, slots in held for e in slots.quantities if e.dim != "rate" and not _from_frequency(e)]
    pool += [q for q in accepted if q.dim != "rate"]
    # a rate per a noun is also its amount for one ("£245 per pupil" is what one pupil pays)
    return pool + [_numerator(e) for e in pool if e.per is not None]


def _numerator(rate: Quantity) -> Quantity:
    per = rate.per or 1.0
    amount = _PER_WORDS.split(rate.surface, maxsplit=1)[0]
    return rate.model_copy(
        update={"dim": rate.dim.split("/", 1)[0], "lo": rate.lo * per, "hi": rate.hi * per, "per": None,
                "scale": rate.scale * per, "surface": amount, "end": rate.start + len(amount)}
    )


_PER_WORDS = re.compile(r"\s*/\s*|\s+(?:per|for\s+each|for\s+every|each|every|an?)\s+", re.I)


def _from_frequency(quantity: Quantity) -> bool:
    """The count read out of a frequency: it multiplies a dose only into a total over a period."""
    return quantity.dim == "count:time" and quantity.period is not None


def _quantity(
    q: Quantity,
    claim: Slots,
    held: list[tuple[Alignment, Slots]],
    everywhere: list[Slots],
    pool: list[Quantity],
    lexicon: Lexicon,
    scored: list[Alignment],
    near: Sequence[Slots] = (),
) -> _Outcome:
    binding = next(((a, s) for a, s in held if any(conflicts(q, e) for e in s.quantities)), None)
    candidates = [binding] if binding else held
    rates_of_kind = q.per is not None and any(e.dim == q.dim for s in everywhere for e in s.quantities)
    if any(accepts(q, e) for _, s in candidates for e in _comparable(q, s, rates_of_kind)):
        moved = _moved(q, claim, candidates, lexicon) or _other_topic(q, claim, candidates, scored, lexicon)
        return moved or _Outcome(FactLabel.supported)
    unlicensed = None
    if q.dim != "rate":
        found = one_step(q, [p for p in pool if p is not q])
        stated = any(same_number(q, e) for sl in everywhere for e in sl.quantities)
        if found and not stated and _one_record(q, found[1], found[2], held):
            # a sum or difference of two values of one record (a table row, one sentence) that the
            # evidence writes nowhere ("204 took part, 188 completed": 16 did not complete)
            inferred = _Outcome(FactLabel.inferred, inference=found[0])
            inferred.operands = (found[1], found[2])
            return inferred
        if found and _licensed(q, claim, found[1], found[2], lexicon, stated) and not _capped(q, found, near):
            inferred = _Outcome(FactLabel.inferred, inference=found[0])
            inferred.operands = (found[1], found[2])
            return inferred
        further = _further_step(q, claim, near, lexicon, stated)
        if further:
            return _Outcome(FactLabel.inferred, inference=further)
        average = daily_average(q, [e for s in near for e in s.quantities] + list(claim.quantities), claim.quantities)
        if average and not stated:
            inferred = _Outcome(FactLabel.inferred, inference=average[0])
            inferred.operands = average[1:]  # the claim's own span of days is the step's premise
            return inferred
        unlicensed = found[0] if found else None
    if _denied_outside_limit(q, claim, held):
        return _Outcome(FactLabel.supported)
    outcome = _unmatched(q, _witness(q, claim, held), everywhere, rates_of_kind)
    if outcome.label is FactLabel.supported:
        # found only in a unit not aligned to the claim: the unit about the claim may give another value
        holders = [(a, unit_slots(a.unit, lexicon)) for a in scored]
        holders = [(a, sl) for a, sl in holders if any(accepts(q, e) for e in _rates_first(q, sl, rates_of_kind))]
        outcome = _other_topic(q, claim, holders, scored, lexicon) or outcome
    elif rates_of_kind and outcome.label is FactLabel.unsupported:
        outcome = _per_for_total(q, held) or outcome
    if unlicensed and outcome.mismatch is not None:
        outcome.mismatch = outcome.mismatch.model_copy(
            update={
                "explanation": (
                    f"{outcome.mismatch.explanation}; {unlicensed} is one step from the evidence, "
                    "but the claim does not "
                    "say it combines values (over-inference)"
                )
            }
        )
    return outcome


def _denied_outside_limit(q: Quantity, claim: Slots, held: list[tuple[Alignment, Slots]]) -> bool:
    """A claim that says no for a plain value its aligned unit's limit excludes: "the tool will
    not run on schema version 38" against "check that the schema version is at least 41". The
    value is the claim's example of what the limit rules out, not a fact the evidence must write."""
    if not claim.negated or q.bound is not Bound.eq or q.is_range:
        return False
    limits = [
        (s, e) for a, s in held if a.strong for e in s.quantities
        if e.bound is not Bound.eq and e.dim == q.dim and e.negation_at is None
    ]
    # a limit the unit states as a requirement, not one it forbids under ("do not give to babies
    # under 3 months": a 5-month-old outside it is not denied by it)
    return any(not accepts(q, e) and not _NEGATED_CLAUSE.search(_clause_of(s.text, e)) for s, e in limits)


_NEGATED_CLAUSE = re.compile(r"\b(?:not|no|never|cannot|nor)\b|n[’']t\b", re.I)


def _clause_of(text: str, q: Quantity) -> str:
    """The clause holding ``q`` (cut at ; : . and commas)."""
    start = max(text.rfind(c, 0, q.start) for c in ";:.,") + 1
    ends = [i for i in (text.find(c, q.end) for c in ";:.,") if i >= 0]
    return text[start : min(ends) if ends else len(text)]


def _per_for_total(q: Quantity, held: list[tuple[Alignment, Slots]]) -> _Outcome | None:
    """A rate per something ("£60,000 per item") where the aligned unit gives that amount as a total.

    Only when the evidence writes rates of the claim's kind elsewhere (the caller's
    ``rates_of_kind``): the document tells per-item amounts from totals, so the claim's "per"
    changes what the amount is.
    """
    for a, s in held:
        if not a.strong:
            continue
        for e in s.quantities:
            if e.per is None and e.dim == q.dim.split("/")[0] and accepts(q, e):
                return _Outcome(
                    FactLabel.contradicted,
                    SlotMismatch(
                        kind=SlotKind.quantity,
                        claim_value=q.shown,
                        evidence_value=e.shown,
                        evidence=a.unit,
                        explanation=f"the evidence gives {e.shown} in all, not {q.shown}",
                    ),
                )
    return None


def _moved(
    q: Quantity, claim: Slots, candidates: list[tuple[Alignment, Slots]], lexicon: Lexicon
) -> _Outcome | None:
    """The claim's value is the unit's, but bound to the words of another value (binding.py).

    Only in a sentence or list item stating two or more values of the claim value's dimension,
    and only when the claim value's own words meet the distinctive words of a differing value and
    none of the accepting value's: the conservative reading, since the binding is by proximity,
    not parse. A claim with two values of one kind ("300 ppi against the Paperwhite's 212") pairs
    them itself and is left alone; a table row binds its values through its headers and key
    cell (alignment), and its header words sit beside the previous cell's value, so rows are
    skipped.
    """
    mine = [c for c in claim.quantities if c.dim == q.dim]
    if len(mine) > 1:
        return None
    # the claim's one value of this measure owns all its words ("Bake the loaf at 180°C for 15
    # minutes to set the crust": the crust is what the temperature is for)
    claim_words = owned_words(claim.text, mine, lexicon, stem, _spans(claim), claim=True)[0]
    for alignment, slots in candidates:
        values = [e for e in slots.quantities if e.dim == q.dim and not e.is_range]
        if len(values) < 2 or alignment.unit.kind in (UnitKind.heading, UnitKind.table_row):
            continue
        own = distinctive(owned_words(slots.text, values, lexicon, stem, _spans(slots)))
        hits = [claim_words & o for o in own]
        agree = [i for i, e in enumerate(values) if accepts(q, e)]
        if not agree or any(hits[i] for i in agree):
            continue
        other = next((i for i, e in enumerate(values) if i not in agree and hits[i] and not accepts(q, e)), None)
        if other is None:
            continue
        e = values[other]
        said = ", ".join(sorted(hits[other]))
        return _Outcome(
            FactLabel.contradicted,
            SlotMismatch(
                kind=SlotKind.quantity,
                claim_value=q.shown,
                evidence_value=e.shown,
                anchor=said,
                evidence=alignment.unit,
                explanation=(
                    f"the evidence gives {e.shown} for what the claim says ({said}); "
                    f"{q.shown} belongs to something else there"
                ),
            ),
        )
    return None


# how much closer (lexical share + cosine) another unit must be to the claim's words than the
# unit holding its value, before that unit's value for the same measure counts as the fact
_TOPIC_MARGIN = 0.25
_TOPIC_LEXICAL = 0.5


def _other_topic(
    q: Quantity,
    claim: Slots,
    candidates: list[tuple[Alignment, Slots]], scored: list[Alignment], lexicon: Lexicon
) -> _Outcome | None:
    """The value sits in a unit about something else; the unit about the claim gives another.

    Alignment adds points for a unit holding the claim's value, so a value taken from another
    sentence or row ("Ankle swelling ... up to 1 in 10 people", the *common* line) aligns to
    where the value is. When another unit holds clearly more of the claim's words and meaning
    ("Uncommon (up to 1 in 100): ankle swelling") and gives a different value of the same
    measure, and none the claim's, the claim moved the value. A unit holding another of the
    claim's values is the other side of a comparison ("300 ppi against the Paperwhite's 212"),
    not the claim's topic.
    """
    holders = [(a, s) for a, s in candidates if any(accepts(q, e) for e in s.quantities)]
    keyed = any(
        s.in_key(e) and accepts(c, e) for _, s in holders for c in claim.quantities for e in s.quantities
    )
    if not holders or keyed or any(_row_named(a.unit, claim) for a, _ in holders):
        # a table row whose key cell holds a claim value, or whose key the claim names ("A contents
        # claim carries an excess of £150" and the Contents row), binds the value by structure
        return None
    holders = [a for a, _ in holders]
    base = max(a.lexical + (a.similarity or 0.0) for a in holders)
    for a in scored[:_FLIP_POOL + 2]:
        if a.unit.kind is UnitKind.heading or a.lexical < _TOPIC_LEXICAL:
            continue
        if a.lexical + (a.similarity or 0.0) < base + _TOPIC_MARGIN:
            continue
        slots = unit_slots(a.unit, lexicon)
        same = [e for e in slots.quantities if conflicts(q, e)]
        if any(accepts(o, e) for o in claim.quantities if o is not q for e in slots.quantities):
            continue
        if same and not any(accepts(q, e) for e in slots.quantities):
            if _other_side(q, same, claim, slots):
                continue
            return _Outcome(FactLabel.contradicted, _quantity_mismatch(q, a, slots))
    return None


def _row_named(unit: EvidenceUnit, claim: Slots) -> bool:
    """A table row whose key cell's words (outside brackets) are all among the claim's words."""
    if unit.kind is not UnitKind.table_row or not unit.anchor:
        return False
    key = frozenset(stem(w) for _, w in words(re.sub(r"\([^)]*\)", " ", unit.anchor)))
    said = claim.content | frozenset(stem(w) for _, w in words(claim.text))
    return bool(key) and key <= said


def _spans(slots: Slots) -> list[tuple[int, int]]:
    return [(x.start, x.end) for x in slots.quantities] + [(d.start, d.end) for d in slots.dates]


def _rates_first(q: Quantity, slots: Slots, rates_of_kind: bool) -> list[Quantity]:
    """A unit's values a rate claim may match: its own kind of rate only, when the evidence has one."""
    if not rates_of_kind:
        return list(slots.quantities)
    return [e for e in slots.quantities if e.dim == q.dim or e.dim.split("/")[0] != q.dim.split("/")[0]]


def _comparable(q: Quantity, slots: Slots, rates_of_kind: bool = False) -> list[Quantity]:
    """A plain claim value is held to the unit's plain values when it has any of that kind.

    "Take 3 puffs" against "Take 1 puff ..., up to 10 puffs": the dose is the 1, not a value
    under the limit of 10. With no plain value of the kind, the unit's bounds decide ("every
    6 hours" against "at least 4 hours between doses").
    """
    if rates_of_kind:
        # a rate said per something is held to the evidence's rates per the same thing when
        # there are any ("10 minutes per side" against "3 minutes per side", not "10 to 15 minutes")
        return _rates_first(q, slots, rates_of_kind)
    if q.bound is not Bound.eq:
        return list(slots.quantities)
    plain = [e for e in slots.quantities if e.dim == q.dim and e.bound is Bound.eq]
    if not plain:
        return list(slots.quantities)
    return plain + [e for e in slots.quantities if e.dim != q.dim]


def _licensed(q: Quantity, claim: Slots, x: Quantity, y: Quantity, lexicon: Lexicon, stated: bool) -> bool:
    """An arithmetic step counts when the claim says it combines values, or the step is plain.

    Said: it names both operands ("10 ml x 4 doses = 40 ml"), gives a total over a period ("30 ml
    in 24 hours"), or uses a word or sign of combination ("together", "in total", "+", "=").
    Plain: it names one operand and the result ("two nights ... up to £360": the claim supplies
    the multiplier, the evidence the rate), or it adds or subtracts two amounts of the claim's own
    kind ("£245 - £95 = £150"): a wrong value taken from another row rarely equals the sum or
    difference of two stated amounts, while a correct reader's answer often does. The plain
    licence is withheld when the claim's value is itself written somewhere in the evidence
    ("2.5 ml" for a 3-year-old = 7.5 ml - 5 ml, but 2.5 ml is the 3 to 6 months row): a value
    copied from elsewhere is a misbinding, and the step a coincidence.
    """
    if q.period is not None:
        return True
    named = [_in_claim(x, claim), _in_claim(y, claim)]
    if all(named):
        return True
    if stated:
        pass
    elif any(named):
        return True
    elif x.dim == y.dim == q.dim and q.dim != "number" and not q.dim.startswith("count:") and q.bound is Bound.eq:
        # a plain sum or difference; a bounded claim restates a limit, which two amounts added by
        # chance do not make ("within 6 weeks" is not 2 + 4 weeks)
        return True
    present = {w for _, w in words(claim.text)}
    return (
        bool(present & lexicon.combination_words)
        or any(sign in claim.text for sign in ("+", "×", "="))
        or _COMBINED.search(claim.text) is not None
    )


# phrases that say a value combines others: a total ("in all", "including the fee"), or a
# comparison whose value is the difference ("88 more pixels ... than", "£2.40 cheaper than"); a
# bound ("more than 3 days") is no comparison: a word must stand between "more" and "than"
_COMBINED = re.compile(
    r"\b(?:in\s+all|all\s+told|including|includes|on\s+top\s+of)\b"
    r"|\b(?:more|fewer|less|longer|shorter|older|younger|greater)\s+(?!than\b)[a-z]+\b[^.;]{0,60}?\bthan\b"
    r"|\b(?:cheaper|dearer|costlier|higher|lower|bigger|smaller|heavier|lighter|earlier|later|faster|slower)\s+than\b",
    re.I,
)


def _one_record(q: Quantity, x: Quantity, y: Quantity, held: list[tuple[Alignment, Slots]]) -> bool:
    """Both operands of a plain sum or difference come from the best-aligned unit, and are of the
    claim's kind. Why apart from ``_licensed``: accepting every refused step whose value is written
    nowhere lost false claims on dev and val (docs/FACTS.md); two values of the one record the
    claim is aligned to are what a reader subtracts, while values of different units pair by chance."""
    if not held or q.bound is not Bound.eq or q.period is not None or x.per is not None or y.per is not None:
        return False
    if not (same_kind(x.dim, q.dim) and same_kind(y.dim, q.dim)):
        return False
    if not (_near_sum(x, y, q)):
        return False
    values = held[0][1].quantities
    return any(x is e for e in values) and any(y is e for e in values)


def _near_sum(x: Quantity, y: Quantity, q: Quantity) -> bool:
    return math.isclose(x.lo + y.lo, q.lo, rel_tol=5e-3) or math.isclose(abs(x.lo - y.lo), q.lo, rel_tol=5e-3)


def _capped(q: Quantity, found: tuple[str, Quantity, Quantity], near: Sequence[Slots]) -> bool:
    """A product of a rate that the rate's own unit caps below the claim ("1 week for each year,
    up to a maximum of 12 weeks": 15 years do not give 15 weeks)."""
    if found[1].per is None:
        return False
    for slots in near:
        if not any(e is found[1] for e in slots.quantities):
            continue
        limits = [e for e in slots.quantities if e.dim == q.dim and e.bound is not Bound.eq]
        if any(not accepts(q, e) for e in limits):
            return True
    return False


def _in_claim(operand: Quantity, claim: Slots) -> bool:
    """The claim writes this operand itself (same value and kind; the pool may hold the unit's copy)."""
    return any(operand is q or (same_number(q, operand) and q.bound is operand.bound) for q in claim.quantities)


def _further_step(q: Quantity, claim: Slots, near: Sequence[Slots], lexicon: Lexicon, stated: bool) -> str | None:
    """A regimen total, a span of years or two equal parts (inference.py), when the claim may rest on it.

    A value the evidence writes somewhere is read as copied, not derived (as in _licensed); a
    regimen total or two equal parts must be said to be a total ("in total", "a day", "course",
    or a period on the value); a span between two years of one unit is its own licence.
    """
    if stated:
        return None
    values = [s.quantities for s in near]
    said = q.period is not None or bool({w for _, w in words(claim.text)} & (lexicon.combination_words | _TOTAL_WORDS))
    if said:
        found = regimen_total(q, values) or equal_parts(q, values)
        if found:
            return found
    # both years (or dates) from one unit: dates from different sentences pair by chance
    return next((found for s in near if (found := year_span(q, s.dates) or date_span(q, s.dates))), None)


# words that say a value is a total over a regimen: "a full course", "a day", "daily"
_TOTAL_WORDS = frozenset({"course", "daily", "day", "adds", "add"})


def _witness(
    q: Quantity, claim: Slots, held: list[tuple[Alignment, Slots]]
) -> tuple[Alignment, Slots, list[Quantity]] | None:
    """The aligned unit, and its values, that bind the same thing as ``q`` with another value.

    A differing value of the same measure contradicts only when it can be the claim value's
    counterpart:
    - not the counterpart of another claim value (a plain value another claim value restates:
      "the initial 20-minute roast" is the claim's own 20 minutes, so it says nothing of its
      "110 minutes"; a range or limit may be the counterpart of several);
    - not the other side of a condition: a plain claim value outside the unit's bound, whose
      claim denies what the unit grants under that bound ("a £2,500 claim ... does not need the
      Finance Director" against "claims above £2,500 need approval from the Finance Director"),
      says what the unit implies for the cases it does not cover. Said without the flip
      ("a £1,200 claim needs the Finance Director") it is still contradicted.
    """
    if denied_value(claim.text, q.start):
        return None  # "no 38 °C reading", "not 2 ml": a value the claim denies is not contradicted by another
    for a, s in held:
        if not a.strong:
            continue
        free = [
            e for e in s.quantities
            if conflicts(q, e) and not any(o is not q and _restates(o, e) for o in claim.quantities)
        ]
        if not free:
            continue
        if _other_side(q, free, claim, s):
            continue
        return a, s, free
    return None


def _negates(slots: Slots, shared: frozenset[str], other: Slots | None = None) -> bool:
    """A negation here governs a word both texts share, and denies nothing the other text lacks by name.

    Why the names: "A £2,500 claim is approved by the budget holder; it does not need the
    Finance Director" shares "need" with "claims from £500 to £2,500 need the budget holder";
    what it denies (the Finance Director) that unit never names, so it is not that unit's rule
    turned round.
    """
    # the other text's words, its values' words and the bases of its un-/non- words included
    seen = _all_stems(other.text).union(*other.negation_scopes) if other is not None else shared
    names = [frozenset(stem(t) for t in name_tokens(n)) for n in slots.names]
    if _RESTRICTION.search(slots.text) and len(slots.negation_scopes) <= len(_RESTRICTION.findall(slots.text)):
        return False
    for scope in slots.negation_scopes:
        if not scope & shared:
            continue
        # a name is the other text's when any of its words is ("Febrilon" for "Febrilon Children's Suspension")
        if any(name & scope and not name & seen for name in names):
            continue
        return True
    return False


def _all_stems(text: str) -> frozenset[str]:
    """Every word's stem, values' words included ("two doses" holds "dose")."""
    return frozenset(stem(w) for _, w in words(text))


def _restates(o: Quantity, e: Quantity) -> bool:
    """Claim value ``o`` is the counterpart of evidence value ``e``: equal to a plain value, or the same
    limit said the same way (a range, or a limit merely containing ``o``, may hold several claim values)."""
    if e.bound is Bound.eq and not e.is_range:
        return accepts(o, e)
    return same_number(o, e) and o.bound is e.bound


def _other_side(q: Quantity, values: list[Quantity], claim: Slots, unit: Slots) -> bool:
    """A plain claim value outside the unit's bounds, in a claim that turns the unit's statement round
    (see :func:`_witness`)."""
    plain_here = any(e.bound is Bound.eq and not e.is_range for e in values)
    return q.bound is Bound.eq and not q.is_range and not plain_here and _turned(claim, unit)


def _turned(claim: Slots, unit: Slots) -> bool:
    """The claim negates, over the words it shares with the unit, what the unit affirms, or the reverse."""
    shared = claim.content & unit.content
    return bool(shared) and _negates(claim, shared, unit) != _negates(unit, shared, claim)


def _unmatched(
    q: Quantity, binding: tuple[Alignment, Slots, list[Quantity]] | None, everywhere: list[Slots],
    rates_of_kind: bool = False,
) -> _Outcome:
    if binding:
        return _Outcome(FactLabel.contradicted, _quantity_mismatch(q, binding[0], binding[1], binding[2]))
    if any(accepts(q, e) for s in everywhere for e in _rates_first(q, s, rates_of_kind)):
        return _Outcome(FactLabel.supported)
    mismatch = SlotMismatch(
        kind=SlotKind.quantity,
        claim_value=q.shown,
        explanation=f"no evidence gives {q.shown}",
    )
    return _Outcome(FactLabel.unsupported, mismatch)


def _closest(q: Quantity, slots: Slots, values: Sequence[Quantity] | None = None) -> Quantity:
    same = [e for e in (slots.quantities if values is None else values) if conflicts(q, e)]

    def distance(e: Quantity) -> float:
        a, b = max(abs(q.lo), 1e-12), max(abs((e.lo + e.hi) / 2), 1e-12)
        return abs(math.log(a / b))

    return min(same, key=distance)


def _opposite(a: Bound, b: Bound) -> bool:
    return (a in _UP and b in _DOWN) or (a in _DOWN and b in _UP)


def _quantity_mismatch(
    q: Quantity, alignment: Alignment, slots: Slots, values: Sequence[Quantity] | None = None
) -> SlotMismatch:
    e = _closest(q, slots, values)
    anchor = alignment.unit.anchor if alignment.unit.anchor and not slots.in_key(e) else None
    kind = (
        SlotKind.quantifier if _opposite(q.bound, e.bound) and math.isclose(q.lo, e.lo) else SlotKind.quantity
    )
    where = f" for {anchor}" if anchor else ""
    explanation = f"the evidence gives {e.shown}{where}, not {q.shown}"
    return SlotMismatch(
        kind=kind,
        claim_value=q.shown,
        evidence_value=e.shown,
        anchor=anchor,
        evidence=alignment.unit,
        explanation=explanation,
    )


def _date(
    d: DateSlot,
    held: list[tuple[Alignment, Slots]],
    everywhere: list[Slots],
    near: Sequence[Slots] = (),
    claim: Slots | None = None,
) -> _Outcome:
    verdicts = [(a, e, same_date(d, e)) for a, s in held for e in s.dates]
    if any(v is True for _, _, v in verdicts):
        return _Outcome(FactLabel.supported)
    others = [o for o in claim.dates if o is not d] if claim is not None else []
    # a unit date another claim date restates is that date's counterpart, not this one's ("The 09:30
    # gets in at 10:05" against "Departs: 09:30 | ..."; "09:30, 12:45 and 17:40" against "the first
    # sailing is the 09:30"), as for quantities (_witness)
    differing = [
        (a, e) for a, e, v in verdicts if v is False and a.strong and not any(same_date(o, e) is True for o in others)
    ]
    if claim is not None and denied_value(claim.text, d.start):
        differing = []  # "there is no 07:10 sailing on a Sunday": another time that day does not contradict it
    if any(same_date(d, e) is True for s in everywhere for e in s.dates):
        # the claim's date is stated elsewhere (another row of the timetable): a unit aligned for
        # another of the claim's dates binds that one, and says nothing of this one
        about_others = {id(a) for a, s in held if any(same_date(o, e) is True for o in others for e in s.dates)}
        differing = [(a, e) for a, e in differing if id(a) not in about_others]
    # a time the claim gives as another of its own times moved by a stated duration ("the 09:30 gets
    # in at 10:05" with a 35-minute crossing): the claim names the step's base, which licenses it
    stated = [o for o in others if any(same_date(o, e) is True for s in everywhere for e in s.dates)]
    shifted_own = shifted_time(d, stated, [q for s in (*near, *everywhere) for q in s.quantities])
    if shifted_own and not any(same_date(d, e) is True for s in everywhere for e in s.dates):
        return _Outcome(FactLabel.inferred, inference=shifted_own)
    if differing:
        a, e = differing[0]
        return _Outcome(
            FactLabel.contradicted,
            SlotMismatch(
                kind=SlotKind.date,
                claim_value=d.surface,
                evidence_value=e.surface,
                evidence=a.unit,
                explanation=f"the evidence gives {e.surface}, not {d.surface}",
            ),
        )
    if any(same_date(d, e) for s in everywhere for e in s.dates):
        return _Outcome(FactLabel.supported)
    shifted = shifted_time(d, [e for s in near for e in s.dates], [q for s in near for q in s.quantities])
    if shifted:
        return _Outcome(FactLabel.inferred, inference=shifted)
    return _Outcome(
        FactLabel.unsupported,
        SlotMismatch(
            kind=SlotKind.date, claim_value=d.surface, explanation=f"no evidence gives the date {d.surface}"
        ),
    )


def _name(name: str, held: list[tuple[Alignment, Slots]], everywhere: list[Slots]) -> _Outcome:
    tokens = name_tokens(name)
    if any(_names_match(tokens, s.name_tokens) for s in everywhere) or _in_coded_range(name, everywhere):
        return _Outcome(FactLabel.supported)
    return _Outcome(
        FactLabel.unsupported,
        SlotMismatch(kind=SlotKind.entity, claim_value=name, explanation=f"no evidence mentions {name}"),
    )


# share of the claim's words a unit must hold before a name it lacks is read as the passage's
# unstated subject rather than an unsupported addition
_IMPLICIT_LEXICAL = 0.6
# ... or half of them when the caller's cosine says the unit restates the claim
_IMPLICIT_RESTATED = (0.5, 0.6)


def _implicit_subject(claim: Slots, aligned: list[Alignment], lexicon: Lexicon, values_hold: bool = True) -> bool:
    """A single-name claim whose every other word and value the best unit states.

    An excerpt often omits the document's subject ("Store below 30°C in the original blister"
    from the Tolvarin leaflet): "Keep Tolvarin in its original blister below 30°C" adds nothing
    but the name. The name then counts as found (the claim's verdict rests on its other slots,
    and the embedding score does not count the name as new). A fabricated name comes with a fact the unit lacks, which the other checks
    (values, words, cosine) see.
    """
    if len(claim.names) != 1 or not aligned:
        return False
    best = aligned[0]
    if best.unit.kind is UnitKind.heading:
        return False
    unit = unit_slots(best.unit, lexicon)
    claim_words = claim.name_tokens | frozenset(stem(w) for _, w in words(claim.text))
    if any(not (name_tokens(m) & claim_words) for m in unit.names):
        return False  # the unit names someone the claim does not: the claim's name may replace it
    # words that say how values combine ("a full course adds up to", "in total") are no fact to find
    arithmetic = frozenset(stem(w) for w in lexicon.combination_words | _TOTAL_WORDS | {"full"})
    rest = claim.content - name_tokens(claim.names[0]) - arithmetic
    # words inside the unit's values count ("two doses" holds "dose")
    share = len(rest & (unit.content | unit.name_tokens)) / len(rest) if rest else 0.0
    restated = share >= _IMPLICIT_RESTATED[0] and (best.similarity or 0.0) >= _IMPLICIT_RESTATED[1]
    if not rest or (share < _IMPLICIT_LEXICAL and not restated):
        return False
    # its values hold (stated in the aligned units or one step from them: "a full course adds up to
    # 42 capsules" against the row "2 capsules three times a day for 7 days")
    return values_hold


def _added_term(claim: Slots, aligned: list[Alignment], everywhere: list[Slots]) -> _Outcome | None:
    """A "Yes, ..." or "also" claim naming a thing no unit mentions is unsupported (terms.py)."""
    if not adds_something(claim.text):
        return None
    spans = _spans(claim)
    known = frozenset().union(*(s.content for s in everywhere)) | frozenset().union(
        *(s.name_tokens for s in everywhere)
    )
    for position, word in nouns(claim.text):
        if len(word) < 3 or any(a <= position < b for a, b in spans):
            continue
        if stem(word.lower()) in known or word.lower() in known:
            continue
        return _Outcome(
            FactLabel.unsupported,
            SlotMismatch(
                kind=SlotKind.entity,
                claim_value=word,
                evidence=aligned[0].unit if aligned else None,
                explanation=f"the evidence does not mention {word}",
            ),
        )
    return None


_CODE = re.compile(r"^([A-Za-z]{1,3})(\d{1,3})$")


def _in_coded_range(name: str, everywhere: list[Slots]) -> bool:
    """A code ("G4", "Band 3" is a count) inside a range of codes a unit gives ("grades G1 to G6")."""
    code = _CODE.match(name.strip())
    if not code:
        return False
    prefix, number = code.group(1), int(code.group(2))
    pattern = re.compile(rf"\b{re.escape(prefix)}(\d{{1,3}})\s*(?:to|-|–|—)\s*{re.escape(prefix)}?(\d{{1,3}})\b", re.I)
    return any(int(m.group(1)) <= number <= int(m.group(2)) for s in everywhere for m in pattern.finditer(s.text))


def _names_match(name: frozenset[str], unit: frozenset[str]) -> bool:
    """All of a one- or two-word name in the unit; of a longer one, at least half its words.

    Long names come with titles and places the evidence spells otherwise ("Texas Senator Ted
    Cruz" against "Cruz", "Senator Mary Landrieu" against "Sen. Mary Landrieu").
    """
    found = len(name & unit)
    return found == len(name) if len(name) <= 2 else found * 2 >= len(name)


def _flip_outcomes(
    claim: Slots, aligned: list[Alignment], scored: list[Alignment], lexicon: Lexicon
) -> list[_Outcome]:
    """Negation, modal strength and universal quantifiers against the unit that says the same words.

    Only when the best unit is a statement (not a heading) holding most of the claim's words,
    speaking of the same values, and no other unit with at least as many of the claim's words
    says it the claim's way (a rule restated elsewhere is not a flip).
    """
    best = aligned[0]
    if best.unit.kind is UnitKind.heading:
        return []
    if best.lexical < 0.5:
        return _polarity_only(claim, scored, lexicon)
    unit = unit_slots(best.unit, lexicon)
    if not _same_values(claim, unit):
        return []  # other values (babies under 3 months, not a 3-year-old): not the same fact
    peers = [
        (a, unit_slots(a.unit, lexicon))
        for a in scored
        if a.lexical >= best.lexical and a.unit is not best.unit
    ]
    peers = [(a, s) for a, s in peers if _same_values(claim, s) and _shares_a_value(claim, s)]
    restated = unit.exception and _has_condition(claim, lexicon) and not claim.exception  # "unless" -> "if"
    shared = claim.content & unit.content
    clash = _polarity_clash(claim, unit, lexicon)
    if clash is not None and not restated:
        claim_no, unit_no = clash
        if any(_says_it(s, claim, unit, shared) == claim_no for _, s in peers if _speaks_of(s, claim, unit, shared)):
            return []
        if same_act(claim.text, best.unit.text) is Agreement.clash or (
            _unparsed_flip_stands(best.unit) and same_act(claim.text, best.unit.text) is Agreement.unknown
        ):
            return [_polarity_flip(claim_no, unit_no, best.unit)]
        return []
    outcomes = []
    # "must not", "may not", "cannot", "not allowed" all forbid: two prohibitions are not a clash
    # of modal strength (a negation elsewhere in the sentence does not make one)
    clause = _clause(claim, unit, _clauses(unit, lexicon))[0]
    both_negative = bool(_PROHIBITION.search(claim.text) and _PROHIBITION.search(clause.text))
    if not both_negative and _modal_clashes(claim, unit, lexicon) and not any(
        not _modal_clash(claim.modals, s.modals) for _, s in peers
    ):
        claim_word, unit_word = _modal_word(claim.text, lexicon), _modal_word(unit.text, lexicon)
        outcomes.append(
            _flip(
                SlotKind.modality,
                claim_word,
                unit_word,
                best.unit,
                f'the evidence says "{unit_word}", the claim "{claim_word}"',
            )
        )
    if (
        "universal" in claim.quantifiers
        and "partial" in unit.quantifiers
        and "universal" not in unit.quantifiers
    ):
        outcomes.append(
            _flip(
                SlotKind.quantifier,
                "always/all",
                "some/usually",
                best.unit,
                "the claim generalises what the evidence says holds only sometimes or for some",
            )
        )
    return outcomes


# a unit sharing under half the claim's words may still be the sentence the claim turns round
# ("A kitchen spoon is fine for measuring the dose" / "Do not use a kitchen spoon"): its
# polarity is compared when the claim's words and meaning both point to it
_FLIP_LEXICAL = 0.25
_FLIP_EVIDENCE = 0.85  # lexical share + cosine
_FLIP_POOL = 3


def _polarity_only(claim: Slots, scored: list[Alignment], lexicon: Lexicon) -> list[_Outcome]:
    """A negation flip against a unit the claim shares fewer words with (see _FLIP_EVIDENCE).

    Why only polarity here: a modal or quantifier is a single word that similar sentences on
    other rules carry too; a negation is checked on its scope, which must hold a word the
    claim shares, so it speaks of the same thing. The unit must state the same values (or
    none of the claim's kinds), and no unit as close says it the claim's way.
    """
    top = [
        a
        for a in scored[:_FLIP_POOL]
        if a.unit.kind is not UnitKind.heading
        and a.lexical >= _FLIP_LEXICAL
        and a.lexical + (a.similarity or 0.0) >= _FLIP_EVIDENCE
    ]
    for a in top:
        unit = unit_slots(a.unit, lexicon)
        if not _same_values(claim, unit):
            continue
        shared = claim.content & unit.content
        clash = _polarity_clash(claim, unit, lexicon)
        restated = unit.exception and _has_condition(claim, lexicon) and not claim.exception
        if clash is None or restated:
            continue
        claim_no, unit_no = clash
        rivals = [
            unit_slots(b.unit, lexicon) for b in scored[:_FLIP_POOL] if b.unit is not a.unit and b.score >= a.score
        ]
        if any(_speaks_of(r, claim, unit, shared) and _says_it(r, claim, unit, shared) == claim_no for r in rivals):
            continue
        if same_act(claim.text, a.unit.text) is Agreement.clash or (
            _unparsed_flip_stands(a.unit) and same_act(claim.text, a.unit.text) is Agreement.unknown
        ):
            return [_polarity_flip(claim_no, unit_no, a.unit)]
        continue
    return []


def _polarity_clash(claim: Slots, unit: Slots, lexicon: Lexicon) -> tuple[bool, bool] | None:
    """(claim negated, unit negated) when one side denies what the other plainly affirms, else None.

    Read clause by clause: each clause of the claim against the unit's clause that says most of
    what it says ("the gym stays open on Mondays, but the pool is not open": the gym's clause
    has no negation; "call the emergency services; do not call the clinic first" restated is two
    agreeing pairs). One side's negation must govern a word both share; the other side must hold
    no negation at all, nor a word that denies by itself ("excluded", "refused"): "not allowed
    anywhere" and "prohibited everywhere", "does not cover" and "is excluded from" say the same,
    whichever words their negations reach.
    """
    unit_clauses = _clauses(unit, lexicon)
    excepted = frozenset(w for m in _EXCEPTION_TAIL.finditer(unit.text) for w in _all_stems(m.group(1)))
    for part in [_asserted(c, lexicon) for c, _ in _clauses(claim, lexicon)] if claim.text else [claim]:
        clause, content = _clause(part, unit, unit_clauses)
        shared = part.content & content
        if not shared or part.content & excepted:
            continue
        claim_no = _negates(part, shared, clause) or _denies(part, clause, shared)
        unit_no = _negates(clause, shared, part) or _denies(clause, claim, shared)
        if claim_no and not unit_no and not _any_negative(clause, claim):
            return True, False
        if unit_no and not claim_no and not _any_negative(part, clause):
            return False, True
    return None


def _asserted(part: Slots, lexicon: Lexicon) -> Slots:
    """A claim clause less a leading clause that only sets the scene ("Before changing X, talk to ...")."""
    cut = _LEADING_SUBORDINATE.match(part.text)
    if not cut or not part.text[cut.end():].strip():
        return part
    return read_slots(part.text[cut.end():], lexicon)


def _clauses(slots: Slots, lexicon: Lexicon) -> list[tuple[Slots, frozenset[str]]]:
    """A text's clauses (cut at ";" and "but / whereas / while"), each with the words it speaks of.

    An elliptical clause ("October releases do not") speaks of the previous clause's words too.
    """
    parts = [c.strip() for c in _MODAL_CLAUSE.split(slots.text) if c.strip()]
    if len(parts) < 2:
        return [(slots, slots.content)]
    out: list[tuple[Slots, frozenset[str]]] = []
    for text in parts:
        here = read_slots(text, lexicon)
        content = here.content
        if out and here.negation_scopes and not any(here.negation_scopes):
            content = content | out[-1][1]
        out.append((here, content))
    return out


def _clause(
    part: Slots, unit: Slots, clauses: list[tuple[Slots, frozenset[str]]]
) -> tuple[Slots, frozenset[str]]:
    """The unit clause that says most of what ``part`` says (the whole unit when one clause or a tie)."""
    if len(clauses) < 2:
        return unit, unit.content
    shares = [_fit(part, c, content) for c, content in clauses]
    top = max(shares)
    if shares.count(top) > 1:
        return unit, unit.content
    return clauses[shares.index(top)]


_PROHIBITION = re.compile(
    r"\b(?:must|may|can|shall|should)\s+not\b|\bcannot\b|\bcan[’']t\b|\bmustn[’']t\b|\bnot\s+(?:be\s+)?(?:allowed|permitted)\b",
    re.I,
)
# words that deny by themselves (stems): a claim "excluded from the warranty" is "not covered by" it
# ("fail", "prevent" are left out: they mostly sit in conditions and purposes, "if the upgrade fails")
_DENYING = frozenset({"exclud", "refus", "deni", "deny", "lack", "unabl", "imposs", "ban", "prohibit", "forbid", "forbidden", "avoid"})
# "no one except the account holder" is "only the account holder": a restriction, not a denial
_RESTRICTION = re.compile(r"\b(?:no\s+one|nobody|none|nothing|no)\b[^,;.]{0,40}?\b(?:except|other\s+than|apart\s+from|but)\b", re.I)


def _denies(slots: Slots, other: Slots, about: frozenset[str] | None = None) -> bool:
    """A denying word here that the other text does not use (used by both, it cancels).

    ``about``: when given, the word must also reach (within its next four words) one of these
    shared words, as a negation's scope must ("refused only for business reasons" denies
    nothing about an appeal).
    """
    found = (_all_stems(slots.text) & _DENYING) - _all_stems(other.text)
    if not found or about is None:
        return bool(found)
    tokens = [stem(w) for _, w in words(slots.text)]
    return any(t in found and set(tokens[i + 1 : i + 5]) & about for i, t in enumerate(tokens))


def _any_negative(slots: Slots, other: Slots) -> bool:
    """Any negation at all, a denying word, or a restriction or contrast that denies the rest
    ("only for the Enterprise plan", "into the autoclave bin rather than the general waste")."""
    scopes = len(slots.negation_scopes) - len(_RESTRICTION.findall(slots.text))
    return scopes > 0 or _denies(slots, other) or bool(_CONTRAST.search(slots.text))


# a restriction or a contrast says no to what it leaves out: "only X" against "not Y",
# "X rather than Y" against "X, not Y"
_CONTRAST = re.compile(r"\b(?:only|rather\s+than|instead\s+of|as\s+opposed\s+to)\b", re.I)
# a clause that only sets the scene ("Before changing any treatment, ...", "If it fails, ...")
# asserts nothing, so its words are no flip's
_LEADING_SUBORDINATE = re.compile(r"^\s*(?:before|after|if|when|whenever|until|unless|once|while|even\s+if|even\s+after)\b[^,;]*,\s*", re.I)
# words of an exception ("..., except damage by fire"; "unless they are listed"): a claim about them
# speaks of the exception, which the rule's negation does not reach
_EXCEPTION_TAIL = re.compile(r"\b(?:except|unless|other\s+than|apart\s+from|excluding)\b([^;.]*)", re.I)


def _fit(claim: Slots, clause: Slots, content: frozenset[str] | None = None) -> int:
    """How well a clause matches the claim: words shared less words of its own ("If we cancel a
    sailing because of weather, you can have a full refund, but we do not pay for accommodation":
    a claim about accommodation is the second clause's, though it shares more words with the first)."""
    content = clause.content if content is None else content
    words_here = content | _all_stems(" ".join(q.surface for q in clause.quantities))
    return len(claim.content & words_here) - len(content - claim.content)


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
    £12" neither affirms nor denies that a 16-year-old can get a child ticket)."""
    return unit.kind is not UnitKind.table_row


def _polarity_flip(claim_no: bool, unit_no: bool, unit: EvidenceUnit) -> _Outcome:
    """The claim says yes where the unit says no, or the reverse."""
    said, says = ("says no", "affirms it") if unit_no else ("affirms it", "says no")
    return _flip(
        SlotKind.polarity,
        "negated" if claim_no else "affirmed",
        "negated" if unit_no else "affirmed",
        unit,
        f'the evidence {said} ("{unit.text}"); the claim {says}',
    )


def _flip(
    kind: SlotKind, claim_value: str, evidence_value: str, unit: EvidenceUnit, explanation: str
) -> _Outcome:
    return _Outcome(
        FactLabel.contradicted,
        SlotMismatch(
            kind=kind,
            claim_value=claim_value,
            evidence_value=evidence_value,
            evidence=unit,
            explanation=explanation,
        ),
    )


def _has_condition(claim: Slots, lexicon: Lexicon) -> bool:
    return bool({w for _, w in words(claim.text)} & lexicon.condition_words)


# clause breaks a modal does not reach across ("up to 7 days are self-certified; from the 8th
# day a fit note is required": "required" is the fit note's)
_MODAL_CLAUSE = re.compile(r";|(?<=[a-z0-9)][.!?])\s+(?=[A-Z])|,?\s+(?:but|whereas)\s+", re.I)


def _modal_clashes(claim: Slots, unit: Slots, lexicon: Lexicon) -> bool:
    """A clause of the claim whose modal clashes with the unit clause it restates (see _clause_modals)."""
    parts = [c for c, _ in _clauses(claim, lexicon)]
    return any(_modal_clash(part.modals, _clause_modals(part, unit, lexicon)) for part in parts)


def _clause_modals(claim: Slots, unit: Slots, lexicon: Lexicon) -> frozenset[str]:
    """The modals of the unit's clause(s) that say most of what the claim says (all of them if one clause)."""
    clauses = [read_slots(c.strip(), lexicon) for c in _MODAL_CLAUSE.split(unit.text) if c.strip()]
    if len(clauses) < 2:
        return unit.modals
    shares = [_fit(claim, c) for c in clauses]
    top = max(shares)
    # several clauses equally close: a clash only where every one of them clashes
    best = [c.modals for c, n in zip(clauses, shares) if n == top]
    return next((m for m in best if not _modal_clash(claim.modals, m)), best[0])


def _modal_clash(claim: frozenset[str], unit: frozenset[str]) -> bool:
    """Permission on one side, obligation or advice on the other ("may" vs "must")."""
    if not claim or not unit or claim & unit:
        return False
    return ("permission" in claim) != ("permission" in unit)


def _modal_word(text: str, lexicon: Lexicon) -> str:
    lowered = " " + " ".join(w for _, w in words(text)) + " "
    return next((m for m in lexicon.modals if f" {m} " in lowered), "")
