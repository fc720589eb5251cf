"""A day a stated schedule holds: "There is a car boot sale on Sunday 11 July 2049" against "Every
Sunday from 4 April 2049 to 26 September 2049".

Why: opening days, sessions and events are written as a weekly or monthly pattern, often within a
season ("on Saturdays and Sundays from March to November", "on the first Thursday of each month",
"open from Monday to Thursday ... closed on Fridays and at weekends"). A right answer names one
day the pattern holds; no unit writes that date, so it was "no evidence gives the date" in every
held hard-case split that asked for one. Here a claim's calendar date is supported (by inference,
named) when a part of a unit near the claim holds it: the date's weekday is a day the part names
(or it is the part's nth weekday of its month), inside the part's season when it gives one, and no
part near the claim closes that day.

Read only when the claim says something happens or holds on its one calendar day: not an endpoint
("starts on", "until", "by"), not a first or last one (the pattern does not say which is first), not
a deadline ("paid in time"), not a denial, with the weekday it writes the calendar's, and with no
second day (a booking and its notice are tied to each other, which other checks read). A part is
read only when every month and date in it is a season bound this reader understands; a part with any
other date, month or ordinal is left alone, so the date stays flagged.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Sequence
from datetime import date

from guard.facts.dates import DateSlot, calendar_day, dates, weekday_index
from guard.facts.hours import date_spans
from guard.facts.slots import Slots, all_stems, stem
from guard.facts.types import EvidenceUnit, UnitKind

__all__ = ["on_schedule", "topical", "topical_pairs"]

_DAY = r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*"
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# the days a schedule names: "Monday to Thursday", "Saturdays", "Wednesday evenings", "every Saturday and
# Sunday", "weekdays", "every day"; a weekday alone ("the Sunday car boot sale", "two days, Saturday and
# Sunday") names one occasion, not a pattern
_DAY_RANGE = re.compile(rf"\b({_WEEKDAY})s?\s*(?:to|-|–|until|through)\s*({_WEEKDAY})s?\b", re.I)
_PLURAL_DAY = re.compile(rf"\b({_WEEKDAY})(?:s\b|\s+(?:mornings|afternoons|evenings|nights)\b)", re.I)
_EVERY_DAY = re.compile(rf"\b(?:every|each)\s+({_WEEKDAY}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+){_WEEKDAY})*)\b", re.I)
_DAY_WORDS = (
    (re.compile(r"\bweekdays?\b", re.I), frozenset(range(5))),
    (re.compile(r"\b(?:at\s+)?weekends?\b", re.I), frozenset({5, 6})),
    (re.compile(r"\b(?:every day|daily|7 days a week|seven days a week|all week)\b", re.I), frozenset(range(7))),
)
_MONTH_NAMES = [m.lower() for m in calendar.month_name[1:]]
_MONTH = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
_NTH = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1}
_ORDINAL = rf"(first|second|third|fourth|last)\s+({_DAY})"
# "the first Thursday of each month", "the last Wednesday of the month"
_NTH_EACH = re.compile(rf"\b{_ORDINAL}\s+(?:of|in)\s+(?:each|every|the)\s+month\b", re.I)
# "the first Sunday of October"
_NTH_OF = re.compile(rf"\b{_ORDINAL}\s+(?:of|in)\s+({_MONTH})\b", re.I)
# a season bounded by two nth weekdays: "from the first Saturday in April to the last Sunday in October"
_NTH_SPAN = re.compile(
    rf"\bfrom\s+the\s+{_ORDINAL}\s+(?:of|in)\s+({_MONTH})\s+(?:to|until|till|through)\s+the\s+{_ORDINAL}\s+"
    rf"(?:of|in)\s+({_MONTH})\b",
    re.I,
)
# "from March to November", "from October to March only"
_MONTH_SPAN = re.compile(rf"\bfrom\s+({_MONTH})\s+(?:to|until|till|through)\s+({_MONTH})\b", re.I)
# "in August", "in September and October", "in June, July and August"
_MONTHS_IN = re.compile(rf"\b(?:in|during)\s+({_MONTH}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+){_MONTH})*)\b", re.I)
_ANY_MONTH = re.compile(rf"\b{_MONTH}\b", re.I)
_ANY_ORDINAL = re.compile(r"\b(?:first|second|third|fourth|fifth|last|next|other|alternate)\b", re.I)
# where a unit's parts end: sentences, table cells, questions, and ", and" before another part
_PARTS = re.compile(r";|[.?!]\s|\||\n|,\s*(?:and|but)\s+", re.I)
# the days after it in a part are days something does not happen
_CLOSED = re.compile(r"\b(?:closed|no|not|never|except|apart from|other than|n't)\b", re.I)
# the claim does not say the thing happens on the day
_CLAIM_DENIES = re.compile(r"\b(?:no|not|never|closed|cannot|can't|won't|isn't|aren't|doesn't|don't|n't)\b", re.I)
_CLAIM_ENDS = re.compile(
    r"\b(?:first|last|final|next|previous|starts?|started|begins?|began|ends?|ended|opens|closes|until|till|from|by|"
    r"before|after|since|in time|on time|deadline|late|early|week of)\b",
    re.I,
)

# words a claim and a schedule share without being about one thing
_CALENDAR = frozenset(
    stem(w) for w in [*_MONTH_NAMES, *(d.lower() for d in calendar.day_name), *(f"{d.lower()}s" for d in calendar.day_name)]
    + ["day", "days", "week", "weeks", "weekday", "weekdays", "weekend", "weekends", "month", "months", "year", "years"]
)

DayTest = Callable[[date], bool]


def on_schedule(d: DateSlot, claim: Slots, units: Sequence[Slots]) -> str | None:
    """Why the claim's date ``d`` is a day a schedule of ``units`` (about the claim: aligned to it, or
    :func:`topical`) holds ("11 July 2049 falls on a day of 'Every Sunday from 4 April 2049 to 26
    September 2049'"), or None."""
    if _CLAIM_DENIES.search(claim.text) or _CLAIM_ENDS.search(claim.text):
        return None
    if d.day is None and d.minutes is None and d.year is not None:
        return _framing(d, claim, units)
    if sum(o.day is not None for o in claim.dates) > 1:
        return None  # two days of one claim are tied to each other (a booking and its notice), not to a schedule
    day = _claim_day(d, claim)
    if day is None:
        return None
    held = None
    for unit in units:
        for text, closed in _parts(unit.text):
            test = _part_test(text, day.year)
            if test is None or not test(day):
                continue
            if closed:
                return None
            held = held or f"{d.surface} falls on a day of \"{text.strip()}\""
    return held


def topical(claim: Slots, near: Sequence[tuple[EvidenceUnit, Slots]], units: Sequence[EvidenceUnit]) -> list[Slots]:
    """The near units about what the claim is about: sharing a word with it, or under a heading or question
    that does ("When do guided walks run?" over "On Saturdays and Sundays ..."); a schedule of anything
    else ("Delivery: ... from Monday to Friday") says nothing of the claim's day."""
    return [slots for _, slots, _ in topical_pairs(claim, near, units)]


def topical_pairs(
    claim: Slots, near: Sequence[tuple[EvidenceUnit, Slots]], units: Sequence[EvidenceUnit]
) -> list[tuple[EvidenceUnit, Slots, str]]:
    """:func:`topical`, each unit with its slots and the heading or question over it ("" for none)."""
    leads = {}
    for unit in sorted(units, key=lambda u: (u.passage_id, u.index)):
        leads[(unit.passage_id, unit.index)] = leads.get((unit.passage_id, unit.index - 1), "")
        if unit.kind is UnitKind.heading or unit.text.rstrip().endswith("?"):
            leads[(unit.passage_id, unit.index)] = unit.text
    about = []
    for unit, slots in near:
        lead = leads.get((unit.passage_id, unit.index - 1), "") if unit.kind is not UnitKind.heading else ""
        if (claim.content & (slots.content | all_stems(lead))) - _CALENDAR:
            about.append((unit, slots, lead))
    return about


def _framing(frame: DateSlot, claim: Slots, units: Sequence[Slots]) -> str | None:
    """A year or month the claim sets its scheduled day in ("In March 2035, tournament night falls on
    Thursday 1 March"): held when that day is in it and on the schedule."""
    for d in claim.dates:
        day = _claim_day(d, claim) if d.day is not None else None
        if day is None or day.year != frame.year or frame.month not in (None, day.month):
            continue
        if on_schedule(d, claim, units):
            return f"{d.surface} is in {frame.surface}"
    return None


def _claim_day(d: DateSlot, claim: Slots) -> date | None:
    """The calendar day of ``d``, its year from the claim's only year when it writes none ("In 2037
    ... on the 4th of October"); None without one, or when the weekday it writes is not the calendar's."""
    if d.day is None or d.month is None or d.minutes is not None:
        return None
    years = {o.year for o in claim.dates if o.year is not None}
    day = calendar_day(d, years.pop() if len(years) == 1 else None)
    if day is None:
        return None
    return None if d.weekday is not None and d.weekday != day.weekday() else day


def _parts(text: str) -> list[tuple[str, bool]]:
    """The unit's parts, each as (text, whether it names days something does not happen): a part
    with a closing word is split there, the days before it open and the days after it closed."""
    found = []
    for part in _PARTS.split(text):
        cue = _CLOSED.search(part)
        if cue is None:
            found.append((part, False))
        else:
            found += [(part[: cue.start()], False), (part[cue.start() :], True)]
    return found


def _part_test(text: str, year: int) -> DayTest | None:
    """The days one part of a unit holds in ``year`` (and the next, for a season that turns the
    year), or None when the part names no days or holds a date or month this reader cannot place."""
    season, rest = _season(text, year)
    if season is False:
        return None
    days, rest = _days(rest)
    if days is None or _ANY_MONTH.search(rest) or _ANY_ORDINAL.search(rest) or _has_date(rest):
        return None
    if season is None:
        return days
    return lambda day: days(day) and season(day)


def _days(text: str) -> tuple[DayTest | None, str]:
    """The weekday pattern of ``text`` (nth weekdays of a month, else the days it names) and the text left."""
    for pattern in (_NTH_EACH, _NTH_OF):
        m = pattern.search(text)
        if m is not None:
            n, weekday = _NTH[m.group(1).lower()], weekday_index(m.group(2))
            month = _month(m.group(3)) if pattern is _NTH_OF else None
            if weekday is None:
                return None, text
            rest = text[: m.start()] + text[m.end() :]
            return (lambda day: (month is None or day.month == month) and _is_nth(day, n, weekday)), rest
    named, rest = _named_days(text)
    if not named:
        return None, text
    return (lambda day: day.weekday() in named), rest


def _named_days(text: str) -> tuple[set[int], str]:
    """The weekdays ``text`` names as a pattern, and the text without them."""
    named: set[int] = set()
    for m in _DAY_RANGE.finditer(text):
        a, b = weekday_index(m.group(1)), weekday_index(m.group(2))
        if a is not None and b is not None:
            named |= {(a + k) % 7 for k in range((b - a) % 7 + 1)}
    text = _DAY_RANGE.sub(" ", text)
    for pattern in (_EVERY_DAY, _PLURAL_DAY):
        for m in pattern.finditer(text):
            named |= {i for w in re.findall(_WEEKDAY, m.group(1), re.I) if (i := weekday_index(w)) is not None}
        text = pattern.sub(" ", text)
    for pattern, days in _DAY_WORDS:
        if pattern.search(text):
            named |= days
            text = pattern.sub(" ", text)
    return named, text


def _season(text: str, year: int) -> tuple[DayTest | None | bool, str]:
    """The season of ``text`` as a test of days and the text left; None without one, False when its
    dates cannot be placed."""
    m = _NTH_SPAN.search(text)
    if m is not None:
        first = _nth_day(year, _month(m.group(3)), _NTH[m.group(1).lower()], weekday_index(m.group(2)))
        last = _nth_day(year, _month(m.group(6)), _NTH[m.group(4).lower()], weekday_index(m.group(5)))
        if first is None or last is None or last < first:
            return False, text
        return (lambda day: first <= day <= last), _cut(text, m)
    span = _date_span(text, year)
    if span is not None:
        if span is False:
            return False, text
        first, last, rest = span
        return (lambda day: first <= day <= last), rest
    m = _MONTH_SPAN.search(text)
    if m is not None:
        a, b = _month(m.group(1)), _month(m.group(2))
        months = {(a - 1 + k) % 12 + 1 for k in range((b - a) % 12 + 1)}
        return (lambda day: day.month in months), _cut(text, m)
    m = _MONTHS_IN.search(text)
    if m is not None:
        months = {_month(name) for name in _ANY_MONTH.findall(m.group(1))}
        return (lambda day: day.month in months), _cut(text, m)
    return None, text


def _date_span(text: str, year: int) -> tuple[date, date, str] | bool | None:
    """Two calendar dates ``text`` writes as a span, as days, and the text without them."""
    for first, second in date_spans(text, dates(text))[:1]:
        start = calendar_day(first, second.year or year)
        end = calendar_day(second, start.year) if start is not None else None
        if start is None or end is None or end < start:
            return False
        return start, end, text[: first.start] + " " + text[second.end :]
    return None


def _has_date(text: str) -> bool:
    return any(e.minutes is None for e in dates(text))


def _cut(text: str, m: re.Match[str]) -> str:
    return text[: m.start()] + " " + text[m.end() :]


def _month(name: str) -> int:
    return _MONTH_NAMES.index(name.lower()) + 1


def _is_nth(day: date, n: int, weekday: int) -> bool:
    return _nth_day(day.year, day.month, n, weekday) == day


def _nth_day(year: int, month: int, n: int, weekday: int | None) -> date | None:
    """The nth (or, for -1, the last) ``weekday`` of a month."""
    if weekday is None:
        return None
    days = [date(year, month, k) for k in range(1, calendar.monthrange(year, month)[1] + 1)]
    matching = [day for day in days if day.weekday() == weekday]
    return matching[n - 1] if n > 0 else matching[-1]
