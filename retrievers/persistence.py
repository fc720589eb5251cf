"""Index folders on disk: written whole or not at all, read back with format checks.

An index folder holds::

    format.json              format name and version, embedder, counts, IndexConfig
    passages.jsonl           one passage per line (row order = vector order)
    passages.offsets.npy     byte offset of each line, for memory-mapped reads
    bm25/                    the bm25s index (memory-mapped on load)
    dense.faiss              the FAISS index

It is written into a hidden sibling folder, ``format.json`` last, and only then
renamed into place (an existing index is moved aside first and removed after), so
an interrupted build leaves the previous index or none, never a half-written one.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from guard.errors import IndexFormatError, InputError
from retrievers.bm25 import BM25Route
from retrievers.config import IndexConfig
from retrievers.dense import DenseRoute
from retrievers.embedder import EMBED_DIM, Embedder
from retrievers.store import PassageStore

if TYPE_CHECKING:
    from retrievers.knowledge_base import KnowledgeBase

__all__ = ["FORMAT_NAME", "FORMAT_VERSION", "FORMAT_FILE", "save_index", "read_index"]

FORMAT_NAME = "ragguard-index"
FORMAT_VERSION = 1
FORMAT_FILE = "format.json"
_BM25_DIR = "bm25"
_DENSE_FILE = "dense.faiss"


def save_index(kb: "KnowledgeBase", index_dir: str | Path) -> Path:
    target = Path(index_dir)
    _check_target(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-", dir=target.parent))
    try:
        os.chmod(staging, 0o777 & ~_umask())  # mkdtemp's 0700 would hide the index from other users
        kb.store.save(staging)
        (staging / _BM25_DIR).mkdir()
        kb.bm25.save(staging / _BM25_DIR)
        kb.dense.save(staging / _DENSE_FILE)
        _write_json(staging / FORMAT_FILE, _format_record(kb))
        _swap_into_place(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target


def read_index(index_dir: str | Path) -> tuple[dict[str, Any], PassageStore, BM25Route, DenseRoute]:
    folder = Path(index_dir)
    record = _read_format(folder)
    config = IndexConfig(**record.get("index_config", {}))
    backend = record["embedder"].get("backend", "onnx-int8")
    try:
        store = PassageStore.load(folder)
        bm25 = BM25Route.load(folder / _BM25_DIR)
        dense = DenseRoute.load(folder / _DENSE_FILE, config, backend)
    except Exception as exc:  # numpy, json, bm25s and FAISS each raise their own kinds
        raise _broken(folder, f"{type(exc).__name__}: {exc}") from exc
    counts = {"passages": len(store), "bm25": bm25.num_docs, "dense": len(dense)}
    if set(counts.values()) != {record["passages"]}:
        raise _broken(folder, f"parts disagree on the passage count: {counts}, format.json says {record['passages']}")
    return record, store, bm25, dense


def _read_format(folder: Path) -> dict[str, Any]:
    if not folder.is_dir():
        raise IndexFormatError(
            f"No index at {folder}: build one with `ragguard index DOCS_DIR --out {folder}`."
        )
    path = folder / FORMAT_FILE
    if not path.is_file():
        raise _broken(folder, f"it has no {FORMAT_FILE}, so it is not a ragguard index or its build was interrupted")
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise _broken(folder, f"{FORMAT_FILE} is unreadable ({exc})") from exc
    if not isinstance(record, dict) or record.get("format") != FORMAT_NAME:
        raise _broken(folder, f"{FORMAT_FILE} does not describe a {FORMAT_NAME}")
    if record.get("version") != FORMAT_VERSION:
        raise IndexFormatError(
            f"The index at {folder} has format version {record.get('version')!r} (written by ragguard "
            f"{record.get('ragguard', '?')}); this ragguard reads version {FORMAT_VERSION}. "
            f"Rebuild it with `ragguard index DOCS_DIR --out {folder} --overwrite`."
        )
    embedder = record.get("embedder") or {}
    if embedder.get("model") != Embedder.model_id or embedder.get("dim") != EMBED_DIM:
        raise IndexFormatError(
            f"The index at {folder} was embedded with {embedder.get('model')!r} ({embedder.get('dim')} dims); "
            f"this ragguard embeds queries with {Embedder.model_id!r} ({EMBED_DIM} dims). "
            f"Rebuild it with `ragguard index DOCS_DIR --out {folder} --overwrite`."
        )
    if not isinstance(record.get("passages"), int):
        raise _broken(folder, f"{FORMAT_FILE} has no passage count")
    return record


def _broken(folder: Path, why: str) -> IndexFormatError:
    return IndexFormatError(
        f"The index at {folder} is broken: {why}. Rebuild it with `ragguard index DOCS_DIR --out {folder} --overwrite`."
    )


def _check_target(target: Path) -> None:
    if not target.exists():
        return
    if not target.is_dir():
        raise InputError(f"{target} is a file, not an index folder: choose another --out path.")
    if any(target.iterdir()) and not (target / FORMAT_FILE).exists():
        raise InputError(
            f"{target} is a non-empty folder that is not a ragguard index; refusing to replace it. "
            "Choose an empty or new folder."
        )


def _swap_into_place(staging: Path, target: Path) -> None:
    if not target.exists():
        staging.rename(target)
        return
    retired = target.parent / f".{target.name}.old-{uuid.uuid4().hex[:8]}"
    target.rename(retired)
    try:
        staging.rename(target)
    except BaseException:
        retired.rename(target)
        raise
    shutil.rmtree(retired, ignore_errors=True)


def _format_record(kb: "KnowledgeBase") -> dict[str, Any]:
    from importlib.metadata import PackageNotFoundError, version

    try:
        ragguard_version = version("ragguard")
    except PackageNotFoundError:  # running from a source tree that was not installed
        ragguard_version = "unknown"
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "ragguard": ragguard_version,
        "created_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "passages": len(kb.store),
        "embedder": {"model": Embedder.model_id, "backend": kb.dense.backend, "dim": EMBED_DIM},
        "dense_index": kb.dense.kind,
        "index_config": kb.config.model_dump(),
    }


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _write_json(path: Path, value: dict[str, Any]) -> None:
    path.write_text(json.dumps(value, indent=2) + "\n", encoding="utf-8")
