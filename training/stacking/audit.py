"""Which stacked features say whether an answer is true, and which say who wrote it.

    python -m training.stacking.audit --data ../shared/data/ragtruth [--task QA] [--out FILE]

Reads the cached training reports (``ragguard train stacked`` writes them; nothing is verified
here) and, per feature of :func:`guard.verifiers.stacked.known_features` (generator one-hots
left out), prints two figures on the rows of ``--task``:

- ``within``: AUROC of the feature alone within task and generator (ranks pooled over the
  generators, :func:`guard.eval.metrics.within_generator`), folded to >= 0.5: what it knows
  about truth that an application with one generator can use;
- ``generator``: how well the feature alone tells the generators apart (mean over the
  generators of the one-vs-rest AUROC, each folded to >= 0.5; 0.5 = it carries no trace of
  who wrote the answer).

A feature with a high ``generator`` and a low ``within`` ranks answers by author: in a pooled
fit it earns its weight from the generators' base rates (RAGTruth's llama-2 answers are
hallucinated far more often than GPT-4's), and within one generator it is noise. Also prints
how well a multinomial logistic regression on a whole feature set predicts the generator
(5-fold grouped accuracy; chance = 1 / generators).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from training.stacking.dataset import TrainingRow

__all__ = ["audit_features", "generator_accuracy"]


def _folded(auroc: float | None) -> float | None:
    return None if auroc is None else round(max(auroc, 1.0 - auroc), 4)


def _feature_column(rows: Sequence[TrainingRow], name: str) -> np.ndarray:
    values = np.array([row.features.get(name, np.nan) for row in rows], dtype=np.float64)
    defined = ~np.isnan(values)
    fill = float(values[defined].mean()) if defined.any() else 0.0
    return np.where(defined, values, fill)


def _generator_auroc(values: np.ndarray, models: np.ndarray) -> float | None:
    from sklearn.metrics import roc_auc_score

    if np.ptp(values) == 0:
        return 0.5
    aurocs = [
        max(a, 1 - a)
        for model in sorted(set(models))
        if 0 < (models == model).sum() < len(models)
        for a in [float(roc_auc_score(models == model, values))]
    ]
    return round(float(np.mean(aurocs)), 4) if aurocs else None


def audit_features(rows: Sequence[TrainingRow], names: Sequence[str]) -> dict[str, dict[str, float | None]]:
    """``{feature: {"within": ..., "generator": ...}}`` on ``rows`` (see the module docstring)."""
    from guard.eval.metrics import within_generator

    labels = [row.label for row in rows]
    groups = [f"{row.task}/{row.model}" for row in rows]
    models = np.array([row.model for row in rows])
    out = {}
    for name in names:
        values = _feature_column(rows, name)
        within = within_generator(labels, values.tolist(), groups).pooled_ranks_auroc
        out[name] = {"within": _folded(within), "generator": _generator_auroc(values, models)}
    return out


def generator_accuracy(rows: Sequence[TrainingRow], names: Sequence[str]) -> float:
    """5-fold (grouped by source) accuracy of predicting the generator from ``names`` alone."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold, cross_val_predict
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    x = np.column_stack([_feature_column(rows, n) for n in names])
    y = np.array([row.model for row in rows])
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000))
    predicted = cross_val_predict(model, x, y, groups=[r.source_id for r in rows], cv=GroupKFold(n_splits=5))
    return round(float((predicted == y).mean()), 4)


def main(argv: list[str] | None = None) -> int:
    from guard.eval.ragtruth import load_ragtruth, split_dev
    from guard.verifiers.stacked import is_generator_feature, known_features
    from training.stacking.dataset import (
        cache_path,
        extract_verifiers,
        load_reports,
        print_summary,
        training_rows,
    )

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--task", default="QA")
    parser.add_argument("--cache", type=Path, default=Path(".cache/stacked"))
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    train, _ = split_dev(load_ragtruth(args.data, splits=["train"]))
    cache = cache_path(args.cache, grounding=False)
    cached = load_reports(train, cache)
    records = [r for r in train if r.id in cached and (args.task is None or r.task.value == args.task)]
    rows = training_rows(records, cache, extract_verifiers(False))
    names = [
        n for n in known_features() if not is_generator_feature(n) and "grounding_" not in n and "*" not in n
    ]
    figures = audit_features(rows, names)
    summary = {
        "task": args.task,
        "rows": len(rows),
        "generators": len({r.model for r in rows}),
        "features": dict(sorted(figures.items(), key=lambda kv: -(kv[1]["generator"] or 0))),
    }
    print_summary(summary, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
