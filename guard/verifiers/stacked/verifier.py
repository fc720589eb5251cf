"""The stacked verifier: a calibrated P(hallucinated) per response, and per claim.

It reads what the verifiers named in its artifact's ``requires`` wrote (``support`` and
``egc``, plus ``grounding`` for an artifact with grounding features; a policy lists them
before ``stacked``), turns it into features (:mod:`guard.verifiers.stacked.features`) and sets
``Verification.hallucination_probability`` (and ``scores.stacked_probability``) with the
head for the input's kind. Its claim head gives every claim a P(hallucinated)
(``ClaimVerdict.scores.stacked_probability``) and a flag at the head's threshold
(``stacked_flagged``), which decides the sentence spans of ``Verification.unsupported_spans``.

The probability reads no generator identity by default: RAGTruth's generators differ so
much in how often they hallucinate that a detector told the generator learns who wrote an
answer more than whether it is true, and an application has one generator. An application
that knows its generator may opt in (``verifier_settings: {stacked: {use_generator: true}}``):
then an artifact's ``generator_heads`` score the responses that name a generator, with the
artifact's ``generator_threshold``. Claim probabilities never read the generator.

An artifact with grounding features records the fingerprint of the grounding model they
came from: with another grounding model the verifier refuses to score (a
:class:`VerifierError`, recorded by the stage) until the detector is retrained. Only such an
artifact makes the verifier fingerprint the grounding weights.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from guard.errors import ConfigError, ModelError, VerifierError
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
# (medical and legal cut at 0.35; a profile may choose up to this).
CONTRADICTED_FLOOR = 0.9

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationState
    from guard.verifiers.types import Verification, VerificationInput

__all__ = ["StackedVerifier"]


class StackedVerifier:
    """Sets ``Verification.hallucination_probability`` and ``scores.stacked_probability``.

    ``threshold``: the artifact's decision threshold (flag at or above it), fitted on
    RAGTruth train minus dev; ``version``: the artifact's fingerprint. Judges no support.
    ``path``: another artifact (default the shipped ``stacked_detector.json``);
    ``use_generator``: score with the artifact's generator heads when the input names its
    generator (opt-in; off by default, see the module docstring).
    """

    name = "stacked"
    judges_support = False

    def __init__(self, path: str | Path = ARTIFACT_PATH, use_generator: bool = False) -> None:
        self.path = Path(path)
        self.use_generator = bool(use_generator)
        self._model: StackedModel | None = None
        self._error: ModelError | None = None
        self.version = "unavailable"
        try:
            artifact = load_stacked_artifact(self.path)
            self._model, self.version = artifact.value, artifact.fingerprint
            if self.use_generator:  # other scores from the same file: results caches must tell them apart
                self.version += "+generator"
        except ModelError as exc:  # the stage records it when the verifier runs
            self._error = exc
        if self.use_generator and self._model is not None and self._model.generator_heads is None:
            raise ConfigError(
                f"verifier_settings.stacked.use_generator is true, but the stacked detector {self.path} "
                "has no generator heads: set use_generator: false, or give a path to an artifact "
                f"trained with them (`{TRAIN_COMMAND}`)"
            )
        self.threshold: float | None = None
        if self._model is not None:
            generator_threshold = self._model.generator_threshold
            self.threshold = generator_threshold if self.use_generator else self._model.threshold
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
        probability, claims = self.score(inp, state.report)
        state.report.hallucination_probability = probability
        state.report.scores.stacked_probability = probability
        if model.claims is None:
            return
        for verdict, p in zip(state.report.claims, claims, strict=True):
            verdict.scores.stacked_probability = p
            verdict.scores.stacked_flagged = p >= model.claims.threshold

    def score(self, inp: VerificationInput, report: Verification) -> tuple[float, list[float]]:
        """P(hallucinated) of the response and of each claim (empty without a claim head), from ``report``.

        Pure: what :meth:`run` writes, also used to score cached reports (``training.stacking.within``).
        """
        probability, claims = self.score_unfloored(inp, report)
        if any(v.label is SupportLabel.contradicted for v in report.claims):
            probability = contradicted_floor(probability)
        return probability, claims

    def score_unfloored(self, inp: VerificationInput, report: Verification) -> tuple[float, list[float]]:
        """:meth:`score` before the contradicted floor: what the heads alone say (for measuring the floor)."""
        model = self.model
        features = response_features(inp, report, model.requires, interactions=model.uses_interactions)
        kind = input_kind(inp)
        logit = model.head(kind).logit(features)  # reads no generator: also the claim head's input
        by_generator = self.use_generator and inp.generator is not None
        probability = sigmoid(model.head(kind, generator=True).logit(features) if by_generator else logit)
        return probability, model.claim_probabilities(claim_features(inp, report), logit, kind)


def contradicted_floor(probability: float) -> float:
    """The probability of an answer with a contradicted claim: at least CONTRADICTED_FLOOR.

    A contradicted claim makes the answer wrong whatever the cheap signals say: the probability
    must never sit under a policy's cut when the judge found a conflict (issue 11 item 6). It is
    mapped into [FLOOR, 1] rather than clipped to FLOOR, so such answers keep the heads' order
    among themselves (a clip would tie them all, and a reviewer sorting by probability would
    lose what the heads know).
    """
    return CONTRADICTED_FLOOR + (1.0 - CONTRADICTED_FLOOR) * probability
