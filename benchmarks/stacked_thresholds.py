"""One decision threshold for the stacked detector, or one per generator? Measured, not shipped.

    python benchmarks/stacked_thresholds.py [--dev runs/ragtruth-dev]

Per-generator cuts are chosen where every threshold is: F1-optimal on the shipped
candidate's out-of-fold predictions for the rows it was trained on (the verification
reports are read from the training cache, ``.cache/stacked``). They are then applied to
the dev probabilities the eval run cached (``<dev>/cache/stacked.jsonl``, written by
``ragguard eval ragtruth --split dev ... --detectors ...,stacked``), beside the artifact's
single cut. Writes ``results/stacked_thresholds.json``. Prerequisites: the training cache
of ``ragguard train stacked`` (the command is in the artifact) and that dev run.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from guard.eval.ragtruth import load_ragtruth, split_dev  # noqa: E402
from guard.eval.thresholds import f1_optimal_threshold  # noqa: E402
from guard.verifiers.stacked import load_stacked  # noqa: E402
from training.stacking.dataset import cache_path, select_records, training_rows  # noqa: E402
from training.stacking.fit import CANDIDATES, cross_validate  # noqa: E402
from training.stacking.train import _extra_ids  # noqa: E402

DATA = ROOT / ".." / "shared" / "data" / "ragtruth"
RESULTS = Path(__file__).resolve().parent / "results" / "stacked_thresholds.json"


def _training_rows(command: str):
    """The rows the artifact was trained on, rebuilt from its recorded command and the cache."""
    per_task = int(re.search(r"--per-task (\d+)", command).group(1))
    extra = re.search(r"--extra-ids-from (\S+)", command)
    limit = re.search(r"--limit (\d+)", command)
    train, _ = split_dev(load_ragtruth(DATA, splits=["train"]))
    order = select_records(train, per_task, _extra_ids(Path(extra.group(1))) if extra else [])
    chosen = order[: int(limit.group(1))] if limit else order
    return training_rows(chosen, cache_path(ROOT / ".cache" / "stacked"))


def _f1(y: np.ndarray, flagged: np.ndarray) -> float:
    from sklearn.metrics import f1_score

    return round(float(f1_score(y, flagged, zero_division=0)), 4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--dev", type=Path, default=ROOT / "runs" / "ragtruth-dev", help="the eval --out folder"
    )
    args = parser.parse_args(argv)
    scores = args.dev / "cache" / "stacked.jsonl"
    if not scores.is_file():
        print(f"{scores} is missing: run the dev evaluation first (module docstring)", file=sys.stderr)
        return 2
    model = load_stacked()
    rows = _training_rows(model.command)
    candidate = next(c for c in CANDIDATES if c.name == model.cv["chosen"])
    oof = cross_validate(candidate, rows)
    y, generators = np.array([r.label for r in rows], dtype=int), np.array([r.model for r in rows])
    cuts = {
        g: float(f1_optimal_threshold(y[generators == g], oof[generators == g])[0])
        for g in sorted(set(generators))
    }

    with scores.open(encoding="utf-8") as handle:
        probability = {row["id"]: row["output"]["probability"] for row in map(json.loads, handle)}
    _, dev = split_dev(load_ragtruth(DATA, splits=["train"]))
    dev = [r for r in dev if probability.get(r.id) is not None]
    dy = np.array([r.label for r in dev], dtype=int)
    dp = np.array([probability[r.id] for r in dev])
    one = dp >= model.threshold
    per = np.array([p >= cuts[r.model] for p, r in zip(dp, dev, strict=True)])
    groups = {"overall": np.ones(len(dev), dtype=bool)}
    for key in (lambda d: d.model, lambda d: d.task.value):
        groups.update({v: np.array([key(d) == v for d in dev]) for v in sorted({key(d) for d in dev})})
    table = {
        name: {"one_cut": _f1(dy[mask], one[mask]), "per_generator": _f1(dy[mask], per[mask])}
        for name, mask in groups.items()
    }
    out = {
        "command": "python benchmarks/stacked_thresholds.py",
        "one_cut": model.threshold,
        "per_generator_cuts": {g: round(t, 4) for g, t in cuts.items()},
        "dev_f1": table,
    }
    RESULTS.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    print(f"{'group':24s} {'one cut':>8s} {'per generator':>14s}")
    for name, f1 in table.items():
        print(f"{name:24s} {f1['one_cut']:8.3f} {f1['per_generator']:14.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
