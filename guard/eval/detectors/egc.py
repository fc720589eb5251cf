"""The EGC detector (guard.verifiers.egc): its probability, threshold and composite score.

Probability: ``Verification.scores.egc_probability`` from the committed detector
artifact (``egc_detector.json``), flagged at the artifact's own threshold (fitted on
RAGTruth train minus dev). A response with no claim longer than ten tokens has no graph
features: the detector abstains, and the harness counts it as not covered. The
composite EGC score (``egc_score``, higher = more consistent) travels in ``extra`` for
the per-model Delta. The version is a digest of the artifact, so a retrained detector
invalidates cached scores.
"""

from __future__ import annotations

import hashlib

from guard.eval.detectors.base import DetectorOutput, SharedVerification, failure_of
from guard.eval.records import EvalRecord
from guard.eval.thresholds import ThresholdInfo

__all__ = ["EGCResponseDetector"]


class EGCResponseDetector:
    name = "egc"
    probabilistic = True
    verifiers = ("egc",)

    def __init__(self, shared: SharedVerification) -> None:
        from guard.verifiers.egc import DETECTOR_PATH

        self._shared = shared
        self._path = DETECTOR_PATH
        digest = (
            hashlib.sha256(DETECTOR_PATH.read_bytes()).hexdigest()[:12] if DETECTOR_PATH.is_file() else "none"
        )
        self.version = f"egc/1/{digest}"

    def unavailable(self) -> str | None:
        from guard.errors import ModelError
        from guard.verifiers.egc import load_detector

        try:
            load_detector(self._path)
        except ModelError as exc:
            return str(exc)
        return None

    def threshold(self) -> ThresholdInfo:
        from guard.verifiers.egc import load_detector

        detector = load_detector(self._path)
        provisional = (
            " (the artifact marks itself provisional)" if detector.trained_on.get("provisional") else ""
        )
        split = detector.trained_on.get("split", "training data")
        return ThresholdInfo(
            value=detector.threshold, source=f"{self._path.name}: fitted on RAGTruth {split}{provisional}"
        )

    def score(self, record: EvalRecord) -> DetectorOutput:
        verification = self._shared.get(record, self.verifiers)
        failed = failure_of(verification, self.verifiers)
        if failed:
            return DetectorOutput(probability=None, reason=failed)
        probability = verification.scores.egc_probability
        if probability is None:
            return DetectorOutput(
                probability=None, reason="no claim longer than ten tokens: no graph features"
            )
        extra = _egc_extra(verification)
        return DetectorOutput(probability=probability, extra=extra)


def _egc_extra(verification) -> dict[str, float]:
    """The EGC features, composite score and probability, named ``egc_*``."""
    report, scores = verification.egc, verification.scores
    features = report.features.model_dump() if report is not None and report.features is not None else {}
    extra = {f"egc_{name}": float(value) for name, value in features.items()}
    for name in ("egc_score", "egc_probability"):
        value = getattr(scores, name)
        if value is not None:
            extra[name] = value
    return extra
