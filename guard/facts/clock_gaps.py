"""The hours between a time of day the claim gives and one the evidence gives: "A Mallowby patient has gone 8 hours
without food by the 08:00 start" against "Have nothing to eat from midnight".

Why: a fasting or waiting time is written as the clock time it starts (the evidence's "after midnight", "breakfast
by 6:15 am") and the clock time it runs to (the claim's own appointment, "the 14:00 start"), and the claim states the
hours between them. inference.time_span reads two times written one after the other in one unit; here one end is
the claim's premise and the other the evidence's, or both are the claim's ("between a last meal at 01:30 and
arriving at 07:45, ... more than 6 hours"). The claim's time is the end of the stretch unless the duration is said to
come "after" it. A bounded claim ("at least 6 hours") holds when the stretch meets the bound and its number is the
stretch's whole hours, not any smaller figure the stretch also passes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots

__all__ = ["clock_gap"]

_DAY_MINUTES = 1440
_NAMED_TIMES = ((re.compile(r"\bmidnight\b", re.I), 0, "midnight"), (re.compile(r"\b(?:noon|midday)\b", re.I), 720, "noon"))
_AFTER = re.compile(r"\s*(?:\w+\s+){0,2}?(?:after|later)\b", re.I)
# how far past a bounded claim's number the stretch may run: "at least 6 hours" for 6 hours 15 minutes, not for 11
_BOUND_SLACK_HOURS = 1.0


def clock_gap(q: Quantity, claim: Slots, near: Sequence[Slots], everywhere: Sequence[Slots] = ()) -> str | None:
    """The step "<start> to <end> = <hours>" when ``q`` is the stretch between the claim's time of day and one
    the evidence (or the claim) gives, else None: a time of the near units, or one anywhere in the document that
    opens or closes a stretch ("nothing to eat from midnight", "do not eat after 08:00", "breakfast by 6:15 am";
    the rule on fasting is seldom the unit that names the appointment)."""
    if q.dim != "duration" or q.is_range or q.per is not None or q.period is not None or not 0 < q.lo < 24:
        return None
    mine = [(d.minutes, d.surface.strip(" .")) for d in claim.dates if d.minutes is not None]
    if not mine:
        return None
    if len(mine) >= 2:
        pairs = [(mine[0], mine[-1])]
    else:
        theirs = [(d.minutes, d.surface.strip(" .")) for s in near for d in s.dates if d.minutes is not None]
        theirs += [(minutes, name) for s in near for pattern, minutes, name in _NAMED_TIMES if pattern.search(s.text)]
        theirs += [t for s in everywhere for t in _stretch_ends(s)]
        after = _AFTER.match(claim.text, q.end) is not None
        pairs = [(mine[0], t) if after else (t, mine[0]) for t in theirs]
    for (start, start_text), (end, end_text) in pairs:
        hours = (end - start) % _DAY_MINUTES / 60
        if hours and _meets(q, hours):
            return f"{start_text} to {end_text} = {hours:g} hours, {q.shown}"
    return None


# the words before a time of day that make it an end of a stretch
_STRETCH_END = re.compile(r"\b(?:after|from|until|till|by|before|no later than)\s+(?:\w+\s+){0,1}$", re.I)


def _stretch_ends(slots: Slots) -> list[tuple[int, str]]:
    """The unit's times of day said as the start or end of a stretch ("after midnight", "by 6:15 am")."""
    found = [(d.minutes, d.surface.strip(" .")) for d in slots.dates if d.minutes is not None and _STRETCH_END.search(slots.text[: d.start])]
    for pattern, minutes, name in _NAMED_TIMES:
        found += [(minutes, name) for m in pattern.finditer(slots.text) if _STRETCH_END.search(slots.text[: m.start()])]
    return found


def _meets(q: Quantity, hours: float) -> bool:
    if q.bound is Bound.eq:
        return math.isclose(hours, q.lo, rel_tol=0.05 if q.approx else 5e-3)
    if q.bound in (Bound.ge, Bound.gt):
        inside = hours > q.lo if q.bound is Bound.gt else hours >= q.lo - 1e-9
        return inside and hours - q.lo < _BOUND_SLACK_HOURS
    inside = hours < q.hi if q.bound is Bound.lt else hours <= q.hi + 1e-9
    return inside and q.hi - hours < _BOUND_SLACK_HOURS
