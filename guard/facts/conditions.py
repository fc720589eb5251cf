"""The units whose condition a claim meets: "a 72-year-old" under "Patients aged 70 and over get
£15 off any scan", "cancelling 4 days before" in the band "2 to 6 days before | Half the fee".

Why: a price the claim works out for its own case ("A 72-year-old pays £125 for a hip and spine
scan": £140 less the over-70s' £15) rests on the unit of the thing (the scan's row) and on the
unit whose condition the claim's case meets (the age band, the notice band). Alignment finds the
first by the claim's words; the second shares few of them, so the step that joins the two was
never tried. A claim's age or lead time inside a band some unit states brings that unit into the
values a step may combine.
"""

from __future__ import annotations

from guard.facts.align import Alignment, unit_slots
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts
from guard.facts.quantities import Quantity
from guard.facts.slots import Slots

__all__ = ["conditions_met", "meets_condition"]

# what a claim's own case is said with: a person's age, a time before the event
_CASE_MEASURES = ("age", "lead")


def conditions_met(
    claim: Slots, near: list[tuple[Alignment, Slots]], scored: list[Alignment], lexicon: Lexicon
) -> list[tuple[Alignment, Slots]]:
    """Units outside ``near`` that state a band (a range or a limit) holding the claim's age or lead time."""
    if not _cases(claim):
        return []
    found = []
    for a in scored:
        if any(a.unit is b.unit for b, _ in near + found):
            continue
        slots = unit_slots(a.unit, lexicon)
        if meets_condition(claim, slots):
            found.append((a, slots))
    return found


def meets_condition(claim: Slots, unit: Slots) -> bool:
    """The unit states a band (a range or a limit) of the claim's age or lead time that holds it."""
    return any(e.is_band and e.measure == q.measure and accepts(q, e) for q in _cases(claim) for e in unit.quantities)


def _cases(claim: Slots) -> list[Quantity]:
    return [q for q in claim.quantities if q.measure in _CASE_MEASURES and not q.is_band]
