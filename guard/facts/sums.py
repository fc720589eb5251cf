"""A total of three or more parts one unit lists: "20 minutes of practice, 15 minutes of
qualifying and a 25-minute race" make "60 minutes on track in all".

:func:`guard.facts.matching.one_step` adds two values; a sentence or a table row often lists
more parts of one whole (the stages of a session, the items of a package), and a correct reader
who says "in all" or "altogether" adds them. The step holds when the claim says it totals
(a combination word, or "in all"), the parts are consecutive values of the claim value's kind in
one unit the claim is about, and their sum equals the claim value.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence

from guard.facts.derivation import most_shared
from guard.facts.inline_labels import labelled, own_words
from guard.facts.lexicon import Lexicon
from guard.facts.polarity import words
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots, all_stems
from guard.facts.table_reading import Row, tables
from guard.facts.types import EvidenceUnit
from guard.stemming import stem

__all__ = [
    "column_values", "listed_total", "named_items_total", "named_prices", "says_total", "table_rows", "table_total",
]

# "in all", "comes to £1,500", "adds up to", "pay £37.50 between them"
_IN_ALL = re.compile(r"\bin\s+all\b|\b(?:comes?|came|coming)\s+to\b|\badds?\s+up\s+to\b|\bbetween\s+them\b", re.I)
MIN_PARTS = 3


def listed_total(q: Quantity, claim: Slots, near: Sequence[Slots], lexicon: Lexicon) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step "<a> + <b> + <c> = <q>" over consecutive values of one unit, with them as operands."""
    if q.bound is not Bound.eq or q.is_range or q.per is not None or q.dim == "rate":
        return None
    if not says_total(claim, lexicon):
        return None
    for unit in most_shared(claim, [u for u in near if _parts(q, u)]):
        parts = _parts(q, unit)
        for i in range(len(parts)):
            for j in range(i + MIN_PARTS, len(parts) + 1):
                run = parts[i:j]
                if math.isclose(sum(e.lo for e in run), q.lo, rel_tol=1e-6, abs_tol=1e-9):
                    shown = " + ".join(e.surface for e in run)
                    return f"{shown} = {q.surface}", tuple(run)
    return None


def says_total(claim: Slots, lexicon: Lexicon) -> bool:
    """The claim says its value is a total: a combination word ("altogether", "together") or a phrase ("in
    all", "comes to", "adds up to", "between them")."""
    return bool({w for _, w in words(claim.text)} & lexicon.combination_words or _IN_ALL.search(claim.text))


def _parts(q: Quantity, unit: Slots) -> list[Quantity]:
    return [
        e for e in unit.quantities
        if e.dim == q.dim and e.bound is Bound.eq and not e.is_range and e.per is None and e.period is None and e.lo > 0
    ]


MAX_ITEMS = 4


def named_items_total(
    q: Quantity, claim: Slots, everywhere: Sequence[Slots], lexicon: Lexicon
) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step "<a> + <b> = <q>" over the prices of two or more things the claim names ("Designing a
    bedroom and a bathroom comes to £1,500" against "A bathroom or cloakroom: £600. A bedroom: £900.").

    Each thing is priced once, under an inline label or in a table row's key cell that names it with a
    word no other priced label has; the claim must say it totals, and the prices of two to four of the
    things it names must add up to its value to the penny.
    """
    if not q.dim.startswith("money:") or q.bound is not Bound.eq or q.is_range or q.per is not None:
        return None
    if not says_total(claim, lexicon):
        return None
    values = named_prices(claim, everywhere, q.dim)
    for n in range(2, min(len(values), MAX_ITEMS) + 1):
        for chosen in itertools.combinations(values, n):
            if math.isclose(sum(e.lo for e in chosen), q.lo, rel_tol=0, abs_tol=0.005):
                return " + ".join(e.surface for e in chosen) + f" = {q.surface}", chosen
    return None


def named_prices(claim: Slots, everywhere: Sequence[Slots], dim: str) -> list[Quantity]:
    """The prices of the things the claim names, one per distinct price: each thing priced once, under an inline
    label or a table row's key cell that names it with a word no other priced label has."""
    priced = [(label, values[0]) for s in everywhere for label, values in _priced(s, dim) if len(values) == 1]
    claim_stems = all_stems(claim.text)
    named: dict[float, Quantity] = {}
    for own, (_, price) in zip(own_words([label for label, _ in priced]), priced):
        if own & claim_stems:
            named.setdefault(price.lo, price)
    return list(named.values())


def _priced(unit: Slots, dim: str) -> list[tuple[str, list[Quantity]]]:
    """(label, prices) of a unit: its inline labels', or a table row's key cell with the row's prices."""
    cells = unit.text.split(" | ")
    if len(cells) >= 2 and all(": " in c for c in cells):
        key = cells[0].split(": ", 1)[1]
        return [(key, [e for e in unit.quantities if e.dim == dim and not e.is_range and e.per is None])]
    return labelled(unit, dim)


def table_total(
    q: Quantity, claim: Slots, units: Sequence[EvidenceUnit], lexicon: Lexicon
) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step "<a> + <b> + <c> + <d> = <q>" over one column of every row of a table ("The four items of work
    cost £12,000 between them" against a table of four priced items).

    Why: a reader who adds up a whole table names it as a whole ("the four items", "the work altogether"), not
    row by row, so the rows' keys are not in the claim for :func:`named_items_total` to find. The claim must say
    it totals or count the table's rows, each row must give exactly one value of the claim value's kind in the
    column, and the values must add up to the claim's to the penny: a sum of three or more values met by chance
    is rare.
    """
    if q.bound is not Bound.eq or q.is_range or q.per is not None:
        return None
    for table in tables(units, lexicon):
        if len(table) < MIN_PARTS or not (says_total(claim, lexicon) or _counts(claim, q, len(table))):
            continue
        for values in column_values(table, q.dim):
            if math.isclose(sum(v.lo for v in values), q.lo, rel_tol=0, abs_tol=0.005):
                return " + ".join(v.surface for v in values) + f" = {q.surface}", values
    return None


def column_values(table: Sequence[Row], dim: str) -> list[tuple[Quantity, ...]]:
    """The values of each column of ``table`` in which every row gives exactly one plain value of ``dim``."""
    out = []
    for column in range(1, min(len(row.headers) for row in table)):
        cells = [[v for v in row.values_in(column) if _plain(v, dim)] for row in table]
        if all(len(cell) == 1 for cell in cells):
            out.append(tuple(cell[0] for cell in cells))
    return out


def table_rows(q: Quantity, claim: Slots, units: Sequence[EvidenceUnit], lexicon: Lexicon) -> str | None:
    """A count of a table's rows by the name of its key column or as items, said of the rows as a known set ("the
    four items in the table", "all three classes", "the letter's four appointments"). An indefinite count ("an
    order for 4 casks", "hold 4 bookings") is a case of the rules, not the table's size."""
    if not q.dim.startswith("count:") or q.bound is not Bound.eq or q.is_range:
        return None
    if not _DEFINITE.search(claim.text[: q.start]):
        return None
    noun = q.dim.split(":", 1)[1]
    for table in tables(units, lexicon):
        key = [w for _, w in words(table[0].headers[0])]
        if q.lo == len(table) and (noun in _ROWS or (key and stem(noun) == stem(key[-1]))):
            return f"the table has {len(table)} rows of {table[0].headers[0] or 'items'}"
    return None


# what makes a count one of a known set: "the four", "all three", "the letter's four", "the millwrights' four"; English
_DEFINITE = re.compile(r"(?:\b(?:the|all|these|those)|['’]s|s['’])\s+$", re.I)
# what a table's rows are called when its key column is not named ("the four items in the table", "the four prices",
# "the four parts of the job"); "priced" is the count's first word in "the four priced items"; English
_ROWS = frozenset({"item", "row", "entry", "line", "thing", "price", "part", "priced"})


def _counts(claim: Slots, q: Quantity, rows: int) -> bool:
    """The claim counts the table's rows ("the four items")."""
    return any(
        c is not q and c.dim.startswith("count:") and c.lo == rows and c.dim.split(":", 1)[1] in _ROWS
        for c in claim.quantities
    )


def _plain(v: Quantity, dim: str) -> bool:
    return v.dim == dim and v.bound is Bound.eq and not v.is_range and v.per is None
