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
from typing import NamedTuple

from guard.facts.align import Alignment, unit_slots
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, same_number
from guard.facts.mismatches import contradiction
from guard.facts.quantities import Quantity
from guard.facts.slots import Slots, read_slots
from guard.facts.types import STATEMENT_KINDS, EvidenceUnit, SlotKind, SlotMismatch

__all__ = ["band_misbindings", "band_outcome_misbindings", "step_band", "value_segments"]

_SEGMENT_BREAK = re.compile(r";|[.!?]\s|,\s*(?:or|but|whereas|while)\b|\b(?:whereas|otherwise)\b", re.I)


def value_segments(slots: Slots) -> list[list[Quantity]]:
    """The unit's values grouped by segment, in order."""
    breaks = [m.start() for m in _SEGMENT_BREAK.finditer(slots.text)]
    groups: list[list[Quantity]] = [[] for _ in range(len(breaks) + 1)]
    for e in slots.quantities:
        groups[sum(b <= e.start for b in breaks)].append(e)
    return groups


def _bands_of(segment: list[Quantity], dim: str) -> list[Quantity]:
    return [e for e in segment if e.dim == dim and e.is_band]


def band_misbindings(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    """A claim value taken from another band's segment than the one the claim's own value falls in."""
    for a in scored[:2]:
        if not a.strong or a.unit.kind not in STATEMENT_KINDS:
            continue
        segments = value_segments(unit_slots(a.unit, lexicon))
        for c in claim.quantities:
            if c.is_band:
                continue
            banded = [i for i, seg in enumerate(segments) if _bands_of(seg, c.dim)]
            inside = [i for i in banded if any(accepts(c, e) for e in _bands_of(segments[i], c.dim))]
            if len(banded) < 2 or len(inside) != 1:
                continue
            own = segments[inside[0]]
            for v in claim.quantities:
                if v is c or v.dim == c.dim:
                    continue
                given = [e for e in own if e.dim == v.dim and not e.is_band]
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
            c for c in claim.quantities if c.dim == count.dim and same_number(c, count) and not c.is_band
        ]
        if rate.dim == count.dim or not said:
            continue
        for slots in near:
            segments = value_segments(slots)
            for segment in segments:
                # the pool holds a rate's numerator as a copy at the rate's place ("£70" of "£70 per night")
                if not any(e is rate or (e.start == rate.start and e.dim.startswith(rate.dim))
                           for e in segment):
                    continue
                bands = _bands_of(segment, count.dim)
                if bands:
                    return any(accepts(said[0], e) for e in bands)
    return None


# A segment that takes the rest of the measure the segments before it band: "After that, cancellation
# costs £30", "or who cancels later than that, is fined £5", "otherwise no refund is given".
_REST = re.compile(
    r"\b(?:after (?:that|this|which)|later than (?:that|this)|beyond (?:that|this)|any later|otherwise|"
    r"less notice|shorter notice|(?:smaller|larger|bigger|shorter|longer|younger|older|cheaper|lower|higher|fewer)"
    r"\s+(?:ones|[a-z]+s))\b",
    re.I,
)


class _Segment(NamedTuple):
    unit: EvidenceUnit
    text: str
    bands: list[Quantity]  # the bands of the claim value's measure it states; none: it takes the rest
    content: frozenset[str]  # its outcome: the words after its band and the band's reference point


def band_outcome_misbindings(
    claim: Slots, scored: Sequence[Alignment], units: Sequence[EvidenceUnit], lexicon: Lexicon
) -> list[SlotMismatch]:
    """An outcome the evidence gives for another band than the one the claim's value falls in.

    Why: refund windows, notice periods and fines are written as bands with an outcome each,
    the outcome in words ("cancel at least 28 days before for a full refund; between 14 and 27
    days before, you get half back; after that, no refund is given"). A wrong answer keeps an
    outcome and moves the case into another band ("cancelling 20 days before gets a full
    refund"); its value (20 days) is in no unit and its outcome words are all in the passage,
    so neither the values nor the wording give it away. Here the segments of the claim's best
    units (and of a following sentence that takes the rest: "After that, ...") are read as
    bands of the claim value's measure, each with its outcome (the words after the band and its
    reference point, light verbs left out). The claim contradicts the evidence when its value is
    in no unit and falls in exactly one band, while its own outcome words meet another band's
    outcome in at least two words, and in two more than they meet its own band's.
    """
    for a in scored[:2]:
        if not a.strong or a.unit.kind not in STATEMENT_KINDS:
            continue
        texts = _with_rest(a.unit, units)
        for c in claim.quantities:
            if c.is_band or any(same_number(c, e) for u in texts for e in unit_slots(u, lexicon).quantities):
                continue
            segments = _banded_segments(texts, c, lexicon)
            if len(segments) < 2:
                continue
            inside = [s for s in segments if _holds(s, segments, c)]
            if len(inside) != 1:
                continue
            own = inside[0]
            said = _outcome(claim.text, c.end, c, lexicon)
            scores = {id(s): len(s.content & said) for s in segments}
            other = max(segments, key=lambda s: scores[id(s)])
            if other is own or scores[id(other)] < 2 or scores[id(other)] < scores[id(own)] + 2:
                continue
            band = own.bands[0].shown if own.bands else "the rest"
            explanation = (
                f"{c.shown} falls in {band}, for which the evidence says \u201c{own.text.strip()}\u201d; "
                f"what the claim says is given for {other.bands[0].shown if other.bands else 'another case'}"
            )
            return [contradiction(SlotKind.quantity, c.shown, own.text.strip(), own.unit, explanation, band)]
    return []


def _with_rest(unit: EvidenceUnit, units: Sequence[EvidenceUnit]) -> list[EvidenceUnit]:
    """The unit, and the next unit of its passage when that one opens by taking the rest ("After that")."""
    following = [u for u in units if u.passage_id == unit.passage_id and u.index == unit.index + 1]
    if following and _REST.search(following[0].text[:40]):
        return [unit, following[0]]
    return [unit]


def _banded_segments(texts: Sequence[EvidenceUnit], c: Quantity, lexicon: Lexicon) -> list[_Segment]:
    out: list[_Segment] = []
    for unit in texts:
        breaks = [0, *(m.end() for m in _SEGMENT_BREAK.finditer(unit.text)), len(unit.text)]
        for start, end in zip(breaks, breaks[1:]):
            text = unit.text[start:end]
            slots = read_slots(text, lexicon)
            bands = [e for e in slots.quantities if e.dim == c.dim and e.is_band]
            rest = _REST.search(text) if not bands and out else None
            if bands or rest:
                end_of_case = max(e.end for e in bands) if bands else rest.end()
                out.append(_Segment(unit, text, bands, _outcome(text, end_of_case, None, lexicon)))
    return out


# the point a band is counted from, right after it: "before the course starts", "of the start date"
_REFERENCE = re.compile(
    r"^\s*(?:(?:before|after|of|from|following|prior to)\s+(?:(?!(?:for|you|is|are|will|gets?|costs?|pays?|can|"
    r"must|may|and|or)\b)[\w'-]+\s*){1,4})?",
    re.I,
)


def _outcome(text: str, end_of_case: int, skip: Quantity | None, lexicon: Lexicon) -> frozenset[str]:
    """The words (and values) of ``text`` after the case it states: what happens in that case."""
    tail = text[end_of_case:]
    tail = tail[_REFERENCE.match(tail).end() :]
    slots = read_slots(tail, lexicon)
    words = slots.content - _LIGHT_VERBS
    return words | frozenset(f"#{e.lo:g}{e.dim}" for e in slots.quantities if e is not skip)


# verbs that carry no outcome of their own ("you get half back", "a full refund is given")
_LIGHT_VERBS = frozenset({"get", "got", "give", "given", "gave", "have", "has", "had", "make", "made", "take", "taken"})


def _holds(segment: _Segment, segments: Sequence[_Segment], c: Quantity) -> bool:
    if segment.bands:
        return any(accepts(c, e) for e in segment.bands)
    before = segments[: segments.index(segment)]
    return not any(accepts(c, e) for s in before for e in s.bands)

