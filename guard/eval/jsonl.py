"""Reading labelled JSONL files into typed records, with errors that name the file and the line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from guard.errors import InputError

__all__ = ["read_records"]

M = TypeVar("M", bound=BaseModel)


def read_records(file: Path, model: type[M], *, what: str, missing: str, empty: str) -> list[M]:
    """Every non-blank line of ``file`` as a ``model``; a bad line names its number and the problem.

    ``what`` names one record in the error ("a golden case"); ``missing`` and ``empty`` are the
    errors for a file that does not exist or holds no record."""
    if not file.is_file():
        raise InputError(missing)
    records = []
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append(model.model_validate(json.loads(line)))
        except (json.JSONDecodeError, ValidationError) as exc:
            problem = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else exc.msg
            raise InputError(f"{file}:{number}: not {what} ({problem}).") from exc
    if not records:
        raise InputError(empty)
    return records
