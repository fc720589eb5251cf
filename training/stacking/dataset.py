"""Training rows of the stacked detector: RAGTruth train-minus-dev responses, verified once each.

The subset is stable and stratified: per task, the ``per_task`` responses with the lowest
SHA-256 of their id, plus any ``extra_ids`` (e.g. the responses FRANQ was scored on) that lie
in train minus dev. They are verified in an interleaved order (one per task in turn, the extra
ones first), so a run stopped early still holds a balanced sample.

Each response is run through :func:`guard.verifiers.verify` with the verifiers the stacked
detector requires (support, egc, grounding) and its report is appended to a JSONL cache
(``reports-<fingerprint>.jsonl``, the EGC graph left out), one line per response, flushed as
it goes: a stopped run resumes where it stopped. The fingerprint names the grounding model and
the EGC detector artifact, whose outputs the reports contain, so a changed model starts a new
cache instead of mixing reports. Features are computed from the cached reports by the same
:func:`guard.verifiers.stacked.response_features` the verifier uses at run time.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from pydantic import BaseModel

import guard.verifiers as verifiers_package
from guard.eval.ragtruth import RagTruthRecord
from guard.verifiers.stacked import (
    REQUIRES,
    claim_features,
    grounding_fingerprint,
    input_kind,
    response_features,
)

__all__ = [
    "TrainingRow",
    "cache_path",
    "cached_prefix",
    "extract_verifiers",
    "extract_reports",
    "select_records",
    "training_rows",
]

EXTRACT_DEADLINE_S = 3600.0
_EGC_ARTIFACT = Path(verifiers_package.__file__).resolve().parent / "egc_detector.json"


class TrainingRow(BaseModel):
    """One verified training response: its features and what the CV needs to group and report."""

    id: str
    source_id: str
    task: str
    kind: str  # guard.verifiers.stacked.input_kind: what the stacked verifier sees at run time
    model: str
    label: bool
    features: dict[str, float]
    # Per claim, for the claim head: its features (claim_features), whether it overlaps a
    # labelled span, and its character span; and the response's labelled spans.
    claim_features: list[dict[str, float]] = []
    claim_labels: list[bool] = []
    claim_spans: list[tuple[int, int]] = []
    gold_spans: list[tuple[int, int]] = []


def _rank(record_id: str) -> str:
    return hashlib.sha256(record_id.encode("utf-8")).hexdigest()


def select_records(
    train: Sequence[RagTruthRecord], per_task: int, extra_ids: Iterable[str] = ()
) -> list[RagTruthRecord]:
    """The stratified subset, in the interleaved order it is verified in (see the module docstring)."""
    extra = set(extra_ids)
    by_task: dict[str, list[RagTruthRecord]] = {}
    for record in sorted(train, key=lambda r: _rank(r.id)):
        by_task.setdefault(record.task.value, []).append(record)
    first = [r for r in sorted(train, key=lambda r: _rank(r.id)) if r.id in extra]
    chosen = {task: [r for r in records[:per_task] if r.id not in extra] for task, records in by_task.items()}
    interleaved = [
        chosen[task][i]
        for i in range(max((len(v) for v in chosen.values()), default=0))
        for task in sorted(chosen)
        if i < len(chosen[task])
    ]
    return first + interleaved


def extract_verifiers(grounding: bool) -> list[str]:
    """The verifiers a training report runs: the grounding model only when its features may be shipped.

    Without it a report costs about half as much, and the grounding candidates are skipped
    (their inputs are in-sample for the committed grounding model anyway; see training.stacking.fit).
    """
    return [n for n in REQUIRES if grounding or n != "grounding"]


def cache_path(cache_dir: Path, grounding: bool = True) -> Path:
    """The report cache for the grounding model (or none) and EGC artifact in place now."""
    egc = hashlib.sha256(_EGC_ARTIFACT.read_bytes()).hexdigest()[:8] if _EGC_ARTIFACT.is_file() else "none"
    model = grounding_fingerprint() if grounding else "none"
    return Path(cache_dir) / f"reports-g{model}-e{egc}.jsonl"


def _cached_ids(path: Path) -> set[str]:
    if not path.is_file():
        return set()
    ids = set()
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                ids.add(json.loads(line)["id"])
            except (json.JSONDecodeError, KeyError):
                continue  # a line cut by a kill mid-write: that response is verified again
    return ids


def cached_prefix(records: Sequence[RagTruthRecord], path: Path) -> int:
    """How many of ``records``, from the first, have a cached report."""
    done = _cached_ids(path)
    return next((i for i, r in enumerate(records) if r.id not in done), len(records))


def extract_reports(
    records: Sequence[RagTruthRecord],
    path: Path,
    *,
    progress: bool = True,
    max_seconds: float | None = None,
    verifiers: Sequence[str] = REQUIRES,
) -> int:
    """Verify the records not cached yet, appending one report per line; returns how many were added.

    Stops after ``max_seconds`` (the rows done so far stay cached) when given.
    """
    from tqdm import tqdm

    from guard.verifiers.api import verify
    from guard.verifiers.stage import build_settings

    # Built once (models loaded once), with no serving deadline: a report cut short by a busy
    # machine would be skipped as a failure and bias the sample towards short responses.
    settings = build_settings(list(verifiers), deadline_s=EXTRACT_DEADLINE_S)
    done = _cached_ids(path)
    todo = [r for r in records if r.id not in done]
    path.parent.mkdir(parents=True, exist_ok=True)
    started, added = time.monotonic(), 0
    with path.open("a", encoding="utf-8") as out:
        for record in tqdm(todo, desc="stacked features", unit="response", disable=not progress):
            if max_seconds is not None and time.monotonic() - started > max_seconds:
                break
            report = verify(
                question=record.question,
                contexts=record.passages,
                answer=record.answer,
                generator=record.model,
                settings=settings,
            )
            kept = report.model_dump(mode="json", exclude={"egc": {"nodes", "edges"}})  # the graph is large
            line = {"id": record.id, "report": kept}
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
            out.flush()
            added += 1
    return added


def training_rows(
    records: Sequence[RagTruthRecord], path: Path, verifiers: Sequence[str] = REQUIRES
) -> list[TrainingRow]:
    """Feature rows of the records whose report is cached (responses a verifier failed on are skipped).

    ``verifiers``: those the reports ran (:func:`extract_verifiers`); without ``grounding`` the
    grounding features are NaN.
    """
    from guard.verifiers.api import as_passages
    from guard.verifiers.types import Verification, VerificationInput

    reports: dict[str, dict] = {}
    if path.is_file():
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:
                    continue
                reports[row["id"]] = row["report"]
    rows = []
    for record in records:
        report = reports.get(record.id)
        if report is None:
            continue
        verification = Verification.model_validate(report)
        if any(f.verifier in verifiers for f in verification.failures):
            continue
        inp = VerificationInput(
            question=record.question, passages=as_passages(record.passages), answer=record.answer,
            generator=record.model,
        )
        rows.append(
            TrainingRow(
                id=record.id, source_id=record.source_id, task=record.task.value, kind=input_kind(inp),
                model=record.model,
                label=record.label, features=response_features(inp, verification, verifiers),
                claim_features=claim_features(inp, verification),
                claim_labels=[_overlaps(v.claim.start, v.claim.end, record) for v in verification.claims],
                claim_spans=[(v.claim.start, v.claim.end) for v in verification.claims],
                gold_spans=[(s.start, s.end) for s in record.spans],
            )
        )
    return rows


def _overlaps(start: int, end: int, record: RagTruthRecord) -> bool:
    return any(s.start < end and start < s.end for s in record.spans)
