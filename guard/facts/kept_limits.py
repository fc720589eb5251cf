"""A value the claim says keeps to a limit that a table's header or a pair of values states.

Why: "A 45-second radio advert script fits within Brassmoor's booking" against the row "Recording:
Radio advert | Longest script: 60 seconds", or "A chipped car key priced at £80 is within the
shop's range" against "Car keys with a chip cost from £45 to £120". The header's "Longest" makes
its cell a limit, and "from £45 to £120" is a range, but the quantity reader reads plain values
there (a header is not a bound word before the value; the reader's ranges carry no currency
sign on their second value), so the claim's value differs from both. Read only where the claim
says its value keeps to something ("within", "fits", "enough", "meets"): "The longest script is
45 seconds" is a value the cell must hold, not one inside its limit. The unit is the best-aligned
one or a strongly aligned one.
"""

from __future__ import annotations

import math
import re

from guard.facts.align import Alignment, best_or_strong
from guard.facts.clause_parts import STATEMENT_END, sentence_span
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, conflicts
from guard.facts.polarity import negated, words
from guard.facts.quantities import Bound, Quantity
from guard.facts.shares import same_noun_stem
from guard.facts.slots import Slots, all_stems

__all__ = ["kept_to_stated_limit", "limit_at_range_end"]

_KEEPS = re.compile(
    r"\b(?:within|inside|fits?|enough|meets?|keeps?\s+to|stays?\s+(?:with)?in|qualif(?:y|ies))\b", re.I
)
# the same said of the claim's value as a verdict on it, not as its own bound ("within 30 days") or
# another verb ("Stannerby fits them"): the stated limits of prose are read only for these
_VERDICT = re.compile(
    r"\b(?:(?:within|inside)\s+(?:the|its|their|(?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*'s)\b|(?:fits?|meets?|keeps?\s+to)\s+(?:the|its|their|(?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*'s)\b"
    r"|enough\b|qualif(?:y|ies)\b)"
)
_AT_MOST = re.compile(r"\b(?:most|maximum|max|longest|largest|biggest|highest|heaviest|top|limit)\b", re.I)
_AT_LEAST = re.compile(r"\b(?:least|minimum|min|shortest|smallest|lowest|fewest)\b", re.I)
_CELL = re.compile(r"(?:^|\s\|\s)(?P<header>[^|:]{1,60}):\s")
_RANGE_GAP = re.compile(r"\s*(?:to|-|–)\s*")


def kept_to_stated_limit(q: Quantity, claim: Slots, held: list[tuple[Alignment, Slots]], lexicon: Lexicon) -> bool:
    """``q`` is inside a header's limit or a range of two values in an aligned unit, and the claim says it keeps to it."""
    if q.bound is not Bound.eq or q.is_range or claim.negated or not _KEEPS.search(claim.text):
        return False
    verdict = _VERDICT.search(claim.text) is not None
    for _, slots in best_or_strong(held):
        limits = _header_limits(slots, q) + (_stated_bounds(slots, claim, lexicon) if verdict else [])
        if any(accepts(q, limit) for limit in limits) or any(
            lo <= q.lo and q.hi <= hi for lo, hi in _ranges(slots, q)
        ):
            return True
    return False


def _header_limits(slots: Slots, q: Quantity) -> list[Quantity]:
    """The cells of a table row whose header names a limit ("Longest script: 60 seconds"), as bounds."""
    if slots.key_end is None:
        return []
    found = []
    for cell in _CELL.finditer(slots.text):
        header = cell.group("header")
        bound = Bound.le if _AT_MOST.search(header) else Bound.ge if _AT_LEAST.search(header) else None
        if bound is None:
            continue
        end = slots.text.find(" | ", cell.end())
        end = len(slots.text) if end < 0 else end
        for e in slots.quantities:
            if cell.end() <= e.start < end and e.bound is Bound.eq and not e.is_range:
                found.append(_as_measured(e, q, header).model_copy(update={"bound": bound}))
    return found


# the words by which a sentence's subject calls its value the most or the least of its kind
_PROSE_MOST = re.compile(r"\b(?:maximum|longest|largest|biggest|highest|heaviest|oldest|widest|tallest|deepest)\b", re.I)
_PROSE_LEAST = re.compile(r"\b(?:minimum|shortest|smallest|lowest|fewest|lightest|youngest|narrowest)\b", re.I)


def _stated_bounds(slots: Slots, claim: Slots, lexicon: Lexicon) -> list[Quantity]:
    """The limits of the unit's sentence that speaks of the claim's thing (the one sharing most of its
    content words, alone), when it denies nothing: a value its bound words limit ("up to 6 weeks",
    "at least 15 minutes", "below 160/90"), or one its subject calls the most or the least of its
    kind ("The smallest roof Mossback plants is 6 m²"). "Most people feel less sleepy within 2 weeks"
    in the same list is no limit on hours of CPAP a night."""
    spans = {sentence_span(slots.text, e.start, STATEMENT_END) for e in slots.quantities}
    shared = {span: len(claim.content & all_stems(slots.text[span[0] : span[1]])) for span in spans}
    best = max(shared.values(), default=0)
    if not best or sum(n == best for n in shared.values()) > 1:
        return []
    start, end = next(span for span, n in shared.items() if n == best)
    found = []
    for e in slots.quantities:
        if e.is_range or not start <= e.start < end:
            continue
        consumed = frozenset() if e.negation_at is None else frozenset({e.negation_at - start})
        if negated(slots.text[start:end], lexicon, consumed):
            return []
        if e.bound is not Bound.eq:
            found.append(e)
            continue
        before = slots.text[start : e.start]
        bound = Bound.le if _PROSE_MOST.search(before) else Bound.ge if _PROSE_LEAST.search(before) else None
        if bound is not None:
            found.append(e.model_copy(update={"bound": bound}))
    return found


def _as_measured(e: Quantity, q: Quantity, header: str) -> Quantity:
    """A bare number under a header naming the claim's counted noun counts that noun ("Most birds per member: 6")."""
    if e.dim == "number" and q.dim.startswith("count:"):
        noun = same_noun_stem(q.dim[6:])
        if noun in {same_noun_stem(w) for _, w in words(header)}:
            return e.model_copy(update={"dim": q.dim})
    return e


def _ranges(slots: Slots, q: Quantity) -> list[tuple[float, float]]:
    """Two values of the claim's measure joined by "to" that the reader did not take as one range ("from £45 to £120",
    "adjustable from -15°C to -24°C")."""
    values = [e for e in slots.quantities if e.dim == q.dim and e.bound is Bound.eq and not e.is_range]
    return [
        (min(a.lo, b.lo), max(a.hi, b.hi))
        for a, b in zip(values, values[1:], strict=False)
        if _RANGE_GAP.fullmatch(slots.text[a.end : b.start])
    ]


def limit_at_range_end(q: Quantity, held: list[tuple[Alignment, Slots]]) -> bool:
    """``q``, a claim limit ("at most half a metre", "up to 36 months"), is the far end of the one value of its
    measure that the best-aligned unit gives, a range ("between 35 cm and 50 cm", "from 12 to 36 months"): the
    range's own limit said alone. A unit with another value of the measure (a second range, a plain value, another
    limit) may give the range for something else, and is left to the other checks."""
    if q.bound not in (Bound.le, Bound.ge) or q.is_range or not held:
        return False
    same = [e for e in held[0][1].quantities if conflicts(q, e)]
    if len(same) != 1 or not same[0].is_range or same[0].bound is not Bound.eq:
        return False
    end = same[0].hi if q.bound is Bound.le else same[0].lo
    mine = q.hi if q.bound is Bound.le else q.lo
    return math.isclose(mine, end, rel_tol=5e-3)
