"""A claim's bare frequency word against the period a unit gives in other words.

Why: "Theo's daily amount of special formula is 600 ml" against "Give 600 ml of the formula a day": the claim's
"daily" is read as a rate (once a day), which no unit gives as a value, since "a day" after an amount is read as
the amount's period, not a quantity of its own; the claim was flagged for a word the unit says differently. A
frequency with no count and no number ("daily", "every month", "yearly") is found when an aligned unit names the
same period after "a", "per", "each" or "every", or as the adverb.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.quantities import DURATION_HOURS, Quantity

__all__ = ["period_said"]

# the periods a bare frequency may name, in hours as the quantity reader counts them ("a night" is a day's)
_PERIOD_HOURS = {p: DURATION_HOURS[p] for p in ("hour", "day", "week", "fortnight", "month", "year")}
_PERIOD_HOURS["night"] = DURATION_HOURS["day"]
_ADVERBS = {"hourly": "hour", "daily": "day", "nightly": "night", "weekly": "week", "fortnightly": "fortnight",
            "monthly": "month", "yearly": "year", "annually": "year", "annual": "year"}


def _pattern(period: str) -> re.Pattern[str]:
    """The period said in words: after "a", "per", "each", "every" or "one", after "/", or as its adverb."""
    adverbs = "|".join(a for a, p in _ADVERBS.items() if p == period)
    pattern = rf"\b(?:an?|per|each|every|one)\s+{period}s?\b|/\s*{period}\b" + (rf"|\b(?:{adverbs})\b" if adverbs else "")
    if period == "year":
        pattern += r"|\bper\s+annum\b"
    return re.compile(pattern, re.I)


_SAID = {period: _pattern(period) for period in _PERIOD_HOURS}


def period_said(q: Quantity, texts: Sequence[str]) -> bool:
    """``q`` is a bare frequency ("daily", "every month") and one of ``texts`` names its period in other words."""
    if q.dim != "rate" or q.count is not None or any(ch.isdigit() for ch in q.surface) or q.lo <= 0:
        return False
    hours = 1.0 / q.lo
    periods = [p for p, h in _PERIOD_HOURS.items() if abs(h - hours) <= 1e-6 * h]
    return any(_SAID[period].search(text) for text in texts for period in periods)
