"""Inferences a careful reader draws from a unit that :func:`matching.one_step` does not cover.

``one_step`` combines two values of the same kind, or a value and a count. Three more forms
come up in correct answers and are just as mechanical:

- **A regimen's totals**: a dose given k times a day gives k x dose a day, and over a course
  of n days n x k x dose ("2 capsules three times a day for 7 days" = 42 capsules; "500 mg
  three times a day" = 1,500 mg a day). The dose, the frequency and the length must all sit in
  one unit (one table row or sentence): they are one regimen, not values picked from anywhere.
- **A span between two years**: "sank in 1921", "began in 1788" give a duration of 133 years.
- **A time shifted by a duration**: "closes at 22:00", "the pool closes 30 minutes before the
  centre" give 21:30.
- **A value compared with a limit**: "EUR 40 is within the EUR 50 limit", "8 months is past the
  6-month point", "a 3-year-old falls in the 2 to 4 years row": the claim's own value is its
  premise, the limit the evidence's; the comparison word between them is true or false by
  arithmetic (:func:`compared_with_limit`).

Each returns the step as text for ``FactVerdict.inference`` or None. Whether the claim may
rest on the step (does it say it combines values?) is the caller's question (step_licence.py).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from guard.facts.dates import DateSlot
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity

__all__ = [
    "compared_with_limit", "date_span", "day_length", "moved_date", "regimen_total", "repetitions", "shifted_date",
    "shifted_time", "side_of", "time_span", "year_span",
]

_DAY_HOURS = DURATION_HOURS["day"]
_MONTH_HOURS = DURATION_HOURS["month"]
_YEAR_HOURS = DURATION_HOURS["year"]


def _near(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=5e-3, abs_tol=1e-9)


def _plain(q: Quantity) -> bool:
    return q.bound is Bound.eq and not q.is_range


# "repeat 5 times": a bare number before "times" counts repetitions
_TIMES_AFTER = re.compile(r"\s*times\b", re.I)


def repetitions(e: Quantity, text: str) -> bool:
    """A bare number the unit writes before "times": how often something is done at a sitting, not a measure written
    without its unit ("Hold for 20 seconds and repeat 5 times")."""
    return e.dim == "number" and bool(_TIMES_AFTER.match(text, e.end))


def regimen_total(
    claim: Quantity, units: Sequence[Sequence[Quantity]], ceiling: bool = False,
    repeats: Sequence[Sequence[Quantity]] = (),
) -> str | None:
    """``claim`` as a daily or course total of one unit's dose, frequency and length; ``ceiling``: the claim
    gives the most there may be, so a frequency's upper bound counts ("1 g up to four times a day": at most 4 g
    a day)."""
    if not _plain_or_limit(claim) or claim.is_range:
        return None
    for n, values in enumerate(units):
        # "hold for 30 seconds, 3 times on each leg, twice a day": a dose done several times over at each sitting
        sittings = [(None, 1.0)] + [(r, r.lo) for r in (repeats[n] if n < len(repeats) else ()) if r.lo >= 2]
        doses = [e for e in values if e.dim == claim.dim and _plain(e) and e.period is None]
        # the count read out of a frequency ("three times a day": 3 per 24 hours)
        counts = [
            e for e in values
            if e.dim == "count:time" and e.period and (_plain(e) or (ceiling and e.bound is Bound.le and not e.is_range))
        ]
        lengths = [e for e in values if e.dim == "duration" and _plain(e) and e.lo >= _DAY_HOURS]
        for dose in doses:
            for count in counts:
                times = f"{count.lo * _DAY_HOURS / count.period:g} a day"
                for repeat, over in sittings:
                    per_day = dose.lo * over * count.lo * _DAY_HOURS / count.period
                    if per_day <= dose.lo:
                        continue  # once a day or less: the "total" is the dose restated
                    shown = f"{dose.surface} × {repeat.surface} times" if repeat else dose.surface
                    if _near(per_day, claim.lo):
                        return f"{shown} × {times} = {claim.surface} a day"
                    for length in lengths:
                        if _near(per_day * length.lo / _DAY_HOURS, claim.lo):
                            return f"{shown} × {times} × {length.surface} = {claim.surface}"
    return None


def _plain_or_limit(q: Quantity) -> bool:
    # "up to 42 capsules" for a course restates the total as a ceiling; "at least" does not
    return q.bound in (Bound.eq, Bound.le)


def year_span(claim: Quantity, dates: Sequence[DateSlot]) -> str | None:
    """``claim`` (a whole number of years) as the difference of two years the evidence gives."""
    if claim.dim != "duration" or not _plain(claim) or claim.scale != _YEAR_HOURS:
        return None
    years = sorted({d.year for d in dates if d.year is not None and d.minutes is None})
    target = claim.lo / _YEAR_HOURS
    for i, early in enumerate(years):
        for late in years[i + 1 :]:
            if _near(late - early, target):
                return f"{late} - {early} = {claim.surface}"
    return None


def shifted_time(claim: DateSlot, times: Sequence[DateSlot], durations: Sequence[Quantity]) -> str | None:
    """A claim time of day as a unit's time moved by a stated duration (22:00 - 30 minutes = 21:30)."""
    if claim.minutes is None:
        return None
    for time in times:
        if time.minutes is None:
            continue
        for duration in durations:
            if duration.dim != "duration" or not _plain(duration) or duration.lo >= _DAY_HOURS:
                continue
            shift = round(duration.lo * 60)
            if shift and (time.minutes - shift) % 1440 == claim.minutes:
                return f"{time.surface} - {duration.surface} = {claim.surface}"
            if shift and (time.minutes + shift) % 1440 == claim.minutes:
                return f"{time.surface} + {duration.surface} = {claim.surface}"
    return None


def shifted_date(
    claim: DateSlot, bases: Sequence[DateSlot], durations: Sequence[Quantity], sides: Sequence[int] = ()
) -> str | None:
    """A claim calendar date as a stated date moved by a stated duration: "2 years from the date of
    signature" (1 March 2024) = 1 March 2026, "at least 6 weeks before" 18 May = 6 April, "within 10
    working days" of Monday 2 March = 16 March (weekends skipped; public holidays are not known).

    The duration counts in the unit it is written in (days, weeks, months, years); a month or a
    year keeps the day of the month. A base without a year takes the claim's. ``sides`` gives each
    duration's side (-1 "before", +1 "after", 0 unsaid: either way); a range of days or weeks is a
    window on its side (none when unsaid), holding the claim's date when it falls inside.
    """
    if claim.minutes is not None or claim.day is None or claim.month is None:
        return None
    for base in bases:
        if base.minutes is not None or base.day is None or base.month is None:
            continue
        year = base.year or claim.year
        if year is None:
            continue
        for i, duration in enumerate(durations):
            if duration.dim != "duration" or duration.per is not None:
                continue
            if duration.is_range:
                window = _window(year, base, duration, claim, sides[i] if i < len(sides) else 0)
                if window:
                    return window
                continue
            side = sides[i] if i < len(sides) else 0
            for sign in (side,) if side else (1, -1):
                moved = moved_date(year, base, duration, sign)
                if moved is not None and _lands_on(moved, claim):
                    word = "+" if sign > 0 else "-"
                    return f"{base.surface} {word} {duration.surface} = {claim.surface}"
    return None


def _window(year: int, base: DateSlot, duration: Quantity, claim: DateSlot, side: int) -> str | None:
    """The claim's date inside the window a range of days or weeks opens before or after a date
    ("between 6 weeks and 14 days before" 18 May holds 20 April)."""
    from datetime import date

    try:
        start = date(year, base.month, base.day)
        day = date(claim.year or year, claim.month, claim.day)
    except ValueError:
        return None
    if not side or duration.hi >= 366 * _DAY_HOURS or duration.lo <= 0:
        return None  # no side said; months and years have no fixed length in days
    apart = (day - start).days
    if apart * side > 0 and duration.lo / _DAY_HOURS <= abs(apart) <= duration.hi / _DAY_HOURS:
        word = "after" if apart > 0 else "before"
        return f"{claim.surface} is {duration.surface} {word} {base.surface}"
    return None


_SIDE = re.compile(
    r"\s*(?:(before|prior\s+to|earlier\s+than)|(after|from|later\s+than))\b"
    r"(?:\s+(?:the|your|its|their|a|an))?"
    r"\s+([a-z]{3,})?",
    re.I,
)


def side_of(text: str, q: Quantity) -> tuple[int, str | None]:
    """(-1 when the words after ``q`` say "before", +1 "after", 0 neither; the event word that follows:
    "6 weeks before the symposium" is (-1, "symposium"))."""
    match = _SIDE.match(text, q.end)
    if match is None:
        return 0, None
    return (-1 if match.group(1) else 1), (match.group(3) or "").lower() or None


def moved_date(year: int, base: DateSlot, duration: Quantity, sign: int):
    """``base`` moved by ``duration`` (sign +1 later, -1 earlier), or None when it does not count."""
    from datetime import date, timedelta

    try:
        start = date(year, base.month, base.day)
    except ValueError:
        return None
    grain = {24.0: "day", 168.0: "week", _MONTH_HOURS: "month", _YEAR_HOURS: "year"}.get(duration.scale)
    count = duration.lo / duration.scale if duration.scale else 0.0
    if grain is None or count <= 0 or not _near(count, round(count)):
        return None
    n = round(count)
    if grain == "day" and re.search(r"\b(?:working|business)\b", duration.surface, re.I):
        moved, left = start, n
        while left:
            moved += timedelta(days=sign)
            left -= moved.weekday() < 5
        return moved
    if grain in ("day", "week"):
        return start + timedelta(days=sign * n * (7 if grain == "week" else 1))
    months = base.month - 1 + sign * n * (12 if grain == "year" else 1)
    try:
        return date(year + months // 12, months % 12 + 1, base.day)
    except ValueError:
        return None


def _lands_on(moved, claim: DateSlot) -> bool:
    if (moved.month, moved.day) != (claim.month, claim.day):
        return False
    if claim.year is not None and claim.year != moved.year:
        return False
    return claim.weekday is None or claim.weekday == moved.weekday()


def time_span(claim: Quantity, times: Sequence[DateSlot]) -> str | None:
    """``claim`` (a duration) as the time between two times of day written one after the other
    ("from 17:00 to 06:00" = 13 hours, across midnight; "leaves at 08:15 and returns at about 17:00"
    = 8 hours 45 minutes). A claim said as a round figure may be off by the rounding it allows."""
    hours = day_length(claim)
    if hours is None:
        return None
    clock = [t for t in times if t.minutes is not None]
    tolerance = 0.05 if claim.approx else 5e-3
    for early, late in zip(clock, clock[1:]):
        minutes = (late.minutes - early.minutes) % 1440
        if minutes and math.isclose(minutes / 60, hours, rel_tol=tolerance):
            return f"{early.surface} to {late.surface} = {claim.surface}"
    return None


# a length of time said per day or per part of one ("8.5 hours each night", "5.5 hours each weekday")
_DAY_PARTS = frozenset({"day", "night", "evening", "morning", "afternoon", "weekday"})


def day_length(q: Quantity) -> float | None:
    """``q`` in hours when it is one stretch of time within a day ("8.5 hours", "6 hours a day", "eight and a
    half hours each night"); None for a range, a bound, a rate per something else or a day or more."""
    if q.is_range or q.bound is not Bound.eq or q.lo >= _DAY_HOURS:
        return None
    if q.dim == "duration" and q.period in (None, _DAY_HOURS):
        return q.lo
    if q.dim == "duration/duration" and q.per == _DAY_HOURS:
        return q.lo * q.per  # "ten and a half hours a day": a rate per hour of the day
    kind = q.dim.removeprefix("duration/count:")
    return q.lo if kind != q.dim and kind in _DAY_PARTS and q.per == 1.0 else None


def equal_parts(claim: Quantity, units: Sequence[Sequence[Quantity]]) -> str | None:
    """``claim`` as the sum of two equal amounts stated apart ("26 weeks on full pay, followed by
    up to 26 weeks unpaid" = 52 weeks in total). ``one_step`` never adds a value to itself, since
    two readings of one number are not two amounts; two places in the evidence are."""
    if claim.is_range:
        return None
    seen: list[tuple[int, Quantity]] = []
    for i, values in enumerate(units):
        for e in values:
            if e.dim != claim.dim or e.is_range or e.period is not None:
                continue
            for j, other in seen:
                if (j != i or other.start != e.start) and _near(other.lo, e.lo) and _near(2 * e.lo, claim.lo):
                    return f"{other.surface} + {e.surface} = {claim.surface}"
            seen.append((i, e))
    return None


def daily_average(claim: Quantity, amounts: Sequence[Quantity], spans: Sequence[Quantity]) -> tuple[str, Quantity, Quantity] | None:
    """A per-day claim value as an amount spread over a number of days (37.5 hours over 5 days =
    7.5 hours a day), with the two operands: the caller holds the claim's own "over five days"
    as the premise of the step, not as a fact to find."""
    if claim.period != _DAY_HOURS or claim.is_range:
        return None
    for amount in amounts:
        if amount.dim != claim.dim or amount.is_range or amount is claim:
            continue
        for span in spans:
            days = span.lo / _DAY_HOURS
            if span.dim != "duration" or not _plain(span) or days < 2 or not _near(days, round(days)):
                continue
            if _near(amount.lo / days, claim.lo):
                return f"{amount.surface} ÷ {span.surface} = {claim.surface}", amount, span
    return None


def date_span(claim: Quantity, dates: Sequence[DateSlot]) -> str | None:
    """``claim`` (months, or weeks and days) as the time between two dates of one unit.

    Counted at the grain both dates are written to: "June 2026" and "19 December 2025" are six
    months apart (a month-only date has no day to count from); "3 March" and "17 March 2026" 14
    days. A claim said as a round figure ("about six months") may be off by the rounding it allows.
    """
    if claim.dim != "duration" or claim.is_range or claim.bound is not Bound.eq:
        return None
    dated = [d for d in dates if d.year is not None and d.month is not None and d.minutes is None]
    tolerance = 0.05 if claim.approx else 5e-3
    for i, a in enumerate(dated):
        for b in dated[i + 1 :]:
            early, late = sorted((a, b), key=lambda d: (d.year, d.month, d.day or 0))
            months = (late.year - early.year) * 12 + late.month - early.month
            if early.day is None or late.day is None:
                hours = months * _MONTH_HOURS
            else:
                from datetime import date

                hours = (date(late.year, late.month, late.day) - date(early.year, early.month, early.day)).days * _DAY_HOURS
            if hours > 0 and math.isclose(hours, claim.lo, rel_tol=tolerance):
                return f"{early.surface} to {late.surface} = {claim.surface}"
    return None


# "<value> is within the <limit>": a copula or a verb of position, then one comparison word, then at
# most a determiner. The copula is required: without it "2 days before the 14-day deadline" is a lead
# time, not a comparison. The words are English; another language adds its own.
_COMPARED = re.compile(
    r"^\s*(?:[a-z][\w-]*,?\s+){0,3}?,?\s*(?:(?:because|since|as|so)\s+)?(?:(?:which|that|this|it)\s+)?"
    r"(?:(?:is|are|was|were|falls?|fell|sits?|lies?|comes?|stays?|remains?)\s+"
    r"(?:(?:well|just|still|comfortably|safely|already|clearly|therefore|so)\s+)?(?P<op>under|below|beneath|"
    r"less\s+than|fewer\s+than|lower\s+than|shorter\s+than|smaller\s+than|within|inside|in|between|"
    r"no\s+more\s+than|not\s+more\s+than|at\s+most|not\s+over|not\s+above|before|earlier\s+than|short\s+of|"
    r"over|above|more\s+than|greater\s+than|higher\s+than|longer\s+than|larger\s+than|beyond|past|after|"
    r"later\s+than|at\s+least|no\s+less\s+than|not\s+less\s+than|outside)"
    r"|(?P<verb>exceeds|exceeded|exceeding|tops|breaks|breaches))"
    r"\s+(?:(?:the|your|its|their|our|his|her|a|an|this|that)\s+)?$",
    re.I,
)
_INSIDE = frozenset({"in", "inside", "between", "within"})
_BELOW = frozenset({"under", "below", "beneath", "less than", "fewer than", "lower than", "shorter than",
                    "smaller than", "before", "earlier than", "short of"})
_AT_MOST = frozenset({"within", "no more than", "not more than", "at most", "not over", "not above"})
_AT_LEAST = frozenset({"at least", "no less than", "not less than"})
# the rest (over, above, more than, past, after, exceeds...) say strictly above


def compared_with_limit(value: Quantity, limit: Quantity, between: str) -> tuple[bool, str] | None:
    """(whether it holds, the comparison as text) when ``between`` (the claim's words from ``value``
    to ``limit``) compares the two; None when it does not, when they measure different things, or
    when a strict comparison sits on the rounding between units (26 weeks against "6 months")."""
    m = _COMPARED.match(between)
    if m is None or value.dim != limit.dim or value.is_range or value.bound is not Bound.eq:
        return None
    if value.period != limit.period or value.per != limit.per:
        return None
    op = " ".join((m.group("op") or m.group("verb")).lower().split())
    v, lo, hi = value.lo, limit.lo, limit.hi
    if op in _INSIDE and limit.is_range:
        holds = lo <= v <= hi or _near(v, lo) or _near(v, hi)
    elif op == "outside" and limit.is_range:
        holds = (v < lo or v > hi) and not (_near(v, lo) or _near(v, hi))
    elif op in _INSIDE and op != "within" or op == "outside":
        return None  # "in the 6-month period": no range to be inside
    elif op in _AT_MOST:
        holds = v <= hi or _near(v, hi)
    elif op in _AT_LEAST:
        holds = v >= lo or _near(v, lo)
    elif _near(v, lo) or _near(v, hi):
        return None
    elif op in _BELOW:
        holds = v < lo
    else:
        holds = v > hi
    return holds, f"{value.surface} {op} {limit.surface}"
