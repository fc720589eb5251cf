"""A bound on a named amount turned round: "more than the disputed amount" where the unit says "no
more than the disputed amount".

Why: bounds on numbers are read with their values (quantities.py: "at least 4 hours" against "at
most 4 hours"), but a rule often bounds an amount it names without a number ("the adjudicator may
award no more than the disputed amount", "at least the statutory minimum", "up to the value of the
deposit"). A claim that keeps the amount's words and turns the bound round ("at least the disputed
amount", "more than the disputed amount") has no value for the quantity checks to compare and no
negation for the polarity check (slots read "no more than" as a bound, not a "not").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.align import Alignment
from guard.facts.mismatches import contradiction
from guard.facts.quantities import NAMED_AMOUNT_BOUNDS, Bound
from guard.facts.slots import Slots, all_stems
from guard.facts.types import STATEMENT_KINDS, SlotKind, SlotMismatch

__all__ = ["bound_turned"]

# the phrases of the one bound-word table (quantities.py), longest first: "no more than" before "more than"
_PHRASES = "|".join(r"\s+".join(p.split()) for p in sorted(NAMED_AMOUNT_BOUNDS, key=len, reverse=True))
# the bound, then a named amount (a determiner and words, no number): "no more than the disputed amount"
_BOUND = re.compile(
    rf"\b(?P<bound>{_PHRASES})\s+"
    r"(?P<amount>(?:the|a|an|its|their|his|her|your|this|that)\s+[a-z][a-z' -]*)",
    re.I,
)
_AMOUNT_WORDS = 3  # the amount's first content words name it ("the disputed amount claimed")
_POOL = 2
_CLOSE = 0.5  # lexical share of the unit: the claim restates it


def _bounds(text: str) -> list[tuple[bool, frozenset[str], str]]:
    """(upper bound?, the amount's first content stems, the phrase) for each bound on a named amount."""
    out = []
    for m in _BOUND.finditer(text):
        amount = " ".join(m.group("amount").split()[1 : 1 + _AMOUNT_WORDS])
        stems = all_stems(amount)
        if stems:
            bound = NAMED_AMOUNT_BOUNDS[" ".join(m.group("bound").lower().split())]
            out.append((bound in (Bound.le, Bound.lt), stems, m.group(0)))
    return out


def bound_turned(claim: Slots, scored: Sequence[Alignment]) -> list[SlotMismatch]:
    """The claim bounds the unit's named amount the other way ("at least" / "no more than" it)."""
    mine = _bounds(claim.text)
    if not mine or claim.negation_scopes:
        return []  # "may not award more than" is "no more than": left to the polarity reading
    for a in scored[:_POOL]:
        if a.unit.kind not in STATEMENT_KINDS or a.lexical < _CLOSE:
            continue
        for upper, amount, phrase in mine:
            theirs = [b for b in _bounds(a.unit.text) if b[1] == amount]
            if theirs and all(b[0] != upper for b in theirs):
                explanation = f'the evidence says "{theirs[0][2]}", the claim "{phrase}"'
                return [contradiction(SlotKind.quantifier, phrase, theirs[0][2], a.unit, explanation)]
    return []
