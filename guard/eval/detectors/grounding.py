"""The trained grounding model as a response detector: max over claims of P(not supported).

Claims are the verification stage's (one per sentence); each is scored against its own
evidence window, as the model was trained (:meth:`GroundingModel.score_claims`).
P(not supported) = P(unsupported) + P(contradicted); spans are the claims whose most
likely label is not "supported". An answer with no claim scores 0. While no weights are
committed (``guard/grounding/model/grounding.json``) the detector is unavailable and the
harness skips it with that message: it never stands in a score of its own.
"""

from __future__ import annotations

import hashlib

from guard.eval.detectors.base import DetectorOutput, SharedVerification
from guard.eval.records import EvalRecord
from guard.eval.thresholds import ThresholdInfo, stored_threshold

__all__ = ["GroundingDetector"]

def _model():
    from guard.grounding.model import shared_model

    return shared_model()


def _manifest_path():
    from guard.grounding.model import MANIFEST, model_dir

    return model_dir() / MANIFEST


class GroundingDetector:
    name = "grounding"
    probabilistic = True
    verifiers: tuple[str, ...] = ()  # only the claims

    def __init__(self, shared: SharedVerification) -> None:
        self._shared = shared
        manifest = _manifest_path()
        self.version = "grounding/1/" + (
            hashlib.sha256(_weights_fingerprint(manifest)).hexdigest()[:12] if manifest.is_file() else "none"
        )

    def unavailable(self) -> str | None:
        manifest = _manifest_path()
        if not manifest.is_file():
            return (
                f"no grounding model is committed ({manifest} is missing): train it with "
                "`ragguard train grounding` and commit the weights"
            )
        return None

    def threshold(self) -> ThresholdInfo:
        return stored_threshold(self.name, self.version)

    def score(self, record: EvalRecord) -> DetectorOutput:
        claims = self._shared.get(record, self.verifiers).claims
        if not claims:
            return DetectorOutput(probability=0.0, spans=[])
        scores = _model().score_claims([c.claim.text for c in claims], record.contexts)
        return DetectorOutput(
            probability=max(s.not_supported for s in scores),
            spans=[
                (c.claim.start, c.claim.end) for c, s in zip(claims, scores) if s.label.value != "supported"
            ],
            extra={"claims": float(len(claims))},
        )


def _weights_fingerprint(manifest) -> bytes:
    # The manifest and every weight file beside it: a retrained model changes the version.
    digest = hashlib.sha256(manifest.read_bytes())
    for path in sorted(manifest.parent.iterdir()):
        if path.suffix in {".safetensors", ".onnx", ".bin"}:
            digest.update(path.name.encode() + path.read_bytes())
    return digest.digest()
