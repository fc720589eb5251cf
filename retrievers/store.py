"""The passages of an index, by row number, in memory or memory-mapped from disk.

Passages are kept column-wise while an index is built (a million pydantic objects
would take gigabytes) and, once saved, read back lazily: ``passages.jsonl`` is
memory-mapped and a row is parsed only when a search returns it, so loading a
large index is instant and its pages are shared by every guard process.
"""

from __future__ import annotations

import json
import mmap
import shutil
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from retrievers.types import Passage

__all__ = ["PassageStore", "PASSAGES_FILE", "OFFSETS_FILE"]

PASSAGES_FILE = "passages.jsonl"
OFFSETS_FILE = "passages.offsets.npy"


class PassageStore:
    """Rows of (id, text, source, title, metadata); row i is vector i and BM25 document i."""

    def __init__(self) -> None:
        self._ids: list[str] = []
        self._texts: list[str] = []
        self._sources: list[str] = []
        self._titles: list[str | None] = []
        self._metadata: list[dict[str, Any]] = []
        self._disk: _DiskRows | None = None
        self._id_set: set[str] | None = None

    @classmethod
    def load(cls, folder: Path) -> "PassageStore":
        store = cls()
        store._disk = _DiskRows(folder / PASSAGES_FILE, folder / OFFSETS_FILE)
        return store

    def __len__(self) -> int:
        return len(self._disk) if self._disk is not None else len(self._ids)

    def passage(self, row: int) -> Passage:
        if self._disk is not None:
            return Passage(**self._disk.record(row))
        return Passage(
            id=self._ids[row],
            text=self._texts[row],
            source=self._sources[row],
            title=self._titles[row],
            metadata=self._metadata[row],
        )

    def has_id(self, passage_id: str) -> bool:
        if self._id_set is None:
            self._materialize()
            self._id_set = set(self._ids)
        return passage_id in self._id_set

    def index_texts(self) -> Iterator[str]:
        """What the routes index: the passage text behind its title (headings carry meaning)."""
        self._materialize()
        for title, text in zip(self._titles, self._texts):
            yield index_text(title, text)

    def append(self, passages: list[Passage]) -> None:
        self._materialize()
        for p in passages:
            self._ids.append(p.id)
            self._texts.append(p.text)
            self._sources.append(p.source)
            self._titles.append(p.title)
            self._metadata.append(p.metadata)
        if self._id_set is not None:
            self._id_set.update(p.id for p in passages)

    def save(self, folder: Path) -> None:
        if self._disk is not None:
            shutil.copyfile(self._disk.path, folder / PASSAGES_FILE)
            np.save(folder / OFFSETS_FILE, self._disk.offsets)
            return
        offsets = np.zeros(len(self._ids) + 1, dtype=np.int64)
        with open(folder / PASSAGES_FILE, "wb") as handle:
            for row in range(len(self._ids)):
                line = json.dumps(self._record(row), ensure_ascii=False).encode("utf-8") + b"\n"
                handle.write(line)
                offsets[row + 1] = offsets[row] + len(line)
        np.save(folder / OFFSETS_FILE, offsets)

    def _record(self, row: int) -> dict[str, Any]:
        return {
            "id": self._ids[row],
            "text": self._texts[row],
            "source": self._sources[row],
            "title": self._titles[row],
            "metadata": self._metadata[row],
        }

    def _materialize(self) -> None:
        """Read every row from disk into the columns (before the store is changed)."""
        if self._disk is None:
            return
        disk, self._disk = self._disk, None
        for row in range(len(disk)):
            record = disk.record(row)
            self._ids.append(record["id"])
            self._texts.append(record["text"])
            self._sources.append(record["source"])
            self._titles.append(record["title"])
            self._metadata.append(record["metadata"])


def index_text(title: str | None, text: str) -> str:
    return f"{title}\n{text}" if title else text


class _DiskRows:
    def __init__(self, path: Path, offsets_path: Path) -> None:
        self.path = path
        self.offsets = np.load(offsets_path)
        size = path.stat().st_size
        if self.offsets.ndim != 1 or len(self.offsets) < 1 or int(self.offsets[-1]) != size:
            raise ValueError(f"{offsets_path.name} does not match {path.name} ({size} bytes)")
        with open(path, "rb") as handle:
            self._map = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) if size else b""

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def record(self, row: int) -> dict[str, Any]:
        start, end = int(self.offsets[row]), int(self.offsets[row + 1])
        return json.loads(self._map[start:end])
