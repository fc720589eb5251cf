"""Loading source documents: a directory of ``.md``, ``.txt`` and ``.jsonl`` files, or texts.

A file that cannot be used (binary, not UTF-8, empty, larger than the configured
maximum) is skipped with a structlog warning naming the file and the reason; a
directory with nothing usable in it is an :class:`InputError`.

``.jsonl`` files hold one document per line: ``{"text": ..., "id": ..., "title": ...}``
with any further keys kept as metadata. The size limit applies to each line there,
so a large JSONL corpus is fine while a single oversized record is skipped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Iterator, Literal

from pydantic import BaseModel, Field

from guard.errors import InputError
from guard.observability import get_logger
from retrievers.config import MAX_DOCUMENT_BYTES

__all__ = ["Document", "SUFFIXES", "iter_directory", "load_directory", "documents_from_texts"]

SUFFIXES = (".md", ".markdown", ".txt", ".jsonl")
_BINARY_SNIFF = 8192
_log = get_logger(__name__)


class Document(BaseModel):
    """One source document before chunking."""

    id: str
    text: str
    source: str = Field(description="where it came from, for citations: a relative path, path#id, ...")
    title: str = ""
    kind: Literal["markdown", "text"] = "text"
    metadata: dict[str, Any] = Field(default_factory=dict)


def load_directory(root: str | Path, max_document_bytes: int = MAX_DOCUMENT_BYTES) -> list[Document]:
    """All usable documents under ``root``; raises InputError when there are none."""
    docs = list(iter_directory(root, max_document_bytes))
    if not docs:
        raise InputError(
            f"No usable documents in {root}: expected .md, .txt or .jsonl files with text "
            "(see the warnings above for files that were skipped)."
        )
    return docs


def iter_directory(root: str | Path, max_document_bytes: int = MAX_DOCUMENT_BYTES) -> Iterator[Document]:
    """Documents under ``root`` in path order, skipping unusable files with a warning."""
    root_path = Path(root)
    if not root_path.exists():
        raise InputError(f"Document directory {root} does not exist: pass an existing folder.")
    if not root_path.is_dir():
        raise InputError(f"{root} is not a directory: pass the folder that holds the documents.")
    inside = root_path.resolve()
    for path in sorted(p for p in root_path.rglob("*") if p.is_file()):
        rel = path.relative_to(root_path)
        if any(part.startswith(".") for part in rel.parts):
            continue  # hidden files and folders (.git, editor swap files) are never documents
        if not path.resolve().is_relative_to(inside):
            # A link out of the folder (shadow.md -> /etc/shadow) would index a file nobody chose.
            _skip(path, f"a symbolic link to {path.resolve()}, outside {root}")
            continue
        if path.suffix.lower() not in SUFFIXES:
            _log.info("document_skipped", path=str(path), reason="unsupported suffix")
            continue
        if path.suffix.lower() == ".jsonl":
            yield from _read_jsonl(path, rel.as_posix(), max_document_bytes)
        else:
            doc = _read_text_file(path, rel.as_posix(), max_document_bytes)
            if doc is not None:
                yield doc


def documents_from_texts(items: Iterable[str | dict[str, Any] | Document]) -> list[Document]:
    """Documents from plain strings or ``{"text", "id"?, "title"?, "source"?, ...}`` dicts."""
    docs = []
    for n, item in enumerate(items):
        if isinstance(item, Document):
            docs.append(item)
        elif isinstance(item, str):
            docs.append(Document(id=f"text-{n}", text=item, source=f"text-{n}"))
        elif isinstance(item, dict):
            docs.append(_document_from_record(item, default_id=f"text-{n}", where=f"item {n}"))
        else:
            raise InputError(f"Item {n} is a {type(item).__name__}: pass strings or dicts with a 'text' key.")
    return docs


def _read_text_file(path: Path, rel: str, max_bytes: int) -> Document | None:
    try:
        size = path.stat().st_size
        if size > max_bytes:
            _skip(path, f"{size} bytes is above the maximum document size of {max_bytes} bytes "
                        "(IndexConfig.max_document_bytes; split the file or raise the limit)")
            return None
        raw = path.read_bytes()
    except OSError as exc:
        _skip(path, f"unreadable ({exc.strerror or exc})")
        return None
    text = _decode(raw, path)
    if text is None:
        return None
    if not text.strip():
        _skip(path, "empty")
        return None
    markdown = path.suffix.lower() in (".md", ".markdown")
    return Document(
        id=rel,
        text=text,
        source=rel,
        title=(_markdown_title(text) if markdown else None) or path.stem,
        kind="markdown" if markdown else "text",
    )


def _read_jsonl(path: Path, rel: str, max_bytes: int) -> Iterator[Document]:
    try:
        handle = path.open("rb")
    except OSError as exc:
        _skip(path, f"unreadable ({exc.strerror or exc})")
        return
    try:
        with handle:
            yield from _jsonl_records(handle, path, rel, max_bytes)
    except OSError as exc:
        _skip(path, f"unreadable ({exc.strerror or exc})")


def _jsonl_records(handle, path: Path, rel: str, max_bytes: int) -> Iterator[Document]:
    for line_no, raw in enumerate(handle, start=1):
        where = f"{path}:{line_no}"
        if len(raw) > max_bytes:
            _skip(where, f"record of {len(raw)} bytes is above the maximum of {max_bytes} bytes")
            continue
        if not raw.strip():
            continue
        text = _decode(raw, where)
        if text is None:
            continue
        try:
            record = json.loads(text)
            doc = _document_from_record(record, default_id=f"{rel}:{line_no}", where=where)
        except (json.JSONDecodeError, InputError) as exc:
            _skip(where, str(exc))
            continue
        except RecursionError:
            _skip(where, "nested too deeply to parse")
            continue
        doc.source = f"{rel}#{doc.id}"
        yield doc


def _document_from_record(record: Any, default_id: str, where: str) -> Document:
    if not isinstance(record, dict):
        raise InputError(f"{where}: expected a JSON object with a 'text' key, got {type(record).__name__}")
    text = record.get("text")
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"{where}: the 'text' key is missing, not a string, or empty")
    doc_id = str(record["id"]) if record.get("id") is not None else default_id
    metadata = {k: v for k, v in record.items() if k not in ("text", "id", "title", "source")}
    return Document(
        id=doc_id,
        text=text,
        source=str(record.get("source") or doc_id),
        title=str(record.get("title") or ""),
        metadata=metadata,
    )


def _decode(raw: bytes, where: Path | str) -> str | None:
    if b"\x00" in raw[:_BINARY_SNIFF]:
        _skip(where, "binary content (NUL bytes)")
        return None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        _skip(where, f"not UTF-8 text ({exc.reason} at byte {exc.start}); convert it to UTF-8")
        return None


def _markdown_title(text: str) -> str | None:
    for line in text.splitlines()[:50]:
        if line.startswith("# "):
            return line[2:].strip().rstrip("#").strip() or None
    return None


def _skip(where: Path | str, reason: str) -> None:
    _log.warning("document_skipped", path=str(where), reason=reason)
