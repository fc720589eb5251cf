"""Dates and times of day read from text, compared on the parts both sides give.

Why cheaply: dateparser reads many formats but costs ~5 ms a call (and ~0.5 s on first
use), so it only sees substrings that already look like dates (a day and a month name, a
month name and a year, numeric dates); a bare year ("in 2019") and a time of day ("8am",
"17:30") are read directly. A date keeps only the parts written (year, month, day), so
"March 2021" matches "12 March 2021" and "2019" matches any date in 2019, but "4 March" does
not match "14 March".
"""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from guard.facts.numbers import ORDINAL_WORDS

__all__ = ["DateSlot", "calendar_day", "dates", "same_date", "states", "weekday_index", "weekday_of"]

_MONTHS = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
# a day of the month as an ordinal word ("the fifth of October", "the twenty-first of May")
_ORDINAL_DAYS = ORDINAL_WORDS
_ORDINAL_DAY = "|".join(sorted(_ORDINAL_DAYS, key=len, reverse=True))
_DAY = rf"(?:(?:[0-3]?\d)(?:st|nd|rd|th)?|{_ORDINAL_DAY})"
_YEAR = r"(?:1[89]\d\d|20\d\d)"

# A time of day in words: "nine in the morning", "quarter past seven in the morning", "five past one in the
# afternoon", "11 at night". Hours 1-12 as digits or words, read only with the part of the day: without it
# ("half past 2", "10 o'clock") the hour is morning or afternoon, and a bare "nine" is a count.
_HOUR_WORDS = {w: i + 1 for i, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve".split())}
_PAST_WORDS = {"half": 30, "quarter": 15, "five": 5, "ten": 10, "twenty": 20, "twenty-five": 25}
_HOUR = r"(?:1[0-2]|0?[1-9]|" + "|".join(_HOUR_WORDS) + ")"
_WORDED_TIME = re.compile(
    rf"\b(?:(?P<mins>half|quarter|five|ten|twenty|twenty-five|[1-5]?\d)(?:\s+minutes)?\s+(?P<dir>past|to)\s+)?"
    rf"(?P<h>{_HOUR})(?![:.]\d)"
    r"(?:\s+o['’]clock)?(?:\s+(?:in\s+the\s+(?P<part>morning|afternoon|evening)|at\s+(?P<night>night)))?\b",
    re.I,
)

_PART_OF_DAY = re.compile(r"morning|afternoon|evening|night", re.I)
# a bare hour is a time only after a word that sets a time: "from nine in the morning", "until 9 in the morning"
# ("and" only after "between": "between nine in the morning and one in the afternoon")
_TIME_BEFORE = re.compile(
    r"\b(?:at|from|until|till|by|to|before|after|between|around|about|gone)\s+$|\bbetween\b.{1,40}\band\s+$", re.I
)

# a bare hour before "to <time> am/pm": the hour of a span whose am or pm is written once, after its end
_SPAN_START = re.compile(
    r"(?<![£$€\d.,:])\b(?P<h>[01]?\d)(?:[:.](?P<min>[0-5]\d))?(?=\s*(?:to|-|–|until|till)\s*(?P<h2>[01]?\d)(?:[:.][0-5]\d)?\s*"
    r"(?P<ampm>a\.?m\.?|p\.?m\.?)(?![a-z]))",
    re.I,
)

_DATE_PATTERNS = [
    ("dmy", re.compile(rf"\b(?P<d>{_DAY})\s+(?:of\s+)?(?P<m>{_MONTHS})(?:,?\s+(?P<y>{_YEAR}))?\b", re.I)),
    (
        "mdy",
        re.compile(rf"\b(?P<m>{_MONTHS})\s+(?P<d>{_DAY})(?:,?\s+(?P<y>{_YEAR}))?\b(?!\s*(?:%|mg|ml))", re.I),
    ),
    ("my", re.compile(rf"\b(?P<m>{_MONTHS})\s+(?P<y>{_YEAR})\b", re.I)),
    ("iso", re.compile(rf"\b(?P<y>{_YEAR})-(?P<m>[01]\d)-(?P<d>[0-3]\d)\b")),
    ("numeric", re.compile(rf"\b(?P<d>[0-3]?\d)[/.](?P<m>[01]?\d)[/.](?P<y>{_YEAR}|\d\d)\b")),
    ("worded", _WORDED_TIME),
    (
        "time",
        re.compile(r"\b(?P<h>[01]?\d)(?:[:.](?P<min>[0-5]\d))?\s*(?P<ampm>a\.?m\.?|p\.?m\.?)(?![a-z])", re.I),
    ),
    # "7 to 9 pm", "10 to 11.30 am": the first time of a span takes the am or pm written once, at its end
    ("span_start", _SPAN_START),
    ("time", re.compile(r"\b(?P<h>[01]?\d|2[0-3]):(?P<min>[0-5]\d)\b")),
    (
        "year",
        re.compile(
            rf"(?<![\d.,£$€-])\b(?P<y>{_YEAR})\b(?![.,]\d)(?!\s*(?:%|mg|ml|g\b|kg|units|people))", re.I
        ),
    ),
]


class DateSlot(BaseModel):
    """A date (any of year, month, day) or a time of day (minutes after midnight)."""

    model_config = ConfigDict(frozen=True)

    surface: str
    start: int
    end: int
    year: int | None = None
    month: int | None = None
    day: int | None = None
    minutes: int | None = None
    weekday: int | None = None  # 0 = Monday, as written before the date ("Friday 27 March 2026")

    @property
    def is_time_of_day(self) -> bool:
        """A time of day alone ("17:30"), not a calendar date or a time on one."""
        return self.minutes is not None and self.day is None and self.month is None


@lru_cache(maxsize=2048)
def dates(text: str) -> tuple[DateSlot, ...]:
    """Every date and time of day in ``text``, in order, not overlapping."""
    taken = [False] * (len(text) + 1)
    found = []
    for kind, pattern in _DATE_PATTERNS:
        if kind == "worded" and not _PART_OF_DAY.search(text):
            continue  # a worded time is read only with its part of the day (_worded_time)
        for match in pattern.finditer(text):
            if any(taken[match.start() : match.end()]):
                continue
            slot = _read(kind, match)
            if slot is not None:
                taken[match.start() : match.end()] = [True] * (match.end() - match.start())
                found.append(slot)
    return tuple(sorted(found, key=lambda d: d.start))


def _read(kind: str, match: re.Match[str]) -> DateSlot | None:
    base = {"surface": match.group(0), "start": match.start(), "end": match.end()}
    if kind == "time":
        hour = int(match.group("h")) % 12 if match.groupdict().get("ampm") else int(match.group("h"))
        if (match.groupdict().get("ampm") or "").lower().startswith("p"):
            hour += 12
        return DateSlot(**base, minutes=hour * 60 + int(match.group("min") or 0))
    if kind == "span_start":
        return _span_start(match, base)
    if kind == "worded":
        return _worded_time(match, base)
    if kind == "year":
        return DateSlot(**base, year=int(match.group("y")))
    if kind in ("dmy", "mdy") and match.group("m").lower().startswith("may") and match.group("m")[0].islower():
        return None  # "may 2 doses", "aged 16 or 17 may stay": the modal verb, not the month
    parsed = _parse(match.group(0))
    if parsed is None:
        return None
    year, month, day = parsed
    groups = match.groupdict()
    return DateSlot(
        **base, year=year if groups.get("y") else None, month=month, day=day if groups.get("d") else None,
        weekday=_weekday_said(match.string, match.start(), match.end()) if groups.get("d") else None,
    )


def _span_start(match: re.Match[str], base: dict) -> DateSlot | None:
    """The span's first hour in the half of the day its end names ("7 to 9 pm": 19:00), or the half before when it
    is the later hour ("11 to 1 pm": 11:00); none for a span over midnight ("11 to 2 am")."""
    hour, end = int(match.group("h")) % 12, int(match.group("h2")) % 12
    pm = match.group("ampm").lower().startswith("p")
    if hour > end and not pm:
        return None
    if hour <= end and pm:
        hour += 12
    return DateSlot(**base, minutes=hour * 60 + int(match.group("min") or 0))


_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WEEKDAY_BEFORE = re.compile(
    r"\b(mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rs|rsday|urday)?\.?,?\s+(?:the\s+)?$", re.I
)


_WEEKDAY_AFTER = re.compile(r"^,?\s+(?:which|that)\s+(?:was|is|will\s+be|falls\s+on)\s+a\s+([a-z]+day)\b", re.I)


def _weekday_said(text: str, start: int, end: int) -> int | None:
    """The day of the week written right before a day-and-month date ("Friday 27 March", "Sat, 3 May"),
    or said of it right after ("the seventh of September 2037, which was a Monday")."""
    match = _WEEKDAY_BEFORE.search(text[max(0, start - 16) : start])
    if match is not None:
        return weekday_index(match.group(1))
    after = _WEEKDAY_AFTER.match(text[end:])
    return None if after is None else weekday_index(after.group(1))


def weekday_index(name: str) -> int | None:
    """0 for "Monday", "mon" or "Mondays" ... 6 for Sunday; None for any other word."""
    short = name[:3].lower()
    return _WEEKDAYS.index(short) if short in _WEEKDAYS else None


def weekday_of(d: DateSlot) -> int | None:
    """The day of the week ``d`` names: as written, else from the calendar when it has a full date."""
    if d.weekday is not None:
        return d.weekday
    day = calendar_day(d)
    return None if day is None else day.weekday()


def calendar_day(d: DateSlot, year: int | None = None) -> date | None:
    """The calendar day ``d`` names, in ``year`` when it writes none; None without a day, a month and a
    year, or for a day the calendar does not have ("30 February")."""
    year = d.year if d.year is not None else year
    if year is None or d.month is None or d.day is None:
        return None
    try:
        return date(year, d.month, d.day)
    except ValueError:
        return None


@lru_cache(maxsize=1024)
def _parse(surface: str) -> tuple[int, int, int] | None:
    import dateparser

    settings = {"DATE_ORDER": "DMY", "PREFER_DAY_OF_MONTH": "first", "RETURN_AS_TIMEZONE_AWARE": False}
    cleaned = re.sub(r"(?<=\d)(st|nd|rd|th)\b", "", surface)
    cleaned = re.sub(_ORDINAL_DAY, lambda m: str(_ORDINAL_DAYS[m.group(0).lower()]), cleaned, flags=re.I)
    parsed = dateparser.parse(cleaned, languages=["en"], settings=settings)
    return None if parsed is None else (parsed.year, parsed.month, parsed.day)


def same_date(a: DateSlot, b: DateSlot) -> bool | None:
    """True/False when the two share a written part; None when they share none (not comparable)."""
    if (a.minutes is None) != (b.minutes is None):
        return None
    if a.minutes is not None:
        return a.minutes == b.minutes
    shared = [
        (x, y)
        for x, y in ((a.year, b.year), (a.month, b.month), (a.day, b.day))
        if x is not None and y is not None
    ]
    if not shared:
        return None
    if not all(x == y for x, y in shared):
        return False
    # the same day of the month said with another day of the week ("Sunday 27 March 2026" against
    # "Friday 27 March 2026", or against 27 March 2026, a Friday): the claim names another day
    if a.day is not None and b.day is not None and a.month is not None and b.month is not None:
        days = (weekday_of(a), weekday_of(b))
        if None not in days and (a.weekday is not None or b.weekday is not None) and days[0] != days[1]:
            return False
    return True


def states(e: DateSlot, d: DateSlot) -> bool:
    """``e`` gives the date ``d``: the same on the parts both write, and the day and month too when
    ``d`` writes them (a bare "2027" in a title, or "May 2027", does not state "21 May 2027"; the year
    may be left to the context, as in "on Wednesday 19 May")."""
    if same_date(d, e) is not True:
        return False
    return (d.day is None or e.day is not None) and (d.month is None or e.month is not None)


def _worded_time(match: re.Match[str], base: dict) -> DateSlot | None:
    """A worded time of day, or None when the words say no time ("nine" alone is a count)."""
    if not (match.group("part") or match.group("night")):
        return None  # "half past 2", "10 o'clock": morning or afternoon is not said
    if not match.group("dir") and not _TIME_BEFORE.search(match.string[max(0, match.start() - 60) : match.start()]):
        return None  # "take one in the morning and one at night": a count of doses, not a time
    h = match.group("h").lower()
    hour = _HOUR_WORDS.get(h) or int(h)
    said = (match.group("mins") or "").lower()
    minutes = _PAST_WORDS.get(said) or (int(said) if said.isdigit() else 0)
    if (match.group("dir") or "").lower() == "to":
        minutes = -minutes
    part = (match.group("part") or "").lower()
    if part in ("afternoon", "evening") and hour < 12 or match.group("night") and 6 <= hour < 12:
        hour += 12
    elif part == "morning" and hour == 12:
        hour = 0
    return DateSlot(**base, minutes=(hour * 60 + minutes) % (24 * 60))
