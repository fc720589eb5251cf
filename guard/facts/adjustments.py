"""A price changed for the claim's case by a unit whose condition that case meets: "A group of 10 booking a
group lesson pays £340 altogether" against "£40 a person" and "Groups of 10 or more ... get 15% off"; "£8.50
per head" for 12 adults against "£9.50 for adults" and "Groups of 10 or more get £1 off per player"; "a
70-year-old pays £37" against "£42" and the row "Age: 65 and over | £5 off each session".

Why: the claim's case (the size of its group, a person's age) is what says the change applies, and the
changed price is one step from the unit's price; the claim's total is a second step (its group's count
times that price). Neither step alone is in the evidence, so the one-step licence never found it, and the
claim was flagged though every operand is the document's and the condition is the claim's own.

A condition is a band of group sizes ("Groups of 12 or more", "parties of 8 to 20") holding the claim's
group size, or a band of ages ("aged 8 to 15", "Under-16s", a row under an "Age" header) holding the
claim's age. The change is the unit's own: a percentage off, an amount off or less, half price, or free.
The claim's value must equal the changed price, or its group's count times it, to the penny.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from guard.facts.periods import DISCOUNT_OF
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity
from guard.facts.shares import same_pence
from guard.facts.slots import Slots

__all__ = ["PEOPLE", "Adjustment", "adjusted_price", "adjustments_for_age", "group_size", "inside"]

_YEAR_HOURS = DURATION_HOURS["year"]
_GROUP_OF = re.compile(r"\b(?:group|party|team|society|family|class|booking)\s+of\s*$", re.I)
_GROUP_BAND = re.compile(r"\b(?:groups|parties|teams|societies|bookings|families)\s+of\s*$", re.I)
_AGE_HEADER = re.compile(r"\b(?:age|ages|aged)\s*:?\s*$", re.I)
_UNDER_OVER = re.compile(r"\b(?P<side>under|over)[- ](?P<n>\d{1,2})s\b", re.I)
_OFF = re.compile(r"^\s*(?:off|less|cheaper|discount|reduction)\b", re.I)
_HALF = re.compile(r"\bhalf[- ](?:price|fare|rate)\b|\b(?:pay|pays|at)\s+half\b", re.I)
_FREE = re.compile(r"\b(?:free|free of charge|no charge)\b", re.I)
# nouns of a group of people, singular (a price "per head" is a price per person)
PEOPLE = frozenset({"adult", "person", "people", "player", "guest", "visitor", "member", "child", "climber",
                     "walker", "thrower", "jumper", "rider", "surfer", "swimmer", "dancer", "student", "head", "patient", "diner"})


@dataclass(frozen=True)
class Adjustment:
    """A unit's change to a price: ``price * factor - less``; ``amount`` is the value that says it (None for
    "half price" or "free")."""

    factor: float
    less: float
    amount: Quantity | None
    said: str

    def apply(self, price: float) -> float:
        return max(0.0, price * self.factor - self.less)


def group_size(claim: Slots) -> Quantity | None:
    """The size of the group the claim supposes: "a group of 10", "12 adults", "Four throwers"."""
    for c in claim.quantities:
        if c.bound is not Bound.eq or c.is_range or c.lo < 2 or c.lo != int(c.lo):
            continue
        if _GROUP_OF.search(claim.text[: c.start]):
            return c
        if c.dim.startswith("count:") and c.dim[6:].rstrip("s") in PEOPLE:
            return c
    return None


def adjusted_price(q: Quantity, claim: Slots, near: Sequence[Slots], conditions: Sequence[Slots]) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step "<price> less <change> [× <count>] = <q>" for a change a unit of ``conditions`` (any unit of
    the document: the condition is found by the claim's case, not its words) makes for the claim's group size
    or age, to a price of ``near`` (the units aligned to the claim); or None."""
    if not q.dim.startswith("money:") or q.bound is not Bound.eq or q.is_range:
        return None
    group = group_size(claim)
    ages = [c.lo / _YEAR_HOURS for c in claim.quantities if c.measure == "age" and not c.is_band]
    changes = [a for u in conditions for a in _group_changes(u, group)] if group else []
    changes += [a for u in conditions for age in ages for a in adjustments_for_age(u, age)]
    if not changes:
        return None
    money = q.dim.split("/", 1)[0]
    amounts = {id(a.amount) for a in changes if a.amount is not None}
    bases = [
        e for u in near for e in u.quantities
        if e.dim.split("/", 1)[0] == money and e.bound is Bound.eq and not e.is_range and e.lo > 0 and id(e) not in amounts
    ]
    per_head = q.per is not None
    # a unit reached both as aligned and as a condition gives its prices once
    unique: dict[tuple[str, float], Quantity] = {}
    for base in bases:
        unique.setdefault((base.surface, base.lo), base)
    for change in changes:
        for base in unique.values():
            price = change.apply(base.lo)
            if per_head or group is None:
                if same_pence(price, q.lo):
                    # the group's size is a premise of the step (it meets the condition) though no factor
                    return f"{base.surface}, {change.said} = {q.surface}", (*_operands(base, change), *((group,) if group else ()))
            elif same_pence(price * group.lo, q.lo):
                return f"{group.surface} × ({base.surface}, {change.said}) = {q.surface}", (*_operands(base, change), group)
    return None


def _operands(base: Quantity, change: Adjustment) -> tuple[Quantity, ...]:
    return (base, change.amount) if change.amount is not None else (base,)


def _group_changes(unit: Slots, group: Quantity) -> list[Adjustment]:
    """The unit's changes when it states a band of group sizes that holds ``group``'s size."""
    for band in unit.quantities:
        if band.is_band and band.dim == "number" and _GROUP_BAND.search(unit.text[: band.start]) and inside(group.lo, band):
            return _changes(unit, after=band.end)
    return []


def adjustments_for_age(unit: Slots, age: float) -> list[Adjustment]:
    """The unit's changes when it states a band of ages that holds ``age`` years: "aged 8 to 15", a row under
    an "Age" header ("Age: 65 and over"), "Under-16s", "over-65s"."""
    for band in unit.quantities:
        if not band.is_band:
            continue
        if band.measure == "age" and inside(age * _YEAR_HOURS, band):
            return _changes(unit, after=band.end)
        if band.dim == "number" and _AGE_HEADER.search(unit.text[: band.start]) and inside(age, band):
            return _changes(unit, after=band.end)
    for m in _UNDER_OVER.finditer(unit.text):
        n = float(m.group("n"))
        if (age < n) if m.group("side").lower() == "under" else (age >= n):
            return _changes(unit, after=m.end())
    return []


def inside(value: float, band: Quantity) -> bool:
    """``value`` (in the band's base unit) lies in the band, by its bound."""
    return {
        Bound.eq: band.lo <= value <= band.hi, Bound.lt: value < band.hi, Bound.le: value <= band.hi,
        Bound.gt: value > band.lo, Bound.ge: value >= band.lo,
    }.get(band.bound, False)


def _changes(unit: Slots, after: int) -> list[Adjustment]:
    """The changes the unit says after its condition: "15% off", "£4 off per head", "£10 less", "half price",
    "free"."""
    found = []
    for e in unit.quantities:
        if e.start < after or e.is_range or e.bound is not Bound.eq:
            continue
        said = unit.text[e.start : e.end]
        if e.dim == "percent" and 0 < e.lo < 100 and (_OFF.match(unit.text[e.end :]) or DISCOUNT_OF.search(unit.text[: e.start])):
            found.append(Adjustment(1 - e.lo / 100, 0.0, e, f"less {said}"))
        elif e.dim.startswith("money:") and e.lo > 0 and _OFF.match(unit.text[e.end :]):
            found.append(Adjustment(1.0, e.lo, e, f"less {said}"))
    rest = unit.text[after:]
    if _HALF.search(rest):
        found.append(Adjustment(0.5, 0.0, None, "half price"))
    if _FREE.search(rest) and not found:
        found.append(Adjustment(0.0, 0.0, None, "free"))
    return found
