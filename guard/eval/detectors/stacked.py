"""The stacked detector: ``Verification.hallucination_probability`` from a ``stacked`` verifier.

It is available once a verifier named ``stacked`` is registered (guard.verifiers.registry);
the verifiers it reads are the ones it lists in its ``requires`` attribute, run before
it. Its threshold is fitted like the baselines' (``ragguard train thresholds``)
unless the verifier carries its own ``threshold``. A response it leaves without a
probability is an abstention. Spans: the verification's sentence spans (the claims its
claim head flags; :mod:`guard.verifiers.spans`).
"""

from __future__ import annotations

from guard.eval.detectors.base import DetectorOutput, SharedVerification, failure_of, unsupported_sentences
from guard.eval.records import EvalRecord
from guard.eval.thresholds import ThresholdInfo, stored_threshold

__all__ = ["StackedDetector"]


class StackedDetector:
    name = "stacked"
    probabilistic = True

    def __init__(self, shared: SharedVerification) -> None:
        self._shared = shared
        self._verifier = _stacked_verifier()
        requires = tuple(getattr(self._verifier, "requires", ())) if self._verifier else ()
        self.verifiers = (*requires, "stacked")
        self.version = f"stacked/1/{getattr(self._verifier, 'version', 'unversioned')}"

    def unavailable(self) -> str | None:
        if self._verifier is None:
            return "no verifier named 'stacked' is registered yet (guard.verifiers.registry)"
        return None

    def threshold(self) -> ThresholdInfo:
        own = getattr(self._verifier, "threshold", None)
        if isinstance(own, float):
            return ThresholdInfo(value=own, source="the stacked verifier's own threshold")
        return stored_threshold(self.name, self.version)

    def score(self, record: EvalRecord) -> DetectorOutput:
        verification = self._shared.get(record, self.verifiers)
        failed = failure_of(verification, self.verifiers)
        if failed:
            return DetectorOutput(probability=None, reason=failed)
        if verification.hallucination_probability is None:
            return DetectorOutput(probability=None, reason="the stacked verifier set no probability")
        return DetectorOutput(
            probability=verification.hallucination_probability, spans=unsupported_sentences(verification)
        )


def _stacked_verifier():
    from guard.verifiers.registry import available_verifiers, build_verifier

    return build_verifier("stacked") if "stacked" in available_verifiers() else None
