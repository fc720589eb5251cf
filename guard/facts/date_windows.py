"""A claim's time or date as a moment inside a window the evidence states (issue 11).

Why: the date check (date_check.py) and the misbinding check (clauses.py) hold a claim date to the
dates of its unit, so a moment a claim places inside a window ("at 11am" against "from 10:00 to
16:00"; "on 1 March 2027" against "until 19 March 2027") read as a different date, and a true
claim was contradicted. A window is two times or dates joined by "to", "until", "and" or a dash, or
one after "after" / "from" (open above) or "before" / "until" / "by" (open below).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.dates import DateSlot

__all__ = ["moment_inside"]

# the words between two times or dates of one window ("10:00 to 16:00", "between 1 and 19 March")
_WINDOW_GAP = re.compile(r"^\s*(?:to|until|till|and|-|–|—)\s*$", re.I)
# a bound said before one time or date: "after 09:30" (from it on), "until 19 March 2027" (up to it)
_LOWER_BOUND = re.compile(r"\b(?:after|from)\s+$", re.I)
_UPPER_BOUND = re.compile(r"\b(?:before|until|till|by|up\s+to)\s+$", re.I)
# a claim that says where a window starts or ends states a bound, which a time inside it does not
# restate ("the club opens at 11am" against "from 10:00 to 16:00" is wrong); English
_BOUND_CLAIM = re.compile(
    r"\b(?:opens?|opening|closes?|closing|starts?|begins?|ends?|finish(?:es)?|from|until|till|between|"
    r"first|last|latest|earliest|deadline|cut-?off|before|after|by)\b",
    re.I,
)


def moment_inside(
    d: DateSlot, claim_text: str, claim_dates: Sequence[DateSlot], unit_text: str, unit_dates: Sequence[DateSlot]
) -> str | None:
    """How the claim's time or date ``d`` lies inside a window the unit states, or None.

    "Can use the club at 11am on a Tuesday" against "from 10:00 to 16:00 on weekdays"; "registering on
    1 March 2027" against "Early-bird (until 19 March 2027)": the unit's times are the window's ends,
    not values the claim's moment must equal. Only for a claim that names one moment of the kind and
    no bound of its own (a claim saying where a window starts or ends restates a bound)."""
    if _kind(d) == "other" or _BOUND_CLAIM.search(claim_text) or sum(_kind(o) == _kind(d) for o in claim_dates) != 1:
        return None
    ends = [e for e in unit_dates if _kind(e) == _kind(d)]
    for low, high, shown in _windows(unit_text, ends):
        if (low is None or _order(low, d) <= 0) and (high is None or _order(d, high) <= 0):
            return f"{d.surface} is within {shown}"
    return None


def _windows(text: str, ends: list[DateSlot]) -> list[tuple[DateSlot | None, DateSlot | None, str]]:
    """(start, end, as written) of each window ``text`` states over its times or dates, an open end None."""
    found: list[tuple[DateSlot | None, DateSlot | None, str]] = []
    for early, late in zip(ends, ends[1:]):
        if _WINDOW_GAP.match(text[early.end : late.start]) and _order(early, late) < 0:
            found.append((early, late, text[early.start : late.end]))
    paired = {id(x) for w in found for x in w[:2]}
    for e in ends:
        before = text[max(0, e.start - 12) : e.start]
        if id(e) in paired:
            continue  # "from 10:00 to 16:00": the start of a window read above, not a bound open above
        if _LOWER_BOUND.search(before):
            found.append((e, None, f"{before.split()[-1]} {e.surface}"))
        elif _UPPER_BOUND.search(before):
            found.append((None, e, f"{before.split()[-1]} {e.surface}"))
    return found


def _order(a: DateSlot, b: DateSlot) -> int:
    """-1, 0 or 1 as ``a`` is before, at or after ``b`` (times by minutes; dates by the parts both give)."""
    if a.minutes is not None and b.minutes is not None:
        x, y = (a.minutes,), (b.minutes,)
    else:
        both_years = a.year is not None and b.year is not None
        x = ((a.year,) if both_years else ()) + (a.month or 0, a.day or 0)
        y = ((b.year,) if both_years else ()) + (b.month or 0, b.day or 0)
    return (x > y) - (x < y)


def _kind(d: DateSlot) -> str:
    return "time" if d.minutes is not None else "date" if d.day is not None and d.month is not None else "other"


