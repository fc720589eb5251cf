"""A moment the claim puts far enough before another of its moments, against a lead time the evidence sets.

Why: "A Pellingford patient booked for 08:20 can still drink a glass of water at 05:00" against "You
may drink water until 2 hours before your appointment" and "Your gastroscopy is ... at 08:20". The
claim's 05:00 is written nowhere: it is a moment of the claim's own day that keeps to the rule,
3 hours 20 minutes before the appointment the document states. A lead time ("until 2 hours before",
"no later than 2 hours before", "at least 48 hours before", "for 6 hours before") asks the act to be
at least that long before the event, whichever way it is worded. Read only for two times of day of
the claim, the later one stated in the document, where the claim says the act is allowed or in time
("can", "may", "still", "allowed", "enough", "fine", "in time") and the earlier moment is at least the
lead time before the later; the lead time is a duration followed by "before" in a unit of the document, the one
whose clause shares most words with the claim (its act: "drink water", not the "eat" of another lead).
Times on different days (a date, a weekday, "the evening before") are not read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.binding import leading_words, named_most
from guard.facts.dates import DateSlot, same_date
from guard.facts.slots import Slots, stem

__all__ = ["kept_lead_time"]

_ALLOWED = re.compile(r"\b(?:can|could|may|might|still|allowed|permitted|enough|fine|in\s+time|on\s+time)\b", re.I)
_OTHER_DAY = re.compile(r"\b(?:day|evening|night|morning)\s+before\b|\bthe\s+night\b|\bprevious\b", re.I)
_BEFORE = re.compile(r"\s*(?:['’]s?\s*)?(?:before|ahead\s+of)\b", re.I)
_HOURS_PER_MINUTE = 1 / 60


def kept_lead_time(d: DateSlot, claim: Slots, units: Sequence[Slots], everywhere: Sequence[Slots]) -> str | None:
    """The step, as text, when ``d`` is at least a unit's lead time before another time of the claim that the
    document states."""
    if not d.is_time_of_day or d.minutes is None or claim.negated or not _ALLOWED.search(claim.text):
        return None
    if _OTHER_DAY.search(claim.text) or any(not o.is_time_of_day for o in claim.dates):
        return None
    later = [
        o for o in claim.dates
        if o is not d and o.minutes is not None and o.minutes > d.minutes and _stated(o, everywhere)
    ]
    leads = [
        (leading_words(s.text, e, s.quantities, frozenset(), stem), e)
        for s in units for e in s.quantities if e.dim == "duration" and _BEFORE.match(s.text, e.end)
    ]
    # the claim's act names one lead time ("drink water" under "water until 2 hours before", not the "nothing to eat
    # for 6 hours" beside it)
    lead = named_most(leads, claim.content)
    if not later or lead is None:
        return None
    for o in later:
        gap = (o.minutes - d.minutes) * _HOURS_PER_MINUTE
        if gap >= lead.lo - 1e-9:
            return f"{d.surface} is {gap:g} hours before {o.surface}, at least the {lead.shown} before it"
    return None


def _stated(o: DateSlot, everywhere: Sequence[Slots]) -> bool:
    return any(same_date(o, e) is True for s in everywhere for e in s.dates)
