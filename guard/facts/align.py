"""Align a claim to the evidence unit(s) it speaks about: at most two, best first.

Why anchors outweigh words: "The dose should be 2.5 ml for a 3-year-old" shares "2.5 ml"
with the row for 3 to 6 months and with the sentence about 8-week vaccinations, but it is
about the row whose key (first cell) contains 3 years. A unit scores its share of the
claim's content words, plus the caller's cosine similarity when given (the caller holds
the embeddings; nothing is loaded here), plus one point per claim quantity it accepts
(1.5 when the quantity sits in a table row's key cell; less when the value is only inside
the unit's bound, or is the same number with the bound turned round), half a point per
date it shares, and a quarter point per claim quantity whose dimension it holds (it
measures the same kind of thing). A unit sharing none of the claim's words (and not similar
by the caller's cosine) whose values only contain the claim's (a range, a bound; no equal
value) gets a quarter of those points: such a match there is likely a coincidence.
Content words are weighted by their rarity among the units given (IDF), so the word that
names the fact outweighs the product name every unit repeats.

A second unit is added only for a claim that joins two facts: it must accept a claim
quantity whose dimension the first unit does not hold (so a wrong dose is never "rescued"
by the row that has that dose), or a date or name the first lacks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

from guard.facts.dates import same_date
from guard.facts.entities import name_tokens
from guard.facts.inference import time_span
from guard.facts.lexicon import ENGLISH, Lexicon
from guard.facts.matching import accepts, exact, same_number
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots, read_slots
from guard.facts.types import EvidenceUnit, UnitKind

__all__ = ["Alignment", "align", "best_or_strong", "ranked", "select", "unit_slots"]

T = TypeVar("T")

KEY_WEIGHT = 1.5
TOPIC_WEIGHT = 0.25
UNRELATED_WEIGHT = 0.25
UNRELATED_SIMILARITY = 0.3
FLIPPED_WEIGHT = 0.75  # the same number with its bound turned round: about the same thing, said wrongly
BOUND_WEIGHT = 0.5  # a value only inside the unit's bound ("6 weeks" under "under 3 months") anchors weakly
LIMIT_WEIGHT = 0.3  # a limit on the same dimension set the same way, at another value
STRONG_LEXICAL = 0.5
STRONG_SIMILARITY = 0.6


class Alignment(BaseModel):
    """One aligned unit and why: its score and the parts of it."""

    unit: EvidenceUnit
    score: float
    lexical: float  # share of the claim's content words found in the unit
    similarity: float | None = None
    anchored: bool  # the unit accepts at least one of the claim's quantities, dates or names

    @property
    def strong(self) -> bool:
        """Aligned well enough that a differing value in it is a contradiction, not noise."""
        return (
            self.anchored
            or self.lexical >= STRONG_LEXICAL
            or (self.similarity is not None and self.similarity >= STRONG_SIMILARITY)
        )


def best_or_strong(held: Sequence[tuple[Alignment, T]]) -> list[tuple[Alignment, T]]:
    """The best-aligned unit and any other strongly aligned one: those whose limits speak of the claim."""
    return [(a, x) for n, (a, x) in enumerate(held) if n == 0 or a.strong]


def unit_slots(unit: EvidenceUnit, lexicon: Lexicon = ENGLISH) -> Slots:
    return read_slots(unit.text, lexicon, unit.kind is UnitKind.table_row)


def align(
    claim_text: str,
    units: Sequence[EvidenceUnit],
    similarities: Sequence[float] | None = None,
    lexicon: Lexicon = ENGLISH,
    top_k: int = 2,
) -> list[Alignment]:
    """The best unit, and a second one when the claim joins two facts; [] without units."""
    return select(claim_text, ranked(claim_text, units, similarities, lexicon), lexicon, top_k)


def select(
    claim_text: str, scored: list[Alignment], lexicon: Lexicon = ENGLISH, top_k: int = 2
) -> list[Alignment]:
    """From units ranked for a claim: the best, and the one completing a two-fact claim."""
    if not scored:
        return []
    best = scored[0]
    if top_k < 2:
        return [best]
    second = _complement(read_slots(claim_text, lexicon), best, scored[1:], lexicon)
    return [best] if second is None else [best, second]


def ranked(
    claim_text: str,
    units: Sequence[EvidenceUnit],
    similarities: Sequence[float] | None = None,
    lexicon: Lexicon = ENGLISH,
) -> list[Alignment]:
    """Every unit scored for the claim, best first (what :func:`align` picks from)."""
    if not units:
        return []
    if similarities is not None and len(similarities) != len(units):
        similarities = None
    claim = read_slots(claim_text, lexicon)
    slots = [unit_slots(unit, lexicon) for unit in units]
    weights = _idf(claim, slots)
    scored = [
        _score(claim, unit, slots[i], weights, None if similarities is None else float(similarities[i]))
        for i, unit in enumerate(units)
    ]
    scored.sort(key=lambda a: (-a.score, a.unit.passage_id, a.unit.index))
    return scored


def _agreement(claim: Quantity, evidence: Quantity) -> float:
    """1 for the same statement, less for a value only inside a bound or with the bound turned round."""
    if exact(claim, evidence):
        return 1.0
    if same_number(claim, evidence):
        return FLIPPED_WEIGHT
    # a value only inside the unit's bound, or another limit: the nearer, the likelier the same thing
    weight = BOUND_WEIGHT if accepts(claim, evidence) else LIMIT_WEIGHT
    a, b = max(abs(claim.lo), 1e-12), max(abs(evidence.lo), 1e-12)
    return weight / (1.0 + abs(math.log(a / b)))


def _row_answers(claim: Slots, slots: Slots) -> bool:
    """A table row whose key holds one claim value and whose other cells measure another claim value.

    "Give 30 ml for a 3-year-old" against "Age: 2 to 4 years | Dose: 7.5 ml": the row is the
    one the claim asks about, whatever words the claim uses.
    """
    if slots.key_end is None:
        return False
    key_hit = any(slots.in_key(e) and accepts(q, e) for q in claim.quantities for e in slots.quantities)
    cells = {e.dim for e in slots.quantities if not slots.in_key(e)}
    return key_hit and any(
        q.dim in cells and not any(slots.in_key(e) and accepts(q, e) for e in slots.quantities)
        for q in claim.quantities
    )


def _same_limit(claim: Quantity, evidence: Quantity) -> bool:
    """Both set a limit the same way on the same dimension ("up to 5 days", "no more than 3 days")."""
    ups, downs = (Bound.ge, Bound.gt), (Bound.le, Bound.lt)
    return claim.dim == evidence.dim and (
        (claim.bound in ups and evidence.bound in ups) or (claim.bound in downs and evidence.bound in downs)
    )


def _idf(claim: Slots, slots: list[Slots]) -> dict[str, float]:
    """Rarer words weigh more: "refrigerate" outweighs "Febrilon" in the Febrilon leaflet."""
    total = len(slots)
    return {
        word: math.log((total + 1) / (sum(word in s.content for s in slots) + 1)) + 1.0
        for word in claim.content
    }


def _score(
    claim: Slots, unit: EvidenceUnit, slots: Slots, weights: dict[str, float], similarity: float | None
) -> Alignment:
    # fsum: a float sum over a set depends on the set's order, which the hash seed changes; two
    # units holding the same words must tie exactly, or the verdict changes from run to run
    total = math.fsum(weights.values())
    lexical = math.fsum(weights[w] for w in claim.content & slots.content) / total if total else 0.0
    points = 0.0
    exact_match = any(
        same_number(q, e) and q.bound is e.bound for q in claim.quantities for e in slots.quantities
    )
    for quantity in claim.quantities:
        matched = [
            (KEY_WEIGHT if slots.in_key(e) else 1.0) * _agreement(quantity, e)
            for e in slots.quantities
            if accepts(quantity, e) or same_number(quantity, e) or _same_limit(quantity, e)
        ]
        points += max(matched, default=0.0)
    points += 0.5 * sum(any(same_date(d, e) for e in slots.dates) for d in claim.dates)
    anchored = points > 0
    if (
        total
        and lexical == 0.0
        and not exact_match
        and not _row_answers(claim, slots)
        and (similarity is None or similarity < UNRELATED_SIMILARITY)
    ):
        # a value merely inside a range or bound of a unit sharing none of the claim's words is
        # likely a coincidence ("six years" of construction against the row for 4 to 6 years)
        points *= UNRELATED_WEIGHT
    # a span of clock times exactly as long as the claim's duration ("five and a half hours", "10:00 to 15:30")
    # is the claim's value, said another way: no coincidence to weigh down, even in a unit of other words
    spans = sum(1.0 for q in claim.quantities if q.dim.startswith("duration") and time_span(q, slots.dates))
    points += spans
    anchored = anchored or spans > 0
    # a unit that measures the same kind of thing (a rate, a volume) is about the claim's topic
    dims = {e.dim for e in slots.quantities}
    if any(e.is_range and e.dim.startswith("count:") for e in slots.quantities):
        dims.add("number")  # "4 to 14 migraine days" is a range of numbers too, as a claim may say it
    points += TOPIC_WEIGHT * sum(q.dim in dims for q in claim.quantities)
    score = lexical + points + (similarity or 0.0)
    # model_construct: every field is computed here, and this runs for every unit of every claim
    return Alignment.model_construct(
        unit=unit, score=score, lexical=lexical, similarity=similarity, anchored=anchored
    )


def _name_in(name: str, slots: Slots) -> bool:
    return name_tokens(name) <= slots.name_tokens


def _complement(claim: Slots, best: Alignment, rest: list[Alignment], lexicon: Lexicon) -> Alignment | None:
    first = unit_slots(best.unit, lexicon)
    held = {e.dim for e in first.quantities}
    open_quantities = [
        q for q in claim.quantities if q.dim not in held and not any(accepts(q, e) for e in first.quantities)
    ]
    open_dates = [d for d in claim.dates if not any(same_date(d, e) for e in first.dates)]
    open_names = [n for n in claim.names if not _name_in(n, first)]
    if not (open_quantities or open_dates or open_names):
        return None
    best_second, best_count = None, 0
    for candidate in rest:
        slots = unit_slots(candidate.unit, lexicon)
        count = sum(any(accepts(q, e) for e in slots.quantities) for q in open_quantities)
        count += sum(any(same_date(d, e) for e in slots.dates) for d in open_dates)
        count += sum(_name_in(n, slots) for n in open_names)
        if count > best_count:
            best_second, best_count = candidate, count
    return best_second
