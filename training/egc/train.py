"""Fit the EGC detector on RAGTruth train minus dev (the artifact: guard/verifiers/egc_detector.json).

    nice -n 19 ragguard train egc --data ../shared/data/ragtruth --out guard/verifiers/egc_detector.json

As the paper: the five features standardised, logistic regression with balanced
class weights (scikit-learn defaults otherwise: L2, C=1, lbfgs). All three tasks
are pooled, since the guard sees every kind of answer. Responses with no claim
longer than ten tokens have no features and are left out (the detector abstains
on them). The decision threshold maximises F1 on the same train responses; the
dev split is never looked at here. Features come from the cache of
:mod:`training.egc.features`; ``benchmarks/egc_eval.py`` measures the detector on dev.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from guard.eval.ragtruth import RagTruthRecord, load_ragtruth, split_dev
from guard.verifiers.egc import FEATURES, MIN_CLAIM_TOKENS, TAU, EGCDetector
from training.egc.features import CACHE, ResponseFeatures, cached_features

__all__ = ["COMMAND", "best_f1_threshold", "feature_matrix", "fit_detector", "train_egc"]

COMMAND = "ragguard train egc"


def feature_matrix(
    records: list[RagTruthRecord], features: dict[str, ResponseFeatures]
) -> tuple[list[RagTruthRecord], np.ndarray, np.ndarray]:
    """(records with defined features, X in FEATURES order, y = hallucinated)."""
    kept = [r for r in records if features[r.id].features is not None]
    x = np.array([[getattr(features[r.id].features, n) for n in FEATURES] for r in kept], dtype=np.float64)
    y = np.array([r.label for r in kept], dtype=int)
    return kept, x.reshape(len(kept), len(FEATURES)), y


def best_f1_threshold(y: np.ndarray, p: np.ndarray) -> tuple[float, float]:
    """(threshold, F1) maximising F1 of ``p >= threshold`` over the observed probabilities."""
    from sklearn.metrics import precision_recall_curve

    precision, recall, thresholds = precision_recall_curve(y, p)
    f1 = 2 * precision[:-1] * recall[:-1] / np.clip(precision[:-1] + recall[:-1], 1e-12, None)
    best = int(np.argmax(f1))
    return float(thresholds[best]), float(f1[best])


def fit_detector(x: np.ndarray, y: np.ndarray, trained_on: dict) -> EGCDetector:
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score
    from sklearn.preprocessing import StandardScaler

    scaler = StandardScaler().fit(x)
    scale = np.where(scaler.scale_ > 0, scaler.scale_, 1.0)  # a constant feature stays at z = 0
    z = (x - scaler.mean_) / scale
    model = LogisticRegression(class_weight="balanced", max_iter=1000).fit(z, y)
    p = model.predict_proba(z)[:, 1]
    threshold, f1 = best_f1_threshold(y, p)
    return EGCDetector(
        features=list(FEATURES),
        mean=[float(v) for v in scaler.mean_],
        scale=[float(v) for v in scale],
        coef=[float(v) for v in model.coef_[0]],
        intercept=float(model.intercept_[0]),
        threshold=threshold,
        tau=TAU,
        min_claim_tokens=MIN_CLAIM_TOKENS,
        trained_on={**trained_on, "train_auroc": round(float(roc_auc_score(y, p)), 4),
                    "train_f1_at_threshold": round(f1, 4)},
        command=COMMAND,
    )


def train_egc(data: Path, out: Path, cache: Path = CACHE) -> EGCDetector:
    """Fit on RAGTruth train minus dev (features cached under ``cache``) and write ``out``."""
    records = load_ragtruth(data)
    train, _ = split_dev(records)
    features = cached_features(train, cache)
    kept, x, y = feature_matrix(train, features)
    detector = fit_detector(x, y, {
        "data": "RAGTruth response.jsonl + source_info.jsonl, all tasks",
        "split": "train minus dev",
        "dev_split": "guard.eval.ragtruth.split_dev (20% of sources per task, by SHA-256)",
        "responses": len(kept),
        "hallucinated": int(y.sum()),
        "undefined_left_out": len(train) - len(kept),
    })
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(detector.model_dump_json(indent=2) + "\n", encoding="utf-8")
    return detector
