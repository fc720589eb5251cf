"""Evidence units: the pieces of a passage a claim is checked against.

Why units and not whole passages: a claim is right or wrong against one fact, and a passage
holds many. "2.5 ml for a 3-year-old" is wrong against the row "Age: 2 to 4 years | Dose:
7.5 ml" even though "2.5 ml" appears in the passage. So a passage is cut into sentences
(spaCy's senter through :mod:`guard.language`), Markdown and HTML table rows
joined with their headers, list items with their lead-in ("Warnings: Do not give with any
other medicine containing febrilonol."), and headings (kind ``heading``: a title names
facts, "Febrilon 120 mg/5 ml", but says nothing about negation or modality). An HTML page is cut at its
block elements (paragraphs, headings, list items, definitions) as Markdown is at its lines, and each unit's
text is its words without the markup, as Markdown would write them.

Instruction-like text (:mod:`guard.facts.injection`) is not evidence: units overlapping it
are dropped and the warning is returned. Very long runs without spaces (base64, minified
data) are cut into pieces before sentence splitting, and the units of one passage are
capped (``max_units``); both are said in ``notes``. Results are cached per passage text.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import BaseModel, Field

from guard.facts.injection import find_injections
from guard.facts.tables import TableRow, html_table_rows, markdown_table_blocks, plain_text, row_text
from guard.facts.types import EvidenceUnit, InjectionWarning, UnitKind

__all__ = ["DEFAULT_MAX_UNITS", "UnitsResult", "evidence_units"]

DEFAULT_MAX_UNITS = 200
_LONG_RUN = 300  # characters without whitespace cut into pieces before sentence splitting

_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(?=\S)")
_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+(?=\S)")
# a paragraph that opens with a bold label ("**Power kite zone.** For traction kites ..."): the label heads the
# paragraph's first sentence, as it heads a list item; the sentence splitter cuts "**" off on its own
_BOLD_LABEL = re.compile(r"\s*(\*\*|__)[^*_\n]{1,80}?[.:]\1[ \t]+(?=\S)")
# HTML blocks: a line of a page is cut before a block opens and after one closes, so that a paragraph, a heading,
# a list item and a definition ("<dt>Sproxton Scaffolding</dt><dd>Puts up the scaffold.</dd>") are each a line
# of their own, as in Markdown. Without the cut, HTML written one element to a line with no blank lines between
# is one paragraph, and the sentence splitter glues a list's items into one unit: a claim is then checked
# against every rule of the list at once. A definition's <dd> stays with its <dt>.
_BLOCK_OPEN = re.compile(r"<(?:p|h[1-6]|li|dt|ul|ol|dl|div|blockquote|table|tr)\b", re.I)
_BLOCK_CLOSE = re.compile(r"</(?:p|h[1-6]|li|dd|ul|ol|dl|div|blockquote)>", re.I)
_MARKUP = re.compile(r"<[^>]*>")
_HTML_ITEM = re.compile(r"^[ \t]*(?=<(?:li|dt)\b)", re.I)
_HTML_HEADING = re.compile(r"^[ \t]*<h[1-6]\b[^>]*>", re.I)
_HTML_OPEN = re.compile(r"^[ \t]*<(?:p|div|blockquote)\b", re.I)
_HTML_ITEM_END = re.compile(r"</(?:li|dd)>\s*$", re.I)


class UnitsResult(BaseModel):
    """The units of one passage, what was excluded as instructions, and notes for a reader."""

    units: list[EvidenceUnit] = Field(default_factory=list)
    warnings: list[InjectionWarning] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


# (kind, start, end, text, anchor) before indices are assigned
_Draft = tuple[UnitKind, int, int, str, str | None]


def evidence_units(passage_id: str, text: str, max_units: int = DEFAULT_MAX_UNITS) -> UnitsResult:
    """Cut one passage into evidence units; never raises on odd input."""
    return _evidence_units(passage_id, text or "", max(0, max_units)).model_copy(deep=True)


@lru_cache(maxsize=512)
def _evidence_units(passage_id: str, text: str, max_units: int) -> UnitsResult:
    if not text.strip():
        return UnitsResult(notes=[f"passage {passage_id} is empty: no evidence units"])
    warnings = find_injections(passage_id, text)
    notes: list[str] = []
    drafts = [d for d in _drafts(text, notes) if not _overlaps(d, warnings)]
    drafts.sort(key=lambda d: (d[1], d[2]))
    if warnings and not drafts:
        notes.append(f"passage {passage_id} holds only instruction-like text: no evidence units")
    elif warnings:
        notes.append(
            f"passage {passage_id}: {len(warnings)} instruction-like span(s) excluded from the evidence"
        )
    if len(drafts) > max_units:
        notes.append(f"passage {passage_id} has {len(drafts)} units; only the first {max_units} are checked")
        drafts = drafts[:max_units]
    units = [
        EvidenceUnit(passage_id=passage_id, index=i, kind=kind, text=body, start=s, end=e, anchor=anchor)
        for i, (kind, s, e, body, anchor) in enumerate(drafts)
    ]
    return UnitsResult(units=units, warnings=warnings, notes=notes)


def _overlaps(draft: _Draft, warnings: list[InjectionWarning]) -> bool:
    return any(draft[1] < w.end and w.start < draft[2] for w in warnings)


def _drafts(text: str, notes: list[str]) -> list[_Draft]:
    covered = [False] * (len(text) + 1)
    drafts: list[_Draft] = []
    for start, end, rows in html_table_rows(text) + markdown_table_blocks(text):
        if any(covered[start:end]):
            continue  # a Markdown-looking line inside an HTML table
        covered[start:end] = [True] * (end - start)
        drafts.extend(_row_draft(row) for row in rows if row_text(row))
    lines = _free_lines(text, covered)
    continued = _continued_items(text, lines)  # both readers need which lines carry on an item
    drafts.extend(_item_sentences(text, _list_drafts(text, lines, continued)))
    drafts.extend(_prose_drafts(text, lines, continued, notes))
    # markup with no words ("<>", "<br>") is no unit once its tags are gone
    return [plain for plain in map(_plain, drafts) if plain[3].strip()]


# a definition list's item: "<dt>Soft reline</dt> <dd>£120, ready within 2 working days.</dd>"
_DEFINITION = re.compile(
    r"^\s*<dt\b[^>]*>(?P<term>.*?)</dt>\s*<dd\b[^>]*>(?P<body>.*?)(?:</dd>\s*)?$", re.I | re.S
)
_BOLD = re.compile(r"</?(?:strong|b)>", re.I)


def _plain(draft: _Draft) -> _Draft:
    """A unit's words without its HTML markup, as Markdown writes them, so that every check reads a page as it
    reads Markdown: a definition as "Soft reline: £120, ready within 2 working days." with its term as the unit's
    anchor (a table row's key cell, in effect), a bold label in asterisks ("**Conductors** sell the tickets")."""
    kind, start, end, body, anchor = draft
    if kind is UnitKind.table_row or "<" not in body:
        return draft
    definition = _DEFINITION.match(body)
    if definition:
        anchor = _words_of(definition.group("term")).rstrip(":")
        return (kind, start, end, f"{anchor}: {_words_of(definition.group('body'))}", anchor)
    return (kind, start, end, _words_of(body), anchor)


def _words_of(markup: str) -> str:
    return plain_text(_BOLD.sub("**", markup))


def _row_draft(row: TableRow) -> _Draft:
    anchor = next((cell for cell in row.cells if cell), None)
    return (UnitKind.table_row, row.start, row.end, row_text(row), anchor)


def _free_lines(text: str, covered: list[bool]) -> list[tuple[int, int]]:
    """Lines outside tables, blank lines included (they end paragraphs and lists); a line a table shares
    (HTML written on one line: "<p>Groups of 6 ... get 25% off.</p><table>...") keeps its text outside
    the table, or that text would be lost."""
    spans, start = [], 0
    for match in re.finditer(r"\n|$", text):
        end = match.start()
        if not any(covered[start:end]) or start == end:
            spans += _blocks(text, start, end)
        else:
            spans += [block for s, e in _uncovered(text, covered, start, end) for block in _blocks(text, s, e)]
        start = match.end()
        if match.end() >= len(text):
            break
    return spans


def _blocks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A line's stretches between HTML block boundaries (``_BLOCK_OPEN``, ``_BLOCK_CLOSE``)."""
    cuts = {m.start() for m in _BLOCK_OPEN.finditer(text, start, end)}
    cuts |= {m.end() for m in _BLOCK_CLOSE.finditer(text, start, end)}
    bounds = [start, *sorted(c for c in cuts if start < c < end), end]
    return [(a, b) for a, b in zip(bounds, bounds[1:])] if end > start else [(start, end)]


def _blank(line: str) -> bool:
    """No text but markup: ends a paragraph or a list, as a blank line does."""
    return not _MARKUP.sub("", line).strip()


def _bullet(line: str) -> re.Match[str] | None:
    """A list item's opening: a Markdown bullet or number (cut off), or an HTML <li> or <dt> (kept until the unit's
    markup is read, :func:`_plain`: a <dt> makes the item a definition)."""
    return _LIST_ITEM.match(line) or _HTML_ITEM.match(line)


def _heading(line: str) -> re.Match[str] | None:
    return _HEADING.match(line) or _HTML_HEADING.match(line)


def _uncovered(text: str, covered: list[bool], start: int, end: int) -> list[tuple[int, int]]:
    """The stretches of a line outside its tables that hold more than markup and spaces."""
    out, i = [], start
    while i < end:
        if covered[i]:
            i += 1
            continue
        j = i
        while j < end and not covered[j]:
            j += 1
        if re.sub(r"<[^>]*>", "", text[i:j]).strip():
            out.append((i, j))
        i = j
    return out


def _continued_items(text: str, lines: list[tuple[int, int]]) -> list[bool]:
    """Which lines carry on the list item above them: a wrapped item ("- What does it cost? Morning
    trek: £35 to\n  lead an alpaca, ...") goes on in the next non-blank lines up to a blank line, a
    heading or the next bullet (Markdown's continuation lines, indented or not)."""
    out, in_item = [], False
    for start, end in lines:
        line = text[start:end]
        if _bullet(line):
            in_item = True
            out.append(False)
        elif _blank(line) or _heading(line) or _HTML_OPEN.match(line):
            in_item = False
            out.append(False)
        else:
            out.append(in_item)
        if _HTML_ITEM_END.search(line):
            in_item = False  # an HTML item ends at its closing tag, not at a blank line
    return out


def _list_drafts(text: str, lines: list[tuple[int, int]], continued: list[bool]) -> list[_Draft]:
    drafts: list[_Draft] = []
    lead_in: str | None = None
    in_list = False
    for (start, end), more in zip(lines, continued):
        line = text[start:end]
        bullet = _bullet(line)
        if more and drafts:
            kind, item_start, _, body, anchor = drafts[-1]
            drafts[-1] = (kind, item_start, start + len(line.rstrip()), f"{body} {line.strip()}", anchor)
        elif bullet:
            if not in_list:
                lead_in = _lead_in(text, lines, start)
                in_list = True
            item_start = start + bullet.end()
            item = line[bullet.end() :].strip()
            body = f"{lead_in} {item}" if lead_in else item
            drafts.append(
                (UnitKind.list_item, item_start, item_start + len(line[bullet.end() :].rstrip()), body, None)
            )
        elif not _blank(line):
            in_list = False
    return drafts


def _item_sentences(text: str, drafts: list[_Draft]) -> list[_Draft]:
    """An HTML list item's sentences, each a unit of the list: "<li>The clinic treats adults aged 18 and over. The
    injection is not given if you have an infection.</li>" gives two rules, and a claim is read against the one it
    is about. (A Markdown item stays whole: its label heads every sentence of it.)"""
    items = [d for d in drafts if d[3][:3].lower() == "<li"]
    if not items:
        return drafts
    from guard.language import sentence_spans_many  # lazy: verifiers import this package

    split = dict(zip(items, sentence_spans_many([text[d[1] : d[2]] for d in items]), strict=True))
    out: list[_Draft] = []
    for draft in drafts:
        spans = split.get(draft, [])
        if len(spans) < 2:
            out.append(draft)
            continue
        at = draft[1]
        out.extend(
            (UnitKind.list_item, at + s, at + e, " ".join(text[at + s : at + e].split()), None) for s, e in spans
        )
    return out


def _lead_in(text: str, lines: list[tuple[int, int]], list_start: int) -> str | None:
    """The line before a list, when it introduces it: ends with ':' or is a heading."""
    previous = [text[s:e].strip() for s, e in lines if e <= list_start and text[s:e].strip()]
    if not previous:
        return None
    line = previous[-1]
    heading = _HEADING.match(line)
    if heading:
        return line[heading.end() :].strip().rstrip(":") + ":"
    if line.endswith(":"):
        return re.split(r"(?<=[.!?])\s+", line)[-1]
    return None


def _prose_drafts(
    text: str, lines: list[tuple[int, int]], continued: list[bool], notes: list[str]
) -> list[_Draft]:
    """Headings as units of their own; paragraphs split into sentences."""
    drafts: list[_Draft] = []
    paragraphs: list[tuple[int, int]] = []
    current: list[tuple[int, int]] = []
    for (start, end), more in zip(lines + [(len(text), len(text))], [*continued, False]):
        line = text[start:end]
        heading = _heading(line)
        # A table between two free lines ends the paragraph too (its lines are not free):
        # otherwise the paragraph's span would swallow the table as one "sentence".
        after_table = bool(current) and start > current[-1][1] + 1
        if after_table or (current and _HTML_OPEN.match(line)):  # an HTML paragraph starts a paragraph
            paragraphs.append((current[0][0], current[-1][1]))
            current = []
        if _blank(line) or _bullet(line) or heading or more:  # a wrapped item's lines are the item's
            if current:
                paragraphs.append((current[0][0], current[-1][1]))
                current = []
            if heading:
                drafts.append((UnitKind.heading, start + heading.end(), end, line[heading.end() :].strip(), None))
            continue
        current.append((start, end))
    pieces = _without_long_runs(text, paragraphs, drafts, notes)
    drafts.extend(_sentences(text, pieces))
    return drafts


def _without_long_runs(
    text: str, paragraphs: list[tuple[int, int]], drafts: list[_Draft], notes: list[str]
) -> list[tuple[int, int]]:
    """Paragraph pieces for the sentence splitter; long space-free runs become units of their own."""
    pieces: list[tuple[int, int]] = []
    cut = False
    for start, end in paragraphs:
        cursor = start
        for run in re.finditer(rf"\S{{{_LONG_RUN},}}", text[start:end]):
            run_start, run_end = start + run.start(), start + run.end()
            pieces.append((cursor, run_start))
            for piece in range(run_start, run_end, _LONG_RUN):
                piece_end = min(piece + _LONG_RUN, run_end)
                drafts.append((UnitKind.sentence, piece, piece_end, text[piece:piece_end], None))
            cursor = run_end
            cut = True
        pieces.append((cursor, end))
    if cut:
        notes.append(
            f"runs of over {_LONG_RUN} characters without spaces were cut into {_LONG_RUN}-character units"
        )
    return [(s, e) for s, e in pieces if text[s:e].strip()]


def _sentences(text: str, pieces: list[tuple[int, int]]) -> list[_Draft]:
    if not pieces:
        return []
    from guard.language import sentence_spans_many  # lazy: verifiers import this package

    labels = [_BOLD_LABEL.match(text, start, end) for start, end in pieces]
    after = [(label.end() if label else start, end) for label, (start, end) in zip(labels, pieces, strict=True)]
    spans = sentence_spans_many([text[s:e] for s, e in after])
    drafts = []
    for label, (offset, _), piece_spans in zip(labels, after, spans, strict=True):
        for i, (s, e) in enumerate(piece_spans):
            start = label.start(1) if label and i == 0 else offset + s
            drafts.append((UnitKind.sentence, start, offset + e, " ".join(text[start : offset + e].split()), None))
    return drafts
