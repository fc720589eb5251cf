"""The support verifier as a response detector: 1 - the lowest claim support.

The least supported claim decides (max over claims of 1 - support). An answer with
no claim scores 0, as the verification stage reads it (nothing in it is unsupported).
Spans: the sentence spans of the claims not labelled supported (without the citation
markers that end them), as ``Verification.unsupported_spans`` marks them when no stacked
claim head runs (:func:`guard.eval.detectors.base.sentences_by_label`). The
version names the support score's anchors, so a retuned score invalidates cached
scores and the stored threshold.
"""

from __future__ import annotations

from guard.eval.detectors.base import DetectorOutput, SharedVerification, failure_of, sentences_by_label
from guard.eval.records import EvalRecord
from guard.eval.thresholds import ThresholdInfo, stored_threshold

__all__ = ["SupportDetector"]


def _version() -> str:
    from guard.verifiers.support import COS_CEIL, COS_FLOOR
    from guard.verifiers.types import VerifyThresholds

    defaults = VerifyThresholds()
    return f"support/1/cos{COS_FLOOR}-{COS_CEIL}/novelty{defaults.novelty_penalty}/label{defaults.support}"


class SupportDetector:
    name = "support"
    probabilistic = True
    verifiers = ("support",)

    def __init__(self, shared: SharedVerification) -> None:
        self._shared = shared
        self.version = _version()

    def unavailable(self) -> str | None:
        return None

    def threshold(self) -> ThresholdInfo:
        return stored_threshold(self.name, self.version)

    def score(self, record: EvalRecord) -> DetectorOutput:
        verification = self._shared.get(record, self.verifiers)
        failed = failure_of(verification, self.verifiers)
        if failed:
            return DetectorOutput(probability=None, reason=failed)
        claims = verification.claims
        return DetectorOutput(
            probability=max((1.0 - c.support for c in claims), default=0.0),
            spans=sentences_by_label(verification, record.answer),
            extra={"claims": float(len(claims)), "faithfulness": verification.faithfulness},
        )
