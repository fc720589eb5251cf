"""A claim about every member of a kind that a table gives for some rows only.

Why: tables list the kinds of a thing with what differs between them (tests with and without
fasting, ranges of hearing aids with and without a charger, ready-made and custom-made insoles). A
wrong answer takes one row's value and says it of them all: "Every blood test needs 10 hours of
fasting" where one row says "Fasting needed: Yes, 10 hours" and another "No"; "All of the hearing
aids are rechargeable" where the Essential row says "Rechargeable: No (batteries)". Slot by slot
the claim matches the row it came from, so it was supported.

Contradicted when the claim says "every" or "all" of a noun the table is about (the noun
is in its headers, its rows' first cells or the line just before the table), one row's cell says
what the claim says (shares a content word with the claim, or holds the claim's value; for a
yes/no column, the column's name is the claim's word and the cell says yes), and another row of
the same table says otherwise in that column. English words (``_ALL``, ``_YES``). Tables are read
back as the other row checks read them (:mod:`guard.facts.table_reading`): a table without headers
gives no columns.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.align import Alignment
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts
from guard.facts.mismatches import contradiction
from guard.facts.polarity import words
from guard.facts.slots import Slots, all_stems, read_slots, stem
from guard.facts.table_reading import Row, tables
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch, UnitKind

__all__ = ["generalised_row"]

# "every blood test", "all of the hearing aids"; not "each" (a price for each sheet is per sheet) nor
# "every" before a number or a period ("every 60 seconds", "every day"), which say a rate
_ALL = re.compile(
    r"\b(?:every|all(?:\s+of)?(?:\s+(?:the|our|its|their))?)\s+"
    r"(?!\d|(?:other|second|third|day|days|week|weeks|month|months|year|years|hour|hours|minute|minutes|night|nights|time|kg|morning|evening)\b)"
    r"((?:[\w-]+\s+){0,2}[\w-]+)",
    re.I,
)
_RESTRICTED = re.compile(r"\b(?:only|unless|except|some|most|apart\s+from)\b", re.I)
_YES = re.compile(r"^\s*(?:yes|included|✓|✔)\b", re.I)
_POOL = 5  # the best-aligned units: a row the claim's words point to


def _cells(row: Row) -> list[tuple[str, str]]:
    """(header, value) of each cell of the row."""
    return [(header, row.cell(i).strip()) for i, header in enumerate(row.headers)]


def _table(unit: EvidenceUnit, units: Sequence[EvidenceUnit], lexicon: Lexicon) -> tuple[list[Row], str]:
    """The rows of ``unit``'s table (table_reading.tables) and the text just before the table."""
    rows = next((rows for rows in tables(units, lexicon) if any(r.unit is unit for r in rows)), [])
    first = min((r.unit.index for r in rows), default=unit.index)
    title = next((u.text for u in units if u.passage_id == unit.passage_id and u.index == first - 1), "")
    return rows, title


def _says(claim: Slots, words_of_claim: frozenset[str], key: str, value: str, lexicon: Lexicon) -> bool:
    """The cell says what the claim says: a yes in a column the claim names, or the claim's words or value."""
    if key and _YES.match(value) and all_stems(key) & words_of_claim:
        return True
    cell = all_stems(value) - lexicon.stopwords
    if cell & words_of_claim:
        return True
    found = read_slots(value, lexicon)
    # the cell's value within the claim's bound says it too ("1 day" is "within 2 days")
    return any(accepts(q, e) or accepts(e, q) for q in claim.quantities for e in found.quantities)


def _names(text: str, anchor: str | None) -> bool:
    return bool(anchor) and re.search(rf"(?<![\w.]){re.escape(anchor)}(?![\w]|\.\d)", text, re.I) is not None


def generalised_row(
    claim: Slots, scored: Sequence[Alignment], units: Sequence[EvidenceUnit], lexicon: Lexicon
) -> list[SlotMismatch]:
    said = _ALL.search(claim.text)
    if said is None or _RESTRICTED.search(claim.text):
        return []
    kind = {stem(w) for _, w in words(said.group(1))} - lexicon.stopwords
    rest = claim.content - kind
    for a in scored[:_POOL]:
        if a.unit.kind is not UnitKind.table_row:
            continue
        rows, title = _table(a.unit, units, lexicon)
        here = next((r for r in rows if r.unit is a.unit), None)
        if here is None:
            continue  # no table of two rows or more with headers
        about = all_stems(title) | frozenset().union(*(all_stems(h) for h in here.headers))
        about |= frozenset().union(*(all_stems(r.unit.anchor or "") for r in rows))
        if not kind & about or any(_names(claim.text, r.unit.anchor) for r in rows):
            continue  # a claim naming a row ("All support for 3.2 ends ...") speaks of that row
        said_by = [(i, k, v) for i, (k, v) in enumerate(_cells(here)) if _says(claim, rest, k, v, lexicon)]
        # a column the claim names ("its results ..." and "Results in") is the one it speaks of
        named = [(i, k, v) for i, k, v in said_by if all_stems(k) & rest]
        for column, key, value in named or said_by:
            for other in rows:
                if other is here:
                    continue
                theirs = _cells(other)[column][1]
                if _says(claim, rest, key, theirs, lexicon):
                    continue
                explanation = (
                    f'the evidence gives "{key or "it"}: {value}" for {a.unit.anchor or "one row"} only, '
                    f'not for {other.unit.anchor or "every row"} ("{theirs}")'
                )
                return [contradiction(SlotKind.quantifier, said.group(0), f"{other.unit.anchor}: {theirs}", other.unit, explanation)]
    return []
