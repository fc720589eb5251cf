"""``ragguard train stacked --out FILE``: choose rows, verify them (resumable), fit, write the artifact."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, Field

from guard.errors import InputError
from guard.eval.ragtruth import Task

__all__ = ["StackedSettings", "StackedTrainResult", "parse_task_counts", "train_stacked"]


class StackedSettings(BaseModel):
    data_dir: Path
    out: Path
    cache_dir: Path = Path(".cache/stacked")
    per_task: int = Field(600, ge=1)
    # Another count for the tasks named (``--task-count QA=1500``): RAGTruth's QA answers are
    # where within-generator ranking is measured, and verifying is the slow part.
    task_counts: dict[Task, int] = Field(default_factory=dict)
    extra_ids_from: Path | None = None  # a JSONL file whose rows' "id" are verified first (FRANQ's)
    limit: int | None = Field(None, ge=1)  # only the first N responses of the verification order
    max_minutes: float | None = Field(None, gt=0)  # extraction budget; the cache keeps what is done
    grounding_features: bool = False  # ship a model with grounding features (a leak; see training.stacking.fit)
    extract: bool = True
    fit: bool = True
    progress: bool = True

    def command(self, limit: int | None = None) -> str:
        """The command line that reproduces a fit on the first ``limit`` responses (default: its own)."""
        parts = ["ragguard train stacked", f"--data {self.data_dir}", f"--out {self.out}",
                 f"--per-task {self.per_task}"]
        parts.extend(f"--task-count {task.value}={n}" for task, n in sorted(self.task_counts.items()))
        if self.extra_ids_from is not None:
            parts.append(f"--extra-ids-from {self.extra_ids_from}")
        if self.grounding_features:
            parts.append("--grounding-features")
        limit = limit if limit is not None else self.limit
        if limit is not None:
            parts.append(f"--limit {limit}")
        if self.cache_dir != Path(".cache/stacked"):
            parts.append(f"--cache {self.cache_dir}")
        return " ".join(parts)


class StackedTrainResult(BaseModel):
    selected: int
    verified_now: int
    rows: int
    cache: str
    artifact: str | None = None
    chosen: str | None = None
    threshold: float | None = None
    cv: dict = Field(default_factory=dict)


def parse_task_counts(values: list[str]) -> dict[Task, int]:
    """``["QA=1500", "Summary=300"]`` -> counts per task; a malformed one is an :class:`InputError`."""
    counts: dict[Task, int] = {}
    allowed = ", ".join(t.value for t in Task)
    for value in values:
        task, _, number = value.partition("=")
        try:
            counts[Task(task.strip())] = int(number)
        except ValueError:
            raise InputError(
                f"--task-count {value!r}: give TASK=N with TASK one of {allowed} and N a whole number"
            ) from None
        if counts[Task(task.strip())] < 1:
            raise InputError(f"--task-count {value!r}: N must be at least 1")
    return counts


def _extra_ids(path: Path | None) -> list[str]:
    if path is None:
        return []
    if not path.is_file():
        raise InputError(
            f"--extra-ids-from {path} is not a file: give a JSONL file whose rows carry an 'id'."
        )
    with path.open(encoding="utf-8") as handle:
        return [str(json.loads(line)["id"]) for line in handle if line.strip()]


def train_stacked(settings: StackedSettings) -> StackedTrainResult:
    from guard.eval.ragtruth import load_ragtruth, split_dev
    from guard.verifiers.stacked import grounding_fingerprint
    from training.stacking.dataset import (
        cache_path,
        cached_prefix,
        extract_reports,
        extract_verifiers,
        select_records,
        training_rows,
    )
    from training.stacking.fit import CANDIDATES, fit_stacked

    train, _ = split_dev(load_ragtruth(settings.data_dir, splits=["train"]))
    counts = {task.value: n for task, n in settings.task_counts.items()}
    everything = select_records(train, settings.per_task, _extra_ids(settings.extra_ids_from), counts)
    chosen = everything[: settings.limit]
    verifiers = extract_verifiers(settings.grounding_features)
    cache = cache_path(settings.cache_dir, grounding=settings.grounding_features)
    added = 0
    if settings.extract:
        seconds = settings.max_minutes * 60 if settings.max_minutes is not None else None
        added = extract_reports(
            chosen, cache, progress=settings.progress, max_seconds=seconds, verifiers=verifiers
        )
    # Fit on the verified prefix of the order: "the first N responses" is reproducible, a scatter is not.
    done = cached_prefix(chosen, cache)
    rows = training_rows(chosen[:done], cache, verifiers)
    result = StackedTrainResult(selected=len(chosen), verified_now=added, rows=len(rows), cache=str(cache))
    if not settings.fit:
        return result
    model = fit_stacked(
        rows,
        grounding_fingerprint=grounding_fingerprint(),
        command=settings.command(done if done < len(everything) else None),
        grounding=settings.grounding_features,
        # Reports verified without the grounding model hold no grounding features to compare.
        candidates=[c for c in CANDIDATES if settings.grounding_features or not c.grounding],
        trained_on={
            "data": "RAGTruth response.jsonl + source_info.jsonl, all tasks",
            "split": "train minus dev (guard.eval.ragtruth.split_dev: 20% of sources per task by SHA-256)",
            "subset": f"per task the {settings.per_task} responses with the lowest SHA-256 of id"
            + "".join(f" ({task}: {n})" for task, n in sorted(counts.items()))
            + (f", plus those listed in {settings.extra_ids_from}" if settings.extra_ids_from else "")
            + f"; the first {done} of the interleaved verification order",
        },
    )
    settings.out.write_text(model.model_dump_json(indent=2) + "\n", encoding="utf-8")
    result.artifact, result.chosen, result.threshold, result.cv = (
        str(settings.out), model.cv["chosen"], model.threshold, model.cv["candidates"]
    )
    return result
