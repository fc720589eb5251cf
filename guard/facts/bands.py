"""Bands in a sentence: which value goes with the band a claim's value falls in.

Why: prose gives banded prices, doses and refunds the way a table does, one band to a clause
("£78 per night for stays of 1 to 4 nights; stays of 5 nights or more cost £70 per night"). A
wrong answer takes the other band's value ("a 4-night stay is £70 a night"): both values are
in the sentence, so slot equality accepts it. A right answer multiplies the value of its own
band ("5 nights cost £350" = 5 x £70), which a licence that does not read the bands refuses or,
worse, grants with the other band's value (5 x £78 = £390). Tables are read by rows.py (a row is
a band); this module reads the clauses of one sentence or list item.

A band is a range or a bounded value ("1 to 4 nights", "5 nights or more", "under 14 days"); a
segment is the text between semicolons, sentence ends and a comma before "or", "but",
"whereas" or "while". Only a claim value that falls in exactly one segment's band, in a unit
whose other segments band the same measure, is read this way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.align import Alignment, unit_slots
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, same_number
from guard.facts.mismatches import contradiction
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots
from guard.facts.types import SlotKind, SlotMismatch, UnitKind

__all__ = ["band_misbindings", "step_band"]

_SEGMENT_BREAK = re.compile(r";|[.!?]\s|,\s*(?:or|but|whereas|while)\b|\b(?:whereas|otherwise)\b", re.I)
_STATEMENTS = (UnitKind.sentence, UnitKind.list_item)


def _segments(slots: Slots) -> list[list[Quantity]]:
    """The unit's values grouped by segment, in order."""
    breaks = [m.start() for m in _SEGMENT_BREAK.finditer(slots.text)]
    groups: list[list[Quantity]] = [[] for _ in range(len(breaks) + 1)]
    for e in slots.quantities:
        groups[sum(b <= e.start for b in breaks)].append(e)
    return groups


def _is_band(e: Quantity) -> bool:
    return e.is_range or e.bound is not Bound.eq


def _bands_of(segment: list[Quantity], dim: str) -> list[Quantity]:
    return [e for e in segment if e.dim == dim and _is_band(e)]


def band_misbindings(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    """A claim value taken from another band's segment than the one the claim's own value falls in."""
    for a in scored[:2]:
        if not a.strong or a.unit.kind not in _STATEMENTS:
            continue
        segments = _segments(unit_slots(a.unit, lexicon))
        for c in claim.quantities:
            if _is_band(c):
                continue
            banded = [i for i, seg in enumerate(segments) if _bands_of(seg, c.dim)]
            inside = [i for i in banded if any(accepts(c, e) for e in _bands_of(segments[i], c.dim))]
            if len(banded) < 2 or len(inside) != 1:
                continue
            own = segments[inside[0]]
            for v in claim.quantities:
                if v is c or v.dim == c.dim:
                    continue
                given = [e for e in own if e.dim == v.dim and not _is_band(e)]
                if not given or any(accepts(v, e) for e in given):
                    continue
                others = [e for i in banded if i != inside[0] for e in segments[i] if e.dim == v.dim]
                if not any(accepts(v, e) for e in others):
                    continue
                band = _bands_of(own, c.dim)[0]
                explanation = (
                    f"the evidence gives {given[0].shown} for {band.shown}, where {c.shown} falls, "
                    f"not {v.shown}: that is another band's value"
                )
                said, shown = v.shown, given[0].shown
                return [contradiction(SlotKind.quantity, said, shown, a.unit, explanation, band.shown)]
    return []


def step_band(claim: Slots, x: Quantity, y: Quantity, near: Sequence[Slots]) -> bool | None:
    """Whether a product's count, as the claim writes it, falls in the band of its rate's segment.

    True: the claim's count selects the rate's band (5 nights x the "5 nights or more" rate), which
    licenses the step; False: it falls outside (5 nights x the "1 to 4 nights" rate), which refuses
    it; None: the rate's segment bands nothing of the count's measure.
    """
    for rate, count in ((x, y), (y, x)):
        said = [
            c for c in claim.quantities if c.dim == count.dim and same_number(c, count) and not _is_band(c)
        ]
        if rate.dim == count.dim or not said:
            continue
        for slots in near:
            segments = _segments(slots)
            for segment in segments:
                # the pool holds a rate's numerator as a copy at the rate's place ("£70" of "£70 per night")
                if not any(e is rate or (e.start == rate.start and e.dim.startswith(rate.dim))
                           for e in segment):
                    continue
                bands = _bands_of(segment, count.dim)
                if bands:
                    return any(accepts(said[0], e) for e in bands)
    return None
