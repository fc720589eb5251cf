"""A claim's price per person read as the plain price the evidence writes ("£16 a head" for "Price: £16").

Why: a ticket's price is what one person pays, so a document that gives its prices plainly ("| Dawn rut
watch | ... | £28 |", "Prices are per person") is answered in either form: "The dawn rut watch costs £28" or
"... £28 a head". Read as a rate per person, "£16 a head" is of another kind than every price the document
writes, so no price of the row the claim names can contradict it, and the £16 of another row passed for it.

Only where the evidence writes no price per anything counted (then the claim's rate is compared with the
evidence's rates, as before: "£28 for each adult" against "Morning walks: £28 a person", "£40 per player"
against "£40 per team"), and only per one person:
"£60 per group of four" stays a rate, and a step over counts of people ("3 children at £8 each") keeps
the rate the claim does not state per one.
"""

from __future__ import annotations

from collections.abc import Iterable

from guard.facts.quantities import Quantity
from guard.facts.slots import Slots, stem

__all__ = ["person_prices_as_plain"]

# the people a ticket is sold to, as quantities.py names a rate's denominator ("count:" and the singular;
# "a head" is read as per person there)
_PEOPLE = frozenset(
    f"count:{noun}"
    for noun in (
        "person", "adult", "child", "guest", "visitor", "pupil", "player", "rider", "participant", "student",
        "member", "diner", "passenger", "camper", "walker", "swimmer", "learner", "delegate", "attendee",
        "entrant", "competitor", "climber", "paddler", "angler", "cyclist", "runner", "skater",
    )
)


def _per_one_person(q: Quantity) -> bool:
    base, _, den = q.dim.partition("/")
    return base.startswith("money") and den in _PEOPLE and q.per == 1.0 and q.period is None


def person_prices_as_plain(claim: Slots, evidence: Iterable[Slots]) -> Slots:
    """``claim`` with each price per one person read as a plain price, where no evidence unit gives a price
    per anything counted; the claim unchanged otherwise."""
    if not any(_per_one_person(q) for q in claim.quantities):
        return claim
    if any(_per_counted(e) for s in evidence for e in s.quantities):
        return claim
    plain = tuple(_plain(q) if _per_one_person(q) else q for q in claim.quantities)
    # the person is now a word of the claim, not of its value: "Table money ... is £4 per player" names the
    # column "Table money per player"
    people = {stem(q.dim.partition("/count:")[2]) for q in claim.quantities if _per_one_person(q)}
    return claim.model_copy(update={"quantities": plain, "content": claim.content | people})


def _per_counted(q: Quantity) -> bool:
    base, _, den = q.dim.partition("/")
    return base.startswith("money") and den.startswith("count:")


def _plain(q: Quantity) -> Quantity:
    return q.model_copy(update={"dim": q.dim.partition("/")[0], "per": None})
