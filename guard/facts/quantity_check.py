"""A claim quantity against the aligned units: held, one licensed step away, contradicted, or unsupported.

Rules (METHODS.md §11): a quantity is bound to the first aligned unit that measures the same
thing. Equal after normalisation, inside the unit's range or bound: the slot holds (unless the
value is bound there to other words: quantity_moves.py). Otherwise one licensed arithmetic step
(step_licence.py) makes it inferred; a differing value of a well aligned unit that can be its
counterpart (witness.py) contradicts; a value no unit holds is unsupported.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from guard.facts.adjustments import adjusted_price
from guard.facts.align import Alignment, unit_slots
from guard.facts.bands import step_band
from guard.facts.baskets import basket_total, part_of_party
from guard.facts.binding import distinctive, owned_words
from guard.facts.clock_gaps import clock_gap
from guard.facts.conditions import conditions_met, meets_condition
from guard.facts.denials import allowed_outside_denial, inside_denial
from guard.facts.derivation import derived_step, named_share, says_combined, typed_product
from guard.facts.elapsed import ended_period, inside_granted_period
from guard.facts.event_gaps import event_gap
from guard.facts.hours import open_hours
from guard.facts.inference import daily_average, day_length, repetitions
from guard.facts.kept_limits import kept_to_stated_limit, limit_at_range_end
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, conflicts, one_step, same_number
from guard.facts.mismatches import contradiction, not_found, quantity_mismatch
from guard.facts.notice import lead_kept
from guard.facts.outcome import Outcome
from guard.facts.overage import counted_past_allowance, overage_total
from guard.facts.period_words import period_said
from guard.facts.periods import period_total
from guard.facts.polarity import words
from guard.facts.premises import claim_operands, from_frequency, settle_premises
from guard.facts.price_shares import price_share
from guard.facts.quantities import Bound, Quantity
from guard.facts.quantity_moves import moved_within_unit, other_topic, sibling_topic
from guard.facts.repetitions import times_over_span
from guard.facts.row_differences import row_difference
from guard.facts.rules import FactRule
from guard.facts.shares import equal_share, half_price, same_noun_stem
from guard.facts.slots import Slots, stem, value_spans
from guard.facts.step_licence import capped, further_step, licensed, one_record, shared_record, step_pool
from guard.facts.sums import listed_total, named_items_total, table_rows, table_total
from guard.facts.types import EvidenceUnit, FactLabel, SlotKind, UnitKind
from guard.facts.witness import witness

__all__ = ["check_quantity", "denied_outside_limit", "quantity_outcomes"]


def check_quantity(
    q: Quantity,
    claim: Slots,
    held: list[tuple[Alignment, Slots]],
    everywhere: list[Slots],
    pool: list[Quantity],
    lexicon: Lexicon,
    scored: list[Alignment],
    near: Sequence[Slots] = (),
) -> Outcome:
    """``q`` held by an aligned unit (and bound there as the claim binds it), one licensed step
    away (``pool``: the values a step may combine), or neither (see :func:`_unheld`)."""
    kept = lead_kept(q, claim, scored, lexicon)
    if kept:
        return Outcome(FactLabel.inferred, inference=kept)  # a lead at least as long as the one asked for (notice.py)
    ended = ended_period(q, claim, held, lexicon)
    if ended is not None and q.hi < ended.lo:
        # "no longer covered" at a time the period still runs: held by the period as a bound, yet the claim ends it
        explanation = f"the evidence grants {ended.shown}; {q.shown} is inside it"
        mismatch = contradiction(SlotKind.quantity, q.shown, ended.shown, None, explanation)
        return Outcome(FactLabel.contradicted, mismatch, rule=FactRule.limit_broken)
    span = _clock_span(q, held)
    spanned = held[:1] if span else held
    binding = next(((a, s) for a, s in spanned if any(conflicts(q, e) for e in s.quantities)), None)
    candidates = [binding] if binding else spanned
    rates_of_kind = q.per is not None and any(e.dim == q.dim for s in everywhere for e in s.quantities)
    if (
        any(_holds(q, e, s.text) for _, s in candidates for e in _comparable(q, s, rates_of_kind))
        or (not rates_of_kind and _limit_bound_by_words(q, claim, candidates, lexicon))
        or _limit_denied_past(q, claim, candidates)
    ):
        denied = inside_denial(q, claim, candidates, lexicon)
        if denied is not None:
            return denied
        moved = (
            moved_within_unit(q, claim, candidates, lexicon, everywhere)
            or other_topic(q, claim, candidates, scored, lexicon)
            or sibling_topic(q, claim, candidates, scored, lexicon)
        )
        if moved and says_combined(q, claim):
            # "cost £6 together" where another row writes £6: the claim says it joins two values
            return _derived(q, claim, everywhere, lexicon) or moved
        return moved or Outcome(FactLabel.supported)
    if inside_granted_period(q, claim, held, lexicon) or (ended is not None and q.lo > ended.hi):  # elapsed.py
        return Outcome(FactLabel.supported)
    step, unlicensed = (None, None) if q.dim == "rate" else _step(q, claim, held, everywhere, pool, lexicon, near, [a.unit for a in scored])
    if step is not None:
        return step
    if kept_to_stated_limit(q, claim, held, lexicon) or limit_at_range_end(q, held):
        return Outcome(FactLabel.supported)
    if span is not None:
        return span
    if denied_outside_limit(q, claim, held) or allowed_outside_denial(q, claim, held, lexicon):
        return Outcome(FactLabel.supported)
    return _derived(q, claim, everywhere, lexicon) or _over_inference(
        _unheld(q, claim, held, everywhere, lexicon, scored, rates_of_kind), unlicensed
    )


def _limit_denied_past(q: Quantity, claim: Slots, candidates: list[tuple[Alignment, Slots]]) -> bool:
    """A claim that denies what lies past a limit restates the limit: "Models heavier than 7.5 kg aren't allowed"
    against "We do not allow models heavier than 7.5 kg" (read as "7.5 kg or under"). The reader turns a bound
    round under a negation before it, not under the claim's own negation after it."""
    if not claim.negated or q.bound is Bound.eq or q.is_range or q.negation_at is not None:
        return False
    if not _NEGATED_CLAUSE.search(claim.text[q.end :]):
        return False
    return any(
        e.bound is not Bound.eq and accepts(q.left_out(), e) for _, s in candidates for e in s.quantities
    )


def _clock_span(q: Quantity, held: list[tuple[Alignment, Slots]]) -> Outcome | None:
    """The contradiction of ``q``, a stretch of time within a day, by the one span of clock times of the unit
    best aligned with the claim ("Quiet hours last 9.5 hours" against "Quiet hours run from 10:30 pm to 7 am"),
    or None when that unit states no such span or a duration of its own. Only that unit holds ``q`` then: a
    "within 28 days" in the next unit is no bound on it, and a span of the right length is an inference
    (inference.time_span)."""
    if not held or not held[0][0].strong or day_length(q) is None:
        return None
    alignment, slots = held[0]
    clocks = [d for d in slots.dates if d.minutes is not None]
    if len(clocks) != 2 or any(e.dim.startswith("duration") for e in slots.quantities):
        return None
    early, late = clocks
    hours = (late.minutes - early.minutes) % 1440 / 60
    given = f"{early.surface.rstrip('.')} to {late.surface.rstrip('.')}"
    explanation = f"the evidence runs from {given} ({hours:g} hours), not {q.shown}"
    mismatch = contradiction(SlotKind.quantity, q.shown, given, alignment.unit, explanation)
    return Outcome(FactLabel.contradicted, mismatch, rule=FactRule.quantity_differs)


def _derived(q: Quantity, claim: Slots, everywhere: list[Slots], lexicon: Lexicon) -> Outcome | None:
    """One step over the values of the units the claim is about (derivation.py), as an inference."""
    found = derived_step(q, claim, everywhere, lexicon)
    if found is None or part_of_party(q, claim, found[1]):
        return None
    return Outcome(FactLabel.inferred, inference=found[0], operands=found[1])


def _step(
    q: Quantity,
    claim: Slots,
    held: list[tuple[Alignment, Slots]],
    everywhere: list[Slots],
    pool: list[Quantity],
    lexicon: Lexicon,
    near: Sequence[Slots],
    units: Sequence[EvidenceUnit] = (),
) -> tuple[Outcome | None, str | None]:
    """(the inferred outcome, None) when one licensed step gives ``q``; else (None, the unlicensed
    step found, if any: the mismatch names it as over-inference)."""
    past = overage_total(q, claim, everywhere) or counted_past_allowance(q, claim, everywhere)
    if past:
        # a charge past an allowance the claim's own amount runs past ("Waiting 75 minutes ... adds £12": 30
        # minutes past the free 45) reads the claim whole, before a sum of two other prices that gives it by chance
        return Outcome(FactLabel.inferred, inference=past[0], operands=past[1]), None
    found = one_step(q, [p for p in pool if p is not q])
    if found and part_of_party(q, claim, found[1:]):
        found = None  # "£9.50 × two adults" for what two adults and two children pay: one group's price (baskets.py)
    stated = any(same_number(q, e) for sl in everywhere for e in sl.quantities)
    if found and not stated and (one_record(q, found[1], found[2], held) or shared_record(q, claim, *found[1:], held)):
        # a sum or difference of two values of one record (a table row, one sentence) that the
        # evidence writes nowhere ("204 took part, 188 completed": 16 did not complete), or its total
        # shared out per item
        return Outcome(FactLabel.inferred, inference=found[0], operands=(found[1], found[2])), None
    # a product whose count the claim gives, against the band of its rate's clause ("5 nights or
    # more cost £70 per night"): inside, the claim chose its band (licensed); outside, the rate is
    # another band's (refused: 5 x £78 where £78 is for 1 to 4 nights)
    band = step_band(claim, found[1], found[2], near) if found and not stated else None
    if band is False:
        return None, found[0] if found else None
    allowed = band or (found and (licensed(q, claim, found[1], found[2], lexicon, stated) or _on_condition(found, claim, near)))
    if found and allowed and not capped(q, found, near):
        return Outcome(FactLabel.inferred, inference=found[0], operands=(found[1], found[2])), None
    typed = None if stated else (typed_product(q, claim, everywhere) or named_share(q, claim, everywhere))
    typed = None if typed and part_of_party(q, claim, typed[1]) else typed
    if typed and step_band(claim, *typed[1], near) is not False and not capped(q, (typed[0], *typed[1]), near):
        # a rate per a noun times a count of it, or a named share of a price, each the one of its kind where the
        # claim looks (derivation.py)
        return Outcome(FactLabel.inferred, inference=typed[0], operands=typed[1]), None
    gap = None if stated else event_gap(q, claim, everywhere, lexicon.stopwords)
    if gap:
        return Outcome(FactLabel.inferred, inference=gap), None  # the time between two dated events it names
    hours = None if stated else clock_gap(q, claim, near, everywhere)
    if hours:
        return Outcome(FactLabel.inferred, inference=hours), None  # the hours from a time of day to the claim's own
    further = further_step(q, claim, near, lexicon, stated)
    if further:
        return Outcome(FactLabel.inferred, inference=further), None
    opened = None if stated else open_hours(q, claim, near)
    if opened:
        return Outcome(FactLabel.inferred, inference=opened), None  # the hours of a day or a week its spans add up to
    counted = None if stated else table_rows(q, claim, units, lexicon)
    if counted:
        return Outcome(FactLabel.inferred, inference=counted), None  # how many rows a table has
    total = (
        period_total(q, claim, near, lexicon)
        or equal_share(q, claim, near)
        or listed_total(q, claim, near, lexicon)
        or times_over_span(q, claim, near)
        or basket_total(q, claim, near, lexicon)
        or half_price(q, claim, near)
        or row_difference(q, claim, units, lexicon)
        or named_items_total(q, claim, everywhere, lexicon)
        or table_total(q, claim, units, lexicon)
        or price_share(q, claim, near, everywhere, units, lexicon)
        or adjusted_price(q, claim, [*near, *(unit_slots(u, lexicon) for u in units)], everywhere)
    )
    if total and not stated:
        # the claim's own period, length or count is the step's premise
        return Outcome(FactLabel.inferred, inference=total[0], operands=total[1]), None
    average = daily_average(q, [e for s in near for e in s.quantities] + list(claim.quantities), claim.quantities)
    if average and not stated:
        # the claim's own span of days is the step's premise
        return Outcome(FactLabel.inferred, inference=average[0], operands=average[1:]), None
    return None, (found[0] if found else None)


def _on_condition(found: tuple[str, Quantity, Quantity], claim: Slots, near: Sequence[Slots]) -> bool:
    """An operand of the step is given by a unit whose condition the claim's case meets ("a 7-year-old"
    under "Children aged 4 to 11 get 10% off"): the claim's case is what says the step applies."""
    _, x, y = found
    if "duration" in (x.dim, y.dim):
        return False  # the band's own bounds are the condition, not an amount it changes ("6 weeks + 14 days")
    return any(meets_condition(claim, s) and any(e is x or e is y for e in s.quantities) for s in near)


def _unheld(
    q: Quantity,
    claim: Slots,
    held: list[tuple[Alignment, Slots]],
    everywhere: list[Slots],
    lexicon: Lexicon,
    scored: list[Alignment],
    rates_of_kind: bool,
) -> Outcome:
    """``q`` where no aligned unit accepts it and no step gives it: contradicted by its witness,
    found only in another unit, or in none."""
    outcome = _unmatched(q, witness(q, claim, held), everywhere, rates_of_kind)
    if outcome.label is FactLabel.unsupported and period_said(q, [a.unit.text for a, _ in held]):
        return Outcome(FactLabel.supported)  # "daily" for "600 ml a day": the period in other words
    if outcome.label is FactLabel.supported:
        # found only in a unit not aligned to the claim: the unit about the claim may give another value
        holders = [(a, unit_slots(a.unit, lexicon)) for a in scored]
        holders = [(a, sl) for a, sl in holders if any(accepts(q, e) for e in _rates_first(q, sl, rates_of_kind))]
        return other_topic(q, claim, holders, scored, lexicon) or outcome
    if rates_of_kind and outcome.label is FactLabel.unsupported:
        return _per_for_total(q, held) or outcome
    return outcome


def _over_inference(outcome: Outcome, unlicensed: str | None) -> Outcome:
    """The mismatch also names a step the claim does not say it takes."""
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


def denied_outside_limit(q: Quantity, claim: Slots, held: list[tuple[Alignment, Slots]]) -> bool:
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


def _per_for_total(q: Quantity, held: list[tuple[Alignment, Slots]]) -> Outcome | None:
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
                explanation = f"the evidence gives {e.shown} in all, not {q.shown}"
                mismatch = contradiction(SlotKind.quantity, q.shown, e.shown, a.unit, explanation)
                return Outcome(FactLabel.contradicted, mismatch, rule=FactRule.quantity_per_for_total)
    return None


def _rates_first(q: Quantity, slots: Slots, rates_of_kind: bool) -> list[Quantity]:
    """A unit's values a rate claim may match: its own kind of rate only, when the evidence has one."""
    if not rates_of_kind:
        return list(slots.quantities)
    return [e for e in slots.quantities if e.dim == q.dim or e.dim.split("/")[0] != q.dim.split("/")[0]]


def _holds(q: Quantity, e: Quantity, text: str) -> bool:
    """``e`` (in unit ``text``) accepts ``q``, and not only as a bound on something else: a one-sided
    bound accepts a plain claim value of its own kind within three orders of magnitude, and a count
    of a noun only when the unit names that noun just before the bound. "Nine minibuses" is no value
    under "children under 16", nor "30 years" one over "at least 12 hours" (a stove left to cool)."""
    if not accepts(q, e):
        return False
    if repetitions(e, text) and q.dim != e.dim and not q.dim.startswith("count:"):
        return False  # "repeat 5 times" counts repetitions: no "5 seconds" left without its unit
    if q.bound is not Bound.eq or q.is_range or e.bound is Bound.eq:
        return True
    if q.dim.startswith("count:") and e.dim == "number":
        noun = same_noun_stem(q.dim[6:])
        return noun in {same_noun_stem(w) for _, w in words(text[max(0, e.start - BOUND_NOUN_WINDOW) : e.start])}
    if q.dim != e.dim:
        return True
    edge = e.hi if e.bound in (Bound.le, Bound.lt) else e.lo
    return edge == 0 or q.lo == 0 or max(q.lo / edge, edge / q.lo) <= LOOSE_BOUND_RATIO


# characters before a bare-number bound in which the unit must name a claim count's noun
BOUND_NOUN_WINDOW = 60
# how far beyond a one-sided bound a claim value may lie and still be read as one it bounds
LOOSE_BOUND_RATIO = 1000.0


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
    # a value measuring another thing is no value of the claim's ("a 70-year-old" and "in the last 12 months")
    plain = [e for e in slots.quantities if conflicts(q, e) and e.bound is Bound.eq]
    if not plain or any(e.is_range for e in plain):
        # no plain value, or the unit gives bands ("stays of 1 to 4 nights; 5 nights or more"):
        # the claim's value is the band it falls in, any of them
        ranges = [e for e in plain if e.is_range and e.dim == q.dim]
        return [e for e in slots.quantities if not _of_a_range_scale(q, e, ranges)]
    return plain + [e for e in slots.quantities if e.dim != q.dim]


def _of_a_range_scale(q: Quantity, e: Quantity, ranges: list[Quantity]) -> bool:
    """``e`` is a one-sided bound of the claim's measure on another scale than the unit's ranges (no band next to
    them but a limit on another thing), and ``q`` lies nearer a range than the bound's edge: "for 15 to 20 minutes at
    a time" under "for the first 3 days" holds a claim's 25 minutes to the minutes, not to the days; "aged 11 to 15"
    beside "aged 11 or over" is a band, which holds a 16-year-old."""
    if e.dim != q.dim or e.bound is Bound.eq or e.is_range or q.lo <= 0:
        return False
    edge = e.hi if e.bound in (Bound.le, Bound.lt) else e.lo
    if edge <= 0 or any(r.lo / _SCALE_APART <= edge <= r.hi * _SCALE_APART for r in ranges):
        return False
    return any(_distance(q.lo, r.lo, r.hi) < _distance(q.lo, edge, edge) for r in ranges)


# how many times beyond a range's ends a one-sided bound's edge lies when it is on another scale than the range
_SCALE_APART = 10.0


def _distance(value: float, lo: float, hi: float) -> float:
    """How many times over (or under) the span ``lo`` to ``hi`` a positive value lies: 0 inside it."""
    if lo <= value <= hi:
        return 0.0
    end = lo if value < lo else hi
    return abs(math.log(value / end)) if end > 0 else math.inf


def _limit_bound_by_words(
    q: Quantity, claim: Slots, candidates: list[tuple[Alignment, Slots]], lexicon: Lexicon
) -> bool:
    """A plain claim value inside a limit of the unit that the claim's words bind it to, where the
    unit's plain values of that measure are bound to other words.

    Why: :func:`_comparable` holds a plain value to the unit's plain values ("Take 3 puffs" against
    "Take 1 puff ..., up to 10 puffs"), right when the plain value and the limit speak of one
    thing. "Report a claim within 180 days of the incident, on 0800 ... (open 24 hours)" holds a
    plain "24 hours" that is the phone line's: the claim "roughly six months after an incident
    to report" is bound (binding.py, its clause's words) to the limit, not to the line's hours,
    so the limit decides. Sentences and list items only (a row binds by its headers).
    """
    if q.bound is not Bound.eq or q.is_range:
        return False
    mine = [c for c in claim.quantities if c.dim == q.dim]
    claim_words = owned_words(claim.text, mine, lexicon, stem, value_spans(claim), claim=True)[mine.index(q)] if q in mine else set()
    for alignment, slots in candidates:
        values = [e for e in slots.quantities if e.dim == q.dim]
        if len(values) < 2 or alignment.unit.kind in (UnitKind.heading, UnitKind.table_row):
            continue
        own = distinctive(owned_words(slots.text, values, lexicon, stem, value_spans(slots)))
        limits = [i for i, e in enumerate(values) if e.bound is not Bound.eq and accepts(q, e)]
        plain = [i for i, e in enumerate(values) if e.bound is Bound.eq and not accepts(q, e)]
        if any(claim_words & own[i] for i in limits) and all(own[i] and not claim_words & own[i] for i in plain):
            return True
    return False


def _unmatched(
    q: Quantity, binding: tuple[Alignment, Slots, list[Quantity]] | None, everywhere: list[Slots],
    rates_of_kind: bool = False,
) -> Outcome:
    if binding:
        return Outcome(
            FactLabel.contradicted, quantity_mismatch(q, binding[0], binding[1], binding[2]),
            rule=FactRule.quantity_differs,
        )
    if any(_holds(q, e, s.text) for s in everywhere for e in _rates_first(q, s, rates_of_kind)):
        return Outcome(FactLabel.supported)
    mismatch = not_found(SlotKind.quantity, q.shown, f"no evidence gives {q.shown}")
    return Outcome(FactLabel.unsupported, mismatch, rule=FactRule.quantity_not_found)


def quantity_outcomes(
    claim: Slots,
    held: list[tuple[Alignment, Slots]],
    near_held: list[tuple[Alignment, Slots]],
    everywhere: list[Slots],
    lexicon: Lexicon,
    scored: list[Alignment],
) -> list[Outcome]:
    """Each claim quantity's outcome, in the claim's order, its own premises settled (premises.py)."""
    near_held = near_held + conditions_met(claim, near_held, scored, lexicon)
    pool = step_pool(near_held, claim_operands(claim, held, near_held))
    frequency_counts = [e for s in everywhere for e in s.quantities if from_frequency(e)]
    near = [s for _, s in near_held]
    # the claim's own "twice a year" is its scenario's count: £49 a set × twice = £98 a year
    own_counts = [c for c in claim.quantities if from_frequency(c) and c.bound is Bound.eq]
    outcomes = [
        check_quantity(
            q, claim, held, everywhere, pool + own_counts + (frequency_counts if q.period else []),
            lexicon, scored, near,
        )
        for q in claim.quantities
    ]
    return settle_premises(claim, outcomes, held, near_held, everywhere)
