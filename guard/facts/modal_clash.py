"""Modal strength: permission on one side ("may"), obligation or advice on the other ("must")."""

from __future__ import annotations

import re

from guard.facts.clause_parts import CLAUSE_BREAK, clauses, fit
from guard.facts.lexicon import Lexicon
from guard.facts.polarity import words
from guard.facts.slots import Slots, read_slots

__all__ = ["modal_clash", "modal_clashes", "modal_word", "entailed_options", "permits_alternatives", "stronger_modal"]


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


def stronger_modal(claim: str, unit: str) -> bool:
    """Obligation or advice in the claim where the unit only permits (one modal class each).

    Why one direction: a duty entails the permission ("Vehicles must be booked online or by
    phone" makes "a vehicle can be booked online or by phone" true), so "may"/"can" for the
    unit's "must"/"should" is weaker, not turned round; "must" for "may" claims more. Callers
    still read a plain "may" for "must" of one act as a weakened duty (edits._entailed_options).
    """
    return claim != "permission" and unit == "permission"


# a permission over alternative ways of doing the act ("can be booked online or by phone", "may pay
# at reception or through the app"): it says which ways are open, which a duty to use one of them
# entails. The alternatives are two phrases of manner or place joined by "or"; an "or" of another
# kind ("may be used by 31 March, or they are lost", "within 12 months of delivery or expected
# delivery") is not one
_WAY = r"(?:online|by|via|through|at|in|from|on|over)"
_OPTIONS = re.compile(rf"\b(?:can|may|could)\b[^.;:]{{0,40}}?\b{_WAY}\b[^.;:,]{{0,25}}?\bor\s+{_WAY}\b", re.I)


def permits_alternatives(text: str) -> bool:
    """The text's permission ranges over alternatives (see _OPTIONS)."""
    return _OPTIONS.search(text) is not None


def entailed_options(claim: Slots, unit_modals: frozenset[str]) -> bool:
    """The claim only permits, over alternatives, what the unit requires or advises: weaker, entailed."""
    return claim.modals == {"permission"} and bool(unit_modals) and "permission" not in unit_modals and (
        permits_alternatives(claim.text)
    )


def modal_word(text: str, lexicon: Lexicon) -> str:
    lowered = " " + " ".join(w for _, w in words(text)) + " "
    return next((m for m in lexicon.modals if f" {m} " in lowered), "")
