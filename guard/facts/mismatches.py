"""How a mismatch is built and worded, where its wording is shared.

Why one place: most checks report "the evidence gives X, not Y" or "no evidence gives Y"; the
wording a reader sees should not drift between checks that mean the same thing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from guard.facts.align import Alignment
from guard.facts.matching import conflicts
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots
from guard.facts.types import SlotKind, SlotMismatch

__all__ = ["quantity_mismatch"]


_UP = (Bound.ge, Bound.gt)
_DOWN = (Bound.le, Bound.lt)


def _closest(q: Quantity, slots: Slots, values: Sequence[Quantity] | None = None) -> Quantity:
    same = [e for e in (slots.quantities if values is None else values) if conflicts(q, e)]

    def distance(e: Quantity) -> float:
        a, b = max(abs(q.lo), 1e-12), max(abs((e.lo + e.hi) / 2), 1e-12)
        return abs(math.log(a / b))

    return min(same, key=distance)


def _opposite(a: Bound, b: Bound) -> bool:
    return (a in _UP and b in _DOWN) or (a in _DOWN and b in _UP)


def quantity_mismatch(
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
