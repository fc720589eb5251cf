"""A claim that denies what its unit denies: "A visitor's dog cannot come along on the shore walk" against "No dogs in
the hide or on the shore walk", "Metal detectors are banned from every part of the site" against "No metal detectors
anywhere on the site".

Why: such a claim has no value, date or name for the slot checks to match, so the fact layer abstained and the
embedding score alone decided; a denial said in other words ("banned", "cannot come", "not admitted") scores low
against a bare "No X", and true claims were flagged. When the best-aligned unit holds most of the claim's words and
both sides deny, each with a negation over a word they share, the fact layer reads the claim as the unit's rule said
again: supported, which the judge then asks a lower embedding score of (verdict.FACTS_MATCHED_SUPPORT).
"""

from __future__ import annotations

from guard.facts.align import Alignment, unit_slots
from guard.facts.lexicon import Lexicon
from guard.facts.negation_clash import negates, polarity_clash
from guard.facts.outcome import Outcome
from guard.facts.slots import Slots
from guard.facts.types import STATEMENT_KINDS, FactLabel

__all__ = ["denial_shared"]

_SHARE = 0.5  # the claim's words the unit must hold: it states the claim's rule, not another rule on one shared word


def denial_shared(claim: Slots, aligned: list[Alignment], lexicon: Lexicon) -> Outcome | None:
    """Supported when the claim and its best unit deny the same thing (module's why), else None."""
    if not aligned or not claim.negation_scopes or claim.quantities or claim.dates:
        return None
    best = aligned[0]
    if best.unit.kind not in STATEMENT_KINDS or best.lexical < _SHARE:
        return None
    unit = unit_slots(best.unit, lexicon)
    shared = claim.content & unit.content
    if not unit.negation_scopes or polarity_clash(claim, unit, lexicon) is not None:
        return None
    if negates(claim, shared, unit) and negates(unit, shared, claim):
        return Outcome(FactLabel.supported)
    return None
