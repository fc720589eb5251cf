"""The time between two dated events the claim names: "Four weeks separate the fitting from the check that
the ring suits" against an appointments table ("Fitting | 14 May 2074", "Check that the ring suits you | 11
June 2074"), "The Borders championship falls eight weeks after the Lowland contest" against "the band enters
the Lowland contest on 14 June and the Borders championship on 9 August".

Why: a schedule writes the dates, and a reader counts the weeks between them; the duration is written
nowhere, so it was flagged "no evidence gives four weeks". inference.date_span counts between two dates of one
unit, or of near units when the claim says "after" or "before"; here the events are found by name, in any unit
of the document. Each dated event is named by its words no other dated event has (a table row's own words,
or in a sentence with several dates the words leading to each), and the claim must name two events that way,
each by more of those words than any third: "the fitting" and "the first change of ring" name the fitting row
and the first-change row, not the check row they share "ring" with; "Glenhallow's Borders championship ...
its Lowland contest" names the two contests by two words each and the rules' opening date by one. The claim must also say it relates the two ("after", "before", "separate",
"between", "apart", "later", "earlier"). A duration that is not the time between the two events it names
stays flagged.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from datetime import date

from guard.facts.binding import distinctive, leading_words
from guard.facts.dates import DateSlot
from guard.facts.inference import moved_date
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity
from guard.facts.slots import Slots, stem

__all__ = ["event_gap"]

# the claim relates two events in time (English)
_RELATES = re.compile(r"\b(?:after|before|separates?|between|apart|later|earlier)\b", re.I)
# a year for two dates that write none (a non-leap year; "14 June" and "9 August" are 56 days apart in any)
_ANY_YEAR = 2001
_YEAR_IN_TEXT = re.compile(r"\b(20\d\d|19\d\d)\b")
_DAY, _WEEK = DURATION_HOURS["day"], DURATION_HOURS["week"]


def event_gap(q: Quantity, claim: Slots, everywhere: Sequence[Slots], stopwords: frozenset[str]) -> str | None:
    """The step "<first event's date> to <second's> = ``q``" when ``q`` is the time between the two dated
    events the claim names, else None."""
    if q.dim != "duration" or q.bound is not Bound.eq or q.is_range or q.per is not None or q.approx:
        return None
    if not _RELATES.search(claim.text):
        return None
    events = _events(everywhere, stopwords)
    names = distinctive([words for words, _ in events])
    # the events the claim names by their own words; failing that, by other forms of them
    pair = _two_named(names, claim.content, operator.eq) or _two_named(names, claim.content, _forms_of_one_word)
    if pair is None:
        return None
    early, late = sorted((events[pair[0]][1], events[pair[1]][1]), key=lambda d: d[0])
    if not _spans(q, early, late):
        return None
    return f"{early[1].surface} to {late[1].surface} = {q.surface}"


def _two_named(names: list[set[str]], content: frozenset[str], same) -> tuple[int, int] | None:
    """The two events the claim names by more of their own words than any third (``same`` tells a claim word for an
    event's), or None: fewer than two named, or a third named as well as the second."""
    scored = sorted(((sum(1 for w in own if any(same(w, c) for c in content)), i) for i, own in enumerate(names)),
                    reverse=True)
    if len(scored) < 2 or scored[1][0] == 0 or (len(scored) > 2 and scored[2][0] == scored[1][0]):
        return None
    return scored[0][1], scored[1][1]


_SHARED_PREFIX = 4  # letters the shorter stem must have, all of them leading the longer


def _forms_of_one_word(a: str, b: str) -> bool:
    """Two forms of one word: "delivery" for "delivered" (stems "deliveri" and "deliv"), "handover" for "handed over"
    ("handov" and "hand")."""
    short, long = sorted((a, b), key=len)
    return short == long or (len(short) >= _SHARED_PREFIX and long.startswith(short))


def _events(everywhere: Sequence[Slots], stopwords: frozenset[str]) -> list[tuple[set[str], tuple[date, DateSlot]]]:
    """Each calendar date of the document with the words that name its event: its unit's content words when it
    is the unit's one date, else the words leading to it."""
    out = []
    for unit in everywhere:
        dated = [d for d in unit.dates if d.day is not None and d.month is not None and d.minutes is None]
        year = _YEAR_IN_TEXT.search(unit.text)
        for d in dated:
            when = _day(d, int(year.group(1)) if year else None)
            if when is None:
                continue
            words = set(unit.content) if len(dated) == 1 else leading_words(unit.text, d, dated, stopwords, stem)
            out.append((words, (when, d)))
    return out


def _day(d: DateSlot, unit_year: int | None) -> date | None:
    try:
        return date(d.year or unit_year or _ANY_YEAR, d.month, d.day)
    except ValueError:
        return None


def _spans(q: Quantity, early: tuple[date, DateSlot], late: tuple[date, DateSlot]) -> bool:
    """``q`` is the time from one date to the other: whole days or weeks counted exactly, months to the day."""
    days = (late[0] - early[0]).days
    if days <= 0:
        return False
    if q.scale in (_DAY, _WEEK):
        return abs(q.lo / _DAY - days) < 1e-6
    moved = moved_date(early[0].year, early[1].model_copy(update={"year": early[0].year}), q, 1)
    return moved == late[0]
