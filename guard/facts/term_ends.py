"""The end of a term, and a day inside it, worked out from its start and its length.

Why: agreements, hires and leases give a start and a length in one sentence ("The hire starts on
Saturday 7 April 2057 and lasts 8 weeks", "The lease runs for 60 months from Tuesday 1 June 2055"),
and a right answer gives the end ("The 8-week hen hire runs until Saturday 2 June 2057", "The 60-month
lease runs until the end of May 2060", "The agreement's 12 months end on 28 February 2059") or a day
inside ("The mast lease is still running on Monday 1 June 2065"). Compared as a date it was "the evidence
gives 7 April 2057, not 2 June 2057". Here a claim that gives an end ("until", "ends", "over by") is
supported by inference when its date is the start moved by the length, or the day before (a term of 12
months from 1 March ends on the last day of February); a claim that something still holds on the day
("still", "in force", "running"), when its date falls inside the term. The start and the length must sit in
one unit, the only full date and the only length there: one term, not values picked from anywhere.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta

from guard.facts.dates import DateSlot, calendar_day
from guard.facts.inference import moved_date
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity
from guard.facts.slots import Slots

__all__ = ["within_term"]

_ENDS = re.compile(r"\b(?:until|till|ends?|ended|ending|finish(?:es|ed)?|expires?|over by|runs? out|last day)\b", re.I)
_HOLDS = re.compile(r"\b(?:still|in force|running|runs on into|valid|during|throughout)\b", re.I)
_GRAINS = {DURATION_HOURS[k] for k in ("day", "week", "month", "year")}


def within_term(d: DateSlot, claim: Slots, units: Sequence[Slots]) -> str | None:
    """The step, as text, when the claim's date ``d`` ends or falls inside a term a unit states by its start and
    its length; None otherwise."""
    if d.minutes is not None or d.month is None or d.year is None:
        return None
    ends, holds = bool(_ENDS.search(claim.text)), bool(_HOLDS.search(claim.text))
    if not (ends or holds):
        return None
    for unit in units:
        term = _term(unit)
        if term is None:
            continue
        start, length, first, last = term
        if ends and _is_end(d, last):
            return f"{start.surface} + {length.surface} ends on {last.isoformat()}: {d.surface}"
        if holds and _inside(d, first, last):
            return f"{d.surface} is inside {start.surface} + {length.surface} (to {last.isoformat()})"
    return None


def _term(unit: Slots) -> tuple[DateSlot, Quantity, date, date] | None:
    """(start, length, first day, last day) of the one term ``unit`` states, or None."""
    starts = [e for e in unit.dates if e.minutes is None and None not in (e.day, e.month, e.year)]
    lengths = [
        q for q in unit.quantities
        if q.dim == "duration" and q.per is None and not q.is_range and q.bound is Bound.eq and q.scale in _GRAINS
        and q.lo >= DURATION_HOURS["day"]
    ]
    if len(starts) != 1 or len(lengths) != 1:
        return None
    start, length = starts[0], lengths[0]
    first = calendar_day(start)
    moved = moved_date(start.year, start, length, 1) if first is not None else None
    if first is None or moved is None:
        return None
    return start, length, first, moved - timedelta(days=1)


def _is_end(d: DateSlot, last: date) -> bool:
    """``d`` is the term's last day or the day after it (the day a length moves the start to); a month alone,
    the month of the last day."""
    if d.day is None:
        return (d.year, d.month) == (last.year, last.month)
    day = _day(d)
    return day is not None and day in (last, last + timedelta(days=1))


def _inside(d: DateSlot, first: date, last: date) -> bool:
    if d.day is None:
        return (first.year, first.month) <= (d.year, d.month) <= (last.year, last.month)
    day = _day(d)
    return day is not None and first <= day <= last


def _day(d: DateSlot) -> date | None:
    """The calendar day ``d`` writes; None when the weekday it writes is not that day's."""
    day = calendar_day(d)
    return day if day is not None and d.weekday in (None, day.weekday()) else None
