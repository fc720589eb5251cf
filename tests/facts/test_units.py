"""Passages cut into sentences, table rows with headers, and list items with their lead-in."""

from __future__ import annotations

from guard.facts.tables import html_table_rows, markdown_table_blocks, row_text
from guard.facts.types import UnitKind
from guard.facts.units import evidence_units


def test_febrilon_table_rows_carry_headers_and_anchor(febrilon_text):
    units = evidence_units("feb", febrilon_text).units
    rows = [u for u in units if u.kind is UnitKind.table_row]
    assert len(rows) == 7
    row = next(u for u in rows if "2 to 4 years" in u.text)
    assert row.text == "Age: 2 to 4 years | Dose: 7.5 ml"
    assert row.anchor == "2 to 4 years"
    assert "| 2 to 4 years | 7.5 ml |" in febrilon_text[row.start : row.end]


def test_febrilon_sentences_and_list_items(febrilon_text):
    units = evidence_units("feb", febrilon_text).units
    texts = [u.text for u in units]
    assert "Give the dose up to 4 times in 24 hours, leaving at least 4 hours between doses." in texts
    items = [u for u in units if u.kind is UnitKind.list_item]
    assert items[0].text == "Warnings: Do not give with any other medicine containing febrilonol."
    assert (
        febrilon_text[items[0].start : items[0].end]
        == "Do not give with any other medicine containing febrilonol."
    )
    assert [u.index for u in units] == list(range(len(units)))
    assert all(0 <= u.start < u.end <= len(febrilon_text) for u in units)


def test_list_item_takes_the_sentence_ending_with_a_colon_as_lead_in():
    text = (
        "Read this first. Do not give if:\n- the child is under 3 months\n"
        "- the child is allergic\n\nAfter the list."
    )
    units = evidence_units("p", text).units
    items = [u.text for u in units if u.kind is UnitKind.list_item]
    assert items == ["Do not give if: the child is under 3 months", "Do not give if: the child is allergic"]
    assert any(u.text == "After the list." for u in units)


def test_html_table_with_header_row():
    text = (
        "<table><thead><tr><th>Age</th><th>Dose</th></tr></thead>"
        "<tr><td>2 to 4 years</td><td>7.5&nbsp;ml</td></tr><tr><td>4 to 6 years<td>10 ml</table>"
    )
    units = evidence_units("h", text).units
    assert [u.text for u in units] == ["Age: 2 to 4 years | Dose: 7.5 ml", "Age: 4 to 6 years | Dose: 10 ml"]
    assert text[units[0].start : units[0].end].startswith("<tr><td>2 to 4 years")


def test_markdown_table_without_headers_and_ragged_rows():
    text = "| 2 to 4 years | 7.5 ml |\n| 4 to 6 years | 10 ml | extra |\n| lonely |"
    ((_, _, rows),) = markdown_table_blocks(text)
    assert [row_text(r) for r in rows] == ["2 to 4 years | 7.5 ml", "4 to 6 years | 10 ml | extra", "lonely"]
    headed = "| Age | Dose |\n|---|---|\n| 2 to 4 years |\n| 4 to 6 years | 10 ml | note |"
    ((_, _, rows),) = markdown_table_blocks(headed)
    assert [row_text(r) for r in rows] == ["Age: 2 to 4 years", "Age: 4 to 6 years | Dose: 10 ml | note"]


def test_html_table_without_headers():
    ((_, _, rows),) = html_table_rows("<table><tr><td>a</td><td>b</td></tr></table>")
    assert [row_text(r) for r in rows] == ["a | b"]


def test_empty_passage_has_a_note_and_no_units():
    for text in ("", "   \n  "):
        result = evidence_units("e", text)
        assert result.units == [] and result.warnings == []
        assert result.notes == ["passage e is empty: no evidence units"]


def test_huge_table_is_capped_with_a_note():
    text = "| n | v |\n|---|---|\n" + "\n".join(f"| {i} | {i * 2} ml |" for i in range(500))
    result = evidence_units("big", text, max_units=50)
    assert len(result.units) == 50
    assert result.notes == ["passage big has 500 units; only the first 50 are checked"]


def test_long_run_without_spaces_is_cut_with_a_note():
    text = "A sentence. " + "x" * 1000 + " Another sentence."
    result = evidence_units("long", text)
    assert max(u.end - u.start for u in result.units) <= 300
    assert any("without spaces" in note for note in result.notes)
    assert result.units[-1].text == "Another sentence."


def test_a_table_with_no_blank_lines_around_it_is_not_swallowed_by_a_paragraph():
    # The index's chunks keep line breaks but drop blank lines: prose, table, prose.
    text = ("Use the syringe.\n| Age | Dose |\n|---|---|\n| 3 to 6 months | 2.5 ml |\n| 2 to 4 years | 7.5 ml |\n"
            "Give up to 4 times in 24 hours.")
    units = evidence_units("leaflet", text).units
    assert [u.kind.value for u in units] == ["sentence", "table_row", "table_row", "sentence"]
    assert all("|" not in u.text for u in units if u.kind.value == "sentence")


def test_html_on_one_line_keeps_the_text_outside_its_tables():
    text = (
        "<p>Parties of 6 or more get 25% off.</p><table><tr><th>Session</th><th>Price</th></tr>"
        "<tr><td>Taster climb</td><td>£24</td></tr></table><p>Prices include VAT.</p>"
    )
    units = evidence_units("p1", text).units
    assert [u.kind for u in units] == [UnitKind.sentence, UnitKind.table_row, UnitKind.sentence]
    assert "Parties of 6 or more get 25% off." in units[0].text
    assert "Prices include VAT." in units[2].text
