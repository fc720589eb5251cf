"""Is the unit that gives another value aligned on the claim's value? (issue 11, session 9)

Why: ``quantity.differs`` decided a third of the true claims flagged on blind splits (rule audit,
docs/DETECTION.md). Its witness is the first aligned unit that measures the same thing with
another value; on documents the rules were not written for, that unit is often not about the
claim's value at all: "Doses should be at least a quarter of a day apart" held against the dosing
row's "Doses in 24 hours" (a row sharing one header word), while the sentence "Leave at least 6
hours between doses" states the claim's value. A differing value is a contradiction when the unit
is about the claim's value, a guess when another unit states that value and is more about the
claim. The facet audit (session 8) found the alignment, the unit's share of the claim's weighted
words, the one facet with a gradient on both open and blind data.

Rule: the witness yields to a holder, a unit (not the witness) that states the claim value the
claim's way (same measure, number and bound) and holds strictly more of the claim's weighted words
than the witness, unless the witness is a table row whose key cell holds a claim value (the row
the claim asks about: "2.5 ml for a 3-year-old" against the row for 2 to 4 years stays
contradicted, whatever other row gives 2.5 ml).
"""

from __future__ import annotations

from guard.facts.align import Alignment, unit_slots
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, exact, one_step, same_number
from guard.facts.premises import from_frequency
from guard.facts.quantities import Quantity
from guard.facts.slots import Slots

__all__ = ["aligned_step", "copied_from_aligned_unit", "key_anchored", "stated_closer"]


def key_anchored(claim: Slots, slots: Slots) -> bool:
    """A table row whose key cell holds one of the claim's values: the row the claim is about."""
    if slots.key_end is None:
        return False
    return any(slots.in_key(e) and any(accepts(q, e) for q in claim.quantities) for e in slots.quantities)


def stated_closer(
    q: Quantity,
    claim: Slots,
    witness: tuple[Alignment, Slots, list[Quantity]],
    scored: list[Alignment],
    lexicon: Lexicon,
) -> Alignment | None:
    """The unit that states ``q`` and is more about the claim than the witness, if any (see the module)."""
    aligned, slots, _ = witness
    if key_anchored(claim, slots):
        return None
    for candidate in scored:
        if candidate.unit is aligned.unit or candidate.lexical < aligned.lexical:
            continue
        if any(_states(q, e) for e in unit_slots(candidate.unit, lexicon).quantities):
            return candidate
    return None


def _states(q: Quantity, e: Quantity) -> bool:
    """The unit writes the claim value the claim's way: same measure, number and bound."""
    return exact(q, e) and not e.is_range


def copied_from_aligned_unit(
    q: Quantity, claim: Slots, operands: tuple[Quantity, Quantity], scored: list[Alignment], lexicon: Lexicon
) -> bool:
    """``q`` is written in a unit at least as aligned on the claim as the units a step's operands come from.

    Why: a step's plain licence is withheld when the claim's value is written somewhere in the
    evidence (step_licence.licensed: "2.5 ml for a 3-year-old" = 7.5 ml - 5 ml, but 2.5 ml is the
    3 to 6 months row, a copy). Anywhere is too wide: "A puncture repair with a new inner tube comes
    to £18" (£12 + £6) met the gear tune's £18, a row sharing none of the claim's words. The value
    is a copy when the unit writing it is as much about the claim as the operands' units (alignment:
    a row whose key holds a claim value first, then the share of the claim's weighted words); a unit
    less about the claim than the operands' units writes it by coincidence.
    """
    slots_of = [(a, unit_slots(a.unit, lexicon)) for a in scored]
    homes = [
        max(((key_anchored(claim, sl), a.lexical) for a, sl in slots_of if any(x is e for e in sl.quantities)),
            default=None)
        for x in operands
    ]
    known = [h for h in homes if h is not None]
    if not known:
        return True  # both operands are the claim's own: whether the evidence writes the value decides
    weakest = min(known)
    return any(
        (key_anchored(claim, sl), a.lexical) >= weakest
        for a, sl in slots_of
        if any(same_number(q, e) for e in sl.quantities)
    )


def aligned_step(q: Quantity, claim: Slots, scored: list[Alignment], lexicon: Lexicon) -> str | None:
    """One step over the values of the two units most about the claim that gives ``q``, when the claim
    says it combines values and no unit as much about the claim writes ``q`` (the step, as text).

    Why: "A puncture repair with a new inner tube comes to £18" (£12 + £6) was read as the gear
    tune row's £18 moved to another row (misbinding.row). The row that writes £18 shares none of the
    claim's words; the units the claim's words point to (the puncture repair row, the inner tube
    sentence) give it in one step the claim says it takes. The licence is the one a step needs when
    its value is written somewhere (step_licence.licensed with ``stated``): a period, both operands
    named, or a word of combination, never the plain licence, so "A puncture repair costs £18"
    stays another row's value.
    """
    from guard.facts.step_licence import licensed  # step_licence imports this module's neighbours

    ranked = sorted(
        ((a, unit_slots(a.unit, lexicon)) for a in scored),
        key=lambda pair: (key_anchored(claim, pair[1]), pair[0].lexical),
        reverse=True,
    )
    best = [(a, sl) for a, sl in ranked if a.lexical > 0 or key_anchored(claim, sl)]
    best = [(a, sl) for a, sl in best if not any(same_number(q, e) for e in sl.quantities)][:2]
    pool = [e for _, sl in best for e in sl.quantities if e.dim != "rate"]
    pool = [e for e in pool if q.period is not None or not from_frequency(e)]
    found = one_step(q, [e for e in pool if e is not q])
    if found is None or not licensed(q, claim, found[1], found[2], lexicon, True):
        return None
    if copied_from_aligned_unit(q, claim, (found[1], found[2]), scored, lexicon):
        return None
    return found[0]
