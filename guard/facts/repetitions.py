"""How many times a regimen's act is done over a span: "3 times a day" makes 21 sessions over a week.

Why: aftercare letters and plans give a frequency and a length ("Rinse your nose with salt water twice
a day for 6 weeks", "Eye drops, 4 times a day | For how long: 4 weeks"), and a right answer counts the
times ("adds up to 84 salt water rinses in all", "puts in the eye drops 28 times in the first week").
inference.regimen_total multiplies a dose by the frequency; a count of the times themselves was "no
evidence gives 84". Here the claim's count holds when it is the frequency times a span: the claim's own
span ("over a week", "over the three days") when it is no longer than the length the frequency's unit
gives, else that length. Only spans of whole days and weeks count: a month is no whole number of days.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.derivation import most_shared
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity
from guard.facts.slots import Slots

__all__ = ["times_over_span"]

_DAY = DURATION_HOURS["day"]
_WEEK = DURATION_HOURS["week"]
# "over a week", "in the first week", "a fortnight": a span of one, not a frequency ("twice a week")
_ONE_SPAN = re.compile(r"\b(?:a|one|the\s+first|the\s+whole|a\s+whole)\s+(day|week|fortnight)\b", re.I)
_FREQUENCY_BEFORE = re.compile(r"(?:\b(?:times?|twice|once|thrice)|\d)\s*$", re.I)


def times_over_span(q: Quantity, claim: Slots, near: Sequence[Slots]) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step "<frequency> × <span> = <q>" for a count ``q`` of the claim, with its operands, or None."""
    if not _is_count(q):
        return None
    spans = _claim_spans(claim, q)
    for unit in most_shared(claim, [u for u in near if _frequencies(u)]):
        lengths = [e for e in unit.quantities if _is_length(e)]
        length = lengths[0] if len(lengths) == 1 else None
        for rate in _frequencies(unit):
            for span, hours in spans or ([(length, length.lo)] if length is not None else []):
                if length is not None and hours > length.lo:
                    continue  # longer than the regimen lasts
                if _whole(rate.lo * hours) == q.lo:
                    surface = span.surface if span is not None else "a " + _word(hours)
                    return f"{rate.surface} × {surface} = {q.surface}", (rate, *((span,) if span is not None else ()))
    return None


def _is_count(q: Quantity) -> bool:
    counted = q.dim == "number" or (q.dim.startswith("count:") and q.period is None)
    return counted and q.per is None and q.bound is Bound.eq and not q.is_range and q.lo >= 2 and q.lo == int(q.lo)


def _frequencies(unit: Slots) -> list[Quantity]:
    """Times a day or a week ("twice a day", "3 times a day", "every day"): rates of one act per hour."""
    return [
        e for e in unit.quantities
        if e.dim == "rate" and e.bound is Bound.eq and not e.is_range and e.lo > 0 and _whole(e.lo * _WEEK) is not None
    ]


def _is_length(e: Quantity) -> bool:
    return (
        e.dim == "duration" and e.bound is Bound.eq and not e.is_range and e.per is None
        and e.lo >= _DAY and _whole(e.lo / _DAY) is not None
    )


def _claim_spans(claim: Slots, q: Quantity) -> list[tuple[Quantity | None, float]]:
    """The claim's spans of whole days: its durations, and "a week" / "the first week" said in words."""
    spans: list[tuple[Quantity | None, float]] = [(e, e.lo) for e in claim.quantities if e is not q and _is_length(e)]
    for m in _ONE_SPAN.finditer(claim.text):
        if not _FREQUENCY_BEFORE.search(claim.text[: m.start()]):
            spans.append((None, DURATION_HOURS[m.group(1).lower()]))
    return spans


def _whole(x: float) -> int | None:
    n = round(x)
    return n if abs(x - n) < 1e-6 else None


def _word(hours: float) -> str:
    return {_DAY: "day", _WEEK: "week", 2 * _WEEK: "fortnight"}.get(hours, f"{hours / _DAY:g} days")
