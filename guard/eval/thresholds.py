"""Decision thresholds of the detectors that carry no artifact of their own.

A detector flags a response when its score reaches its threshold. The threshold is
fixed on training data, never on the split being evaluated: the EGC detector's
artifact carries its own; the baselines' (``lexical``, ``support``, and any other
detector fitted the same way) live in ``thresholds.json`` beside this module, written
by ``ragguard train thresholds --out guard/eval/thresholds.json`` from a checkout
(F1-optimal on RAGTruth train minus our dev split). Reading defaults to that file;
writing always names its file, so nothing writes beside an installed package.

Each stored threshold names the detector version it was fitted for; a threshold
fitted for another version is stale and not used (the report says so), because a
changed scorer moves its scores.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from pydantic import BaseModel, Field, ValidationError

from guard.errors import ConfigError

__all__ = [
    "THRESHOLDS_PATH",
    "StoredThreshold",
    "ThresholdInfo",
    "ThresholdStore",
    "f1_optimal_threshold",
    "load_thresholds",
    "save_thresholds",
    "stored_threshold",
]

THRESHOLDS_PATH = Path(__file__).resolve().with_name("thresholds.json")
FIT_COMMAND = "ragguard train thresholds"


class ThresholdInfo(BaseModel):
    """The threshold a detector is evaluated at, and where it came from (or why there is none)."""

    value: float | None
    source: str


class StoredThreshold(BaseModel):
    threshold: float
    detector_version: str
    train_f1: float
    responses: int
    hallucinated: int
    fitted_on: str  # e.g. "RAGTruth train minus dev, 400 responses (lowest SHA-256 of id)"
    command: str


class ThresholdStore(BaseModel):
    detectors: dict[str, StoredThreshold] = Field(default_factory=dict)


def load_thresholds(path: str | Path | None = None) -> ThresholdStore:
    """The stored thresholds; a missing file is an empty store, a malformed one an error."""
    path = Path(path) if path is not None else THRESHOLDS_PATH
    if not path.is_file():
        return ThresholdStore()
    try:
        return ThresholdStore.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (json.JSONDecodeError, ValidationError) as exc:
        raise ConfigError(
            f"{path} is not a valid thresholds file ({exc}); refit it with `{FIT_COMMAND} --out {path}`."
        ) from None


def save_thresholds(store: ThresholdStore, path: str | Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(store.model_dump_json(indent=2) + "\n", encoding="utf-8")


def stored_threshold(name: str, version: str, path: str | Path | None = None) -> ThresholdInfo:
    """The stored threshold of detector ``name`` when it was fitted for ``version``."""
    path = Path(path) if path is not None else THRESHOLDS_PATH
    entry = load_thresholds(path).detectors.get(name)
    if entry is None:
        return ThresholdInfo(
            value=None, source=f"none fitted: run `{FIT_COMMAND} --detectors {name} --out {path}`"
        )
    if entry.detector_version != version:
        return ThresholdInfo(
            value=None,
            source=f"stale: {path.name} holds one for version {entry.detector_version}, the detector is "
            f"{version}; refit with `{FIT_COMMAND} --detectors {name} --out {path}`",
        )
    return ThresholdInfo(value=entry.threshold, source=f"{path.name}: F1-optimal on {entry.fitted_on}")


def f1_optimal_threshold(labels: np.ndarray, scores: np.ndarray) -> tuple[float, float]:
    """(threshold, F1) maximising F1 of ``score >= threshold`` on these labels.

    Candidates are the distinct scores (scikit-learn's precision-recall curve); ties in
    F1 go to the higher threshold, which flags fewer responses.
    """
    from sklearn.metrics import precision_recall_curve

    labels, scores = np.asarray(labels, dtype=int), np.asarray(scores, dtype=float)
    if labels.sum() == 0 or labels.sum() == len(labels):
        raise ValueError("fitting a threshold needs both hallucinated and grounded responses")
    precision, recall, thresholds = precision_recall_curve(labels, scores)
    precision, recall = precision[:-1], recall[:-1]  # the last point has no threshold
    denominator = precision + recall
    f1 = np.divide(2 * precision * recall, denominator, out=np.zeros_like(denominator), where=denominator > 0)
    best = np.flatnonzero(f1 == f1.max())[-1]
    return float(thresholds[best]), float(f1[best])
