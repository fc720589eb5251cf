"""Table rows read back into cells, as rows.py and date_rows.py use them."""

from __future__ import annotations

from guard.facts.lexicon import ENGLISH
from guard.facts.slots import read_slots
from guard.facts.table_reading import claim_words, key_words, outside_brackets, parse_row, tables
from guard.facts.types import EvidenceUnit, UnitKind


def _row(index: int, text: str, passage: str = "p", kind: UnitKind = UnitKind.table_row) -> EvidenceUnit:
    return EvidenceUnit(passage_id=passage, index=index, kind=kind, text=text, start=0, end=len(text))


def test_a_row_is_read_back_into_headers_and_cells():
    row = parse_row(_row(0, "Buffer (name): Buffer P2 (lysis) | Volume: 250 µl"), ENGLISH)
    assert row is not None and row.headers == ("Buffer (name)", "Volume") and row.key == "Buffer P2 (lysis)"
    (volume,) = row.values_in(1)
    assert row.column_of(volume) == 1
    # the code tells the rows apart; the bracketed aside is no part of the key
    assert key_words(row, ENGLISH) == {"buffer", "p2"}
    assert {"buffer", "p2"} <= claim_words(read_slots("Add 250 µl of Buffer P2.", ENGLISH))


def test_only_headed_rows_of_one_table_group_together():
    units = [
        _row(0, "Age: 2 to 4 years | Dose: 7.5 ml"),
        _row(1, "Age: 4 to 6 years | Dose: 10 ml"),
        _row(2, "Age: 6 to 8 years | Dose: 15 ml", passage="other"),  # another passage: alone
        _row(3, "2 to 4 years | 7.5 ml"),  # no headers: no columns
        _row(4, "Age: 2 to 4 years", kind=UnitKind.sentence),
    ]
    assert [[r.unit.index for r in rows] for rows in tables(units, ENGLISH)] == [[0, 1]]
    assert parse_row(units[3], ENGLISH) is None and parse_row(units[4], ENGLISH) is None


def test_brackets_are_blanked():
    assert outside_brackets("Weight (dry) [kg]").split() == ["Weight"]
