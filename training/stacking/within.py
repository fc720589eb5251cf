"""Within-generator figures of stacked artifacts on cached dev reports, with and without the generator.

    python -m training.stacking.within --data ../shared/data/ragtruth --task QA --limit 300 \
        --artifact guard/verifiers/stacked_detector.json [--artifact other.json ...] [--extract]

Picks the dev responses ``ragguard eval ragtruth --split dev --task T --limit N`` scores (the
``N`` with the lowest SHA-256 of their id), verifies them once with the verifiers the stacked
detector reads (``--extract``; resumable JSONL under ``--cache``, like the training reports),
and scores every artifact twice from the same reports: by default (no generator) and with
``use_generator`` when the artifact has generator heads. Per scoring: pooled AUROC, AUROC
within each generator (an application has one), F1 and ECE at the artifact's own threshold
(fitted on train), and claim-level AUROC (a claim is hallucinated when it overlaps a labelled
span). Writes ``--out`` (JSON) and prints it.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

__all__ = ["dev_records", "score_artifact"]


def dev_records(data_dir: Path, task: str | None, limit: int | None) -> list:
    """Our dev split's responses of ``task``, limited as ``ragguard eval ragtruth --limit`` limits them."""
    from guard.eval.ragtruth import load_ragtruth, split_dev

    _, dev = split_dev(load_ragtruth(data_dir, splits=["train"]))
    chosen = [r for r in dev if task is None or r.task.value == task]
    if limit is not None and limit < len(chosen):
        keep = set(sorted((r.id for r in chosen), key=lambda i: hashlib.sha256(i.encode()).hexdigest())[:limit])
        chosen = [r for r in chosen if r.id in keep]
    return chosen


def _auroc(labels: Sequence[int], scores: Sequence[float]) -> float | None:
    from sklearn.metrics import roc_auc_score

    if len(set(labels)) < 2:
        return None
    return round(float(roc_auc_score(labels, scores)), 4)


def score_artifact(path: Path, records: Sequence, reports: dict[str, dict], *, use_generator: bool) -> dict:
    """The artifact's figures on the records whose report is cached (see the module docstring)."""
    from sklearn.metrics import f1_score

    from guard.eval.metrics import expected_calibration_error
    from guard.verifiers.api import as_passages
    from guard.verifiers.stacked import StackedVerifier
    from guard.verifiers.types import Verification, VerificationInput
    from training.stacking.fit import within_generator

    verifier = StackedVerifier(path, use_generator=use_generator)
    labels, scores, raw, models, claim_labels, claim_scores, skipped = [], [], [], [], [], [], 0
    for record in records:
        report = reports.get(record.id)
        if report is None:
            continue
        verification = Verification.model_validate(report)
        if verification.failures:
            skipped += 1
            continue
        inp = VerificationInput(question=record.question, passages=as_passages(record.passages),
                                answer=record.answer, generator=record.model)
        probability, claims = verifier.score(inp, verification)
        labels.append(int(record.label))
        scores.append(probability)
        raw.append(verifier.score_unfloored(inp, verification)[0])
        models.append(record.model)
        for verdict, p in zip(verification.claims, claims, strict=True):
            start, end = verdict.claim.start, verdict.claim.end
            claim_labels.append(int(any(s.start < end and start < s.end for s in record.spans)))
            claim_scores.append(p)
    y, p, m = np.array(labels), np.array(scores), np.array(models)
    threshold = verifier.threshold
    per_generator = {
        model: {"responses": int((m == model).sum()), "hallucinated": int(y[m == model].sum()),
                "auroc": _auroc(y[m == model], p[m == model])}
        for model in sorted(set(models))
    }  # fmt: skip
    return {
        "artifact": str(path),
        "version": verifier.version,
        "use_generator": use_generator,
        "responses": len(y),
        "hallucinated": int(y.sum()),
        "skipped_failed": skipped,
        "threshold": threshold,
        "auroc": _auroc(y, p),
        "f1": round(float(f1_score(y, p >= threshold, zero_division=0)), 4),
        "ece": round(expected_calibration_error(y, p), 4),
        "within_generator": within_generator(y, p, m),
        "per_generator": per_generator,
        # The heads alone, before an answer with a contradicted claim is lifted to the floor
        # (guard.verifiers.stacked.verifier.contradicted_floor): what the floor costs or buys.
        "unfloored": {"auroc": _auroc(y, np.array(raw)), "within_generator": within_generator(y, np.array(raw), m),
                      "f1": round(float(f1_score(y, np.array(raw) >= threshold, zero_division=0)), 4),
                      "contradicted": int(sum(a != b for a, b in zip(raw, scores, strict=True)))},
        "claims": {"claims": len(claim_labels), "hallucinated": int(sum(claim_labels)),
                   "auroc": _auroc(claim_labels, claim_scores) if claim_scores else None},
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    from guard.verifiers.stacked import load_stacked
    from training.stacking.dataset import (
        cache_path,
        extract_reports,
        extract_verifiers,
        load_reports,
        print_summary,
    )

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--task", default="QA")
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--artifact", type=Path, action="append", required=True)
    parser.add_argument("--cache", type=Path, default=Path(".cache/stacked-dev"))
    parser.add_argument("--extract", action="store_true", help="verify the responses not cached yet")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    records = dev_records(args.data, args.task, args.limit)
    cache = cache_path(args.cache, grounding=False)
    if args.extract:
        extract_reports(records, cache, verifiers=extract_verifiers(False))
    reports = load_reports(records, cache)
    results = []
    for artifact in args.artifact:
        modes = (False, True) if load_stacked(artifact).generator_heads is not None else (False,)
        results.extend(score_artifact(artifact, records, reports, use_generator=mode) for mode in modes)
    summary = {"task": args.task, "limit": args.limit, "cached": sum(r.id in reports for r in records),
               "results": results}  # fmt: skip
    print_summary(summary, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
