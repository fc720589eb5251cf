"""A claim value written with the evidence's number but another unit or scale.

Why: "7.5 mg" for a dose the leaflet gives as "7.5 ml", "48 days" where the terms say "48
hours", "1.5 mg" for a limit of "1,500 mg" (1.5 g). The number is the evidence's, so word
overlap and cosine pass the claim; the value compares as a new fact (unsupported) or, worse,
falls inside an unrelated range of the same unit (48 days within "1 to 3 months") and passes.
When the claim's value is written nowhere in the evidence and the unit it aligns to best gives
the same number in another unit (or the same quantity off by a factor of 1,000: a milli-
prefix dropped or added), the claim changed the unit: contradicted.

Kept narrow: measured quantities only (mass, volume, length, data, duration, temperature; not
counts, money or bare numbers, where the same number recurs for unrelated things), values
with the same bound or a plain claim value against a limit ("you have 4 weeks" for "within 4
months"; a prefix slip whatever the bounds: "1.5 mg" as the limit of "no more than 1,500 mg"),
no ranges, and only the two best-aligned units when strongly aligned.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from guard.facts.matching import same_number
from guard.facts.mismatches import given_otherwise
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch

__all__ = ["rescaled"]

_MEASURES = frozenset({"mass", "volume", "length", "data", "duration", "temperature_c", "temperature_f"})
# dimensions a writer confuses by the unit's letter: a dose in mg for ml, °F for °C
_CONFUSED = (frozenset({"mass", "volume"}), frozenset({"temperature_c", "temperature_f"}))
_PREFIX_STEP = 1000.0  # milli-, kilo-, micro-: one prefix step


def _other_unit(q: Quantity, e: Quantity) -> bool:
    """Same number as written, another unit of the same or a confusable dimension."""
    if not math.isclose(q.written[0], e.written[0], rel_tol=1e-9):
        return False
    if q.dim == e.dim:
        return not math.isclose(q.scale, e.scale, rel_tol=1e-9)
    return frozenset({q.dim, e.dim}) in _CONFUSED


def _restated(q: Quantity, e: Quantity) -> bool:
    """The claim gives the evidence's value or limit as a plain value ("you have 4 weeks to use it" for
    "within 4 months"): the same bound, or a plain claim value against a limit."""
    return e.bound is q.bound or q.bound is Bound.eq


def _prefix_slip(q: Quantity, e: Quantity) -> bool:
    """The same dimension off by exactly one prefix step (1.5 mg for 1,500 mg)."""
    if q.dim != e.dim or q.dim in ("duration", "temperature_c", "temperature_f") or not q.lo or not e.lo:
        return False
    ratio = q.lo / e.lo
    return any(math.isclose(ratio, step, rel_tol=1e-6) for step in (_PREFIX_STEP, 1 / _PREFIX_STEP))


def rescaled(
    claim: Slots, best: Sequence[tuple[EvidenceUnit, Slots]], everywhere: Sequence[Slots]
) -> list[SlotMismatch]:
    found = []
    for q in claim.quantities:
        if q.dim not in _MEASURES or q.is_range or q.period is not None:
            continue
        if any(same_number(q, e) for s in everywhere for e in s.quantities):
            continue  # the value itself is written somewhere: not a unit slip
        for unit, slots in best:
            e = next(
                (
                    e
                    for e in slots.quantities
                    if e.dim in _MEASURES
                    and not e.is_range
                    and e.period is None
                    and ((_restated(q, e) and _other_unit(q, e)) or _prefix_slip(q, e))
                ),
                None,
            )
            if e is None:
                continue
            why = ": the claim changed the unit or its scale"
            found.append(given_otherwise(SlotKind.quantity, q.shown, e.shown, unit, why=why))
            break
    return found
