"""A price per period carried over the claim's own period: "£4 per hour" makes two hours £8.

Price lists, subscriptions and rentals state a price for one period ("£4 per hour", "£17.50 a
month", a column headed "Price per week"), and a correct reader answers for the asker's period:
"two hours cost £8", "£210 over the first 12 months", "£234 a year". The quantity reader keeps
such a price as a plain amount (its period is read only for frequencies and "in 24 hours"
totals), so these answers looked like another value and were contradicted.

One step, read here from the texts alone: the evidence price's period (the words after it, or
its table cell's header), and either the claim value's own period ("£234 a year") or a length
of time the claim gives ("two hours", "a four-week period", "over the 12-month term"). The
step holds when the price times the whole number of periods equals the claim value. Only
exact calendar ratios count (12 months a year, 52 weeks a year, 7 days a week, 24 hours a
day): a month is not a whole number of weeks, so "£40 a week" never makes "£160 a month".
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from guard.facts.binding import distinctive, owned_words
from guard.facts.derivation import most_shared
from guard.facts.lexicon import Lexicon
from guard.facts.numbers import read_number
from guard.facts.polarity import words
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity
from guard.facts.shares import same_pence
from guard.facts.slots import Slots, stem, value_spans

__all__ = ["DISCOUNT_OF", "discount_options", "header_period", "period_after", "period_total"]

# hours in one period; "night" is a hotel's or a campsite's day
_HOURS = {**{w: DURATION_HOURS[w] for w in ("second", "minute", "hour", "day", "week", "fortnight", "month", "year")},
          "night": DURATION_HOURS["day"]}
_ADVERBS = {"hourly": "hour", "daily": "day", "nightly": "night", "weekly": "week", "monthly": "month",
            "yearly": "year", "annually": "year", "annual": "year", "annum": "year"}
_UNIT = r"(?:(?P<n>\d+)\s+)?(?P<p>second|minute|hour|day|night|week|fortnight|month|year|annum)s?\b"
_AFTER = re.compile(rf"^\s*(?:(?:per|a|an|each|every)\s+|/\s*){_UNIT}", re.I)
_ADVERB_AFTER = re.compile(r"^\s*,?\s*(?P<p>hourly|daily|nightly|weekly|monthly|yearly|annually)\b", re.I)
_HEADER = re.compile(rf"(?:\b(?:per|a|an|each|every)\s+|/\s*){_UNIT}|\b(?P<a>hourly|daily|nightly|weekly|monthly|yearly|annual)\b", re.I)
# "a four-week period", "the 12-month minimum term": a length written as one hyphenated word
_HYPHENATED = re.compile(r"\b(?P<n>\d+|[a-z]+)-(?P<u>hour|day|night|week|fortnight|month|year)\b", re.I)
# whole-number ratios a reader computes exactly (a year is 52 weeks here); month to week is not one
_EXACT = {("hour", "day"): 24, ("day", "week"): 7, ("night", "week"): 7, ("week", "fortnight"): 2,
          ("month", "year"): 12, ("week", "year"): 52, ("day", "fortnight"): 14, ("night", "fortnight"): 14}


def period_total(
    q: Quantity, claim: Slots, near: Sequence[Slots], lexicon: Lexicon
) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step "<price> × <n periods> = <q>" over a price of the aligned unit the claim is about,
    with its operands: the price, and the claim's length when it gives one (its premise); or None."""
    if not q.dim.startswith("money:") or q.bound is not Bound.eq or q.is_range or q.per is not None:
        return None
    own = period_after(claim.text, q.end)
    lengths = [] if own else _lengths(claim, q)
    if not own and not lengths:
        return None
    for price, period in _priced(q, claim, near, lexicon):
        for off, factor in discount_options(claim, near):
            less = f", less {off.surface}" if off else ""
            extra = (off,) if off else ()
            if own:
                n = _exact_ratio(period, own)
                if n and same_pence(price.lo * n * factor, q.lo):
                    return f"{_shown(price, period)} × {n:g}{less} = {q.surface} a {own}", (price, *extra)
                continue
            for length, hours in lengths:
                n = hours / _period_hours(period)
                if n >= 2 and _whole(n) and same_pence(price.lo * round(n) * factor, q.lo):
                    return f"{_shown(price, period)} × {length.surface}{less} = {q.surface}", (price, length, *extra)
    return None


def discount_options(claim: Slots, near: Sequence[Slots]) -> list[tuple[Quantity | None, float]]:
    """(discount, factor) pairs a total may be taken with: none, and, when the claim says it is
    discounted ("after the discount"), each percentage a near unit gives as a discount."""
    said = _SAYS_OFF.search(claim.text)
    return [(None, 1.0)] + ([(p, 1 - p.lo / 100) for p in _discounts(near)] if said else [])


_SAYS_OFF = re.compile(r"\b(?:discount|discounted|off|reduction|reduced|less)\b", re.I)
_OFF_AFTER = re.compile(r"^\s*(?:off|discount|reduction)\b", re.I)
# "a discount of 10%": the words before a percentage that make it a discount (adjustments.py reads them too)
DISCOUNT_OF = re.compile(r"\b(?:discount|reduction)\s+of\s*$", re.I)


def _discounts(near: Sequence[Slots]) -> list[Quantity]:
    """Percentages a near unit gives as a discount ("get 10% off", "a 15% discount")."""
    return [
        p for unit in near for p in unit.quantities
        if p.dim == "percent" and not p.is_range and 0 < p.lo < 100
        and (_OFF_AFTER.match(unit.text[p.end :]) or DISCOUNT_OF.search(unit.text[: p.start]))
    ]


def _priced(q: Quantity, claim: Slots, near: Sequence[Slots], lexicon: Lexicon) -> list[tuple[Quantity, str]]:
    """Prices per period of q's currency in the units sharing the most words with the claim (ties
    kept: the row it names, not its neighbours), less any price the unit binds to other words than
    the claim's ("£14.50 a month for a cat and £17.50 a month for a dog": a dog's claim gets £17.50)."""
    priced_units = [u for u in near if any(_price_period(u.text, e) for e in _prices(q, u))]
    claim_words = {stem(w) for _, w in words(claim.text)}
    kept = []
    for unit in most_shared(claim, priced_units):
        prices = _prices(q, unit)
        priced = [(e, p) for e in prices if (p := _price_period(unit.text, e))]
        own = distinctive(owned_words(unit.text, prices, lexicon, stem, value_spans(unit)))
        bound = [bool(own[prices.index(e)] & claim_words) for e, _ in priced]
        kept += [(e, p) for (e, p), b in zip(priced, bound) if b or not any(bound)]
    return kept


def _prices(q: Quantity, unit: Slots) -> list[Quantity]:
    # "£14 per night" is read as a rate per night (a count): a price per period all the same
    return [e for e in unit.quantities if e.dim in (q.dim, q.dim + _PER_NIGHT) and not e.is_range and e.lo > 0]


_PER_NIGHT = "/count:night"


def _shown(price: Quantity, period: str) -> str:
    if price.dim.endswith(_PER_NIGHT):
        return price.surface
    return f"{price.surface} per {period}s" if " " in period else f"{price.surface} per {period}"


def _price_period(text: str, price: Quantity) -> str | None:
    """The period a unit's price is given for: the words after it, else its table cell's header."""
    if price.dim.endswith(_PER_NIGHT) and price.per == 1.0:
        return "night"
    after = period_after(text, price.end)
    if after:
        return after
    cell_start = max(text.rfind("|", 0, price.start), text.rfind("\n", 0, price.start)) + 1
    header = text[cell_start : price.start]
    if ":" not in header:
        return None
    found = _HEADER.search(header.split(":", 1)[0])
    if not found:
        return None
    return _period_of(found)


def header_period(header: str) -> str | None:
    """The period a column header names ("Monthly fee", "Price per week"), or None."""
    found = _HEADER.search(header)
    return _period_of(found) if found else None


def period_after(text: str, end: int) -> str | None:
    """The period written right after a value ("£4 per hour", "£234 a year"), or None."""
    rest = text[end:]
    found = _AFTER.match(rest) or _ADVERB_AFTER.match(rest)
    return _period_of(found) if found else None


def _period_of(found: re.Match) -> str:
    """The period a match names: a word ("month"), or a count and a word ("60 second")."""
    groups = found.groupdict()
    word = (groups.get("p") or groups.get("a")).lower()
    word = _ADVERBS.get(word, word)
    return f"{groups['n']} {word}" if groups.get("n") else word


def _period_hours(period: str) -> float:
    count, _, word = period.rpartition(" ")
    return (float(count) if count else 1.0) * _HOURS[word]


def _lengths(claim: Slots, q: Quantity) -> list[tuple[Quantity, float]]:
    """Lengths of time the claim gives (read durations, nights and hyphenated ones), in hours."""
    found = [
        (d, d.lo) for d in claim.quantities
        if d is not q and d.dim == "duration" and d.bound is Bound.eq and not d.is_range and d.lo > 0
    ]
    # "20 nights" is read as a count of nights: a stay's length
    found += [
        (d, d.lo * _HOURS["night"]) for d in claim.quantities
        if d.dim == "count:night" and d.bound is Bound.eq and not d.is_range and d.lo > 0
    ]
    for m in _HYPHENATED.finditer(claim.text):
        n = read_number(m.group("n"))
        if n and n > 0 and not any(d.start <= m.start() < d.end for d, _ in found):
            length = Quantity(surface=m.group(0), start=m.start(), end=m.end(), dim="duration",
                              lo=n * _HOURS[m.group("u").lower()], hi=n * _HOURS[m.group("u").lower()])
            found.append((length, length.lo))
    return found


def _exact_ratio(period: str, own: str) -> int | None:
    return _EXACT.get((period, own))


def _whole(n: float) -> bool:
    return math.isclose(n, round(n), abs_tol=1e-6)

