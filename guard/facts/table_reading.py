"""Table rows read back into cells: the headers, each cell's value span, and the key cell's words.

Why a module of its own: :mod:`guard.facts.tables` joins each table row into one evidence unit
("Age: 2 to 4 years | Dose: 7.5 ml"). Several checks read that structure back
(:mod:`guard.facts.rows` for values, :mod:`guard.facts.date_rows` for dates): which rows form
one table, which column holds a slot, and which row a claim names by its key cell's words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from guard.facts.lexicon import Lexicon
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots, read_slots, stem
from guard.facts.types import EvidenceUnit, UnitKind

if TYPE_CHECKING:
    from guard.facts.dates import DateSlot

__all__ = ["Row", "claim_words", "key_words", "outside_brackets", "parse_row", "tables"]

_SEP = " | "


@dataclass(frozen=True)
class Row:
    """One table row read back into cells: each cell's header and where its value sits in the unit's text."""

    unit: EvidenceUnit
    headers: tuple[str, ...]
    cells: tuple[tuple[int, int], ...]  # (start, end) of each cell's value in unit.text
    slots: Slots

    @property
    def key(self) -> str:
        return self.cell(0)

    def cell(self, column: int) -> str:
        """The text of one cell's value."""
        start, end = self.cells[column]
        return self.unit.text[start:end]

    def column_of(self, slot: Quantity | DateSlot) -> int | None:
        return next((i for i, (s, e) in enumerate(self.cells) if s <= slot.start < e), None)

    def values_in(self, column: int) -> list[Quantity]:
        start, end = self.cells[column]
        return [q for q in self.slots.quantities if start <= q.start < end]

    def dates_in(self, column: int) -> list[DateSlot]:
        """The calendar dates (no time of day) of one cell."""
        start, end = self.cells[column]
        return [d for d in self.slots.dates if start <= d.start < end and d.minutes is None]


def parse_row(unit: EvidenceUnit, lexicon: Lexicon) -> Row | None:
    """A table row's cells and headers from its joined text ("Age: 2 to 4 years | Dose: 7.5 ml")."""
    if unit.kind is not UnitKind.table_row:
        return None
    text = unit.text
    headers, cells, at = [], [], 0
    for part in text.split(_SEP):
        colon = part.find(": ")
        if colon <= 0:
            return None  # a table without headers: no columns to bind a value to
        headers.append(part[:colon].strip())
        cells.append((at + colon + 2, at + len(part)))
        at += len(part) + len(_SEP)
    if len(cells) < 2:
        return None
    return Row(unit, tuple(headers), tuple(cells), read_slots(text, lexicon, True))


def tables(units: Sequence[EvidenceUnit], lexicon: Lexicon) -> list[list[Row]]:
    """Rows grouped by table: same passage, same headers, consecutive."""
    grouped: dict[tuple[str, tuple[str, ...]], list[Row]] = {}
    for unit in units:
        row = parse_row(unit, lexicon)
        if row is not None:
            grouped.setdefault((unit.passage_id, row.headers), []).append(row)
    return [rows for rows in grouped.values() if len(rows) >= 2]


_BRACKETS = re.compile(r"\([^)]*\)|\[[^\]]*\]")


def outside_brackets(text: str) -> str:
    """The text with its bracketed asides blanked ("Weight (dry)" -> "Weight  ")."""
    return _BRACKETS.sub(" ", text)


def key_words(row: Row, lexicon: Lexicon) -> frozenset[str]:
    """Content words and codes of the key cell outside brackets ("Weight (dry)" -> weight;
    "Buffer P2 (lysis)" -> buffer, p2: the code is what tells the rows apart)."""
    key = outside_brackets(row.key)
    return read_slots(key, lexicon).content | _codes(key)


_CODE = re.compile(r"\b(?:[A-Za-z]+\d[A-Za-z0-9]*|\d+[A-Za-z]+)\b")


def _codes(text: str) -> frozenset[str]:
    """Letter-and-digit codes ("P2", "B12", "A4"), which content words (letters only) leave out."""
    return frozenset(m.group(0).lower() for m in _CODE.finditer(text))


def claim_words(claim: Slots) -> frozenset[str]:
    """The claim's content words and codes, to hold against a key cell's :func:`key_words`."""
    return claim.content | _codes(claim.text)


def counted_words(row: Row, counts: Sequence[Quantity]) -> frozenset[str]:
    """The nouns of the claim's counts that ``row`` gives as many of, as words naming it: "the six cushions" names the
    row whose work is "The six cushions stripped ...", where "six cushions" is a count and so no content word of the
    claim; "two adults" names no "Adult" row priced for one."""
    given = {v.lo for v in row.slots.quantities if _plain_count(v)}
    return frozenset(stem(c.dim.removeprefix("count:")) for c in counts if _plain_count(c) and c.lo in given)


def _plain_count(q: Quantity) -> bool:
    return q.dim.startswith("count:") and q.bound is Bound.eq and not q.is_range
