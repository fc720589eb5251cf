"""A share of a price the document sets as a percentage: "a deposit of 25% is paid when this commission is signed".

Why: commissions and orders price their work in a table of items and set the deposit as a share ("A deposit of
20% is paid on signing"), and a correct reader answers with the amount ("On the four items, the committee's deposit
comes to £2,880": 20% of £6,480 + £3,260 + £2,940 + £1,720). No unit writes the amount and no one step gives it
(the table's total is itself a step), so the claim was "no evidence gives £2,880".

The step: a percentage a unit the claim is about gives to a share named in the claim (``_SHARES``: "deposit"), of
the price of the one item the claim names (a table row's key, an inline label), or, when it names none, of the total
of one table's price column (every row one price). The share must come to the claim's amount to the penny.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from guard.facts.lexicon import Lexicon
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots, all_stems
from guard.facts.sums import column_values, named_prices
from guard.facts.table_reading import tables
from guard.facts.types import EvidenceUnit
from guard.stemming import stem

__all__ = ["price_share"]

# the shares of a price a document sets by percentage; English
_SHARES = frozenset(stem(w) for w in ("deposit", "retainer", "instalment", "installment"))
# what ends the clause before a percentage ("Deposit: 30% of the price" keeps its label: the label names the share)
_CLAUSE_END = re.compile(r"[.;|\n]")


def price_share(
    q: Quantity, claim: Slots, near: Sequence[Slots], everywhere: Sequence[Slots], units: Sequence[EvidenceUnit],
    lexicon: Lexicon,
) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step "<p>% of <price> = <q>" for a share the claim names, with its operands (see the module), or None."""
    if not q.dim.startswith("money:") or q.bound is not Bound.eq or q.is_range or q.per is not None:
        return None
    named = all_stems(claim.text) & _SHARES
    shares = [p for unit in near for p in _shares_of(unit, named)]
    if not shares:
        return None
    bases = _named_price(q, claim, everywhere) or _table_totals(q, units, lexicon)
    for share in shares:
        for base, shown, operands in bases:
            if math.isclose(share.lo / 100 * base, q.lo, rel_tol=0, abs_tol=0.005):
                return f"{share.surface} of {shown} = {q.surface}", (share, *operands)
    return None


def _shares_of(unit: Slots, named: frozenset[str]) -> list[Quantity]:
    """The unit's percentages that its clause gives to a share the claim names ("A deposit of 25% is paid")."""
    out = []
    for p in unit.quantities:
        if p.dim != "percent" or p.bound is not Bound.eq or p.is_range or not 0 < p.lo < 100:
            continue
        before = unit.text[: p.start]
        clause = before[max((m.end() for m in _CLAUSE_END.finditer(before)), default=0) :]
        if all_stems(clause) & named:
            out.append(p)
    return out


def _named_price(q: Quantity, claim: Slots, everywhere: Sequence[Slots]) -> list[tuple[float, str, tuple[Quantity, ...]]]:
    """The price of the one priced item the claim names (sums.named_prices)."""
    named = named_prices(claim, everywhere, q.dim)
    return [(named[0].lo, named[0].surface, (named[0],))] if len(named) == 1 else []


def _table_totals(q: Quantity, units: Sequence[EvidenceUnit], lexicon: Lexicon) -> list[tuple[float, str, tuple[Quantity, ...]]]:
    """The total of each price column of a table whose every row gives one price there."""
    return [
        (sum(v.lo for v in values), "(" + " + ".join(v.surface for v in values) + ")", values)
        for table in tables(units, lexicon)
        for values in column_values(table, q.dim)
    ]
