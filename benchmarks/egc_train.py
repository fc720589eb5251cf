"""Fit the EGC detector on RAGTruth train minus dev and write guard/verifiers/egc_detector.json.

    nice -n 19 python benchmarks/egc_train.py [--data ../shared/data/ragtruth]

As the paper: the five features standardised, logistic regression with balanced
class weights (scikit-learn defaults otherwise: L2, C=1, lbfgs). All three tasks
are pooled, since the guard sees every kind of answer. Responses with no claim
longer than ten tokens have no features and are left out (the detector abstains
on them). The decision threshold maximises F1 on the same train responses; the
dev split is never looked at here. Features come from the cache that
egc_features.py fills (the first run embeds all of RAGTruth: tens of minutes on
2 shared cores).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from egc_features import CACHE, DATA, ResponseFeatures, cached_features  # noqa: E402

from guard.eval.ragtruth import RagTruthRecord, load_ragtruth, split_dev  # noqa: E402
from guard.verifiers.egc import DETECTOR_PATH, FEATURES, MIN_CLAIM_TOKENS, TAU, EGCDetector  # noqa: E402

COMMAND = "python benchmarks/egc_train.py"


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--cache", type=Path, default=CACHE)
    parser.add_argument("--out", type=Path, default=DETECTOR_PATH)
    args = parser.parse_args()
    records = load_ragtruth(args.data)
    train, _ = split_dev(records)
    features = cached_features(train, args.cache)
    kept, x, y = feature_matrix(train, features)
    detector = fit_detector(x, y, {
        "data": "RAGTruth response.jsonl + source_info.jsonl, all tasks",
        "split": "train minus dev",
        "dev_split": "guard.eval.ragtruth.split_dev (20% of sources per task, by SHA-256)",
        "responses": len(kept),
        "hallucinated": int(y.sum()),
        "undefined_left_out": len(train) - len(kept),
    })
    args.out.write_text(detector.model_dump_json(indent=2) + "\n", encoding="utf-8")
    print(json.dumps({"artifact": str(args.out),
                      **detector.trained_on, "threshold": round(detector.threshold, 4),
                      "coef": dict(zip(FEATURES, [round(c, 4) for c in detector.coef]))}, indent=2))


if __name__ == "__main__":
    main()
