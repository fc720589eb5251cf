"""Two dates of one claim tied by a period the evidence states: "a voucher bought on 10 February
2029 can still be used on 5 February 2030" (valid for 12 months from purchase), "a flight on 28 June
2028 has to be moved by 18 June 2028" (at least 10 days' notice).

Such a claim supposes one date (the purchase, the booking) and works out the other; neither is
written in the evidence, so both were flagged "no evidence gives the date". The supposed date is the
claim's premise, like a count it supposes (premises.py). The worked-out date is inferred when it is
the premise moved by a duration of an aligned unit, exactly, either way; or, when the unit gives the
duration as a period of validity ("valid for 12 months", "within 30 days") and the claim says the
thing still holds ("can still be used", "is still valid"), when it falls inside that period.
A date outside the period, or one no duration reaches, stays flagged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from guard.facts.dates import DateSlot
from guard.facts.inference import moved_date
from guard.facts.outcome import Outcome
from guard.facts.quantities import Quantity
from guard.facts.rules import FactRule
from guard.facts.slots import Slots
from guard.facts.types import FactLabel

__all__ = ["settle_own_dates"]

# the words before a duration that make it a period something stays valid for
_VALIDITY_BEFORE = re.compile(r"\b(?:valid|validity|usable|good|within)\b[^.;:]{0,25}$", re.I)
# the claim says the thing still holds on its later date
_STILL = re.compile(r"\b(?:still|valid|in time)\b", re.I)


def settle_own_dates(claim: Slots, outcomes: list[Outcome], near: Sequence[Slots]) -> list[Outcome]:
    """The date outcomes (in the claim's date order) with a premise date and the date worked out
    from it settled; every other outcome unchanged."""
    calendar = [i for i, d in enumerate(claim.dates) if _full(d)]
    out = list(outcomes)
    for i in calendar:
        for j in calendar:
            later, base = claim.dates[j], claim.dates[i]
            if i == j or not _flagged(out[j]) or not _flagged(out[i]) or _day(later) <= _day(base):
                continue
            step = _step(base, later, claim.text, near)
            if step:
                out[j] = Outcome(FactLabel.inferred, inference=step)
                out[i] = Outcome(FactLabel.supported)  # the claim's premise
    return out


def _step(base: DateSlot, later: DateSlot, claim_text: str, near: Sequence[Slots]) -> str | None:
    for unit in near:
        for q in unit.quantities:
            if q.dim != "duration" or q.is_range or q.per is not None:
                continue
            moved = moved_date(base.year, base, q, 1)
            if moved is None:
                continue
            if moved == _day(later):
                return f"{base.surface} + {q.surface} = {later.surface}"
            if _validity(unit.text, q) and _STILL.search(claim_text) and _day(later) <= moved:
                return f"{later.surface} is within {q.surface} of {base.surface} (to {moved:%-d %B %Y})"
    return None


def _validity(text: str, q: Quantity) -> bool:
    return bool(_VALIDITY_BEFORE.search(text[max(0, q.start - 40) : q.start]))


def _full(d: DateSlot) -> bool:
    return d.minutes is None and None not in (d.year, d.month, d.day)


def _day(d: DateSlot) -> date:
    return date(d.year, d.month, d.day)


def _flagged(outcome: Outcome) -> bool:
    return outcome.label is FactLabel.unsupported and outcome.rule is FactRule.date_not_found
