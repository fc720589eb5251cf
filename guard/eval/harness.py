"""The evaluation harness: score labelled responses with named detectors, measure, report.

:func:`evaluate` builds the detectors, skips (and names) those that cannot run here,
scores every response through the resumable cache (``OUT/cache/``), and writes:

- ``metrics.json``: :class:`EvalReport` (per detector: threshold and its source,
  overall / per task / per generator model metrics, span metrics, EGC Delta, timing);
- ``report.md``: the same as tables, beside the published RAGTruth reference numbers;
- ``scores.jsonl``: one line per response with its label and every detector's score;
- ``plots/*.png``: ROC curves, reliability diagrams, EGC Delta bars, score distributions.

Throughput leaves model loading out: before the timed loop, one response is scored untimed
and the result discarded. Thresholds are the detectors' own, fixed on training data
(:mod:`guard.eval.thresholds`); :func:`fit_thresholds` fits the ones stored in ``thresholds.json`` (run by ``ragguard train thresholds``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from guard.errors import ConfigError
from guard.eval.cache import CacheEntry, ScoreCache
from guard.eval.detectors import Detector, SharedVerification, build_detector
from guard.eval.metrics import (
    DeltaMetrics,
    GroupMetrics,
    SpanMetrics,
    WithinGenerator,
    egc_delta,
    group_metrics,
    span_metrics,
    within_generator,
)
from guard.eval.records import EvalRecord
from guard.eval.thresholds import (
    StoredThreshold,
    ThresholdInfo,
    f1_optimal_threshold,
    load_thresholds,
    save_thresholds,
)
from guard.observability import get_logger

__all__ = [
    "DatasetInfo",
    "DetectorResult",
    "EvalReport",
    "RunTiming",
    "Timing",
    "build_detectors",
    "evaluate",
    "fit_thresholds",
    "score_records",
    "summarise",
]

_log = get_logger(__name__)
_BATCH = 32  # responses verified together (guard.verify_batch)
Entries = dict[str, list[CacheEntry]]  # detector name -> one entry per record, in record order


class DatasetInfo(BaseModel):
    kind: str  # "ragtruth" or "generic"
    path: str
    split: str | None = None
    filters: dict[str, list[str]] = Field(default_factory=dict)
    limit: int | None = None
    responses: int = 0
    hallucinated: int = 0


class Timing(BaseModel):
    """Cost per detector; its verification cost is the shared verify() of the responses it read."""

    seconds: float  # the detector's own scoring time, summed
    verify_seconds: float  # the shared verifications it read, summed
    responses_per_s: float | None  # responses / (seconds + verify_seconds)
    computed: int  # scored in this invocation
    from_cache: int


class DetectorResult(BaseModel):
    name: str
    version: str
    probabilistic: bool
    threshold: ThresholdInfo
    overall: GroupMetrics
    by_task: dict[str, GroupMetrics]
    by_model: dict[str, GroupMetrics]
    # AUROC within each generator model (by_model), summarised; empty in reports written before it
    within_generator: WithinGenerator = WithinGenerator()
    spans: SpanMetrics | None  # None: the detector marks no spans
    egc_delta: dict[str, DeltaMetrics] | None  # per generator model, and "all"
    abstentions: dict[str, int]  # reason -> responses
    timing: Timing


class RunTiming(BaseModel):
    responses: int
    seconds: float  # one verify() per response plus every detector's own time
    responses_per_s: float | None


class EvalReport(BaseModel):
    dataset: DatasetInfo
    detectors: dict[str, DetectorResult]
    unavailable: dict[str, str]  # detector -> why it was skipped
    timing: RunTiming


def build_detectors(
    names: Sequence[str], shared: SharedVerification, on_skip: Callable[[str], None] | None = None
) -> tuple[list[Detector], dict[str, str]]:
    """The named detectors that can run here, and the reasons of those that cannot."""
    detectors, unavailable = [], {}
    for name in dict.fromkeys(names):
        detector = build_detector(name, shared)
        reason = detector.unavailable()
        if reason is None:
            detectors.append(detector)
            continue
        unavailable[name] = reason
        if on_skip is not None:
            on_skip(f"detector {name} is unavailable and skipped: {reason}")
        else:
            _log.warning("detector_unavailable", detector=name, reason=reason)
    return detectors, unavailable


def score_records(
    records: Sequence[EvalRecord],
    detectors: Sequence[Detector],
    shared: SharedVerification,
    cache: ScoreCache,
    *,
    progress: bool = True,
) -> tuple[Entries, dict[str, int]]:
    """Each detector's entry for each record (from the cache when present, else scored and
    appended to it), and how many each detector scored afresh."""
    from tqdm import tqdm

    cached = {d.name: cache.load(d.name, d.version) for d in detectors}
    entries: Entries = {d.name: [] for d in detectors}
    computed = dict.fromkeys(entries, 0)
    pending = [r for r in records if any((r.id, r.content_hash()) not in cached[d.name] for d in detectors)]
    if pending:
        _warm_up(pending[0], detectors, shared)
    with tqdm(total=len(records), desc="scoring", unit="response", disable=not progress) as bar:
        for start in range(0, len(records), _BATCH):
            chunk = records[start : start + _BATCH]
            missing = [[d for d in detectors if (r.id, r.content_hash()) not in cached[d.name]] for r in chunk]
            plans = [[v for d in m for v in (d.verifiers or ())] for m in missing]
            shared.prefetch(chunk, plans)  # the batch's verifications at once: shared passages once
            for record, plan in zip(chunk, plans, strict=True):
                shared.plan(record, plan)
                for detector in detectors:
                    entry = cached[detector.name].get((record.id, record.content_hash()))
                    if entry is None:
                        entry = _score_one(detector, record, shared)
                        cache.append(entry)
                        cached[detector.name][(record.id, record.content_hash())] = entry
                        computed[detector.name] += 1
                    entries[detector.name].append(entry)
                bar.update()
    return entries, computed


def _warm_up(record: EvalRecord, detectors: Sequence[Detector], shared: SharedVerification) -> None:
    # Score one response untimed and discard it: model loading is a one-off cost, not throughput.
    shared.plan(record, [v for d in detectors for v in (d.verifiers or ())])
    for detector in detectors:
        detector.score(record)


def _score_one(detector: Detector, record: EvalRecord, shared: SharedVerification) -> CacheEntry:
    verify_before = shared.seconds
    started = time.perf_counter()
    output = detector.score(record)
    elapsed = time.perf_counter() - started
    verified_now = max(0.0, shared.seconds - verify_before)
    return CacheEntry(
        id=record.id,
        hash=record.content_hash(),
        detector=detector.name,
        version=detector.version,
        output=output,
        seconds=max(0.0, elapsed - verified_now),
        verify_seconds=shared.seconds if detector.verifiers is not None else 0.0,
    )


def summarise(
    records: Sequence[EvalRecord], detectors: Sequence[Detector], entries: Entries, computed: dict[str, int]
) -> dict[str, DetectorResult]:
    """Every metric of every detector over ``records``."""
    return {d.name: _detector_result(records, d, entries[d.name], computed.get(d.name, 0)) for d in detectors}


def _detector_result(
    records: Sequence[EvalRecord], detector: Detector, entries: list[CacheEntry], computed: int
) -> DetectorResult:
    threshold = detector.threshold()
    scores = [e.output.probability for e in entries]

    def metrics(indices: list[int]) -> GroupMetrics:
        return group_metrics(
            [records[i].label for i in indices],
            [scores[i] for i in indices],
            threshold.value,
            probabilistic=detector.probabilistic,
        )

    by_model = {k: metrics(v) for k, v in _groups(records, "model").items()}
    abstentions: dict[str, int] = {}
    for e in entries:
        if e.output.probability is None:
            reason = e.output.reason or "no reason given"
            abstentions[reason] = abstentions.get(reason, 0) + 1
    return DetectorResult(
        name=detector.name,
        version=detector.version,
        probabilistic=detector.probabilistic,
        threshold=threshold,
        overall=metrics(list(range(len(records)))),
        by_task={k: metrics(v) for k, v in _groups(records, "task").items()},
        by_model=by_model,
        within_generator=within_generator([r.label for r in records], scores, [r.model for r in records]),
        spans=_spans(records, entries),
        egc_delta=_deltas(records, entries),
        abstentions=abstentions,
        timing=_timing(entries, computed),
    )


def _groups(records: Sequence[EvalRecord], field: str) -> dict[str, list[int]]:
    groups: dict[str, list[int]] = {}
    for i, record in enumerate(records):
        value = getattr(record, field)
        if value is not None:
            groups.setdefault(value, []).append(i)
    return dict(sorted(groups.items()))


def _spans(records: Sequence[EvalRecord], entries: list[CacheEntry]) -> SpanMetrics | None:
    pairs = [
        (e.output.spans, [(s.start, s.end) for s in r.spans])
        for r, e in zip(records, entries)
        if e.output.spans is not None
    ]
    return span_metrics(pairs) if pairs else None


def _deltas(records: Sequence[EvalRecord], entries: list[CacheEntry]) -> dict[str, DeltaMetrics] | None:
    composite = [e.output.extra.get("egc_score") for e in entries]
    if all(c is None for c in composite):
        return None
    deltas = {"all": egc_delta([r.label for r in records], composite)}
    for model, indices in _groups(records, "model").items():
        deltas[model] = egc_delta([records[i].label for i in indices], [composite[i] for i in indices])
    return deltas


def _timing(entries: list[CacheEntry], computed: int) -> Timing:
    own = sum(e.seconds for e in entries)
    verify = sum(e.verify_seconds for e in entries)
    total = own + verify
    return Timing(
        seconds=own,
        verify_seconds=verify,
        responses_per_s=len(entries) / total if total > 0 else None,
        computed=computed,
        from_cache=len(entries) - computed,
    )


def _run_timing(records: Sequence[EvalRecord], entries: Entries) -> RunTiming:
    # Per response: one verification (the widest any detector read) plus each detector's own time.
    total = 0.0
    for i in range(len(records)):
        row = [detector_entries[i] for detector_entries in entries.values()]
        total += max((e.verify_seconds for e in row), default=0.0) + sum(e.seconds for e in row)
    return RunTiming(
        responses=len(records), seconds=total, responses_per_s=len(records) / total if total > 0 else None
    )


def evaluate(
    records: Sequence[EvalRecord],
    detector_names: Sequence[str],
    out_dir: str | Path,
    dataset: DatasetInfo,
    *,
    progress: bool = True,
    on_skip: Callable[[str], None] | None = None,
) -> EvalReport:
    """Score, measure and write metrics.json, report.md, scores.jsonl and plots/ under ``out_dir``."""
    from guard.eval.plots import write_plots
    from guard.eval.report import render_report

    out_dir = Path(out_dir)
    shared = SharedVerification()
    detectors, unavailable = build_detectors(detector_names, shared, on_skip)
    if not detectors:
        raise ConfigError(
            "none of the requested detectors can run here: "
            + "; ".join(f"{name}: {why}" for name, why in unavailable.items())
        )
    entries, computed = score_records(
        records, detectors, shared, ScoreCache(out_dir / "cache"), progress=progress
    )
    dataset = dataset.model_copy(
        update={"responses": len(records), "hallucinated": sum(r.label for r in records)}
    )
    report = EvalReport(
        dataset=dataset,
        detectors=summarise(records, detectors, entries, computed),
        unavailable=unavailable,
        timing=_run_timing(records, entries),
    )
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "metrics.json").write_text(report.model_dump_json(indent=2) + "\n", encoding="utf-8")
    _write_scores(out_dir / "scores.jsonl", records, entries)
    plots = write_plots(records, entries, report, out_dir / "plots")
    (out_dir / "report.md").write_text(render_report(report, plots, out_dir), encoding="utf-8")
    return report


def _write_scores(path: Path, records: Sequence[EvalRecord], entries: Entries) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for i, record in enumerate(records):
            row = {
                "id": record.id,
                "label": int(record.label),
                "task": record.task,
                "model": record.model,
                "scores": {name: e[i].output.probability for name, e in entries.items()},
            }
            handle.write(json.dumps(row) + "\n")


def fit_thresholds(
    records: Sequence[EvalRecord],
    detector_names: Sequence[str],
    work_dir: str | Path,
    *,
    fitted_on: str,
    command: str,
    path: str | Path,
    progress: bool = True,
    on_skip: Callable[[str], None] | None = None,
) -> dict[str, StoredThreshold]:
    """F1-optimal thresholds of the named detectors on ``records`` (training data), saved to ``path``.

    Scores go through the same resumable cache (``work_dir/cache``). Other detectors'
    entries in ``path`` are kept.
    """
    import numpy as np

    shared = SharedVerification()
    detectors, _ = build_detectors(detector_names, shared, on_skip)
    entries, _ = score_records(
        records, detectors, shared, ScoreCache(Path(work_dir) / "cache"), progress=progress
    )
    store = load_thresholds(path)
    fitted = {}
    for detector in detectors:
        kept = [
            (r.label, e.output.probability)
            for r, e in zip(records, entries[detector.name])
            if e.output.probability is not None
        ]
        labels = np.array([y for y, _ in kept], dtype=int)
        value, f1 = f1_optimal_threshold(labels, np.array([s for _, s in kept], dtype=float))
        fitted[detector.name] = StoredThreshold(
            threshold=value,
            detector_version=detector.version,
            train_f1=f1,
            responses=len(kept),
            hallucinated=int(labels.sum()),
            fitted_on=fitted_on,
            command=command,
        )
    store.detectors.update(fitted)
    save_thresholds(store, path)
    return fitted
