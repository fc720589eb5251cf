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

from guard.facts.quantities import Quantity

__all__ = ["period_said"]

# hours in each period, as the quantity reader counts them (quantities._ADVERB_RATE)
_PERIOD_HOURS = {"hour": 1.0, "day": 24.0, "night": 24.0, "week": 168.0, "fortnight": 336.0, "month": 730.5,
                 "year": 8766.0}
_ADVERBS = {"hourly": "hour", "daily": "day", "nightly": "night", "weekly": "week", "fortnightly": "fortnight",
            "monthly": "month", "yearly": "year", "annually": "year", "annual": "year"}


def period_said(q: Quantity, texts: Sequence[str]) -> bool:
    """``q`` is a bare frequency ("daily", "every month") and one of ``texts`` names its period in other words."""
    if q.dim != "rate" or q.count is not None or any(ch.isdigit() for ch in q.surface) or q.lo <= 0:
        return False
    hours = 1.0 / q.lo
    periods = [p for p, h in _PERIOD_HOURS.items() if abs(h - hours) <= 1e-6 * h]
    return any(_names(text, period) for text in texts for period in periods)


def _names(text: str, period: str) -> bool:
    adverbs = "|".join(a for a, p in _ADVERBS.items() if p == period)
    pattern = rf"\b(?:an?|per|each|every|one)\s+{period}s?\b|/\s*{period}\b" + (rf"|\b(?:{adverbs})\b" if adverbs else "")
    if period == "year":
        pattern += r"|\bper\s+annum\b"
    return re.search(pattern, text, re.I) is not None
