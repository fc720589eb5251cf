"""Labelled responses for the evaluation harness: the generic JSONL format and RAGTruth.

Generic format: JSONL, one labelled response per line (blank lines are skipped)::

    {"question": "...", "contexts": ["passage 1", "passage 2"], "answer": "...",
     "label": 1, "spans": [{"start": 10, "end": 42}],
     "model": "gpt-4-0613", "task": "QA", "id": "r-17"}

- ``question`` (str), ``contexts`` (list of str, in the order the generator saw them;
  citation ``[n]`` is ``contexts[n-1]``), ``answer`` (str): required;
- ``label``: required, 1 (or true) when the answer holds a hallucination, 0 (or false) when not;
- ``spans``: optional, the hallucinated character spans ``[start, end)`` of ``answer``;
  spans with ``label`` 0 are a contradiction and rejected;
- ``model`` (the generator), ``task``: optional strings, the harness reports per value;
- ``id``: optional str or int, unique in the file; defaults to the line number. The result
  cache is keyed by it (with a hash of question, contexts and answer).

Other keys are ignored. Every bad line is reported with its line number (counting
every line from 1) before anything is scored.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from guard.errors import InputError

__all__ = [
    "SPLITS",
    "EvalRecord",
    "LabelledSpan",
    "from_ragtruth",
    "limit_records",
    "load_generic",
    "load_ragtruth_split",
    "select_ragtruth",
]

SPLITS = ("train", "dev", "test", "all")
_MAX_REPORTED_ERRORS = 20


class LabelledSpan(BaseModel):
    start: int = Field(ge=0)
    end: int = Field(ge=0)


class EvalRecord(BaseModel):
    """One labelled response, whatever dataset it came from."""

    id: str
    question: str
    contexts: list[str]
    answer: str
    label: bool  # True: hallucinated
    spans: list[LabelledSpan] = Field(default_factory=list)
    model: str | None = None
    task: str | None = None

    def content_hash(self) -> str:
        """SHA-256 of question, contexts and answer: a cache entry is reused only for the same text."""
        payload = json.dumps([self.question, self.contexts, self.answer], ensure_ascii=False)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]


class _GenericLine(BaseModel):
    model_config = ConfigDict(extra="ignore")

    question: StrictStr
    contexts: list[StrictStr]
    answer: StrictStr
    label: StrictBool | StrictInt
    spans: list[LabelledSpan] = Field(default_factory=list)
    model: StrictStr | None = None
    task: StrictStr | None = None
    id: StrictStr | StrictInt | None = None


def load_generic(path: str | Path) -> list[EvalRecord]:
    """Read a generic-format JSONL file; any bad line raises :class:`InputError` naming it."""
    path = Path(path)
    if not path.is_file():
        raise InputError(
            f"{path} is not a file: give a JSONL file in the generic format (see guard.eval.records)."
        )
    records, errors, seen = [], [], {}
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = _parse_line(line, number)
            except ValueError as exc:
                errors.append(f"line {number}: {exc}")
                continue
            if record.id in seen:
                errors.append(
                    f"line {number}: id {record.id!r} repeats line {seen[record.id]}; ids must be unique"
                )
                continue
            seen[record.id] = number
            records.append(record)
    if errors:
        shown = errors[:_MAX_REPORTED_ERRORS]
        more = f"\n... and {len(errors) - len(shown)} more" if len(errors) > len(shown) else ""
        raise InputError(f"{path}: {len(errors)} bad line(s):\n" + "\n".join(shown) + more)
    if not records:
        raise InputError(f"{path} holds no labelled response.")
    return records


def _parse_line(line: str, number: int) -> EvalRecord:
    try:
        raw = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(raw, dict):
        raise ValueError(f"expected a JSON object, got {type(raw).__name__}")
    try:
        parsed = _GenericLine.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'line'}: {e['msg']}" for e in exc.errors())
        raise ValueError(problems) from None
    if isinstance(parsed.label, int) and not isinstance(parsed.label, bool) and parsed.label not in (0, 1):
        raise ValueError(f"label must be 0 or 1 (1 = hallucinated), got {parsed.label}")
    _check_spans(parsed)
    return EvalRecord(
        id=str(parsed.id) if parsed.id is not None else str(number),
        question=parsed.question,
        contexts=parsed.contexts,
        answer=parsed.answer,
        label=bool(parsed.label),
        spans=parsed.spans,
        model=parsed.model,
        task=parsed.task,
    )


def _check_spans(parsed: _GenericLine) -> None:
    for i, span in enumerate(parsed.spans):
        if not span.start < span.end <= len(parsed.answer):
            raise ValueError(
                f"spans[{i}] = [{span.start}, {span.end}) is not a non-empty span of the "
                f"{len(parsed.answer)}-character answer"
            )
    if parsed.spans and not parsed.label:
        raise ValueError("label is 0 but spans are given: a response with hallucinated spans has label 1")


def from_ragtruth(records: Iterable) -> list[EvalRecord]:
    """:class:`~guard.eval.ragtruth.RagTruthRecord` s as evaluation records."""
    return [
        EvalRecord(
            id=r.id,
            question=r.question,
            contexts=r.passages,
            answer=r.answer,
            label=r.label,
            spans=[LabelledSpan(start=s.start, end=s.end) for s in r.spans],
            model=r.model,
            task=r.task.value,
        )
        for r in records
    ]


def load_ragtruth_split(
    data_dir: str | Path,
    split: str,
    *,
    tasks: Iterable[str] | None = None,
    models: Iterable[str] | None = None,
) -> list[EvalRecord]:
    """One split of the RAGTruth copy in ``data_dir`` as evaluation records (see :func:`select_ragtruth`)."""
    from guard.eval.ragtruth import load_ragtruth

    if split not in SPLITS:
        raise InputError(f"unknown split {split!r}: choose one of {', '.join(SPLITS)}.")
    return select_ragtruth(load_ragtruth(data_dir), split, tasks=tasks, models=models, source=str(data_dir))


def select_ragtruth(
    everything: list,
    split: str,
    *,
    tasks: Iterable[str] | None = None,
    models: Iterable[str] | None = None,
    source: str = "the RAGTruth copy",
) -> list[EvalRecord]:
    """One split of loaded RAGTruth records, filtered by task and generator.

    ``train`` is the official train split minus our dev split (what thresholds are fitted
    on), ``dev`` our dev split held out by source (:func:`guard.eval.ragtruth.split_dev`),
    ``test`` the official test split (an error when the copy has none), ``all`` everything.
    The dev split is drawn from the whole train split before any task/model filter, so
    filtering never moves a source between train and dev.
    """
    from guard.eval.ragtruth import split_dev

    if split not in SPLITS:
        raise InputError(f"unknown split {split!r}: choose one of {', '.join(SPLITS)}.")
    if split == "test":
        chosen = [r for r in everything if r.split == "test"]
        if not chosen:
            found = sorted({r.split for r in everything})
            raise InputError(
                f"{source} holds no official test split (splits found: {', '.join(found)}); "
                "use --split dev (our dev split, held out by source) or add the test responses."
            )
    elif split == "all":
        chosen = everything
    else:
        train, dev = split_dev([r for r in everything if r.split == "train"])
        chosen = train if split == "train" else dev
    task_set = None if tasks is None else set(tasks)
    model_set = None if models is None else set(models)
    _check_filter("task", task_set, {r.task.value for r in everything})
    _check_filter("model", model_set, {r.model for r in everything})
    chosen = [
        r
        for r in chosen
        if (task_set is None or r.task.value in task_set) and (model_set is None or r.model in model_set)
    ]
    return from_ragtruth(chosen)


def _check_filter(name: str, wanted: set[str] | None, present: set[str]) -> None:
    unknown = sorted((wanted or set()) - present)
    if unknown:
        raise InputError(
            f"unknown {name} {', '.join(unknown)}: this data holds {', '.join(sorted(present))}."
        )


def limit_records(records: list[EvalRecord], limit: int | None) -> list[EvalRecord]:
    """The ``limit`` records with the lowest SHA-256 of their id, in their original order.

    A stable sample that mixes tasks and generators (RAGTruth's file order groups
    them), and a larger limit always keeps a smaller one's records.
    """
    if limit is None or limit >= len(records):
        return list(records)
    if limit < 1:
        raise InputError(f"limit must be at least 1, got {limit}.")
    chosen = set(
        sorted(range(len(records)), key=lambda i: hashlib.sha256(records[i].id.encode()).hexdigest())[:limit]
    )
    return [r for i, r in enumerate(records) if i in chosen]
