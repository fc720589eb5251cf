"""A claim date taken from another row or column of a table of dates.

Why: key-date tables, timetables and release tables give one date per row and column
("Abstract deadline | Friday 15 January 2027", "25.04 | Released: 8 April 2025 | End of
standard support: 8 April 2027 | End of extended support: 8 April 2028"). A wrong answer copies
the date of the next row or column: the date is in the evidence, so no unit-by-unit check flags
it, and alignment credits the row that holds it. :mod:`guard.facts.rows` reads quantities this
way; this module reads dates with the same structure.

Conservative by construction (a false contradiction costs more than a miss):
- one calendar date in the claim (two dates pair themselves: "from 10 June to 12 June");
- the row the claim names is the unique one whose key cell's words the claim holds most of (at
  least half of them) or whose key value the claim gives ("26.04"), and it is not a row holding
  the claim's date;
- the named row's cell in that column gives another date, and no cell of the row gives the
  claim's date.
"""

from __future__ import annotations

from collections.abc import Sequence

from guard.facts.dates import DateSlot, same_date
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts
from guard.facts.mismatches import contradiction
from guard.facts.slots import Slots, read_slots
from guard.facts.table_reading import Row, claim_words, key_words, outside_brackets, parse_row, tables
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch

__all__ = ["date_column_misbindings", "date_row_misbindings"]

_KEY_SHARE = 0.5  # share of the key cell's words the claim must hold to name the row


def _one_date(claim: Slots) -> DateSlot | None:
    calendar = [d for d in claim.dates if d.minutes is None]
    return calendar[0] if len(calendar) == 1 else None


def _key_score(claim: Slots, row: Row, lexicon: Lexicon) -> float:
    """How firmly the claim names the row: its key value given (2), or the share of its key words held."""
    if any(accepts(c, e) and accepts(e, c) for c in claim.quantities for e in row.values_in(0)):
        return 2.0
    words = key_words(row, lexicon)
    share = len(words & claim_words(claim)) / len(words) if words else 0.0
    return share if share >= _KEY_SHARE else 0.0


def date_row_misbindings(claim: Slots, units: Sequence[EvidenceUnit], lexicon: Lexicon) -> list[SlotMismatch]:
    """The claim's date sits in another row than the one it names, whose cell gives another date."""
    d = _one_date(claim)
    if d is None:
        return []
    for rows in tables(units, lexicon):
        holders = [
            (i, column)
            for i, row in enumerate(rows)
            for e in row.slots.dates
            if same_date(d, e) is True and (column := row.column_of(e)) not in (None, 0)
        ]
        if not holders:
            continue
        scores = [_key_score(claim, row, lexicon) for row in rows]
        top = max(scores)
        best = [i for i, s in enumerate(scores) if s == top]
        if top <= 0 or len(best) != 1 or any(scores[i] > 0 for i, _ in holders):
            continue
        target = rows[best[0]]
        if any(same_date(d, e) is True for e in target.slots.dates):
            continue
        for _, column in holders:
            given = [e for e in target.dates_in(column) if same_date(d, e) is False]
            if given:
                explanation = (
                    f'the evidence gives {given[0].surface} for {target.key} ("{target.headers[column]}"), '
                    f"not {d.surface}: that is another row's date"
                )
                return [contradiction(SlotKind.date, d.surface, given[0].surface, target.unit, explanation,
                                      anchor=target.key)]
    return []


def date_column_misbindings(
    claim: Slots, aligned: Sequence[EvidenceUnit], lexicon: Lexicon
) -> list[SlotMismatch]:
    """The claim names a row and a column of it, and gives the date of another column of that row
    ("standard support for 25.04 ends on 8 April 2028", the end of its extended support)."""
    d = _one_date(claim)
    if d is None:
        return []
    for unit in aligned:
        row = parse_row(unit, lexicon)
        if row is None or _key_score(claim, row, lexicon) <= 0:
            continue
        holders = {row.column_of(e) for e in row.slots.dates if same_date(d, e) is True} - {None, 0}
        if len(holders) != 1:
            continue
        holder = holders.pop()
        shares = {i: _header_share(claim, row.headers[i], lexicon) for i in range(1, len(row.headers))}
        top = max(shares.values(), default=0.0)
        named = [i for i, share in shares.items() if share == top]
        # one column named more firmly than the one holding the claim's date ("standard support"
        # against "End of standard support" / "End of extended support")
        if top < _KEY_SHARE or len(named) != 1 or shares[holder] >= top:
            continue
        for column in sorted(named):
            given = [e for e in row.dates_in(column) if same_date(d, e) is False]
            if given:
                explanation = (
                    f'the evidence gives {given[0].surface} under "{row.headers[column]}" for {row.key}; '
                    f'{d.surface} is the date under "{row.headers[holder]}"'
                )
                return [contradiction(SlotKind.date, d.surface, given[0].surface, unit, explanation, row.key)]
    return []


def _header_share(claim: Slots, header: str, lexicon: Lexicon) -> float:
    """Share of a header's content words (outside brackets) the claim holds, its value spans aside."""
    words = read_slots(outside_brackets(header), lexicon).content
    held = claim.content | {w for q in claim.quantities for w in read_slots(q.surface, lexicon).content}
    return len(words & held) / len(words) if words else 0.0
