"""How a mismatch is built and worded: one constructor for each kind of finding.

Why one place: thirty checks report a mismatch, most as "the evidence gives X, not Y" or "no
evidence gives Y"; the fields a reader sees should be filled the same way, and the common
wording should not drift between checks that mean the same thing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from guard.facts.align import Alignment
from guard.facts.matching import conflicts
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch

__all__ = ["contradiction", "given_otherwise", "not_found", "quantity_mismatch"]


def contradiction(
    kind: SlotKind,
    said: str,
    given: str,
    unit: EvidenceUnit | None,
    explanation: str,
    anchor: str | None = None,
) -> SlotMismatch:
    """The claim says ``said`` where ``unit`` says ``given``; ``explanation`` is one sentence for a reader."""
    return SlotMismatch(
        kind=kind, claim_value=said, evidence_value=given, anchor=anchor, evidence=unit,
        explanation=explanation,
    )


def given_otherwise(
    kind: SlotKind, said: str, given: str, unit: EvidenceUnit, anchor: str | None = None, why: str = ""
) -> SlotMismatch:
    """A contradiction in the common words: "the evidence gives 7.5 ml for 2 to 4 years, not 2.5 ml".

    ``anchor``: what both values are bound to (said after "for"); ``why``: what follows, from
    its own punctuation on ("; the two counts differ").
    """
    where = f" for {anchor}" if anchor is not None else ""
    explanation = f"the evidence gives {given}{where}, not {said}{why}"
    return contradiction(kind, said, given, unit, explanation, anchor)


def not_found(kind: SlotKind, said: str, explanation: str, unit: EvidenceUnit | None = None) -> SlotMismatch:
    """A claim value no evidence gives (the slot is unsupported); ``unit``: the one the claim is about."""
    return SlotMismatch(kind=kind, claim_value=said, evidence=unit, explanation=explanation)


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
    """``q`` against the closest value of its measure in the unit (a bound turned round: the quantifier)."""
    e = _closest(q, slots, values)
    anchor = alignment.unit.anchor if alignment.unit.anchor and not slots.in_key(e) else None
    kind = (
        SlotKind.quantifier if _opposite(q.bound, e.bound) and math.isclose(q.lo, e.lo) else SlotKind.quantity
    )
    return given_otherwise(kind, q.shown, e.shown, alignment.unit, anchor)
