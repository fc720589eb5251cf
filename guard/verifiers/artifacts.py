"""One way to load a verifier's JSON artifact: parsed, validated, fingerprinted, cached.

An artifact (the stacked detector, the EGC detector, the FRANQ calibration) is a small JSON
file a verifier reads its fitted numbers from. :func:`load_artifact` reads it once per file
version (path, modification time and size), validates it against its pydantic schema and
fingerprints its bytes (SHA-256, 12 hex), so a request never re-reads or re-hashes it and an
artifact rewritten on disk is picked up. A missing or malformed file is a
:class:`~guard.errors.ModelError` naming the command that makes it.

The grounding model's weights are not an artifact of this kind (45 MB, loaded by
:func:`guard.grounding.model.shared_model`); ``$RAGGUARD_GROUNDING_MODEL`` is the one
environment override and names their folder.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Generic, TypeVar

from pydantic import BaseModel, ValidationError

from guard.errors import ModelError

__all__ = ["Artifact", "load_artifact"]

T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True)
class Artifact(Generic[T]):
    """A loaded artifact: its parsed value, where it came from, and the hash of its bytes."""

    value: T
    path: Path
    fingerprint: str


def load_artifact(path: str | Path, schema: type[T], *, what: str, command: str) -> Artifact[T]:
    """``path`` parsed as ``schema``; ``what`` and ``command`` word the error (what it is, what makes it)."""
    path = Path(path)
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise ModelError(f"{what} artifact {path} is missing: train it with `{command}`.") from None
    return _load(str(path.resolve()), stat.st_mtime_ns, stat.st_size, schema, what, command)


@lru_cache(maxsize=32)
def _load(path: str, _mtime_ns: int, _size: int, schema: type[T], what: str, command: str) -> Artifact[T]:
    # Keyed by the file's version: the bytes are read and hashed once per version, not per call.
    try:
        data = Path(path).read_bytes()
        value = schema.model_validate(json.loads(data))
    except FileNotFoundError:
        raise ModelError(f"{what} artifact {path} is missing: train it with `{command}`.") from None
    except (json.JSONDecodeError, UnicodeDecodeError, ValidationError, ValueError) as exc:
        raise ModelError(
            f"{what} artifact {path} is malformed (invalid: {exc}); retrain it with `{command}`."
        ) from None
    return Artifact(value=value, path=Path(path), fingerprint=hashlib.sha256(data).hexdigest()[:12])
