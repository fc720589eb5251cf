"""Documents into passages: heading-aware, size-bounded, overlapping, with stable ids.

Sizes are counted in whitespace-separated words (see :class:`IndexConfig` for why
that approximates the embedder's tokens well enough). A section is cut at
paragraph boundaries first, then at sentence ends, and only a run-on "sentence"
longer than a whole passage is cut mid-sentence.

Markdown ATX headings (``#`` to ``######``, outside fenced code) give each passage
its context: ``Passage.title`` reads "Document title > Section > Subsection".
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from typing import Iterator

from retrievers.config import IndexConfig
from retrievers.documents import Document
from retrievers.types import Passage

__all__ = ["chunk_document", "passage_id", "split_sections"]

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def chunk_document(doc: Document, config: IndexConfig | None = None) -> list[Passage]:
    """The passages of one document, in reading order."""
    config = config or IndexConfig()
    passages: list[Passage] = []
    occurrences: Counter[tuple[str, str]] = Counter()
    for headings, body in split_sections(doc):
        heading = " > ".join(headings)
        title = " > ".join(h for h in (doc.title, heading) if h) or None
        units = _units(body, config.chunk_words, config.overlap_words)
        for text in _pack(units, config.chunk_words, config.overlap_words):
            pid = passage_id(doc.source, heading, text, occurrences[heading, text])
            occurrences[heading, text] += 1
            metadata = {"doc_id": doc.id, "doc_title": doc.title, "heading": heading, "chunk": len(passages)}
            passages.append(
                Passage(id=pid, text=text, source=doc.source, title=title, metadata={**doc.metadata, **metadata})
            )
    return passages


def passage_id(source: str, heading: str, text: str, occurrence: int = 0) -> str:
    """A 16-hex-digit id from the source, heading and text.

    The same passage of the same file gets the same id in every build, so citations
    and review decisions survive a re-index; the n-th repeat of an identical chunk in
    one document (boilerplate) gets ``occurrence = n`` mixed in.
    """
    base = f"{source}\x1f{heading}\x1f{text}"
    if occurrence:
        base = f"{base}\x1f{occurrence}"
    return hashlib.sha1(base.encode("utf-8")).hexdigest()[:16]


def split_sections(doc: Document) -> Iterator[tuple[list[str], str]]:
    """(heading path, body text) per section; plain text is one section with no headings."""
    if doc.kind != "markdown":
        yield [], doc.text
        return
    stack: list[tuple[int, str]] = []
    lines: list[str] = []
    in_fence = False
    for line in doc.text.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
        match = None if in_fence else _HEADING.match(line)
        if match is None:
            lines.append(line)
            continue
        yield [h for _, h in stack], "\n".join(lines)
        lines = []
        level, text = len(match.group(1)), match.group(2).strip()
        if level == 1 and text == doc.title and not stack:
            continue  # the document title is already the first part of every passage title
        stack = [(lvl, h) for lvl, h in stack if lvl < level] + [(level, text)]
    yield [h for _, h in stack], "\n".join(lines)


def _units(body: str, size: int, overlap: int) -> list[tuple[str, int]]:
    """Paragraphs, or sentences of long paragraphs, or word windows of run-on text: (text, words).

    Windows are ``size - overlap`` words so that a window plus the overlap carried
    from the previous passage still fits in one passage.
    """
    window = size - overlap
    units: list[tuple[str, int]] = []
    for paragraph in _PARAGRAPH_BREAK.split(body.strip()):
        paragraph = paragraph.strip()
        n = len(paragraph.split())
        if n == 0:
            continue
        if n <= size:
            units.append((paragraph, n))
            continue
        for sentence in _SENTENCE_END.split(paragraph):
            words = sentence.split()
            for start in range(0, len(words), window):
                piece = words[start : start + window]
                units.append((" ".join(piece), len(piece)))
    return units


def _pack(units: list[tuple[str, int]], size: int, overlap: int) -> list[str]:
    """Greedy packing of units into chunks of at most ``size`` words, each starting with
    the previous chunk's last units that fit in ``overlap`` words."""
    chunks: list[str] = []
    current: list[tuple[str, int]] = []
    count = 0
    for text, n in units:
        if current and count + n > size:
            chunks.append("\n".join(t for t, _ in current))
            current = _tail(current, overlap)
            count = sum(c for _, c in current)
            if count + n > size:
                current, count = [], 0
        current.append((text, n))
        count += n
    if current:
        chunks.append("\n".join(t for t, _ in current))
    return chunks


def _tail(units: list[tuple[str, int]], overlap: int) -> list[tuple[str, int]]:
    """The last whole units within ``overlap`` words, else the last ``overlap`` words."""
    tail: list[tuple[str, int]] = []
    total = 0
    for text, n in reversed(units):
        if total + n > overlap:
            break
        tail.insert(0, (text, n))
        total += n
    if not tail and overlap > 0 and units:
        words = units[-1][0].split()[-overlap:]
        tail = [(" ".join(words), len(words))]
    return tail
