"""Table rows read from Markdown and HTML, each with its cells and the column headers.

Why: a dose table is the commonest place a wrong answer hides ("2.5 ml" is in the passage,
but in the row for 3 to 6 months). A row is only evidence together with its headers and its
first cell (what the row is about), so rows are read as cells here and joined by
:mod:`guard.facts.units` into "Age: 2 to 4 years | Dose: 7.5 ml".

Defined handling of bad tables: a Markdown table without a separator row (``|---|``) has no
headers, its rows are plain cells; a row with more cells than headers keeps the extra cells
unlabelled, one with fewer uses the headers it has; empty rows are skipped. HTML rows come
from ``<tr>`` elements (closed or not); ``<th>`` rows, or the first row of a ``<thead>``,
are headers.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache

from guard.facts.quantities import quantities

__all__ = [
    "TableRow", "html_table_rows", "markdown_table_blocks", "plain_text", "row_text", "with_header_bound",
    "with_header_rate", "with_header_unit", "without_markup",
]


@dataclass(frozen=True)
class TableRow:
    start: int  # the row's own source text in the passage
    end: int
    cells: tuple[str, ...]
    headers: tuple[str, ...]  # may be empty (a table without headers)


_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_LINE = re.compile(r"[^\n]*(?:\n|$)")


def _cells(line: str) -> tuple[str, ...]:
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    parts = re.split(r"(?<!\\)\|", body)
    return tuple(part.strip().replace("\\|", "|") for part in parts)


def _lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of every line, line break excluded."""
    spans = []
    for match in _LINE.finditer(text):
        if match.start() == len(text) and spans:
            break
        spans.append((match.start(), match.start() + len(match.group(0).rstrip("\r\n"))))
    return spans


def _is_table_line(line: str) -> bool:
    stripped = line.strip()
    return stripped.startswith("|") and len(stripped) > 1


def markdown_table_blocks(text: str) -> list[tuple[int, int, list[TableRow]]]:
    """Each Markdown table as (start, end, rows); header and separator lines are not rows."""
    blocks: list[tuple[int, int, list[TableRow]]] = []
    lines = _lines(text)
    i = 0
    while i < len(lines):
        if not _is_table_line(text[lines[i][0] : lines[i][1]]):
            i += 1
            continue
        j = i
        while j < len(lines) and _is_table_line(text[lines[j][0] : lines[j][1]]):
            j += 1
        blocks.append((lines[i][0], lines[j - 1][1], _markdown_rows(text, lines[i:j])))
        i = j
    return blocks


def _markdown_rows(text: str, lines: list[tuple[int, int]]) -> list[TableRow]:
    headers: tuple[str, ...] = ()
    body = lines
    if len(lines) >= 2 and _SEPARATOR.match(text[lines[1][0] : lines[1][1]]):
        headers = _cells(text[lines[0][0] : lines[0][1]])
        body = lines[2:]
    rows = []
    for start, end in body:
        line = text[start:end]
        if _SEPARATOR.match(line):
            continue
        cells = _cells(line)
        if any(cells):
            lead = len(line) - len(line.lstrip())
            rows.append(TableRow(start + lead, end, cells, headers))
    return rows


_TABLE = re.compile(r"<table\b[^>]*>.*?(?:</table\s*>|$)", re.IGNORECASE | re.DOTALL)
_ROW = re.compile(r"<tr\b[^>]*>(.*?)(?=<tr\b|</tr\s*>|</table\s*>|$)", re.IGNORECASE | re.DOTALL)
_CELL = re.compile(r"<(t[hd])\b[^>]*>(.*?)(?=<t[hd]\b|</t[hd]\s*>|</tr\s*>|$)", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]*>")


_MARKUP = re.compile(r"<[^>]+>")


def without_markup(text: str) -> str:
    """The text with its tags dropped and its whitespace collapsed (entities left as written): a list item's or
    a definition's words ("<li>Panels taken out: 14 April 2074.</li>" -> "Panels taken out: 14 April 2074.")."""
    return " ".join(_MARKUP.sub(" ", text).split())


def plain_text(raw: str) -> str:
    """The words of a piece of HTML: tags dropped, entities unescaped, whitespace collapsed."""
    return " ".join(html.unescape(_TAG.sub(" ", raw)).split())


def html_table_rows(text: str) -> list[tuple[int, int, list[TableRow]]]:
    """Each HTML table as (start, end, rows); the header row is not a row of its own."""
    blocks = []
    for table in _TABLE.finditer(text):
        rows: list[TableRow] = []
        headers: tuple[str, ...] = ()
        for row in _ROW.finditer(table.group(0)):
            cells = _CELL.findall(row.group(1))
            values = tuple(plain_text(raw) for _, raw in cells)
            if not any(values):
                continue
            in_head = "<thead" in table.group(0)[: row.start()].lower() and "</thead" not in (
                table.group(0)[: row.start()].lower()
            )
            if not headers and not rows and (all(tag.lower() == "th" for tag, _ in cells) or in_head):
                headers = values
                continue
            rows.append(TableRow(table.start() + row.start(), table.start() + row.end(), values, headers))
        blocks.append((table.start(), table.end(), rows))
    return blocks


def row_text(row: TableRow) -> str:
    """'Header: cell | Header: cell', unlabelled cells as they are, empty cells left out; a bare
    number under a header that names its unit carries the unit ("eGFR (ml/min): 30 to 59 ml/min")."""
    parts = []
    for index, cell in enumerate(row.cells):
        if not cell:
            continue
        header = row.headers[index] if index < len(row.headers) else ""
        read = with_header_rate(header, with_header_bound(header, with_header_unit(header, cell)))
        parts.append(f"{header}: {read}" if header else cell)
    return " | ".join(parts)


# "Weight (kg)", "eGFR (ml/min)", "Age (years)": the column's unit, in brackets at the header's end
_HEADER_UNIT = re.compile(r"\(\s*([^()]{1,15}?)\s*\)\s*$")


def with_header_unit(header: str, cell: str) -> str:
    """``cell`` with its header's unit after its last number, when every value of the cell is a bare
    number and the bracket holds a unit the quantity reader knows. Why: a dose table keyed by
    "30 to 59" under "eGFR (ml/min)" was read as plain numbers, so "an eGFR of 45 ml/min" never
    fell in its row and the row's dose was taken for another row's."""
    found = _HEADER_UNIT.search(header)
    if not found or not _is_unit(found.group(1)):
        return cell
    values = quantities(cell)
    if not values or any(q.dim != "number" for q in values):
        return cell
    end = max(q.end for q in values)
    return f"{cell[:end]} {found.group(1)}{cell[end:]}"


# "Price per metre", "Price a metre, fitted", "Fee per metre per year", "£ / kg": the column's prices are rates
# per the measure the header names (a word at the header's end, or before a comma, a bracket or another "per")
_HEADER_RATE = re.compile(r"\b(?:per|a|an|each)\s+([a-z]+)\s*(?=$|[,(]|per\b)|/\s*([a-z]+\d?)\s*$", re.I)


def with_header_rate(header: str, cell: str) -> str:
    """``cell`` read as a price per the measure its header names ("Price per metre: £14" is "£14 per metre"),
    when it is one price with no rate of its own and the header names a length, a volume, a weight or energy
    the quantity reader knows. Why: "Ten metres of PVC gutter come to £220" against "Price a metre, fitted: £22"
    was "the evidence gives £22, not £220": the rate the header states was read as a plain amount. Periods
    ("per year") are read from the header by periods.py. Counted things ("Price per child") are left as they
    are: the readings of per-item prices that compare a row's price with a claim's ("a case of sourdough costs
    £16.80") rest on the plain amount."""
    values = quantities(cell)
    if len(values) != 1 or not values[0].dim.startswith("money") or values[0].per is not None:
        return cell
    unit = next((u for m in _HEADER_RATE.finditer(header) if _is_measure(u := m.group(1) or m.group(2))), None)
    if unit is None:
        return cell
    end = values[0].end
    return f"{cell[:end]} per {unit}{cell[end:]}"


@lru_cache(maxsize=256)
def _is_measure(unit: str) -> bool:
    read = quantities(f"£1 per {unit}")
    return len(read) == 1 and read[0].per is not None and read[0].dim.split("/")[-1] in _MEASURES


_MEASURES = frozenset({"length", "volume", "mass", "energy"})


# "Maximum pupils per coach", "Max. weight", "Minimum age": the column's values are limits
_HEADER_LIMIT = re.compile(r"^\s*(?P<w>max(?:imum)?|min(?:imum)?)\b\.?", re.I)


def with_header_bound(header: str, cell: str) -> str:
    """``cell`` read as the limit its header names ("Maximum pupils per coach: 8" is "up to 8"), when it
    is one plain value; a cell that already says its bound, or gives a band, is left as it is."""
    found = _HEADER_LIMIT.match(header)
    if not found:
        return cell
    values = quantities(cell)
    if len(values) != 1 or values[0].is_band or values[0].start != 0:
        return cell
    word = "up to" if found.group("w").lower().startswith("max") else "at least"
    return f"{word} {cell}"


@lru_cache(maxsize=256)
def _is_unit(text: str) -> bool:
    written = f"1 {text}"
    read = quantities(written)
    # "ml/min" is read as ml: a per-time unit the reader keeps as its amount, on both sides alike
    # a count's noun ("(average)", "(people)") names what is counted, not a unit to carry
    unit = len(read) == 1 and read[0].dim != "number" and not read[0].dim.startswith("count:")
    return unit and re.fullmatch(r"(?:/\s*[a-z]+)?", written[read[0].end :]) is not None
