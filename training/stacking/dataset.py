"""Training rows of the stacked detector: RAGTruth train-minus-dev responses, verified once each.

The subset is stable and stratified: per task, the ``per_task`` responses with the lowest
SHA-256 of their id, plus any ``extra_ids`` (e.g. the responses FRANQ was scored on) that lie
in train minus dev. They are verified in an interleaved order (one per task in turn, the extra
ones first), so a run stopped early still holds a balanced sample.

The responses are verified with :func:`guard.verify_batch` (the verdicts of one-by-one
``verify()`` calls, with the passages a source's six answers share split and embedded once;
about 6 responses a second on one free core) under the verifiers the stacked detector
requires (support, egc, grounding), and each report is appended to a JSONL cache
(``reports-<fingerprint>.jsonl``, the EGC graph left out), one line per response, flushed as
it goes: a stopped run resumes where it stopped. Each line carries the response's content key
(a SHA-256 of its question, passages, answer and generator), so a line is reused only for the
same input. The fingerprint names the grounding model, the EGC detector artifact and the
source of the judge (:func:`judge_fingerprint`), whose outputs the reports contain: a changed
model or judge starts a new cache instead of mixing reports. A sidecar ``.meta.json`` records
the git commit the cache was computed with. Features are computed from the cached reports by
the same :func:`guard.verifiers.stacked.response_features` the verifier uses at run time.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterable, Mapping, Sequence
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
    "judge_fingerprint",
    "load_reports",
    "select_records",
    "training_rows",
]

EXTRACT_DEADLINE_S = 3600.0
EXTRACT_BATCH = 24  # responses verify_batch prepares together (a multiple of RAGTruth's six per source)
_EGC_ARTIFACT = Path(verifiers_package.__file__).resolve().parent / "egc_detector.json"
_PACKAGE = Path(verifiers_package.__file__).resolve().parent.parent  # guard/
# The code whose output a cached report holds: the fact layer and the claim verdict. The
# stacked detector's own code (features, heads) reads the reports and is left out.
_JUDGE_SOURCES = ("facts", "verifiers/support.py", "verifiers/claim_judge.py", "verifiers/verdict.py",
                  "verifiers/claims.py", "verifiers/egc.py", "verifiers/lexical.py", "language.py")


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
    train: Sequence[RagTruthRecord],
    per_task: int,
    extra_ids: Iterable[str] = (),
    task_counts: Mapping[str, int] | None = None,
) -> list[RagTruthRecord]:
    """The stratified subset, in the interleaved order it is verified in (see the module docstring).

    ``task_counts``: another count than ``per_task`` for the tasks it names (e.g. more QA
    answers): the order stays interleaved while every task has rows left, then runs on with
    the tasks that still have some, so a smaller count for one task keeps the prefix of the
    plain order.
    """
    extra = set(extra_ids)
    counts = dict(task_counts or {})
    by_task: dict[str, list[RagTruthRecord]] = {}
    for record in sorted(train, key=lambda r: _rank(r.id)):
        by_task.setdefault(record.task.value, []).append(record)
    first = [r for r in sorted(train, key=lambda r: _rank(r.id)) if r.id in extra]
    chosen = {
        task: [r for r in records[: counts.get(task, per_task)] if r.id not in extra]
        for task, records in by_task.items()
    }
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


def judge_fingerprint() -> str:
    """A SHA-256 (12 hex digits) of the judge's source files (``_JUDGE_SOURCES`` under guard/)."""
    digest = hashlib.sha256()
    for name in _JUDGE_SOURCES:
        target = _PACKAGE / name
        files = sorted(target.rglob("*.py")) if target.is_dir() else [target] if target.is_file() else []
        for file in files:
            digest.update(str(file.relative_to(_PACKAGE)).encode("utf-8"))
            digest.update(file.read_bytes())
    return digest.hexdigest()[:12]


def cache_path(cache_dir: Path, grounding: bool = True) -> Path:
    """The report cache for the grounding model (or none), EGC artifact and judge in place now."""
    egc = hashlib.sha256(_EGC_ARTIFACT.read_bytes()).hexdigest()[:8] if _EGC_ARTIFACT.is_file() else "none"
    model = grounding_fingerprint() if grounding else "none"
    return Path(cache_dir) / f"reports-g{model}-e{egc}-j{judge_fingerprint()}.jsonl"


def content_key(record: RagTruthRecord) -> str:
    """What a cached report was computed from: the response's question, passages, answer and generator."""
    payload = json.dumps([record.question, list(record.passages), record.answer, record.model], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]


def _cached_keys(path: Path) -> dict[str, str]:
    """Response id -> content key of every complete line (a line without a key: the id's own key)."""
    if not path.is_file():
        return {}
    keys = {}
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                row = json.loads(line)
                keys[row["id"]] = row.get("key", "")
            except (json.JSONDecodeError, KeyError):
                continue  # a line cut by a kill mid-write: that response is verified again
    return keys


def _is_cached(record: RagTruthRecord, keys: dict[str, str]) -> bool:
    return keys.get(record.id) == content_key(record)


def cached_prefix(records: Sequence[RagTruthRecord], path: Path) -> int:
    """How many of ``records``, from the first, have a cached report of their current content."""
    keys = _cached_keys(path)
    return next((i for i, r in enumerate(records) if not _is_cached(r, keys)), len(records))


def _write_meta(path: Path, verifiers: Sequence[str]) -> None:
    """Record, beside the cache, the commit and judge its reports were computed with (first run only)."""
    import subprocess

    meta = path.with_suffix(".meta.json")
    if meta.is_file():
        return
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=_PACKAGE, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = bool(subprocess.run(
            ["git", "status", "--porcelain", "--", *_JUDGE_SOURCES], cwd=_PACKAGE, capture_output=True,
            text=True, check=True,
        ).stdout.strip())  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        commit, dirty = "unknown", False
    info = {"commit": commit, "judge_sources_modified": dirty, "judge": judge_fingerprint(),
            "verifiers": list(verifiers), "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}  # fmt: skip
    meta.write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")


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

    from guard.verifiers.batch import VerifyItem, verify_batch
    from guard.verifiers.stage import build_settings

    keys = _cached_keys(path)
    todo = [r for r in records if not _is_cached(r, keys)]
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_meta(path, verifiers)
    if not todo:
        return 0
    # Built once (models loaded once), with no serving deadline: a report cut short by a busy
    # machine would be skipped as a failure and bias the sample towards short responses.
    settings = build_settings(list(verifiers), deadline_s=EXTRACT_DEADLINE_S)
    items = (VerifyItem(question=r.question, contexts=r.passages, answer=r.answer, generator=r.model) for r in todo)
    reports = verify_batch(items, settings=settings, batch_size=EXTRACT_BATCH)
    started, added = time.monotonic(), 0
    with path.open("a", encoding="utf-8") as out:
        bar = tqdm(zip(todo, reports, strict=False), total=len(todo), desc="stacked features", unit="response",
                   disable=not progress)  # fmt: skip
        for record, report in bar:
            kept = report.model_dump(mode="json", exclude={"egc": {"nodes", "edges"}})  # the graph is large
            line = {"id": record.id, "key": content_key(record), "report": kept}
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
            out.flush()
            added += 1
            if max_seconds is not None and time.monotonic() - started > max_seconds:
                break
    return added


def load_reports(records: Sequence[RagTruthRecord], path: Path) -> dict[str, dict]:
    """Response id -> cached report (JSON) of each record whose cached line matches its content key."""
    wanted = {r.id: content_key(r) for r in records}
    reports: dict[str, dict] = {}
    if not path.is_file():
        return reports
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut by a kill mid-write
            if wanted.get(row.get("id")) == row.get("key"):
                reports[row["id"]] = row["report"]
    return reports


def training_rows(
    records: Sequence[RagTruthRecord], path: Path, verifiers: Sequence[str] = REQUIRES
) -> list[TrainingRow]:
    """Feature rows of the records whose report is cached (responses a verifier failed on are skipped).

    ``verifiers``: those the reports ran (:func:`extract_verifiers`); without ``grounding`` the
    grounding features are NaN.
    """
    from guard.verifiers.api import as_passages
    from guard.verifiers.types import Verification, VerificationInput

    reports = load_reports(records, path)
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


def print_summary(summary: Mapping[str, object], out: Path | None) -> None:
    """Print a command's JSON summary, and write it to ``out`` too when one is given."""
    text = json.dumps(summary, indent=2)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text + "\n", encoding="utf-8")
    print(text)
