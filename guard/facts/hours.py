"""A moment inside stated hours, a day inside a stated period: a claim's time of day on a day the unit's
hours cover, or its calendar date between the two dates of a span.

Why: opening hours, charging hours and access hours are written as spans ("Monday to Friday, 08:00
to 18:00", "from 10:00 to 16:00 on weekdays", "06:00-22:00 every day"). A right answer asks about a
moment inside them ("a member can use a hot desk at 17:30 on a Wednesday"): its time is in no unit,
so compared as a date it was "the evidence gives 08:00, not 17:30" or "no evidence gives 17:30",
on six open splits of the hard-case set. Here the time is supported when it falls inside a span of
an aligned unit and the day the claim names (if any) is a day that span's part of the unit covers.

Left to the other checks: a time the claim gives as an endpoint ("opens at 07:00", "until 18:00"),
a span with one end only ("until 12:00 at weekends"), and a day the span's part of the unit does not
name while another part names days (then the span's days are unknown).

A claim that asks whether a moment is allowed or inside hours ("A digger may be working at the pond at 17:15 on a
Wednesday", "A visit starting at 21:30 is within the visiting hours") is answered by :func:`hours_holding` from any
unit of the document about it, not only the aligned ones; its "starting at" names the moment tested where it tests
it against the hours ("within", "fits"). A table row of hours is read only when the claim names its key, a part of a
unit giving hours part by part only when the claim names what only that part writes, and each of several spans in
one part holds the days written with it.

A one-sided bound ("only after 17:00 on weekdays", "until 16:30") leaves the hours on its side, read as a span whose
open end stands at the bound (:func:`bound_spans`); and the hours a unit's spans add up to in a day or a week give a
claim's total of hours (:func:`open_hours`: "Monday to Friday, 09:00 to 17:00" = 40 hours a week).

Periods are read the same way (:func:`inside_stated_period`): seasons, tenancies, sponsorships and
academic years are written as spans of two dates ("The grazing season runs from Saturday 1 May 2049
to Sunday 31 October 2049"), and a right answer asks about a day inside them ("the cattle may still
be grazing Long Meadow on Saturday 30 October 2049"). Compared as a date it was "the evidence gives
1 May 2049, not 30 October 2049". Only a claim that something holds on the day ("still", "can", "may")
is read so; left to the other checks: a date the claim gives as an endpoint ("ends on", "from", "by"),
a day something happens ("signs the agreement on"), a weekday the calendar does not give that date, a
period with one end only.
"""

from __future__ import annotations

import calendar
import math
import re
from collections.abc import Sequence

from guard.facts.dates import DateSlot, calendar_day, weekday_index, weekday_of
from guard.facts.inference import day_length
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity
from guard.facts.slots import Slots, all_stems, stem

__all__ = [
    "bound_spans", "clock_spans", "date_spans", "hours_holding", "hours_of_other_days", "inside_stated_hours",
    "inside_stated_period", "joined_spans", "open_hours",
]

_DAY = r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*"
_DAY_RANGE = re.compile(rf"\b({_DAY})\s*(?:to|-|–|until|through)\s*({_DAY})\b", re.I)
_DAY_WORDS = (
    (re.compile(r"\bweekdays?\b", re.I), {0, 1, 2, 3, 4}),
    (re.compile(r"\bweekends?\b", re.I), {5, 6}),
    (re.compile(r"\b(?:every day|daily|7 days|seven days|all week)\b", re.I), set(range(7))),
)
_ONE_DAY = re.compile(rf"\b({_DAY})s?\b", re.I)
# two times written as a span: "08:00 to 18:00", "from 10:00 until 16:00", "between 8 am and 6 pm", "06:00-22:00"
_SPAN_JOIN = re.compile(r"^\s*(?:to|until|till|-|–|—|and)\s*$", re.I)
# the claim's time is an endpoint it asserts, not a moment inside: "opens at 07:00", "from 10:00", "until 18:00"
_ENDPOINT_BEFORE = re.compile(
    r"\b(?:open(?:s|ed|ing)?|clos(?:e|es|ed|ing)|start(?:s|ed|ing)?|begin(?:s|ning)?|began|end(?:s|ed|ing)?|"
    r"finish(?:es|ed|ing)?|from|until|till|between|by|before|after|earliest|latest|last|first|runs?|"
    r"leav(?:e|es|ing)|depart(?:s|ing)?|arriv(?:e|es|ing)|stops?)\s+(?:at\s+)?(?:about\s+)?$",
    re.I,
)
_PART_BREAK = re.compile(r";|\.\s|\|")
_BETWEEN = re.compile(r"\bbetween\s+$", re.I)


def _days_named(text: str) -> set[int] | None:
    """The days a stretch of text names, or None when it names none."""
    days: set[int] = set()
    for m in _DAY_RANGE.finditer(text):
        a, b = weekday_index(m.group(1)), weekday_index(m.group(2))
        if a is not None and b is not None:
            days |= {(a + k) % 7 for k in range((b - a) % 7 + 1)}
    for pattern, named in _DAY_WORDS:
        if pattern.search(text):
            days |= named
    for m in _ONE_DAY.finditer(_DAY_RANGE.sub(" ", text)):
        i = weekday_index(m.group(1))
        if i is not None:
            days.add(i)
    return days or None


def inside_stated_hours(
    d: DateSlot, claim_text: str, unit_text: str, unit_dates: Sequence[DateSlot], claim_dates: Sequence[DateSlot] = ()
) -> bool:
    """``d`` is a moment the claim asks about inside a span of hours ``unit_text`` states, on a day
    that span's part of the unit covers; ``claim_dates``: the claim's times, so that a span it asks about
    ("a sit from 18:00 to 21:00 fits the hours") is held whole by one span of the unit."""
    if not d.is_time_of_day:
        return False
    if _ENDPOINT_BEFORE.search(claim_text[max(0, d.start - 30) : d.start]) and not _asks(d, claim_text, claim_dates):
        return False
    spans = clock_spans(unit_text, unit_dates)
    if not spans or not _row_named(unit_text, claim_text):  # no span (most units): the day words need not be read
        return False
    return _holding_span(d, claim_text, claim_dates, unit_text, spans) is not None


def hours_holding(d: DateSlot, claim: Slots, units: Sequence[Slots]) -> str | None:
    """The step, as text, when ``d`` is a moment the claim asks about ("may", "can", "within") inside the
    hours a unit about the claim states ("17:15 is between 14:00 and 18:00"); ``units``: the slots of the units
    that may state them (the aligned ones, and those of the document about the claim). A table row counts only when the claim names its key ("Off-peak (weekdays 07:00
    to 17:00)" for "the off-peak rate", never the "Peak" row for it), and a unit only when it shares a word
    with the claim beyond words of time (the heading over it does not make the cranes' hours a delivery's)."""
    if not d.is_time_of_day or not _asks(d, claim.text, claim.dates):
        return None
    for unit in units:
        text = unit.text
        if not (claim.content & unit.content) - _TIME_WORDS or not _row_named(text, claim.text):
            continue
        # a bound is about the claim's act when its sentence shares a word with the claim ("You may drink water
        # until 07:00" leaves no hour for breakfast)
        bounds = [b for b in bound_spans(text, unit.dates) if (_sentence_stems(text, b) & claim.content) - _TIME_WORDS]
        held = _holding_span(d, claim.text, claim.dates, text, clock_spans(text, unit.dates) + bounds)
        if held is not None:
            first, second = held
            if any(first is start for start, _ in bounds):
                side, limit = ("before", second) if first.minutes == 0 else ("after", first)
                return f"{d.surface} is {side} {limit.surface} (\"{text.strip()}\")"
            return f"{d.surface} is between {first.surface} and {second.surface} (\"{text.strip()}\")"
    return None


def bound_spans(text: str, found: Sequence[DateSlot]) -> list[tuple[DateSlot, DateSlot]]:
    """The hours a one-sided time bound leaves ("only after 17:00 on weekdays": 17:01 to 23:59; "before 15:00":
    00:00 to 14:59; "by 11:00": to 11:00), as spans whose open end stands at the bound; a bound under a denial
    ("may not arrive before 11:00", "no bonfires after 20:00") leaves the other side, and is left out."""
    spanned = {id(t) for span in clock_spans(text, found) for t in span}
    spans = []
    for t in found:
        if not t.is_time_of_day or t.minutes is None or id(t) in spanned:
            continue
        before = text[max(0, t.start - _BOUND_REACH) : t.start]
        clause = _CLAUSE_BREAK.split(before)[-1]
        if _DENIAL.search(clause):
            continue
        upper, lower = _UPPER.search(before), _LOWER.search(before)
        if upper:
            end = t.minutes - 1 if upper.group(1).lower() == "before" else t.minutes
            spans.append((t.model_copy(update={"minutes": 0}), t.model_copy(update={"minutes": end})))
        elif lower:
            start = t.minutes + 1 if lower.group(1).lower() == "after" else t.minutes
            spans.append((t.model_copy(update={"minutes": start}), t.model_copy(update={"minutes": 1439})))
    return spans


def _sentence_stems(text: str, span: tuple[DateSlot, DateSlot]) -> frozenset[str]:
    at = span[0].start
    start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, at)), default=0)
    end = next((m.start() for m in _SENTENCE_END.finditer(text, at)), len(text))
    return all_stems(text[start:end])


_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\|")
_BOUND_REACH = 60  # characters before a bound's time in which its words and a denial of it are read
_UPPER = re.compile(r"\b(before|by|until|till|no\s+later\s+than)\s+(?:about\s+)?$", re.I)
_LOWER = re.compile(r"\b(after|from|no\s+earlier\s+than)\s+(?:about\s+)?$", re.I)
_CLAUSE_BREAK = re.compile(r"[.;:!?]|\b(?:and|but|or)\b", re.I)
_DENIAL = re.compile(r"\b(?:not|never|no|nor|cannot)\b|n[’']t\b", re.I)


def _row_named(text: str, claim_text: str) -> bool:
    """A unit that is no table row, or a row whose key cell's words (times and days aside) the claim all writes."""
    if " | " not in text:
        return True
    key = text.split(" | ", 1)[0].split(":", 1)[-1]
    said = set(_WORD.findall(claim_text.lower()))
    return all(w in said for w in _WORD.findall(key.lower()) if not _DAY_MENTION.fullmatch(w) and w not in _JOINS)


_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")
_JOINS = frozenset({"to", "and", "or", "from", "until", "till", "between", "the", "a", "an", "of", "at", "on", "am", "pm"})
# words of time a claim and a unit of hours share whatever they are about
_TIME_WORDS = frozenset(
    stem(w) for w in [
        *(d.lower() for d in calendar.day_name), *(f"{d.lower()}s" for d in calendar.day_name),
        "hour", "hours", "time", "times", "minute", "minutes", "day", "days", "week", "weeks", "weekday", "weekdays",
        "weekend", "weekends", "open", "opening", "between", "from", "until",
    ]
)


def _holding_span(
    d: DateSlot, claim_text: str, claim_dates: Sequence[DateSlot], unit_text: str, spans: Sequence[tuple[DateSlot, DateSlot]]
) -> tuple[DateSlot, DateSlot] | None:
    """The span of ``spans`` (the unit's) holding ``d`` (with the claim's span it ends, when the claim asks
    about one) on the days the claim names."""
    moments = _asked_span(d, claim_text, claim_dates) if _ASKED.search(claim_text) else (d,)
    claim_days = _days_named(claim_text)
    unit_names_days = _days_named(unit_text) is not None
    # the spans the unit writes, not every two neighbouring times: the break between "14:00 to 16:00 and
    # 18:00 to 20:00" is no span
    for first, second in spans:
        if not all(_between(m.minutes, first.minutes, second.minutes) for m in moments):
            continue
        if not _part_named(unit_text, spans, first, claim_text):
            continue
        if claim_days is None or not unit_names_days:
            return first, second
        span_days = _span_days(unit_text, spans, first)
        if span_days is not None and claim_days <= span_days:
            return first, second
    return None


# a claim that asks whether a moment is allowed or inside stated hours ("a digger may be working at 17:15",
# "a visit starting at 21:30 is within the visiting hours"): its "start" or "arriving" names the moment tested,
# not an endpoint of the hours it asserts ("the clinic opens at 08:00")
_ASKED = re.compile(r"\b(?:can|could|may|might|within|inside|fits?|allowed|permitted)\b", re.I)


def _asks(d: DateSlot, claim_text: str, claim_dates: Sequence[DateSlot]) -> bool:
    """The claim asks whether ``d`` is allowed or inside hours: it says so ("may", "within", ...) and its verb
    before ``d``, if any, names the moment tested ("may start up at", "a runner starting at", a span "from 18:00 to
    21:00" it asks about), not an endpoint it asserts ("core hours only begin at 15:00")."""
    if not _ASKED.search(claim_text):
        return False
    before = claim_text[max(0, d.start - 30) : d.start]
    if not _ENDPOINT_BEFORE.search(before):
        return True
    # an endpoint verb names the moment only where the claim tests it against the hours ("is within", "fits"):
    # "you can start at 11:00" against core hours of 10:00 to 15:00 is no moment inside them
    if not _WITHIN.search(claim_text):
        return False
    return bool(_TESTED_VERB.search(before)) or len(_asked_span(d, claim_text, claim_dates)) == 2


# "a runner starting at", "Arriving at"
_TESTED_VERB = re.compile(r"\b\w+ing\s+(?:at\s+)?(?:about\s+)?$", re.I)
_WITHIN = re.compile(r"\b(?:within|inside|fits?)\b", re.I)


def _asked_span(d: DateSlot, claim_text: str, claim_dates: Sequence[DateSlot]) -> tuple[DateSlot, ...]:
    """The claim's span of hours ``d`` begins or ends ("from 18:00 to 21:00"), else ``d`` alone."""
    for a, b in clock_spans(claim_text, claim_dates):
        if d.start in (a.start, b.start):
            return a, b
    return (d,)


def _part_named(text: str, spans: Sequence[tuple[DateSlot, DateSlot]], begin: DateSlot, claim_text: str) -> bool:
    """Where a unit gives hours part by part ("Long route 6:30 to 7:30 am; Medium route 7:30 to 8:30 am"), the
    part of ``begin``'s span is about what the claim names: a word only that part writes is the claim's too."""
    cuts = [0, *(m.end() for m in _PART_BREAK.finditer(text)), len(text)]
    parts = {max(c for c in cuts if c <= a.start) for a, _ in spans}
    if len(parts) < 2:
        return True
    def words(start: int) -> frozenset[str]:
        end = min(c for c in cuts if c > start)
        return all_stems(text[start:end]) - _TIME_WORDS
    own = max(c for c in cuts if c <= begin.start)
    distinct = words(own).difference(*(words(p) for p in parts if p != own))
    return not distinct or bool(distinct & all_stems(claim_text))


def _between(minutes: int | None, lo: int | None, hi: int | None) -> bool:
    if minutes is None or lo is None or hi is None:
        return False
    return lo <= minutes <= hi if lo <= hi else (minutes >= lo or minutes <= hi)


def _span_days(text: str, spans: Sequence[tuple[DateSlot, DateSlot]], begin: DateSlot) -> set[int] | None:
    """The days ``span`` of ``text`` holds: those its part of the text names; where the part writes several
    spans, the days written with this one ("Peak (weekdays 17:00 to 22:00, weekends 08:00 to 20:00)" gives
    the weekends to the second span only; "between 07:30 and 18:00 on weekdays and between 08:00 and 13:00
    on Saturdays" the Saturdays), a day the part denies ("never on Sundays") to none."""
    cuts = [0, *(m.end() for m in _PART_BREAK.finditer(text)), len(text)]
    span = next(s for s in spans if s[0] is begin)
    start = max(c for c in cuts if c <= span[0].start)
    end = min(c for c in cuts if c >= span[1].end)
    inside = [s for s in spans if start <= s[0].start and s[1].end <= end]
    if len(inside) == 1:
        days = _days_named(text[start:end])
        if days is None and " | " in text and len(spans) == 1:
            # a table row is one record: its day cell names the days of its time cell ("Day: Thursday | Time: 09:00
            # to 12:30")
            days = _days_named(text)
        return days
    mentions = [
        m for m in _DAY_MENTION.finditer(text, start, end)
        if not _DENIED_DAY.search(text[max(start, m.start() - 12) : m.start()])
    ]
    # days written before their hours ("Monday to Friday 08:00 to 18:30, Saturday 09:00 to 13:00") go with the
    # span after them; written after ("08:00 to 18:00 on weekdays and ..."), with the span before them
    first = any(m.end() <= inside[0][0].start for m in mentions)
    days: set[int] = set()
    for m in mentions:
        if first:
            owner = next((s for s in inside if s[0].start >= m.end()), inside[-1])
        else:
            owner = next((s for s in reversed(inside) if s[1].end <= m.start()), inside[0])
        if owner[0] is begin:
            days |= _days_named(m.group(0)) or set()
    # a span given no days of its own shares the part's ("from 07:00 to 09:00, and again from 12:00 to 13:30, on weekdays")
    return days or _days_named(text[start:end])


# one mention of days, as _days_named reads them: a range, a word for several days, or one day
_DAY_MENTION = re.compile("|".join([_DAY_RANGE.pattern, *(p.pattern for p, _ in _DAY_WORDS), _ONE_DAY.pattern]), re.I)
_DENIED_DAY = re.compile(r"\b(?:never|not|no|except|closed)\b(?:\s+on)?\s*$", re.I)


def inside_stated_period(
    d: DateSlot,
    claim_text: str,
    unit_text: str,
    unit_dates: Sequence[DateSlot],
    named_by: frozenset[str] | None = None,
    placed: bool = False,
) -> bool:
    """``d`` is a day the claim asks about inside a span of two calendar dates ``unit_text`` states;
    with ``named_by`` (stems of the period's name in the claim), only a span the unit names by one of them just before
    it ("Season: Monday 5 April 2055 to ..." for "arrives within the season"). ``placed``: the claim places its day
    under the document ("A trip on 20 February 2031 is charged at these rates"), which asks about the day as a
    state does."""
    if d.day is None or d.month is None or d.minutes is not None:
        return False
    before = _ON.sub("", claim_text[max(0, d.start - 30) : d.start])
    if not (placed or _STATE.search(claim_text)) or _ENDPOINT_BEFORE.search(before) or not _calendar_weekday(d):
        return False
    for first, second in date_spans(unit_text, unit_dates):
        if named_by is not None and not named_by & all_stems(unit_text[max(0, first.start - _NAME_WINDOW) : first.start]):
            continue
        year = d.year or first.year  # a claim's "on 2 April" is in the period's year
        bounds = (calendar_day(first, year), calendar_day(d, year), calendar_day(second, year))
        if None not in bounds and bounds[0] <= bounds[1] <= bounds[2]:
            return True
    return False


def date_spans(text: str, found: Sequence[DateSlot]) -> list[tuple[DateSlot, DateSlot]]:
    """Every two neighbouring calendar dates ``text`` writes as a span ("1 May 2049 to Sunday 31 October 2049")."""
    days = [e for e in found if e.day is not None and e.month is not None and e.minutes is None]
    return [(a, b) for a, b in zip(days, days[1:]) if _DAYS_JOIN.match(text[a.end : b.start])]


# two dates written as a span, the second's weekday between: "1 May 2049 to Sunday 31 October 2049"
_DAYS_JOIN = re.compile(rf"^\s*(?:to|until|till|through|-|–|—|and)\s*(?:{_DAY},?\s*)?$", re.I)
# characters before a period's first date in which a unit not aligned to the claim must name it
_NAME_WINDOW = 40
# a claim that something holds on the day ("is still the tenant", "may still be grazing", "can have a guest"),
# not that something happens then ("signs the agreement on 14 February"): only the first is answered by a period
_STATE = re.compile(r"\b(?:still|can|may|during|throughout|within|valid|in force|covered)\b", re.I)
# "begins on Wednesday 8 September": the "on" and weekday before a date do not hide the endpoint verb before them
_ON = re.compile(rf"(?:\bon\s+)?(?:\b{_DAY},?\s+)?$", re.I)


def _calendar_weekday(d: DateSlot) -> bool:
    """The weekday the claim writes, if any, is the calendar's for its date."""
    if d.weekday is None:
        return True
    calendar = weekday_of(d.model_copy(update={"weekday": None}))
    return calendar is None or calendar == d.weekday


def clock_spans(text: str, found: Sequence[DateSlot]) -> list[tuple[DateSlot, DateSlot]]:
    """The pairs of times of day ``text`` writes as spans ("14:00 to 16:00", "08:00-18:30"), in order."""
    clocks = [d for d in found if d.is_time_of_day]
    spans, i = [], 0
    while i + 1 < len(clocks):
        a, b = clocks[i], clocks[i + 1]
        join = text[a.end : b.start]
        # "and" joins a span only after "between": "14:00 to 16:00 and 18:00 to 20:00" is two spans
        if _SPAN_JOIN.match(join) and (join.strip().lower() != "and" or _BETWEEN.search(text[: a.start])):
            spans.append((a, b))
            i += 2
        else:
            i += 1
    return spans


def joined_spans(
    claim_text: str, claim_dates: Sequence[DateSlot], unit_text: str, unit_dates: Sequence[DateSlot]
) -> tuple[tuple[DateSlot, DateSlot], tuple[DateSlot, DateSlot], tuple[DateSlot, DateSlot]] | None:
    """(the claim's span, the unit's two spans) when the claim runs from the start of one span of the unit
    to the end of a later one, over the gap between them ("14:00 to 20:00" against "14:00 to 16:00 and 18:00
    to 20:00"); None when the unit writes the claim's span or no such two."""
    ours = clock_spans(claim_text, claim_dates)
    theirs = clock_spans(unit_text, unit_dates)
    said = {(a.minutes, b.minutes) for a, b in theirs}
    for a, b in ours:
        if (a.minutes, b.minutes) in said:
            continue
        for i, first in enumerate(theirs):
            for last in theirs[i + 1 :]:
                if first[0].minutes == a.minutes and last[1].minutes == b.minutes and first[1].minutes < last[0].minutes:
                    return (a, b), first, last
    return None


# where one day's hours end and another's begin: a semicolon, a sentence, a bracket, a table cell, or a comma
# before a day's name ("Monday to Friday 08:00 to 18:30, Saturday 09:00 to 13:00"),
# or "and" after a time ("08:00 to 20:00 and on Saturdays from 09:00 to 13:00")
_DAY_PART_BREAK = re.compile(
    rf"{_PART_BREAK.pattern}|[()]|,\s*(?={_DAY})|(?:(?<=\d)|(?<=[ap]m))\s+and\s+(?=(?:on\s+)?{_DAY})", re.I
)


def hours_of_other_days(
    claim_text: str, claim_dates: Sequence[DateSlot], unit_text: str, unit_dates: Sequence[DateSlot]
) -> tuple[tuple[DateSlot, DateSlot], str, str] | None:
    """(the claim's span, the unit's part that gives it, the unit's part that gives other hours) when the claim
    gives one span of hours on days of which the unit gives that span only some, and other hours for the rest
    ("Monday to Saturday, 08:00 to 18:30" against "Monday to Friday 08:00 to 18:30, Saturday 09:00 to 13:00")."""
    ours = clock_spans(claim_text, claim_dates)
    days = _days_named(claim_text)
    if len(ours) != 1 or not days:
        return None
    (a, b), parts = ours[0], _day_parts(unit_text, unit_dates)
    same = [(named, text) for named, spans, text in parts if (a.minutes, b.minutes) in spans]
    if len(same) != 1 or days <= same[0][0]:
        return None
    rest = days - same[0][0]
    for named, spans, text in parts:
        if named & rest and spans and (a.minutes, b.minutes) not in spans:
            return (a, b), same[0][1], text
    return None


def _day_parts(text: str, found: Sequence[DateSlot]) -> list[tuple[set[int], set[tuple[int, int]], str]]:
    """(days, spans of hours, text) of each part of ``text`` that names both."""
    spans = clock_spans(text, found)
    cuts = [0] + [m.start() for m in _DAY_PART_BREAK.finditer(text)] + [len(text)]
    parts = []
    for start, end in zip(cuts, cuts[1:]):
        named = _days_named(text[start:end])
        inside = {(x.minutes, y.minutes) for x, y in spans if start <= x.start and y.end <= end}
        if named and inside:
            parts.append((named, inside, text[start:end].strip(" ,;()|.")))
    return parts


_WEEK_HOURS = DURATION_HOURS["week"]


def open_hours(q: Quantity, claim: Slots, units: Sequence[Slots]) -> str | None:
    """``q`` as the hours a unit's spans of hours add up to: in a day, over all the spans of one part of the unit
    that holds the days the claim names ("09:30 to 12:00 and 14:00 to 17:00 on weekdays" = 5.5 hours each weekday),
    or in a week, over all the days of the unit's parts ("Monday to Friday, 09:00 to 17:00" = 40 hours a week;
    "Monday to Friday 08:00 to 20:00 and Saturdays 09:00 to 17:00" = 68 hours a week)."""
    week = q.dim == "duration" and q.period == _WEEK_HOURS and q.bound is Bound.eq and not q.is_range
    wanted = q.lo if week else day_length(q)
    if wanted is None:
        return None
    asked = _days_named(claim.text) or set()
    for unit in units:
        parts = [(days, _span_hours(spans), text) for days, spans, text in _day_parts(unit.text, unit.dates)]
        if week:
            # every part: a week of one part alone leaves out the hours of the unit's other days
            totals = [(sum(len(days) * hours for days, hours, _ in parts), "; ".join(text for *_, text in parts))]
        else:
            totals = [(hours, text) for days, hours, text in parts if asked <= days]
        found = next((text for total, text in totals if total and math.isclose(total, wanted, rel_tol=5e-3)), None)
        if found:
            return f"{found} = {q.surface}"
    return None


def _span_hours(spans: set[tuple[int, int]]) -> float:
    return sum((b - a) % 1440 for a, b in spans) / 60
