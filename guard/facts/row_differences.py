"""A difference of two table rows the claim names: "Flex membership costs £10 a month more than
Standard" against rows "Membership: Flex | Monthly fee: £44.99" and "Membership: Standard | Monthly
fee: £34.99".

:func:`guard.facts.derivation.derived_step` takes its operands from the units that share the most
words with the claim, which for a comparison of two rows is often a third sentence naming one of
them. Here the rows are found by their key cells: two rows of one table whose keys the claim names,
and in one column of both a value each whose difference is the claim's value, to the penny; when
the rows give several price columns, one whose header the claim names (a word, or the period:
"a month" for "Monthly fee"). The claim must say it
compares (a comparative after the value, :func:`derivation.says_combined`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from guard.facts.derivation import says_combined
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts
from guard.facts.periods import header_period, period_after
from guard.facts.quantities import Bound, Quantity
from guard.facts.shares import same_pence
from guard.facts.slots import Slots, read_slots
from guard.facts.table_reading import Row, claim_words, counted_words, key_words, tables
from guard.facts.types import EvidenceUnit

__all__ = ["row_difference"]


def row_difference(
    q: Quantity, claim: Slots, units: Sequence[EvidenceUnit], lexicon: Lexicon
) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step "<a> - <b> = <q>" over one column of two rows the claim names, or None."""
    if not q.dim.startswith("money:") or q.bound is not Bound.eq or q.is_range or not says_combined(q, claim):
        return None
    said = claim_words(claim)
    for table in tables(units, lexicon):
        # a row is named by the claim's words or by the noun of a count it gives ("the six cushions")
        named = [
            row for row in table
            if (keys := key_words(row, lexicon)) and keys <= said | counted_words(row, claim.quantities)
        ]
        for a, b in combinations(named, 2):
            if not _told_apart(a, b, table, claim, q, lexicon):
                continue
            columns = [c for c in range(1, min(len(a.headers), len(b.headers))) if _plain(a.values_in(c), q.dim)]
            if len(columns) > 1:
                # several price columns: the claim names the one it compares ("individual", "group")
                own = period_after(claim.text, q.end)
                columns = [
                    c for c in columns
                    if read_slots(a.headers[c], lexicon).content & claim.content
                    or (own is not None and header_period(a.headers[c]) == own)
                ]
            for column in columns:
                for x in _plain(a.values_in(column), q.dim):
                    for y in _plain(b.values_in(column), q.dim):
                        if x.lo != y.lo and same_pence(abs(x.lo - y.lo), q.lo):
                            high, low = (x, y) if x.lo > y.lo else (y, x)
                            return f"{high.surface} - {low.surface} = {q.surface}", (high, low)
    return None


def _told_apart(a: Row, b: Row, table: Sequence[Row], claim: Slots, q: Quantity, lexicon: Lexicon) -> bool:
    """The claim names ``a`` and ``b`` and not their neighbours: each key is its row's alone, or, where
    rows share a key ("Individual | 30 minutes", "Individual | 45 minutes"), each row holds a different
    one of the claim's other values."""
    keys = [key_words(row, lexicon) for row in table]
    if keys.count(key_words(a, lexicon)) == 1 and keys.count(key_words(b, lexicon)) == 1:
        return True
    others = [c for c in claim.quantities if c is not q]
    held_a = {i for i, c in enumerate(others) if any(accepts(c, v) for v in a.slots.quantities)}
    held_b = {i for i, c in enumerate(others) if any(accepts(c, v) for v in b.slots.quantities)}
    return bool(held_a) and bool(held_b) and held_a != held_b


def _plain(values: Sequence[Quantity], dim: str) -> list[Quantity]:
    return [v for v in values if v.dim == dim and v.bound is Bound.eq and not v.is_range]
