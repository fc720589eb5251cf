"""The stacked verifier: a calibrated P(hallucinated) per response, and per claim.

It reads what the verifiers named in its artifact's ``requires`` wrote (``support`` and
``egc``, plus ``grounding`` for an artifact with grounding features; a policy lists them
before ``stacked``), turns it into features (:mod:`guard.verifiers.stacked.features`) and sets
``Verification.hallucination_probability`` (and ``scores.stacked_probability``) with the
head for the input's kind. Its claim head gives every claim a P(hallucinated)
(``ClaimVerdict.scores.stacked_probability``) and a flag at the head's threshold
(``stacked_flagged``), which decides the sentence spans of ``Verification.unsupported_spans``.

An artifact with grounding features records the fingerprint of the grounding model they
came from: with another grounding model the verifier refuses to score (a
:class:`VerifierError`, recorded by the stage) until the detector is retrained. Only such an
artifact makes the verifier fingerprint the grounding weights.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from guard.errors import ModelError, VerifierError
from guard.verifiers.stacked.artifact import (
    ARTIFACT_PATH,
    TRAIN_COMMAND,
    StackedModel,
    grounding_fingerprint,
    load_stacked_artifact,
    sigmoid,
)
from guard.verifiers.stacked.features import REQUIRES, claim_features, input_kind, response_features
from guard.verifiers.types import SupportLabel

# hallucination_probability's floor when a claim is contradicted: above every packaged cut
# (medical and legal cut at 0.44; a profile may choose up to this).
CONTRADICTED_FLOOR = 0.9

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationState
    from guard.verifiers.types import VerificationInput

__all__ = ["StackedVerifier"]


class StackedVerifier:
    """Sets ``Verification.hallucination_probability`` and ``scores.stacked_probability``.

    ``threshold``: the artifact's decision threshold (flag at or above it), fitted on
    RAGTruth train minus dev; ``version``: the artifact's fingerprint. Judges no support.
    ``path``: another artifact (default the shipped ``stacked_detector.json``).
    """

    name = "stacked"
    judges_support = False

    def __init__(self, path: str | Path = ARTIFACT_PATH) -> None:
        self.path = Path(path)
        self._model: StackedModel | None = None
        self._error: ModelError | None = None
        self.version = "unavailable"
        try:
            artifact = load_stacked_artifact(self.path)
            self._model, self.version = artifact.value, artifact.fingerprint
        except ModelError as exc:  # the stage records it when the verifier runs
            self._error = exc
        self.threshold: float | None = self._model.threshold if self._model else None
        # The verifiers to run before this one: what the artifact's features read.
        self.requires: tuple[str, ...] = tuple(self._model.requires) if self._model else REQUIRES

    @property
    def model(self) -> StackedModel:
        if self._model is None:
            raise self._error or ModelError(f"stacked detector {self.path} could not be loaded")
        return self._model

    def run(self, inp: VerificationInput, state: VerificationState) -> None:
        model = self.model
        if "grounding" in model.requires:
            running = grounding_fingerprint()
            if running != model.grounding_fingerprint:
                raise VerifierError(
                    f"the stacked detector was trained on grounding model {model.grounding_fingerprint}, "
                    f"but the grounding model in use is {running}: retrain it with `{TRAIN_COMMAND}`"
                )
        features = response_features(inp, state.report, model.requires, interactions=model.uses_interactions)
        kind = input_kind(inp)
        logit = model.head(kind).logit(features)
        probability = sigmoid(logit)
        if any(v.label is SupportLabel.contradicted for v in state.report.claims):
            # A contradicted claim makes the answer wrong whatever the cheap signals say: the
            # probability must never sit under a policy's cut when the judge found a conflict.
            probability = max(probability, CONTRADICTED_FLOOR)
        state.report.hallucination_probability = probability
        state.report.scores.stacked_probability = probability
        if model.claims is None:
            return
        claim_rows = claim_features(inp, state.report)
        probabilities = model.claim_probabilities(claim_rows, logit, kind)
        for verdict, p in zip(state.report.claims, probabilities, strict=True):
            verdict.scores.stacked_probability = p
            verdict.scores.stacked_flagged = p >= model.claims.threshold
