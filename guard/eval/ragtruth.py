"""RAGTruth (Niu et al., 2024) in its official two-file layout, as typed records.

``source_info.jsonl`` holds one row per source (the question and passages, the
article, or the business record); ``response.jsonl`` one row per generated
answer with its labelled hallucination spans. :func:`load_ragtruth` joins them
into one :class:`RagTruthRecord` per response, shaped like a guard call:
a question, a list of passages and an answer.

The official test split is not shipped with our copy, so :func:`dev_source_ids`
defines the one development split everyone uses: a stable hash of the source id,
stratified by task, held out by source (the six responses of a source share
their context, so splitting by response would leak it).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from enum import Enum
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from guard.errors import InputError

__all__ = [
    "Task",
    "Quality",
    "HallucinationSpan",
    "RagTruthRecord",
    "load_ragtruth",
    "dev_source_ids",
    "split_dev",
    "render_record",
    "split_passages",
    "TASK_QUESTIONS",
    "DEV_FRACTION",
]

DEV_FRACTION = 0.2


class Task(str, Enum):
    qa = "QA"
    summary = "Summary"
    data2txt = "Data2txt"


class Quality(str, Enum):
    good = "good"
    incorrect_refusal = "incorrect_refusal"
    truncated = "truncated"


# RAGTruth's original prompts are not in our copy; these stand in for the instruction
# the generators received, so that every record reads like a guard call.
TASK_QUESTIONS = {
    Task.summary: "Summarize the following news article.",
    Task.data2txt: "Write an objective overview of the business based on the structured data.",
}


class HallucinationSpan(BaseModel):
    """A labelled span of the answer; offsets index into ``RagTruthRecord.answer``."""

    start: int
    end: int
    text: str
    label_type: str  # Evident/Subtle Conflict, Evident/Subtle Baseless Info

    @property
    def is_conflict(self) -> bool:
        return "Conflict" in self.label_type

    @property
    def is_baseless(self) -> bool:
        return "Baseless" in self.label_type


class RagTruthRecord(BaseModel):
    id: str
    source_id: str
    task: Task
    source: str  # the source dataset: MARCO, CNN/DM, Recent News, Yelp
    model: str
    split: str
    quality: Quality
    question: str
    passages: list[str]
    answer: str
    spans: list[HallucinationSpan]

    @property
    def label(self) -> bool:
        """True when the response is hallucinated: at least one labelled span."""
        return bool(self.spans)


def load_ragtruth(
    data_dir: str | Path,
    *,
    tasks: Iterable[Task | str] | None = None,
    models: Iterable[str] | None = None,
    splits: Iterable[str] | None = None,
    qualities: Iterable[Quality | str] | None = None,
) -> list[RagTruthRecord]:
    """Read ``data_dir``'s two files and return the responses that pass every filter.

    A filter left at ``None`` keeps everything. Records keep the file's order.
    """
    data_dir = Path(data_dir)
    sources = {row["source_id"]: row for row in _read_jsonl(data_dir / "source_info.jsonl")}
    task_set = None if tasks is None else {Task(t) for t in tasks}
    quality_set = None if qualities is None else {Quality(q) for q in qualities}
    model_set = None if models is None else set(models)
    split_set = None if splits is None else set(splits)
    records = []
    for row in _read_jsonl(data_dir / "response.jsonl"):
        source = sources.get(row["source_id"])
        if source is None:
            raise InputError(
                f"{data_dir / 'response.jsonl'}: response {row['id']} names source_id "
                f"{row['source_id']!r}, which source_info.jsonl does not hold; the two files "
                "must come from the same RAGTruth copy."
            )
        task = Task(source["task_type"])
        if task_set is not None and task not in task_set:
            continue
        if model_set is not None and row["model"] not in model_set:
            continue
        if split_set is not None and row["split"] not in split_set:
            continue
        if quality_set is not None and Quality(row["quality"]) not in quality_set:
            continue
        records.append(_record(row, source, task))
    return records


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise InputError(
            f"RAGTruth file {path} is missing: point the data directory at a folder holding "
            "response.jsonl and source_info.jsonl (e.g. ../shared/data/ragtruth)."
        )
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _record(row: dict[str, Any], source: dict[str, Any], task: Task) -> RagTruthRecord:
    info = source["source_info"]
    if task is Task.qa:
        question, passages = info["question"], split_passages(info["passages"])
    elif task is Task.summary:
        question, passages = TASK_QUESTIONS[task], [info]
    else:
        question, passages = TASK_QUESTIONS[task], [render_record(info)]
    return RagTruthRecord(
        id=str(row["id"]),
        source_id=row["source_id"],
        task=task,
        source=source["source"],
        model=row["model"],
        split=row["split"],
        quality=Quality(row["quality"]),
        question=question,
        passages=passages,
        answer=row["response"],
        spans=[
            HallucinationSpan(start=s["start"], end=s["end"], text=s["text"], label_type=s["label_type"])
            for s in row["labels"]
        ],
    )


_PASSAGE_HEAD = re.compile(r"(?:^|\n\n)passage \d+:", flags=re.IGNORECASE)


def split_passages(joined: str) -> list[str]:
    """Split RAGTruth's ``"passage 1:...\\n\\npassage 2:..."`` string into the passages."""
    parts = [part.strip() for part in _PASSAGE_HEAD.split(joined)]
    return [part for part in parts if part]


def render_record(record: dict[str, Any]) -> str:
    """Render a Data2txt business record as ``key: value`` lines a reader (and a model) can scan.

    Nulls are kept ("WiFi: null"): the annotators saw them, and claims about a null
    attribute are exactly what RAGTruth marks as baseless.
    """
    lines = []
    for key, value in record.items():
        if key == "review_info" and isinstance(value, list):
            lines.append("reviews:")
            lines.extend(_render_review(i, review) for i, review in enumerate(value, start=1))
        elif isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
            lines.append(f"{key}: {_render_value(value)}")  # e.g. opening hours: one line
        elif isinstance(value, dict):
            lines.append(f"{key}:")
            lines.extend(f"  {k}: {_render_value(v)}" for k, v in value.items())
        else:
            lines.append(f"{key}: {_render_value(value)}")
    return "\n".join(lines)


def _render_review(number: int, review: Any) -> str:
    if not isinstance(review, dict):
        return f"  review {number}: {_render_value(review)}"
    text = " ".join(str(review.get("review_text", "")).split())
    return (
        f"  review {number} ({_render_value(review.get('review_stars'))} stars, "
        f"{_render_value(review.get('review_date'))}): {text}"
    )


def _render_value(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_render_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_render_value(v) for v in value)
    if isinstance(value, str):
        return value
    return json.dumps(value)


def _stable_rank(source_id: str) -> str:
    return hashlib.sha256(source_id.encode("utf-8")).hexdigest()


def dev_source_ids(records: Iterable[RagTruthRecord], fraction: float = DEV_FRACTION) -> frozenset[str]:
    """The development sources: per task, the ``fraction`` of source ids with the lowest SHA-256.

    Depends only on the set of (source id, task) pairs, never on file order or a seed,
    so every stage and every engineer gets the same split.
    """
    if not 0.0 < fraction < 1.0:
        raise InputError(f"dev fraction must lie strictly between 0 and 1, got {fraction}.")
    by_task: dict[Task, set[str]] = {}
    for record in records:
        by_task.setdefault(record.task, set()).add(record.source_id)
    chosen: set[str] = set()
    for source_ids in by_task.values():
        ranked = sorted(source_ids, key=_stable_rank)
        chosen.update(ranked[: round(fraction * len(ranked))])
    return frozenset(chosen)


def split_dev(
    records: list[RagTruthRecord], fraction: float = DEV_FRACTION
) -> tuple[list[RagTruthRecord], list[RagTruthRecord]]:
    """``(train, dev)`` by :func:`dev_source_ids`; no source appears in both."""
    dev_ids = dev_source_ids(records, fraction)
    train = [r for r in records if r.source_id not in dev_ids]
    dev = [r for r in records if r.source_id in dev_ids]
    return train, dev
