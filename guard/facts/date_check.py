"""A claim date against the units' dates: the same, another (contradicted), none (unsupported), or a time one step away."""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.align import Alignment
from guard.facts.binding import _CLAUSE_BREAK
from guard.facts.dates import DateSlot, same_date, states
from guard.facts.hours import hours_holding, inside_stated_hours, inside_stated_period
from guard.facts.in_force import on_or_after_opening, placed_under_document
from guard.facts.inference import shifted_date, shifted_time, side_of
from guard.facts.lead_times import kept_lead_time
from guard.facts.matching import denied_value
from guard.facts.mismatches import given_otherwise, not_found
from guard.facts.outcome import Outcome
from guard.facts.rules import FactRule
from guard.facts.schedules import on_schedule
from guard.facts.slots import Slots, stem
from guard.facts.term_ends import within_term
from guard.facts.types import FactLabel, SlotKind

__all__ = ["check_date"]


def check_date(
    d: DateSlot,
    held: list[tuple[Alignment, Slots]],
    everywhere: list[Slots],
    near: Sequence[Slots] = (),
    claim: Slots | None = None,
    topical: Sequence[Slots] = (),
    hours_units: Sequence[Slots] = (),
) -> Outcome:
    """``d`` against the aligned units' dates; ``claim``: the claim's other dates and its denials;
    ``topical``: near units about the claim's subject, whose schedules may hold its day; ``hours_units``: the
    units of the document about the claim, whose hours may hold the moment it asks about."""
    verdicts = [(a, e, same_date(d, e)) for a, s in held for e in s.dates]
    if any(states(e, d) for a, s in held for e in s.dates):
        return Outcome(FactLabel.supported)
    # a moment the claim asks about ("may", "can", "within") inside the hours of a unit about it (hours.py)
    asked = hours_holding(d, claim, [*(s for _, s in held), *hours_units]) if claim is not None else None
    if asked:
        return Outcome(FactLabel.inferred, inference=asked)
    if claim is not None and any(inside_stated_hours(d, claim.text, s.text, s.dates) for _, s in held):
        return Outcome(FactLabel.supported)  # a moment inside the hours an aligned unit states (hours.py)
    if claim is not None and _inside_period(d, claim, held, near, everywhere):
        return Outcome(FactLabel.supported)  # a day inside a period the document states (hours.py)
    termed = within_term(d, claim, [*(s for _, s in held), *topical]) if claim is not None else None
    if termed:
        return Outcome(FactLabel.inferred, inference=termed)  # a term's end or a day inside it (term_ends.py)
    opened = on_or_after_opening(d, claim, everywhere) if claim is not None else None
    if opened:
        return Outcome(FactLabel.inferred, inference=opened)  # on or after the day the document applies from (in_force.py)
    kept = kept_lead_time(d, claim, everywhere, everywhere) if claim is not None else None
    if kept:
        return Outcome(FactLabel.inferred, inference=kept)  # far enough before another of the claim's times (lead_times.py)
    others = [o for o in claim.dates if o is not d] if claim is not None else []
    differing = _differing(d, verdicts, held, everywhere, others, claim)
    # a time the claim gives as another of its own times moved by a stated duration ("the 09:30 gets
    # in at 10:05" with a 35-minute crossing): the claim names the step's base, which licenses it
    stated = [o for o in others if any(same_date(o, e) is True for s in everywhere for e in s.dates)]
    shifted_own = shifted_time(d, stated, [q for s in (*near, *everywhere) for q in s.quantities])
    if shifted_own and not any(same_date(d, e) is True for s in everywhere for e in s.dates):
        return Outcome(FactLabel.inferred, inference=shifted_own)
    scheduled = on_schedule(d, claim, [*(s for _, s in held), *topical]) if claim is not None else None
    # a day a stated schedule holds (schedules.py), unless a unit gives another date for it: the dates of
    # a unit whose own schedule holds the day are its season's bounds ("Fridays ... from 1 September to 30 April")
    if scheduled and (not differing or on_schedule(d, claim, [s for a, s in held if any(a is b for b, _ in differing)])):
        return Outcome(FactLabel.inferred, inference=scheduled)
    if differing:
        a, e = differing[0]
        return Outcome(
            FactLabel.contradicted, given_otherwise(SlotKind.date, d.surface, e.surface, a.unit),
            rule=FactRule.date_part_differs,
        )
    if any(states(e, d) for s in everywhere for e in s.dates):
        return Outcome(FactLabel.supported)
    shifted = shifted_time(d, [e for s in near for e in s.dates], [q for s in near for q in s.quantities])
    if shifted:
        return Outcome(FactLabel.inferred, inference=shifted)
    # a calendar date worked out from a stated date and a stated duration (a deadline "within 30
    # days after" an end date); the claim's own duration ("two years after signature") may be the step's
    written = [(s.text, q) for s in near for q in s.quantities]
    written += [(claim.text, q) for q in claim.quantities] if claim is not None else []
    bases = [e for s in near for e in s.dates] + stated
    # each duration moves its date the way its words say ("7 days before"), either way when unsaid; a
    # range opens a window only from its event's own date (_in_window), never from any near date
    sides = [0 if q.is_range else side_of(text, q)[0] for text, q in written]
    moved = shifted_date(d, bases, [q for _, q in written], sides)
    moved = moved or _in_window(d, near, everywhere)
    if moved:
        return Outcome(FactLabel.inferred, inference=moved)
    return Outcome(
        FactLabel.unsupported, not_found(SlotKind.date, d.surface, f"no evidence gives the date {d.surface}"),
        rule=FactRule.date_not_found,
    )


def _differing(
    d: DateSlot,
    verdicts: list[tuple[Alignment, DateSlot, bool | None]],
    held: list[tuple[Alignment, Slots]],
    everywhere: list[Slots],
    others: list[DateSlot],
    claim: Slots | None,
) -> list[tuple[Alignment, DateSlot]]:
    """The strong units' dates that can contradict ``d``: its counterparts, not another claim date's."""
    # a unit date another claim date restates is that date's counterpart, not this one's ("The 09:30
    # gets in at 10:05" against "Departs: 09:30 | ..."; "09:30, 12:45 and 17:40" against "the first
    # sailing is the 09:30"), as for quantities (witness.py)
    differing = [
        (a, e) for a, e, v in verdicts if v is False and a.strong and not any(same_date(o, e) is True for o in others)
    ]
    if claim is not None and denied_value(claim.text, d.start):
        return []  # "there is no 07:10 sailing on a Sunday": another time that day does not contradict it
    if any(same_date(d, e) is True for s in everywhere for e in s.dates):
        # the claim's date is stated elsewhere (another row of the timetable): a unit aligned for
        # another of the claim's dates binds that one, and says nothing of this one
        about_others = {id(a) for a, s in held if any(same_date(o, e) is True for o in others for e in s.dates)}
        differing = [(a, e) for a, e in differing if id(a) not in about_others]
    return differing


def _in_window(d: DateSlot, near: Sequence[Slots], everywhere: list[Slots]) -> str | None:
    """The claim's date a near unit's duration away from a named event ("7 days before your
    appointment"), or inside the window its range opens ("between 6 weeks and 14 days before the
    symposium"), dated by any unit that names the event (a letter's appointment date in its opening)."""
    for s in near:
        for q in s.quantities:
            if q.dim != "duration":
                continue
            side, event = side_of(s.text, q)
            if not side or event is None:
                continue
            bases = [e for u in everywhere for e in _dated_with(u, event)]
            found = shifted_date(d, bases, [q], [side])
            if found:
                return found
    return None


def _dated_with(slots: Slots, word: str) -> list[DateSlot]:
    """The dates in the clause of ``slots`` that names ``word`` ("The symposium runs from 18 May", not
    "... before the symposium (by 6 April 2027)", whose date is the deadline's)."""
    found = []
    for match in re.finditer(rf"\b{re.escape(word)}\b", slots.text, re.I):
        breaks = [0] + [m.start() for m in _CLAUSE_BREAK.finditer(slots.text)] + [len(slots.text)]
        start = max(b for b in breaks if b <= match.start())
        end = min(b for b in breaks if b > match.start())
        found += [e for e in slots.dates if start <= e.start < end]
    return found


def _inside_period(
    d: DateSlot, claim: Slots, held: list[tuple[Alignment, Slots]], near: Sequence[Slots], everywhere: list[Slots]
) -> bool:
    """``d`` inside a period an aligned or near unit states, or inside the period the claim names
    ("arrives within the season") where any unit names it ("Season: Monday 5 April 2055 to Friday 30 July 2055")."""
    close = [*(s for _, s in held), *near]
    placed = placed_under_document(claim.text)
    if any(inside_stated_period(d, claim.text, s.text, s.dates, placed=placed) for s in close):
        return True
    named = frozenset(stem(m.group(1).lower()) for m in _PERIOD_NAMED.finditer(claim.text))
    return bool(named) and any(inside_stated_period(d, claim.text, s.text, s.dates, named) for s in everywhere if s not in close)


# the claim names the period its date falls in: "within the season", "during the term"
_PERIOD_NAMED = re.compile(r"\b(?:within|during|throughout)\s+(?:the|this|that|its|their|our)\s+([a-z]{3,})\b", re.I)
