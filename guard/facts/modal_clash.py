"""Modal strength: permission on one side ("may"), obligation or advice on the other ("must")."""

from __future__ import annotations

from guard.facts.clause_parts import CLAUSE_BREAK, clauses, fit
from guard.facts.lexicon import Lexicon
from guard.facts.polarity import words
from guard.facts.slots import Slots, read_slots

__all__ = ["modal_clash", "modal_clashes", "modal_word"]


def modal_clashes(claim: Slots, unit: Slots, lexicon: Lexicon) -> bool:
    """A clause of the claim whose modal clashes with the unit clause it restates (see _clause_modals)."""
    parts = [c for c, _ in clauses(claim, lexicon)]
    return any(modal_clash(part.modals, _clause_modals(part, unit, lexicon)) for part in parts)


def _clause_modals(claim: Slots, unit: Slots, lexicon: Lexicon) -> frozenset[str]:
    """The modals of the unit's clause(s) that say most of what the claim says (all of them if one clause)."""
    clauses = [read_slots(c.strip(), lexicon) for c in CLAUSE_BREAK.split(unit.text) if c.strip()]
    if len(clauses) < 2:
        return unit.modals
    shares = [fit(claim, c) for c in clauses]
    top = max(shares)
    # several clauses equally close: a clash only where every one of them clashes
    best = [c.modals for c, n in zip(clauses, shares) if n == top]
    return next((m for m in best if not modal_clash(claim.modals, m)), best[0])


def modal_clash(claim: frozenset[str], unit: frozenset[str]) -> bool:
    """Permission on one side, obligation or advice on the other ("may" vs "must")."""
    if not claim or not unit or claim & unit:
        return False
    return ("permission" in claim) != ("permission" in unit)


def modal_word(text: str, lexicon: Lexicon) -> str:
    lowered = " " + " ".join(w for _, w in words(text)) + " "
    return next((m for m in lexicon.modals if f" {m} " in lowered), "")
