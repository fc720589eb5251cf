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

from guard.facts.clause_parts import sentence_span
from guard.facts.derivation import most_shared
from guard.facts.matching import accepts
from guard.facts.numbers import read_number, read_ordinal
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity, quantities
from guard.facts.shares import same_noun_stem
from guard.facts.slots import Slots

__all__ = ["counted_past_allowance", "overage_total"]

# "Each letter after the 80th", "each extra 1,000 words beyond a package's limit", "for each mile beyond the
# first 30", "Each bedroom over three", "Each hour of photography beyond the hours of the package"
_CHARGED = re.compile(
    r"\b(?:each|every)\s+(?:extra\s+|additional\s+|further\s+)?(?:(?P<block>\d[\d,]*)\s+)?(?P<noun>[a-z]+)"
    r"(?:\s+of\s+[a-z]+(?:\s+[a-z]+)?)?\s+(?:after\s+the\s+(?P<ordinal>[\w,-]+)|(?:beyond|over|above|past)\s+"
    r"(?:the\s+first\s+)?(?P<limit>[\w,-]+))",
    re.I,
)
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
    return _first_and_further(q, claim, everywhere)


def counted_past_allowance(
    q: Quantity, claim: Slots, everywhere: Sequence[Slots]
) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step of another claim value (:func:`overage_total`) whose count past an allowance is ``q``, or None."""
    for value in claim.quantities:
        if value is q:
            continue
        found = overage_total(value, claim, everywhere)
        if found and any(o is q for o in found[1]):
            return found
    return None


def _charges(unit: Slots, q: Quantity) -> list[_Charge]:
    """The unit's charges for each thing past an allowance, in the dimension of ``q``."""
    out = []
    for m in _CHARGED.finditer(unit.text):
        start, end = sentence_span(unit.text, m.start())
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


def _same_dim(e: Quantity, q: Quantity) -> bool:
    """A charge in the claim value's kind: "£9 a night" for "£48 a night"; "£3 a letter" for "£90"."""
    return e.dim == q.dim or (q.per is None and e.dim.startswith(f"{q.dim}/") and e.per in (None, 1.0))


def _per_noun(e: Quantity, noun: str) -> float | None:
    """What one unit of ``e`` is in ``noun``s: 1 for a count of that noun; for a duration, the time unit ``noun``
    names (a duration's value is in hours); None when ``e`` measures something else."""
    if e.dim.startswith("count:") and same_noun_stem(e.dim.split(":", 1)[1]) == noun:
        return 1.0
    if e.dim == "duration" and noun in DURATION_HOURS:
        return 1.0 / DURATION_HOURS[noun]
    return None


def _claim_count(noun: str, claim: Slots) -> tuple[Quantity, float] | None:
    """The claim's count of ``noun`` (a time unit counts the claim's duration in it) and its value."""
    for c in claim.quantities:
        scale = None if c.is_range or c.bound is not Bound.eq else _per_noun(c, noun)
        if scale is not None:
            return c, c.lo * scale
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
        past = f"({said.surface} - {limit:g}) × {charge.rate.surface}"
        # the excess alone is read only against the charge's own allowance (the pair without a base)
        found = _as_claimed(q, claim, round(blocks) * charge.rate.lo, past, base, said, charge.rate, alone=base is None)
        if found:
            return found
    return None


def _as_claimed(
    q: Quantity, claim: Slots, extra: float, past: str, base: Quantity | None, said: Quantity, rate: Quantity,
    alone: bool = True,
) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step when ``q`` is the excess's charge ``extra`` (with ``alone``, the claim saying it adds) or ``base``
    plus it."""
    if alone and _ADDED.search(claim.text) and math.isclose(extra, q.lo, rel_tol=1e-9):
        return f"{past} = {q.surface}", (said, rate)
    if base is not None and math.isclose(base.lo + extra, q.lo, rel_tol=1e-9):
        return f"{base.surface} + {past} = {q.surface}", (base, said, rate)
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
            start, end = sentence_span(sl.text, e.start)
            pairs += [(a, e) for a in _allowances(sl, charge.noun, start, end)]
    return pairs


def _price(e: Quantity, q: Quantity) -> bool:
    return e.dim == q.dim and e.per == q.per and e.bound is Bound.eq and not e.is_range


def _allowances(unit: Slots, noun: str, start: int, end: int) -> list[float]:
    """The "up to" bounds on ``noun`` in a span of the unit ("up to 20,000 words", "up to 10 hours")."""
    out = []
    for e in unit.quantities:
        scale = _per_noun(e, noun) if start <= e.start < end and e.bound is Bound.le else None
        if scale is not None:
            out.append(e.hi * scale)
    return out


def _named_units(q: Quantity, claim: Slots, everywhere: Sequence[Slots]) -> list[Slots]:
    """The units holding a price of ``q``'s kind that share the most of the claim's words (ties kept)."""
    named = most_shared(claim, [sl for sl in everywhere if any(_price(e, q) for e in sl.quantities)])
    return named if named and len(claim.content & named[0].content) >= _MIN_SHARED else []


# "Each further mile", "Each further 24 hours or part of it", "£12 for each further half hour": the charge for each
# block past a first allowance ("Fare for the first 10 miles: £36", "free for the first 45 minutes") in one unit
_FURTHER = re.compile(
    r"\b(?:each|every)\s+(?:further|extra|additional)\s+(?P<block>(?:\d[\d,.]*|half|an?)\s+)?(?P<noun>[a-z]+)"
    r"(?P<part>\s+or\s+part\s+of\s+(?:it|one|that))?",
    re.I,
)
_FIRST = re.compile(r"\bfirst\s+(?=\d|[a-z]+\s+[a-z])", re.I)
_NEAR = 40  # characters between a charge's words and its price ("£12 for each further", "Each further mile: £1.80")


def _first_and_further(
    q: Quantity, claim: Slots, everywhere: Sequence[Slots]
) -> tuple[str, tuple[Quantity, ...]] | None:
    """``q`` as a first allowance's price plus each further block the claim's amount runs past it, in the unit
    (of those giving such a charge) that shares the most with the claim; or what the further blocks add."""
    candidates = [(sl, m) for sl in everywhere for m in _FURTHER.finditer(sl.text)]
    scores = [_row_score(claim, sl, q) for sl, _ in candidates]
    best = max(scores, default=0)
    if best < 1:
        return None
    for (unit, m), score in zip(candidates, scores):
        if score == best:
            found = _further_step(q, claim, unit, m)
            if found:
                return found
    return None


def _row_score(claim: Slots, unit: Slots, q: Quantity) -> int:
    """Claim words the unit shares, plus claim values inside a band the unit states ("15 kg" in "up to 20 kg")."""
    inside = sum(
        any(e.is_band and accepts(c, e) for e in unit.quantities)
        for c in claim.quantities if c is not q and c.dim == "mass"
    )
    return len(claim.content & unit.content) + inside


def _further_step(q: Quantity, claim: Slots, unit: Slots, m: re.Match[str]) -> tuple[str, tuple[Quantity, ...]] | None:
    block = _block(m)
    if block is None or not block.lo:
        return None
    first = next((e for e in unit.quantities if e.dim == block.dim and _after_first(unit.text, e)), None)
    said = next((c for c in claim.quantities if c is not q and c.dim == block.dim and c.bound is Bound.eq), None)
    rate = _rate_near(unit, m, q)
    if first is None or said is None or rate is None:
        return None
    blocks = (said.lo - first.hi) / block.lo
    if blocks <= 0:
        return None
    whole = math.ceil(blocks - 1e-9) if m.group("part") else round(blocks)
    if not math.isclose(blocks, whole) and not m.group("part"):
        return None
    past = f"({said.surface} - {first.surface}) ÷ {block.surface} × {rate.surface}"
    return _as_claimed(q, claim, whole * rate.lo, past, _first_price(unit, first, m, q, rate), said, rate)


def _block(m: re.Match[str]) -> Quantity | None:
    """The block each charge covers ("24 hours", "half hour": 0.5 hour, "mile": 1 mile) as a quantity."""
    size = (m.group("block") or "1").strip().lower()
    size = {"half": "0.5", "a": "1", "an": "1"}.get(size, size)
    found = quantities(f"{size} {m.group('noun')}")
    return found[0] if found and found[0].start == 0 else None


def _after_first(text: str, e: Quantity) -> bool:
    """``e`` is the allowance a "first" introduces ("the first 10 miles", "First 24 hours")."""
    return bool(_FIRST.search(text[max(0, e.start - 6) : e.start + 1]))


def _rate_near(unit: Slots, m: re.Match[str], q: Quantity) -> Quantity | None:
    """The price of each further block: right after its words ("Each further mile: £1.80"), else right before
    ("£12 for each further half hour")."""
    prices = [e for e in unit.quantities if _same_dim(e, q) and e.bound is Bound.eq and not e.is_range]
    after = [e for e in prices if m.end() <= e.start <= m.end() + _NEAR]
    before = [e for e in prices if e.start < m.start() and m.start() - e.end <= _NEAR]
    return after[0] if after else before[-1] if before else None


def _first_price(unit: Slots, first: Quantity, m: re.Match[str], q: Quantity, rate: Quantity) -> Quantity | None:
    """The price of the first allowance: the first price after it and before the further charge's words
    ("First 24 hours: £8"), or nothing ("free for the first 45 minutes, then £12 for each further half hour")."""
    prices = [e for e in unit.quantities if _price(e, q) and e is not rate and first.end <= e.start < m.start()]
    return prices[0] if prices else None
