"""A charge for each thing past an allowance: "Each letter after the 80th costs £3", "Each bedroom over three
adds £60 to either fee", "Each extra 1,000 words beyond a package's limit costs £150", "each hint after the third
adds 2 minutes".

Why: a claim that counts past the allowance ("an inscription of 110 letters", "a five-bedroom house", "a short
memoir that runs to 22,000 words") and gives what the excess adds ((110 - 80) × £3 = £90) or the base plus it
(£780 + 2 × £60 = £900) takes two steps the one-step reader never finds, and a count minus a threshold is no
value the two-step reader pools. Every operand is the document's, and the count is the claim's own.

The allowance is the charging sentence's own ("after the 80th", "over three", "beyond the first 30") or, when
the sentence points back to it ("beyond the hours of the package", "a package's limit"), the "up to" bound on
the same thing in the sentence that gives the base price ("covers up to 10 hours ... and costs £1,850"). The
base is a price of the units that share the most of the claim's words. The excess must be a whole number of the
charged blocks (2,000 words is two blocks of 1,000), and the claim's value must equal the result exactly.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import NamedTuple

from guard.facts.numbers import read_number, read_ordinal
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity
from guard.facts.shares import same_noun_stem
from guard.facts.slots import Slots

__all__ = ["overage_total"]

# "Each letter after the 80th", "each extra 1,000 words beyond a package's limit", "for each mile beyond the
# first 30", "Each bedroom over three", "Each hour of photography beyond the hours of the package"
_CHARGED = re.compile(
    r"\b(?:each|every)\s+(?:extra\s+|additional\s+|further\s+)?(?:(?P<block>\d[\d,]*)\s+)?(?P<noun>[a-z]+)"
    r"(?:\s+of\s+[a-z]+(?:\s+[a-z]+)?)?\s+(?:after\s+the\s+(?P<ordinal>[\w,-]+)|(?:beyond|over|above|past)\s+"
    r"(?:the\s+first\s+)?(?P<limit>[\w,-]+))",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)")
# the claim gives what the excess adds, not a total ("adds £90 to the price", "4 minutes added")
_ADDED = re.compile(r"\b(?:adds?|added|adding|extra|on top|surcharge)\b", re.I)
_MIN_SHARED = 2  # claim words a base unit must share: one shared word is chance ("cost")


class _Charge(NamedTuple):
    noun: str  # what is counted, singular ("letter", "hour")
    block: float  # how many of it each charge covers (1,000 words)
    limit: float | None  # the allowance, when the sentence states it
    rate: Quantity  # the charge for each block


def overage_total(
    q: Quantity, claim: Slots, everywhere: Sequence[Slots]
) -> tuple[str, tuple[Quantity, ...]] | None:
    """(the step as text, its operands) when ``q`` is what the claim's count past an allowance adds, or the
    base price plus it; else None."""
    if q.is_range or q.bound is not Bound.eq:
        return None
    for unit in everywhere:
        for charge in _charges(unit, q):
            count = _claim_count(charge.noun, claim)
            if count is None:
                continue
            found = _with_allowance(q, claim, charge, count, everywhere)
            if found:
                return found
    return None


def _charges(unit: Slots, q: Quantity) -> list[_Charge]:
    """The unit's charges for each thing past an allowance, in the dimension of ``q``."""
    out = []
    for m in _CHARGED.finditer(unit.text):
        start, end = _sentence(unit.text, m.start())
        rates = [
            e for e in unit.quantities
            if start <= e.start < end and e.bound is Bound.eq and not e.is_range and _same_dim(e, q)
        ]
        if not rates:
            continue
        block = read_number(m.group("block")) if m.group("block") else 1.0
        limit = read_ordinal(m.group("ordinal")) if m.group("ordinal") else _limit(m.group("limit"))
        out.append(_Charge(same_noun_stem(m.group("noun")), block or 1.0, limit, rates[0]))
    return out


def _limit(word: str) -> float | None:
    """A number the allowance states ("over three", "beyond the first 30"); None for a pointer back to
    it ("beyond a package's limit": "a" is no count here)."""
    return None if word.lower() in ("a", "an", "the", "half") else read_number(word)


def _sentence(text: str, at: int) -> tuple[int, int]:
    """The span of the sentence holding position ``at``."""
    start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, at)), default=0)
    after = _SENTENCE_END.search(text, at)
    return start, after.end() if after else len(text)


def _same_dim(e: Quantity, q: Quantity) -> bool:
    """A charge in the claim value's kind: "£9 a night" for "£48 a night"; "£3 a letter" for "£90"."""
    return e.dim == q.dim or (q.per is None and e.dim.startswith(f"{q.dim}/") and e.per in (None, 1.0))


def _claim_count(noun: str, claim: Slots) -> tuple[Quantity, float] | None:
    """The claim's count of ``noun`` (a time unit counts the claim's duration in it) and its value."""
    for c in claim.quantities:
        if c.is_range or c.bound is not Bound.eq:
            continue
        if c.dim.startswith("count:") and same_noun_stem(c.dim.split(":", 1)[1]) == noun:
            return c, c.lo
        if c.dim == "duration" and noun in DURATION_HOURS:
            return c, c.lo / DURATION_HOURS[noun]
    return None


def _with_allowance(
    q: Quantity, claim: Slots, charge: _Charge, count: tuple[Quantity, float], everywhere: Sequence[Slots]
) -> tuple[str, tuple[Quantity, ...]] | None:
    said, n = count
    bases = _bases(q, claim, charge, everywhere)
    for limit, base in bases:
        blocks = (n - limit) / charge.block
        if blocks <= 0 or not math.isclose(blocks, round(blocks)):
            continue
        extra = round(blocks) * charge.rate.lo
        past = f"({said.surface} - {limit:g}) × {charge.rate.surface}"
        if base is None and _ADDED.search(claim.text) and math.isclose(extra, q.lo, rel_tol=1e-9):
            return f"{past} = {q.surface}", (said, charge.rate)
        if base is not None and math.isclose(base.lo + extra, q.lo, rel_tol=1e-9):
            return f"{base.surface} + {past} = {q.surface}", (base, said, charge.rate)
    return None


def _bases(
    q: Quantity, claim: Slots, charge: _Charge, everywhere: Sequence[Slots]
) -> list[tuple[float, Quantity | None]]:
    """(allowance, base price or None) pairs to try: the charge's own allowance alone and with each price of
    the units the claim names; else the allowance and price each sentence of those units gives together."""
    named = _named_units(q, claim, everywhere)
    if charge.limit is not None:
        prices = [e for sl in named for e in sl.quantities if _price(e, q) and e is not charge.rate]
        return [(charge.limit, None), *((charge.limit, e) for e in prices)]
    pairs: list[tuple[float, Quantity | None]] = []
    for sl in named:
        for e in sl.quantities:
            if not _price(e, q):
                continue
            start, end = _sentence(sl.text, e.start)
            pairs += [(a, e) for a in _allowances(sl, charge.noun, start, end)]
    return pairs


def _price(e: Quantity, q: Quantity) -> bool:
    return e.dim == q.dim and e.per == q.per and e.bound is Bound.eq and not e.is_range


def _allowances(unit: Slots, noun: str, start: int, end: int) -> list[float]:
    """The "up to" bounds on ``noun`` in a span of the unit ("up to 20,000 words", "up to 10 hours")."""
    out = []
    for e in unit.quantities:
        if not (start <= e.start < end) or e.bound is not Bound.le:
            continue
        if e.dim.startswith("count:") and same_noun_stem(e.dim.split(":", 1)[1]) == noun:
            out.append(e.hi)
        elif e.dim == "duration" and noun in DURATION_HOURS:
            out.append(e.hi / DURATION_HOURS[noun])
    return out


def _named_units(q: Quantity, claim: Slots, everywhere: Sequence[Slots]) -> list[Slots]:
    """The units holding a price of ``q``'s kind that share the most of the claim's words (ties kept)."""
    holders = [sl for sl in everywhere if any(_price(e, q) for e in sl.quantities)]
    shared = [len(claim.content & sl.content) for sl in holders]
    best = max(shared, default=0)
    return [] if best < _MIN_SHARED else [sl for sl, n in zip(holders, shared) if n == best]
