"""Contradictions read from structure and roles, beyond slot-by-slot equality.

Why one entry point: ``compare.judge_facts`` compares each claim slot with the value its
aligned unit gives; the checks here find the cases where the value *is* in the evidence but
bound to something else (another table row, another column's period, another clause, another
role). Each returns the mismatch to report; ``compare`` turns every one into a
``contradicted`` outcome.
"""

from __future__ import annotations

from collections.abc import Sequence

from guard.facts.align import Alignment, unit_slots
from guard.facts.lexicon import Lexicon
from guard.facts.clauses import moved_dates, swapped_pairs
from guard.facts.rows import period_mismatches, row_misbindings
from guard.facts.scales import rescaled
from guard.facts.slots import Slots
from guard.facts.types import EvidenceUnit, SlotMismatch

__all__ = ["misbindings"]

_PROSE_POOL = 3


def misbindings(
    claim: Slots,
    units: Sequence[EvidenceUnit],
    aligned: Sequence[EvidenceUnit],
    lexicon: Lexicon,
    scored: Sequence[Alignment] = (),
) -> list[SlotMismatch]:
    """Every mismatch the structural checks find for one claim (empty when none)."""
    # the best-aligned units (as the judge pools them): a value a sentence there states is that sentence's
    best = [unit_slots(a.unit, lexicon) for a in scored[:_PROSE_POOL]]
    found = row_misbindings(claim, units, lexicon, best)
    found += period_mismatches(claim, aligned, lexicon)
    strong = [(a.unit, unit_slots(a.unit, lexicon)) for a in scored[:1] if a.strong]
    found += swapped_pairs(claim, strong, lexicon)
    found += moved_dates(claim, strong, lexicon)
    best_two = [(a.unit, unit_slots(a.unit, lexicon)) for a in scored[:2] if a.strong]
    found += rescaled(claim, best_two, [unit_slots(u, lexicon) for u in units])
    return found
