"""The per-response result cache that makes an evaluation run resumable.

One JSONL file per detector in ``REPORT_DIR/cache/``; one line per scored response,
appended and flushed as soon as it is scored. An entry is reused only when its
response id, the hash of the response's text and the detector version all match, so
a changed dataset or a retrained detector is scored afresh. A line cut short by an
interruption is ignored (and the next append starts on a new line); scores
round-trip exactly through JSON, so a resumed run gives the metrics of an
uninterrupted one.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ValidationError

from guard.eval.detectors.base import DetectorOutput

__all__ = ["CacheEntry", "ScoreCache"]


class CacheEntry(BaseModel):
    id: str
    hash: str  # EvalRecord.content_hash()
    detector: str
    version: str
    output: DetectorOutput
    seconds: float  # the detector's own time on this response
    verify_seconds: float  # the shared verification it read (0 when it read none)


class ScoreCache:
    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)

    def _path(self, detector: str) -> Path:
        return self.directory / f"{detector}.jsonl"

    def load(self, detector: str, version: str) -> dict[tuple[str, str], CacheEntry]:
        """Entries of this detector version, keyed by (response id, content hash); the last wins."""
        path = self._path(detector)
        if not path.is_file():
            return {}
        entries = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            entry = _parse(line)
            if entry is not None and entry.detector == detector and entry.version == version:
                entries[(entry.id, entry.hash)] = entry
        return entries

    def append(self, entry: CacheEntry) -> None:
        path = self._path(entry.detector)
        path.parent.mkdir(parents=True, exist_ok=True)
        starts_clean = not path.is_file() or path.stat().st_size == 0 or _ends_with_newline(path)
        with path.open("a", encoding="utf-8") as handle:
            if not starts_clean:
                handle.write("\n")  # close a line an interruption cut short
            handle.write(entry.model_dump_json() + "\n")
            handle.flush()


def _parse(line: str) -> CacheEntry | None:
    if not line.strip():
        return None
    try:
        return CacheEntry.model_validate(json.loads(line))
    except (json.JSONDecodeError, ValidationError):
        return None  # cut short by an interruption: the response is scored again


def _ends_with_newline(path: Path) -> bool:
    with path.open("rb") as handle:
        handle.seek(-1, 2)
        return handle.read(1) == b"\n"
