"""The units whose condition a claim meets: "a 72-year-old" under "Patients aged 70 and over get
£15 off any scan", "cancelling 4 days before" in the band "2 to 6 days before | Half the fee".

Why: a price the claim works out for its own case ("A 72-year-old pays £125 for a hip and spine
scan": £140 less the over-70s' £15) rests on the unit of the thing (the scan's row) and on the
unit whose condition the claim's case meets (the age band, the notice band). Alignment finds the
first by the claim's words; the second shares few of them, so the step that joins the two was
never tried. A claim's age or lead time inside a band some unit states brings that unit into the
values a step may combine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from guard.facts.align import Alignment, unit_slots
from guard.facts.bands import value_segments
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, same_number
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots

__all__ = ["case_of_record", "conditions_met", "meets_condition"]

# what a claim's own case is said with: a person's age, a time before the event
_CASE_MEASURES = ("age", "lead")


def conditions_met(
    claim: Slots, near: list[tuple[Alignment, Slots]], scored: list[Alignment], lexicon: Lexicon
) -> list[tuple[Alignment, Slots]]:
    """Units outside ``near`` that state a band (a range or a limit) holding the claim's age or lead time."""
    if not _cases(claim):
        return []
    found = []
    for a in scored:
        if any(a.unit is b.unit for b, _ in near + found):
            continue
        slots = unit_slots(a.unit, lexicon)
        if meets_condition(claim, slots):
            found.append((a, slots))
    return found


def meets_condition(claim: Slots, unit: Slots) -> bool:
    """The unit states a band (a range or a limit) of the claim's age or lead time that holds it."""
    return any(e.is_band and e.measure == q.measure and accepts(q, e) for q in _cases(claim) for e in unit.quantities)


def _cases(claim: Slots) -> list[Quantity]:
    return [q for q in claim.quantities if q.measure in _CASE_MEASURES and not q.is_band]


def case_of_record(
    q: Quantity, others: Sequence[tuple[Quantity, tuple[Quantity, ...]]], everywhere: Sequence[Slots]
) -> bool:
    """``q`` is the claim's case inside the band of the one record that gives the rest of the claim.

    Why: "a follow-up 10 days later" is the case the claim supposes, and "Follow-up within 14 days
    | 20 minutes | £30" is the record whose condition it meets; "a home 15 miles from the farm"
    meets "Further away, up to 20 miles, we charge £3 a box". Such a value is no fact to find
    written, and it is no other value of the record either (the appointment's 20 minutes).

    ``others``: each other claim value that holds, with the operands of the step that gave it (none
    for a value held as written). A record is a table row, or one segment of a sentence
    (bands.value_segments); it must be the only segment of its unit whose band holds ``q``, and it
    must give every other claim value, as written or as an operand of its step: a wrong row's value
    ("a 42 kg child takes 10 ml", 10 ml being the lighter band's dose) keeps the case outside.
    """
    if q.bound is not Bound.eq or q.is_range or not others:
        return False
    for unit in everywhere:
        inside = [seg for seg in value_segments(unit) if _nearest_holds(q, seg)]
        if len(inside) == 1 and all(_gives(inside[0], value, operands) for value, operands in others):
            return True
    return False


def _nearest_holds(q: Quantity, record: list[Quantity]) -> bool:
    """The record's value of ``q``'s measure nearest to it is a band that holds it: "10 days" is the
    case of "within 14 days" beside an appointment's "20 minutes", but "25 minutes" is the
    appointment's length said wrong, although it too lies within 14 days."""
    measured = [e for e in record if e.dim == q.dim]
    if not measured:
        return False
    nearest = min(measured, key=lambda e: _distance(q, e))
    return nearest.is_band and accepts(q, nearest)


def _distance(q: Quantity, e: Quantity) -> float:
    """How many times apart ``q`` and ``e``'s nearest edge are, on a log scale (0 inside a range)."""
    if e.is_range and e.lo <= q.lo <= e.hi:
        return 0.0
    edges = [v for v in (e.lo, e.hi) if 0 < v < math.inf]
    if q.lo <= 0 or not edges:
        return math.inf
    return min(abs(math.log(q.lo / v)) for v in edges)


def _gives(record: list[Quantity], value: Quantity, operands: tuple[Quantity, ...]) -> bool:
    """The record writes ``value`` (a plain value, or the same limit said the same way) or an operand of its step."""
    if operands:
        # the same place and amount, not the same object: a step reads its operands from its own
        # reading of the unit, and may drop a rate's "a box" ("£3 a box" as £3)
        return any((o.start, o.lo) == (e.start, e.lo) for o in operands for e in record)
    return any(
        accepts(value, e) if not e.is_band else (same_number(value, e) and value.bound is e.bound)
        for e in record
    )
