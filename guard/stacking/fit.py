"""Fit the stacked detector: compare models by grouped cross-validation on train, fit, save as JSON.

Candidates (on the features of :mod:`guard.verifiers.stacked`, standardised with NaN -> mean):

- ``lr``: logistic regression, scikit-learn defaults (L2, C = 1, lbfgs);
- ``lr_balanced``: the same with balanced class weights;
- ``lr_interactions`` / ``lr_balanced_interactions``: plus generator family x EGC products;
- ``gbm``: HistGradientBoostingClassifier (a yardstick only: the shipped artifact is always
  one of the logistic regressions, which JSON holds exactly);
- ``lr+grounding``, ``lr_interactions+grounding``, ``gbm+grounding``: the same plus the
  grounding model's features. Reported, not shipped (unless ``grounding=True``): the
  committed grounding model was trained on every hallucinated sentence of train minus dev,
  so on these rows its outputs are in-sample. On the 1,421 training rows (11,142 claims) its
  claim-level AUROC is 0.824 (QA 0.846, Data2txt 0.841, Summary 0.646) where its model card
  reports 0.755 on dev sentences (QA 0.688, Data2txt 0.815, Summary 0.607). A stacker fitted
  on such inputs weighs them for a strength they lack on new data, and the cross-validation
  here cannot see it.

Each is scored on 5-fold out-of-fold (OOF) predictions, folds grouped by RAGTruth source
(the six responses of a source share their context). The shipped model is the eligible
logistic regression with the best OOF AUROC; candidates within ``AUROC_TIE`` of it are
broken by the lower ECE (calibrated probabilities are the point of
``hallucination_probability``). It is refitted on every row; its threshold maximises F1 on
its OOF predictions, never on dev.

Measured (``ragguard train stacked --data ../shared/data/ragtruth --per-task 600
--extra-ids-from .cache/franq/scores.jsonl --limit 1421``: 1,421 responses, 618
hallucinated, 475 / 473 / 473 Data2txt / QA / Summary; OOF AUROC / F1 at the OOF-optimal
threshold / ECE)::

    lr                           0.868 / 0.764 / 0.043   <- shipped (threshold 0.428)
    lr_balanced                  0.867 / 0.762 / 0.048
    lr_interactions              0.866 / 0.761 / 0.043
    lr_balanced_interactions     0.866 / 0.761 / 0.046
    gbm                          0.851 / 0.735 / 0.110
    lr+grounding                 0.885 / 0.776 / 0.026   (in-sample grounding inputs)
    lr_interactions+grounding    0.883 / 0.771 / 0.022   (in-sample grounding inputs)
    gbm+grounding                0.867 / 0.745 / 0.106

    lr per task: Data2txt 0.868 / 0.877, QA 0.840 / 0.667, Summary 0.787 / 0.597 (AUROC / F1)

The family x EGC products buy nothing once the family one-hot is in (the family alone moves
the base rate: on these rows 91 % of llama-2 and 94 % of mistral Data2txt answers are
hallucinated, 29 % of GPT ones); balanced weights only move the threshold and worsen
calibration. OOF AUROC was flat from 550 rows (0.862) through 956 (0.860) to 1,421 (0.868),
so verification was stopped at 1,421 of the 1,967 selected responses to leave the CPU to
the dev measurement.

A FRANQ head (a second model for responses with FRANQ scores) was tried and not built: on
the 182 train-minus-dev responses FRANQ was scored on, a logistic regression on the base
model's OOF logit plus FRANQ aggregates (min/mean ClaimProb, min/mean contrast, min
ParamKnowledge) reached OOF AUROC 0.897 against 0.896 for the base model alone (FRANQ
aggregates alone: 0.732).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from guard.stacking.dataset import TrainingRow
from guard.verifiers.stacked import (
    BASE_FEATURES,
    FORMAT,
    GROUNDING_PREFIX,
    REQUIRES,
    StackedModel,
    known_features,
)

__all__ = ["AUROC_TIE", "CANDIDATES", "Candidate", "choose", "cross_validate", "fit_stacked"]

FOLDS = 5
AUROC_TIE = 0.005


@dataclass(frozen=True)
class Candidate:
    name: str
    kind: str  # "lr" or "gbm"
    interactions: bool = False
    balanced: bool = False
    grounding: bool = False  # with the grounding model's features (see the module docstring)

    @property
    def features(self) -> tuple[str, ...]:
        names = known_features() if self.interactions else BASE_FEATURES
        return tuple(n for n in names if self.grounding or GROUNDING_PREFIX not in n)


CANDIDATES = (
    Candidate("lr", "lr"),
    Candidate("lr_balanced", "lr", balanced=True),
    Candidate("lr_interactions", "lr", interactions=True),
    Candidate("lr_balanced_interactions", "lr", interactions=True, balanced=True),
    Candidate("gbm", "gbm"),
    Candidate("lr+grounding", "lr", grounding=True),
    Candidate("lr_interactions+grounding", "lr", interactions=True, grounding=True),
    Candidate("gbm+grounding", "gbm", grounding=True),
)


def matrix(rows: Sequence[TrainingRow], features: Sequence[str]) -> np.ndarray:
    return np.array([[row.features[f] for f in features] for row in rows], dtype=np.float64).reshape(
        len(rows), len(features)
    )


def _standardiser(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Column means and scales over the defined (non-NaN) values.

    An all-NaN column gets mean 0 and scale 1, a constant one scale 1: both stay at z = 0.
    """
    defined = ~np.isnan(x)
    count = np.maximum(defined.sum(axis=0), 1)
    mean = np.where(defined, x, 0.0).sum(axis=0) / count
    variance = (np.where(defined, x - mean, 0.0) ** 2).sum(axis=0) / count
    scale = np.sqrt(variance)
    return mean, np.where(scale > 1e-12, scale, 1.0)


def _z(x: np.ndarray, mean: np.ndarray, scale: np.ndarray) -> np.ndarray:
    z = (x - mean) / scale
    return np.where(np.isnan(z), 0.0, z)


def _fit_lr(candidate: Candidate, x: np.ndarray, y: np.ndarray):
    from sklearn.linear_model import LogisticRegression

    mean, scale = _standardiser(x)
    model = LogisticRegression(max_iter=2000, class_weight="balanced" if candidate.balanced else None)
    return model.fit(_z(x, mean, scale), y), mean, scale


def _predict(candidate: Candidate, x_train, y_train, x_test) -> np.ndarray:
    if candidate.kind == "gbm":
        from sklearn.ensemble import HistGradientBoostingClassifier

        model = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, random_state=0)
        return model.fit(x_train, y_train).predict_proba(x_test)[:, 1]
    model, mean, scale = _fit_lr(candidate, x_train, y_train)
    return model.predict_proba(_z(x_test, mean, scale))[:, 1]


def cross_validate(candidate: Candidate, rows: Sequence[TrainingRow]) -> np.ndarray:
    """Out-of-fold P(hallucinated) for every row, folds grouped by source."""
    from sklearn.model_selection import GroupKFold

    x, y = matrix(rows, candidate.features), np.array([r.label for r in rows], dtype=int)
    groups = [r.source_id for r in rows]
    oof = np.empty(len(rows))
    for train_idx, test_idx in GroupKFold(n_splits=FOLDS).split(x, y, groups):
        oof[test_idx] = _predict(candidate, x[train_idx], y[train_idx], x[test_idx])
    return oof


def summary(rows: Sequence[TrainingRow], p: np.ndarray, threshold: float | None = None) -> dict:
    """AUROC, ECE and F1 at ``threshold``, overall and per task.

    ``threshold`` None: the F1-optimal one on these predictions.
    """
    from sklearn.metrics import f1_score, roc_auc_score

    from guard.eval.metrics import expected_calibration_error
    from guard.eval.thresholds import f1_optimal_threshold

    y = np.array([r.label for r in rows], dtype=int)
    if threshold is None:
        threshold, _ = f1_optimal_threshold(y, p)

    def figures(mask: np.ndarray) -> dict:
        yy, pp = y[mask], p[mask]
        both = 0 < yy.sum() < len(yy)
        return {
            "responses": int(mask.sum()),
            "hallucinated": int(yy.sum()),
            "auroc": round(float(roc_auc_score(yy, pp)), 4) if both else None,
            "f1": round(float(f1_score(yy, pp >= threshold, zero_division=0)), 4),
            "ece": round(expected_calibration_error(yy, pp), 4),
        }

    tasks = np.array([r.task for r in rows])
    return {
        "threshold": round(float(threshold), 4),
        "overall": figures(np.ones(len(rows), dtype=bool)),
        "per_task": {task: figures(tasks == task) for task in sorted(set(tasks))},
    }


def choose(results: dict[str, dict], *, grounding: bool = False) -> str:
    """The logistic regression with the best OOF AUROC; near-ties go to the lower ECE.

    Candidates with grounding features are eligible only when ``grounding`` is True.
    """
    lrs = {
        c.name: results[c.name]["overall"]
        for c in CANDIDATES
        if c.kind == "lr" and c.name in results and (grounding or not c.grounding)
    }
    best = max(a["auroc"] for a in lrs.values())
    close = [name for name, a in lrs.items() if a["auroc"] >= best - AUROC_TIE]
    return min(close, key=lambda name: (lrs[name]["ece"], -lrs[name]["auroc"]))


def fit_stacked(
    rows: Sequence[TrainingRow],
    *,
    grounding_fingerprint: str,
    command: str,
    trained_on: dict,
    candidates: Sequence[Candidate] = CANDIDATES,
    grounding: bool = False,
) -> StackedModel:
    """Cross-validate the candidates, refit the chosen one on every row, and return the artifact.

    ``grounding``: let a candidate with grounding features be shipped; only sound when the
    grounding model never saw the training rows (see the module docstring).
    """
    y = np.array([r.label for r in rows], dtype=int)
    if len(set(y)) < 2 or len({r.source_id for r in rows}) < FOLDS:
        raise ValueError(
            f"training the stacked detector needs both labels and at least {FOLDS} sources; "
            f"got {len(rows)} rows from {len({r.source_id for r in rows})} sources"
        )
    oof = {c.name: cross_validate(c, rows) for c in candidates}
    results = {name: summary(rows, p) for name, p in oof.items()}
    chosen = next(c for c in candidates if c.name == choose(results, grounding=grounding))
    model, mean, scale = _fit_lr(chosen, matrix(rows, chosen.features), y)
    return StackedModel(
        format=FORMAT,
        features=list(chosen.features),
        mean=[float(v) for v in mean],
        scale=[float(v) for v in scale],
        coef=[float(v) for v in model.coef_[0]],
        intercept=float(model.intercept_[0]),
        threshold=results[chosen.name]["threshold"],
        requires=[n for n in REQUIRES if n != "grounding" or chosen.grounding],
        grounding_fingerprint=grounding_fingerprint,
        command=command,
        trained_on={
            **trained_on,
            "responses": len(rows),
            "hallucinated": int(y.sum()),
            "sources": len({r.source_id for r in rows}),
            "per_task": {t: sum(r.task == t for r in rows) for t in sorted({r.task for r in rows})},
        },
        cv={
            "folds": FOLDS,
            "grouped_by": "RAGTruth source_id",
            "chosen": chosen.name,
            "rule": f"best OOF AUROC among logistic regressions; within {AUROC_TIE} the lower ECE"
            + ("" if grounding else "; candidates with grounding features are reported, not shipped"),
            "threshold_rule": "F1-optimal on the chosen model's out-of-fold train predictions",
            "candidates": results,
        },
    )
