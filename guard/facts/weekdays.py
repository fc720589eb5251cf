"""The day of the week of a dated event: "The clock care agreement starts on a Sunday" against "The
agreement runs for 3 years from 1 September 2058" (1 September 2058 is a Sunday).

Why: a right answer often gives the weekday of a date the document states, and no unit writes the
weekday, so the claim had no value the fact layer could read and rested on the embedding score, which
called such claims "values match, the rest is not there" (the derived date of most hard-case splits
from val59 on). Here a claim whose predicate is "on a <weekday>" (at its end: "... falls on a Monday")
is supported by inference when the event's date falls on that weekday, and contradicted when it falls
on another (rule date.weekday_differs). The event's date is the claim's own full date when it writes
one ("The half due on 1 January 2058 falls on a Tuesday"), else the full dates, of every unit about the
claim (schedules.topical_pairs), whose clause shares the most words with the claim, a table row's key
cell and the heading over the unit counted ("Placement starts | 11 March 2058"), and of those the one
after "from" when the claim says the event starts ("runs from 1 April 2058 to 31 March 2059").

Left alone: a weekday in a premise or condition ("a claim posted on a Monday is served on the
Wednesday"), with a time of day ("at 17:30 on a Wednesday": the hours checks), with a modal or a
denial, and plural or repeated days ("on Mondays", "every Monday": schedules).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence

from guard.facts.dates import DateSlot, calendar_day, weekday_index
from guard.facts.mismatches import given_otherwise
from guard.facts.outcome import Outcome
from guard.facts.rules import FactRule
from guard.facts.slots import Slots, all_stems, stem
from guard.facts.types import EvidenceUnit, FactLabel, SlotKind

__all__ = ["says_weekday", "weekday_outcomes"]

_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# the claim's predicate: "... falls on a Monday." at its end
_ON_A_DAY = re.compile(rf"\bon\s+a\s+({_WEEKDAY})\s*[.!]?\s*$", re.I)
# words a claim and a clause share without being about one event
_CALENDAR = frozenset(stem(w) for w in [*(m.lower() for m in calendar.month_name[1:]), *(d.lower() for d in calendar.day_name)])
# where a date's clause ends: a clause break, a sentence's end, a tag (a unit may hold a whole HTML list)
_BREAKS = re.compile(r"[,;()]|(?<!\d):(?!\d)|\b(?:and|then|but|while|whereas)\b|[.!?](?=\s)|<[^>]+>", re.I)
# the claim's event is a beginning, whose date a span gives first ("from 1 April 2058 to ...")
_STARTS = re.compile(r"\b(?:starts?|started|begins?|began|commences?|commenced|opens?|opened|takes? effect|took effect)\b", re.I)
_FROM = re.compile(r"\b(?:from|starting|beginning|commencing)\s+(?:on\s+)?(?:[a-z]+day,?\s+)?$", re.I)
_MODAL_OR_DENIAL = re.compile(
    r"\b(?:can|could|may|might|must|should|would|not|no|never|cannot|n't|if|when|whenever|unless)\b", re.I
)


def weekday_outcomes(claim: Slots, units: Sequence[tuple[EvidenceUnit, Slots, str]]) -> list[Outcome]:
    """The outcome of the weekday the claim gives a dated event (``units``: the document's units about the
    claim, schedules.topical), or none when it gives none this reads."""
    said = _said_weekday(claim)
    if said is None:
        return []
    weekday, surface = said
    own = [d for d in claim.dates if calendar_day(d) is not None]
    if own:
        # the claim dates the event itself: its weekday is the calendar's or not, whatever a unit says
        return [_outcome(surface, weekday, [(own[-1], None)])]
    found = _event_dates(claim, units)
    return [_outcome(surface, weekday, found)] if found else []


def _event_dates(claim: Slots, units: Sequence[tuple[EvidenceUnit, Slots, str]]) -> list[tuple[DateSlot, EvidenceUnit]]:
    """The full dates of the units that the claim's event most likely has: in a clause sharing the most words
    with the claim, the heading over it counted ("Put up on 1 May 2058" for "the baskets go up", not "taken down
    by 30 September 2058"), and after "from" when the claim says the event starts ("runs from 1 April 2058 to 31
    March 2059")."""
    starts = bool(_STARTS.search(claim.text))
    scored = []
    for unit, slots, lead in units:
        heading = all_stems(lead)
        # a table row's key cell is about every date in it ("Placement starts | 11 March 2058")
        if slots.key_end is not None:
            heading = heading | all_stems(slots.text[: slots.key_end])
        cuts = list(_BREAKS.finditer(slots.text))
        for d in slots.dates:
            if calendar_day(d) is None:
                continue
            start = max((m.end() for m in cuts if m.end() <= d.start), default=0)
            end = min((m.start() for m in cuts if m.start() >= d.end), default=len(slots.text))
            shared = len((claim.content & (all_stems(slots.text[start:end]) | heading)) - _CALENDAR)
            opening = starts and bool(_FROM.search(slots.text[max(0, d.start - 15) : d.start]))
            scored.append(((shared, opening), d, unit))
    best = max((key for key, _, _ in scored), default=None)
    return [(d, unit) for key, d, unit in scored if key == best and best[0] > 0]


def _outcome(surface: str, weekday: int, found: Sequence[tuple[DateSlot, EvidenceUnit | None]]) -> Outcome:
    """Inferred when a date of ``found`` falls on the weekday, else contradicted by the first."""
    for d, _ in found:
        if calendar_day(d).weekday() == weekday:
            return Outcome(FactLabel.inferred, inference=f"{d.surface} is a {surface}")
    d, unit = found[0]
    given = f"{d.surface}, a {calendar.day_name[calendar_day(d).weekday()]}"
    mismatch = given_otherwise(SlotKind.date, f"a {surface}", given, unit)
    return Outcome(FactLabel.contradicted, mismatch, rule=FactRule.date_weekday_differs)


def says_weekday(claim: Slots) -> bool:
    return _said_weekday(claim) is not None


def _said_weekday(claim: Slots) -> tuple[int, str] | None:
    """The weekday the claim's predicate gives ("falls on a Monday"), with its word; None in a claim
    with a time of day, a modal, a condition or a denial."""
    m = _ON_A_DAY.search(claim.text)
    if m is None or _MODAL_OR_DENIAL.search(claim.text) or any(d.minutes is not None for d in claim.dates):
        return None
    index = weekday_index(m.group(1))
    return None if index is None else (index, m.group(1))
