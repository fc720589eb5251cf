"""A claim's own premises: the counts and amounts it supposes rather than states as facts.

"Two nights at £180 is £360", "three departures: 09:30, 12:45 and 17:40", "twice a year":
the count is the claim's scenario, found in no unit, and holds when the claim's own arithmetic
accounts for it. :func:`settle_premises` turns such a value's outcome to supported.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from guard.facts.align import Alignment
from guard.facts.conditions import case_of_record
from guard.facts.inference import compared_with_limit
from guard.facts.matching import accepts, conflicts, same_number
from guard.facts.mismatches import contradiction
from guard.facts.outcome import Outcome
from guard.facts.quantities import Bound, Quantity
from guard.facts.rules import FactRule
from guard.facts.shares import same_pence
from guard.facts.slots import Slots, all_stems, stem
from guard.facts.types import FactLabel, SlotKind

__all__ = ["claim_operands", "countable_premise", "from_frequency", "settle_premises"]


def enumerated(q: Quantity, claim: Slots) -> bool:
    """A plain count whose items the claim lists right after it, each a date or a value of one kind."""
    if not countable_premise(q) or q.lo < 2 or not float(q.lo).is_integer():
        return False
    n = int(q.lo)
    after_dates = [d for d in claim.dates if d.start >= q.end]
    after_values = [o for o in claim.quantities if o.start >= q.end and o is not q]
    same_kind = len({o.dim for o in after_values}) == 1
    return len(after_dates) == n or (same_kind and len(after_values) == n)


def multiplies(q: Quantity, holding: list[Quantity]) -> bool:
    """A plain count that takes one holding claim value to another ("4 × £2,500 = £10,000")."""
    if not countable_premise(q) or not q.lo or math.isclose(q.lo, 1.0):
        return False
    # a value per a noun counts as its amount for one ("£6,000 per reader" is the reader's whole limit)
    amounts = [(o, o.dim.split("/")[0], o.lo * (o.per or 1.0)) for o in holding if o.bound is Bound.eq and not o.is_range]
    return any(
        x is not y and dx == dy and math.isclose(vx * q.lo, vy, rel_tol=5e-3)
        for x, dx, vx in amounts
        for y, dy, vy in amounts
    )


def through_rate(q: Quantity, holding: list[Quantity], rates: list[Quantity]) -> bool:
    """``q`` times a nearby rate per its kind gives another claim value that holds."""
    if q.bound is not Bound.eq or q.is_range or not q.lo:
        return False
    return any(
        r.dim == f"{o.dim}/{q.dim}" and math.isclose(r.lo * q.lo, o.lo, rel_tol=5e-3)
        for r in rates
        for o in holding
        if o is not q
    )


def rate_said(q: Quantity, claim: Slots, held: list[tuple[Alignment, Slots]]) -> bool:
    """The count read out of the claim's frequency, when the frequency itself holds.

    "Twice daily" is both the rate 1/12 an hour and the count "2 times": against "every 12
    hours" the rate holds and no unit writes a count, which is the same fact said another way.
    """
    if not from_frequency(q):
        return False
    rates = [r for r in claim.quantities if r.dim == "rate" and r.start == q.start and r.end == q.end]
    return any(accepts(r, e) for r in rates for _, s in held for e in s.quantities)


def countable_premise(q: Quantity) -> bool:
    """A plain count the claim may suppose; a bounded one ("more than 2 glasses") states a limit."""
    plain = q.bound is Bound.eq and q.period is None
    return plain and (q.dim == "number" or q.dim.startswith("count:"))


def from_frequency(quantity: Quantity) -> bool:
    """The count read out of a frequency: it multiplies a dose only into a total over a period."""
    return quantity.dim == "count:time" and quantity.period is not None


def claim_operands(
    claim: Slots, held: list[tuple[Alignment, Slots]], near_held: list[tuple[Alignment, Slots]]
) -> list[Quantity]:
    """The claim's values a step may combine: those the aligned units accept, then its premises."""
    accepted = [q for q in claim.quantities if any(accepts(q, e) for _, s in held for e in s.quantities)]
    # a count the aligned units give otherwise ("2 glasses" against "one glass") is a claim, not a premise
    premises = [
        q
        for q in claim.quantities
        if q not in accepted
        and countable_premise(q)
        and not any(conflicts(q, e) for _, s in held for e in s.quantities)
    ]
    # the claim's own amount of what a nearby rate is given per ("a 200-mile trip" for "45p per
    # mile", "a 20 kg child" for "25 mg/kg/day") is its scenario, the rate's other operand
    per = {e.dim.split("/", 1)[1] for _, sl in near_held for e in sl.quantities if e.per is not None}
    premises += [
        q for q in claim.quantities
        if q not in accepted and q not in premises and q.dim in per and q.bound is Bound.eq and not q.is_range
    ]
    return accepted + premises


def settle_premises(
    claim: Slots,
    outcomes: list[Outcome],
    held: list[tuple[Alignment, Slots]],
    near_held: list[tuple[Alignment, Slots]],
    everywhere: Sequence[Slots] = (),
) -> list[Outcome]:
    """The claim quantities' outcomes (same order) with the claim's own premises turned supported.

    A count the claim supposes ("two nights", "four people", "a three-night stay") is its
    scenario, not a fact to find: it holds when it is the operand of a licensed step that gives
    another claim value (2 x £180 = £360), when the claim accounts for it itself, or when a
    nearby rate takes it to another claim value. Each pass reads the outcomes the one before left.
    """
    outcomes = _said_as_rate(claim, outcomes, held)
    for q, out in zip(claim.quantities, outcomes):
        out.value = q
    outcomes = _step_operands(claim, outcomes)
    outcomes = _own_arithmetic(claim, outcomes)
    outcomes = _priced_counts(claim, outcomes, near_held)
    rates = [e for _, sl in near_held for e in sl.quantities if e.per is not None]
    outcomes = _through_rates(claim, outcomes, rates)
    outcomes = _compared_with_limits(claim, outcomes, held)
    outcomes = _counted_rows(claim, outcomes, everywhere)
    return _cases_of_records(claim, outcomes, everywhere)


# the checks whose flag a claim's case inside a record's band answers: its value read as a fact
_CASE_RULES = (FactRule.quantity_differs, FactRule.quantity_moved, FactRule.quantity_other_topic, FactRule.quantity_not_found)


def _cases_of_records(claim: Slots, outcomes: list[Outcome], everywhere: Sequence[Slots]) -> list[Outcome]:
    """A flagged plain value that is the claim's case, inside the band of the record giving every
    other claim value (conditions.case_of_record), when those all hold."""
    holding = [(q, out.operands) for q, out in zip(claim.quantities, outcomes) if out.label in _HOLD]
    if len(holding) != len(outcomes) - 1:
        return outcomes  # one flagged value at most: the case, never the claim's outcome as well
    return [
        _with_value(Outcome(FactLabel.supported), q)
        if out.label not in _HOLD and out.rule in _CASE_RULES and case_of_record(q, holding, everywhere)
        else out
        for q, out in zip(claim.quantities, outcomes)
    ]


_HOLD = (FactLabel.supported, FactLabel.inferred)


def _compared_with_limits(claim: Slots, outcomes: list[Outcome], held: list[tuple[Alignment, Slots]]) -> list[Outcome]:
    """A claim value compared with a limit an aligned unit states ("EUR 40 is within the EUR 50
    limit"): the value is the claim's premise, inferred when the comparison is true by arithmetic,
    contradicted (the limit as evidence) when it is false. The limit's bound in the claim is the
    comparison's word, not a restated limit, so it holds when the unit gives the same number."""
    out = list(outcomes)
    for i, q in enumerate(claim.quantities):
        for j, limit in enumerate(claim.quantities):
            if limit.start < q.end:
                continue
            found = compared_with_limit(q, limit, claim.text[q.end : limit.start])
            given = next(((a, e) for a, s in held for e in s.quantities if same_number(limit, e)), None) if found else None
            if given is None:
                continue
            (holds, step), (a, e) = found, given
            if out[j].label is not FactLabel.supported:
                out[j] = _with_value(Outcome(FactLabel.supported), limit)
            if holds and out[i].label is not FactLabel.supported:
                out[i] = _with_value(Outcome(FactLabel.inferred, inference=f"{step} (the evidence gives {e.shown})"), q)
            elif not holds:
                explanation = f"the evidence gives {e.shown}; {step} is false"
                mismatch = contradiction(SlotKind.quantity, q.shown, e.shown, a.unit, explanation)
                out[i] = _with_value(Outcome(FactLabel.contradicted, mismatch, rule=FactRule.quantity_comparison_false), q)
            break
    return out


def _with_value(outcome: Outcome, q: Quantity) -> Outcome:
    outcome.value = q
    return outcome


def _said_as_rate(claim: Slots, outcomes: list[Outcome], held: list[tuple[Alignment, Slots]]) -> list[Outcome]:
    """The count read out of a frequency that holds ("twice daily" against "every 12 hours")."""
    return [
        Outcome(FactLabel.supported) if rate_said(q, claim, held) and out.label is not FactLabel.contradicted else out
        for q, out in zip(claim.quantities, outcomes)
    ]


def _step_operands(claim: Slots, outcomes: list[Outcome]) -> list[Outcome]:
    """An operand of an inferred step, and a frequency whose count is one (the same premise said as a rate)."""
    used = {id(o) for out in outcomes if out.label is FactLabel.inferred for o in out.operands}
    spans = {(o.start, o.end) for o in claim.quantities if id(o) in used and from_frequency(o)}
    return [
        Outcome(FactLabel.supported)
        if (id(q) in used or (q.dim == "rate" and (q.start, q.end) in spans)) and out.label is not FactLabel.supported
        else out
        for q, out in zip(claim.quantities, outcomes)
    ]


def _own_arithmetic(claim: Slots, outcomes: list[Outcome]) -> list[Outcome]:
    """A count the claim itself accounts for: it counts the items the claim lists after it ("three
    departures: 09:30, 12:45 and 17:40"), or it multiplies another claim value into a third ("four
    items worth £2,500 each use up the £10,000 limit")."""
    holding = _holding(claim, outcomes)
    return [
        Outcome(FactLabel.supported)
        if out.label is FactLabel.unsupported and (enumerated(q, claim) or multiplies(q, holding))
        else out
        for q, out in zip(claim.quantities, outcomes)
    ]


def _priced_counts(claim: Slots, outcomes: list[Outcome], near_held: list[tuple[Alignment, Slots]]) -> list[Outcome]:
    """A count of a noun that times a price a near unit naming that noun gives the claim's amount, when that amount
    holds on its own: "Two student one-day tickets cost £120 together" against the row "Category: Student | ... | One
    day only: £60", where £120 is also written (the early-bird price), so no step was read to give it."""
    amounts = [o for o in _holding(claim, outcomes) if o.dim.startswith("money:") and o.bound is Bound.eq and not o.is_range]
    return [
        Outcome(FactLabel.supported)
        if out.label is FactLabel.unsupported and amounts and _priced(q, amounts, near_held)
        else out
        for q, out in zip(claim.quantities, outcomes)
    ]


def _priced(q: Quantity, amounts: list[Quantity], near_held: list[tuple[Alignment, Slots]]) -> bool:
    if not (countable_premise(q) and q.dim.startswith("count:") and q.lo >= 2 and float(q.lo).is_integer()):
        return False
    noun = stem(q.dim[6:])
    for _, unit in near_held:
        if noun not in all_stems(unit.text):
            continue
        prices = [e for e in unit.quantities if e.bound is Bound.eq and not e.is_range and e.per is None]
        if any(e.dim == o.dim and same_pence(q.lo * e.lo, o.lo) for e in prices for o in amounts):
            return True
    return False


def _counted_rows(claim: Slots, outcomes: list[Outcome], everywhere: Sequence[Slots]) -> list[Outcome]:
    """The number of things a claim ranks ("the cheapest of Glasswing's four tickets", "Of the four Skellingford
    divisions, the Veterans charge the lowest entry fee") holds when one table of the evidence has that many rows:
    the claim counts the rows it compares, a number no cell writes."""
    if not _RANKING.search(claim.text):
        return outcomes
    sizes = _table_sizes(everywhere)
    return [
        Outcome(FactLabel.supported)
        if out.label is not FactLabel.supported and out.rule in _COUNT_RULES and _ranked_count(q, claim)
        and int(q.lo) in sizes
        else out
        for q, out in zip(claim.quantities, outcomes)
    ]


_COUNT_RULES = (FactRule.quantity_not_found, FactRule.quantity_differs)
# a superlative or comparative the claim ranks its things by (English)
_RANK_WORDS = (
    r"cheapest|dearest|longest|shortest|quickest|slowest|most|fewest|least|lowest|highest|biggest|largest|smallest|"
    r"heaviest|lightest|earliest|latest|last|first|oldest|youngest|cheaper|dearer|longer|shorter|bigger|smaller"
)
_RANKING = re.compile(rf"\b(?:{_RANK_WORDS})\b", re.I)
# what the count stands after: "of the", "of Glasswing's", "of the BM7's" a few words after a ranking word ("the
# longest outdoor life of Burlwood's"), or the claim's opening "Of the", "Among Hayrattle's" ("A group of four"
# counts people, it ranks nothing)
_OF_THE = re.compile(
    rf"(?:^\s*|\b(?:{_RANK_WORDS})\s+(?:[\w-]+\s+){{0,3}}?)(?:of|among)\s+(?:the\s+|its\s+|their\s+)?(?:[\w&.-]+\s+){{0,2}}?"
    r"(?:[\w&.-]+['’]s\s+)?$",
    re.I,
)


def _ranked_count(q: Quantity, claim: Slots) -> bool:
    whole = float(q.lo).is_integer() and q.lo >= 2
    return countable_premise(q) and q.dim.startswith("count:") and whole and _OF_THE.search(claim.text[: q.start]) is not None


def _table_sizes(everywhere: Sequence[Slots]) -> frozenset[int]:
    """How many rows each table of the evidence has: rows grouped by their cells' labels."""
    tables = Counter(
        tuple(cell.split(":", 1)[0].strip().lower() for cell in s.text.split(" | ")) for s in everywhere if s.key_end is not None
    )
    return frozenset(tables.values())


def _through_rates(claim: Slots, outcomes: list[Outcome], rates: list[Quantity]) -> list[Outcome]:
    """The claim's premise of a rate ("after 6 years" for "1 week for each year") holds when the
    claim's result agrees with it through that rate (6 years x 1 week a year = 6 weeks)."""
    holding = _holding(claim, outcomes)
    return [
        Outcome(FactLabel.supported) if out.label is not FactLabel.supported and through_rate(q, holding, rates) else out
        for q, out in zip(claim.quantities, outcomes)
    ]


def _holding(claim: Slots, outcomes: list[Outcome]) -> list[Quantity]:
    return [o for o, out in zip(claim.quantities, outcomes) if out.label in (FactLabel.supported, FactLabel.inferred)]
