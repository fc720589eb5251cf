"""Two dates of one claim tied by a period the evidence states: "a voucher bought on 10 February
2029 can still be used on 5 February 2030" (valid for 12 months from purchase), "a flight on 28 June
2028 has to be moved by 18 June 2028" (at least 10 days' notice).

Such a claim supposes one date (the purchase, the booking) and works out the other; neither is
written in the evidence, so both were flagged "no evidence gives the date". The supposed date is the
claim's premise, like a count it supposes (premises.py). The worked-out date is inferred when it is
the premise moved by a duration of an aligned unit, exactly, either way; or, when the unit gives the
duration as a period of validity ("valid for 12 months", "within 30 days") and the claim says the
thing still holds ("can still be used", "is still valid", "pays on time", "meets the deadline"), when
it falls inside that period. A notice the unit asks for ahead of an event ("must reach us at least 3
working days before completion") is kept when the claim's earlier date is at least that far ahead of
its later one and the claim says it is in time; the later date is then the premise. A recurrence a unit
gives ("Men can give whole blood every 12 weeks") moves the premise by its interval to the date a claim
calls the next time ("can give again on", "is next reviewed on"). Two dates without
a year are read in one year (the claim's own case: "given on 3 June ... from 13 June"). A date outside
the period, short of the notice, or one no duration reaches, stays flagged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from guard.facts.ages import age_outside_row
from guard.facts.binding import distinctive, leading_words, named_alone
from guard.facts.dates import DateSlot
from guard.facts.inference import moved_date, side_of
from guard.facts.outcome import Outcome
from guard.facts.polarity import words
from guard.facts.quantities import Bound, Quantity, quantities
from guard.facts.rules import FactRule
from guard.facts.shares import noun_stem
from guard.facts.slots import Slots
from guard.facts.types import FactLabel

__all__ = ["settle_own_dates"]

# the words before a duration that make it a period something stays valid for
# ("vouchers last 9 months"; not "in the last 12 months", a window back from now)
_VALIDITY_BEFORE = re.compile(r"(?:\b(?:valid|validity|usable|good|within)|(?<!the )\blasts?)\b[^.;:]{0,25}$", re.I)
# the claim says the thing still holds on its later date, or that its date keeps to the limit
_STILL = re.compile(r"\b(?:still|valid|in time|on time|deadline|within)\b", re.I)
# the claim says its earlier date is early enough for the later one (not that something still holds then)
_IN_TIME = re.compile(r"\b(?:in time|on time|deadline|early enough)\b", re.I)
# a permission the claim grants on its date ("can be touched up free on 15 August", "may still move it"): the thing
# holds then, as "still" says; a denied one ("cannot", "may not") says the opposite
_PERMITTED = re.compile(r"\b(?:can|may)\b", re.I)
_DENIED = re.compile(r"\b(?:not|no|never|cannot)\b|n't\b", re.I)
# a year for two dates that write none (a non-leap year: "3 June" and "13 June" are ten days apart in any)
_ANY_YEAR = 2001


def settle_own_dates(claim: Slots, outcomes: list[Outcome], near: Sequence[Slots]) -> list[Outcome]:
    """The date outcomes (in the claim's date order) with a premise date and the date worked out
    from it settled; every other outcome unchanged."""
    dated = [d for d in claim.dates if _full(d)]
    if not dated and all(d.year is None for d in claim.dates):
        dated = [d.model_copy(update={"year": _ANY_YEAR}) for d in claim.dates if _full(d.model_copy(update={"year": _ANY_YEAR}))]
    index = {(d.start, d.end): i for i, d in enumerate(claim.dates)}
    out = list(outcomes)
    for base in dated:
        for later in dated:
            i, j = index[(base.start, base.end)], index[(later.start, later.end)]
            if i == j or not _flagged(out[j]) or not _flagged(out[i]) or _day(later) <= _day(base):
                continue
            step = _step(base, later, claim.text, near) or _recurrence(base, later, claim, near)
            if step:
                out[j] = Outcome(FactLabel.inferred, inference=step)
                out[i] = Outcome(FactLabel.supported)  # the claim's premise
                continue
            ahead = _ahead(base, later, claim.text, near)
            if ahead:
                out[i] = Outcome(FactLabel.inferred, inference=ahead)
                out[j] = Outcome(FactLabel.supported)  # the event the notice is counted back from
    return out


def _ahead(early: DateSlot, event: DateSlot, claim_text: str, near: Sequence[Slots]) -> str | None:
    """``early`` at least a unit's notice ahead of ``event`` ("must reach us at least 3 working days
    before completion"), in a claim that says it is in time."""
    if not _IN_TIME.search(claim_text):
        return None
    for unit in near:
        for q in unit.quantities:
            if q.dim != "duration" or q.is_range or q.per is not None or q.bound not in (Bound.ge, Bound.gt):
                continue
            if side_of(unit.text, q)[0] != -1:
                continue
            latest = moved_date(event.year, event, q, -1)
            if latest is not None and _day(early) <= latest:
                return f"{early.surface} is at least {q.surface} before {event.surface} (by {latest:%-d %B %Y})"
    return None


def _step(base: DateSlot, later: DateSlot, claim_text: str, near: Sequence[Slots]) -> str | None:
    for rank, unit in enumerate(near):
        # a permission on the later date ("can be rejected for a fault that appears on 4 November") is bounded by
        # the period of the unit the claim is about, not by any period nearby ("can marry on 26 April" is no case
        # of "notice is valid for 12 months": the 28 days' wait decides it)
        said = _STILL.search(claim_text) is not None or (rank == 0 and _permits(claim_text))
        for q in unit.quantities:
            if q.dim != "duration" or q.is_range or q.per is not None:
                continue
            moved = moved_date(base.year, base, q, 1)
            if moved is None:
                continue
            if moved == _day(later):
                return f"{base.surface} + {q.surface} = {later.surface}"
            if _validity(unit.text, q) and said and _day(later) <= moved:
                return f"{later.surface} is within {q.surface} of {base.surface} (to {moved:%-d %B %Y})"
    return None


# the claim says its later date is the next time the thing recurs ("can give again on", "is next reviewed on")
_RECURS = re.compile(r"\b(?:again|next|second)\b", re.I)
_EVERY = re.compile(r"^(?:once\s+)?every\s+", re.I)


def _recurrence(base: DateSlot, later: DateSlot, claim: Slots, near: Sequence[Slots]) -> str | None:
    """``later`` is ``base`` moved by the interval of a recurrence a unit gives ("Men can give whole blood every
    12 weeks"), in a claim that says it is the next time. A unit with several recurrences gives the one whose
    own leading words the claim names, if only one's ("Review while on treatment: Every 12 weeks | Review once
    settled: Every 12 months"); a unit whose band the claim's case falls outside gives none."""
    if not _RECURS.search(claim.text):
        return None
    said = {noun_stem(w) for _, w in words(claim.text)}
    for unit in near:
        if age_outside_row(claim, unit):
            continue  # another band's row ("Under 60 | Every 8 weeks" for a 65-year-old)
        every = [(q, interval) for q in unit.quantities if (interval := _interval(q)) is not None]
        if len(every) > 1:
            # the one recurrence whose own leading words the claim names ("Men ... every 12 weeks and women every 16
            # weeks": a woman's claim also names the head "give whole blood" both share, so neither is chosen)
            values = [q for q, _ in every]
            leads = distinctive([leading_words(unit.text, q, values, frozenset(), noun_stem) for q in values])
            named = named_alone(leads, said)
            every = [] if named is None else [every[named]]
        for q, interval in every:
            if moved_date(base.year, base, interval, 1) == _day(later):
                return f"{base.surface} + {interval.surface} ({q.surface}) = {later.surface}"
    return None


def _interval(q: Quantity) -> Quantity | None:
    """The time between two goes of a recurrence said as "every <duration>" ("every 3 months"), or None."""
    every = _EVERY.match(q.surface)
    if q.dim != "rate" or every is None or q.count not in (None, 1.0):
        return None
    found = [d for d in quantities(q.surface[every.end() :]) if d.dim == "duration" and d.bound is Bound.eq and not d.is_range]
    return found[0] if len(found) == 1 else None


def _permits(claim_text: str) -> bool:
    return _PERMITTED.search(claim_text) is not None and _DENIED.search(claim_text) is None


def _validity(text: str, q: Quantity) -> bool:
    return bool(_VALIDITY_BEFORE.search(text[max(0, q.start - 40) : q.start]))


def _full(d: DateSlot) -> bool:
    return d.minutes is None and None not in (d.year, d.month, d.day)


def _day(d: DateSlot) -> date:
    return date(d.year, d.month, d.day)


def _flagged(outcome: Outcome) -> bool:
    return outcome.label is FactLabel.unsupported and outcome.rule is FactRule.date_not_found
