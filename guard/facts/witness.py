"""Which differing evidence value may contradict a claim value: its witness.

A differing value of the same measure contradicts only when it can be the claim value's
counterpart (see :func:`witness`): not another claim value's, and not the other side of a
condition the claim turns round.
"""

from __future__ import annotations

from guard.facts.align import Alignment
from guard.facts.matching import accepts, conflicts, denied_value, same_number
from guard.facts.negation_clash import turned
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots

__all__ = ["other_side", "witness"]


def witness(
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
        if other_side(q, free, claim, s):
            continue
        return a, s, free
    return None


def _restates(o: Quantity, e: Quantity) -> bool:
    """Claim value ``o`` is the counterpart of evidence value ``e``: equal to a plain value, or the same
    limit said the same way (a range, or a limit merely containing ``o``, may hold several claim values)."""
    if e.bound is Bound.eq and not e.is_range:
        return accepts(o, e)
    return same_number(o, e) and o.bound is e.bound


def other_side(q: Quantity, values: list[Quantity], claim: Slots, unit: Slots) -> bool:
    """A plain claim value outside the unit's bounds, in a claim that turns the unit's statement round
    (see :func:`witness`)."""
    plain_here = any(e.bound is Bound.eq and not e.is_range for e in values)
    return q.bound is Bound.eq and not q.is_range and not plain_here and turned(claim, unit)
