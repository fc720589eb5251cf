"""The stacked detector: one calibrated P(hallucinated) per response from the cheap signals.

``StackedVerifier`` reads what the verifiers named in its artifact's ``requires`` wrote
(``support`` and ``egc``, plus ``grounding`` for an artifact with grounding features; list
them before ``stacked`` in the policy), turns it into response-level features
(:func:`response_features`) and sets ``Verification.hallucination_probability`` (and the
signal ``stacked_probability``) with a logistic regression held in ``stacked_detector.json``
(plain JSON: means, scales, coefficients, the decision threshold, how and on what it was
trained, the cross-validation figures; no pickle).

Features (an undefined value, e.g. EGC on an answer with no long claim, is imputed with the
training mean, so it sits at z = 0 and says nothing):

- lexical: share of the answer's content words in no passage (the ``lexical`` baseline),
  log count of answer numbers in neither the passages nor the question, share of claims with
  and log count of the numbers/names the support verifier found in no evidence;
- support: min and mean of the claims' best-sentence cosine and content overlap, share of
  claims whose cosine is under the support verifier's floor. Read from the support
  verifier's own signals, not from the labels: the grounding verifier relabels claims it
  finds contradicted and overwrites their support score;
- EGC: cov, sup, agr, conn, iso, ``defined`` and the EGC detector's probability;
- grounding: max and mean P(not supported), max P(contradicted), share of claims whose most
  likely label is not "supported" (the per-claim signals ``grounding_*``);
- structure: log #claims, log answer characters, log #passages, log context characters;
- generator family (``VerificationInput.generator``): llama-2, gpt, mistral, other/unknown,
  one-hot, and family x EGC products (METHODS section 8: the family flips the direction of
  the graph signals). The artifact's feature list says which a model uses.

Training (``ragguard train stacked``, code in :mod:`guard.stacking`) uses RAGTruth train
minus our dev split only; the threshold maximises F1 on out-of-fold train predictions.
The shipped artifact has **no grounding features**: the committed grounding model was
trained on every hallucinated sentence of train minus dev, so on the stacker's training
rows its outputs are in-sample and look far better than they are (figures in
:mod:`guard.stacking.fit`). Its grounding-feature variants are cross-validated and reported
in the artifact, not shipped; ``--grounding-features`` ships one once a grounding model
exists that never saw the training rows.

Dev, all 3,024 responses of our dev split (1,329 hallucinated; ``ragguard eval ragtruth
--path ../shared/data/ragtruth --split dev --task T --detectors
lexical,support,egc,grounding,stacked`` per task, pooled; ``benchmarks/results/stacked.json``).
F1 at each detector's train-fitted threshold / AUROC / ECE::

                overall              Data2txt             QA                   Summary
    stacked     0.748 0.862 0.033    0.872 0.859 0.046    0.619 0.827 0.040    0.572 0.792 0.038
    lexical     0.680 0.750   -      0.823 0.716   -      0.531 0.687   -      0.471 0.675   -
    support     0.697 0.692 0.272    0.817 0.539 0.175    0.579 0.705 0.370    0.543 0.695 0.285
    egc         0.633 0.642 0.054    0.823 0.463 0.111    0.414 0.579 0.061    0.466 0.554 0.228
    grounding   0.616 0.733 0.269    0.811 0.620 0.244    0.170 0.646 0.295    0.000 0.550 0.271

(grounding: max P(not supported) at its stored threshold 0.814.) The train OOF figures
(AUROC 0.868, ECE 0.043) held on dev: 0.862 and 0.033.

An artifact with grounding features records the fingerprint of the grounding model they
came from: with another grounding model the verifier refuses to score (a
:class:`VerifierError`, recorded by the stage) until the detector is retrained.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from pydantic import BaseModel, Field, ValidationError, model_validator

from guard.errors import ModelError, VerifierError
from guard.verifiers.support import COS_FLOOR
from guard.verifiers.types import Verification

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationState
    from guard.verifiers.types import VerificationInput

__all__ = [
    "ARTIFACT_PATH",
    "BASE_FEATURES",
    "EGC_FEATURES",
    "FAMILIES",
    "GROUNDING_PREFIX",
    "GROUNDING_SIGNALS",
    "REQUIRES",
    "StackedModel",
    "StackedVerifier",
    "generator_family",
    "grounding_fingerprint",
    "interaction_name",
    "known_features",
    "load_stacked",
    "response_features",
]

ARTIFACT_PATH = Path(__file__).with_name("stacked_detector.json")
FORMAT = "ragguard-stacked/1"
TRAIN_COMMAND = "ragguard train stacked"
REQUIRES = ("support", "egc", "grounding")  # the verifiers every feature together needs
GROUNDING_PREFIX = "grounding_"
GROUNDING_SIGNALS = ("grounding_supported", "grounding_unsupported", "grounding_contradicted")
FAMILIES = ("llama-2", "gpt", "mistral", "other")
# A claim whose best evidence sentence is less similar than this counts as weakly supported
# (the support verifier's cosine floor: below it its cosine term is 0).
LOW_COSINE = COS_FLOOR
EGC_FEATURES = ("egc_cov", "egc_sup", "egc_agr", "egc_conn", "egc_iso", "egc_probability")
_GROUNDING_FEATURES = (
    "grounding_max_not_supported",
    "grounding_mean_not_supported",
    "grounding_max_contradicted",
    "grounding_not_supported_share",
)
BASE_FEATURES = (
    "novel_word_share",
    "novel_numbers_log",
    "novel_term_claim_share",
    "novel_terms_log",
    "cosine_min",
    "cosine_mean",
    "overlap_min",
    "overlap_mean",
    "low_support_share",
    *EGC_FEATURES,
    "egc_defined",
    *_GROUNDING_FEATURES,
    "log_claims",
    "log_answer_chars",
    "log_passages",
    "log_context_chars",
    *(f"family_{family}" for family in FAMILIES),
)


def interaction_name(family: str, feature: str) -> str:
    return f"family_{family}*{feature}"


def known_features() -> tuple[str, ...]:
    """Every feature name :func:`response_features` computes."""
    products = tuple(interaction_name(f, e) for f in FAMILIES for e in EGC_FEATURES)
    return (*BASE_FEATURES, *products)


def generator_family(generator: str | None) -> str:
    """The generator's family: llama-2, gpt, mistral, or other (unknown included)."""
    name = (generator or "").lower()
    if "llama" in name:
        return "llama-2"
    if "gpt" in name:
        return "gpt"
    if "mistral" in name:
        return "mistral"
    return "other"


# --- features -------------------------------------------------------------------------------------


def response_features(
    inp: VerificationInput, report: Verification, requires: Sequence[str] = REQUIRES
) -> dict[str, float]:
    """Every known feature of one response; NaN where a value is undefined.

    Reads the verdicts and signals the ``requires`` verifiers left in ``report``; raises
    :class:`VerifierError` when one of them did not run or failed. Without ``grounding``
    among them the grounding features are NaN.
    """
    check_requirements(report, requires)
    features = {
        **_lexical(inp, report),
        **_support(report),
        **_egc(report),
        **(_grounding(report) if "grounding" in requires else _no_grounding()),
        **_structure(inp, report),
    }
    family = generator_family(inp.generator)
    for name in FAMILIES:
        features[f"family_{name}"] = float(name == family)
    for name in FAMILIES:
        for egc_feature in EGC_FEATURES:
            features[interaction_name(name, egc_feature)] = features[f"family_{name}"] * features[egc_feature]
    return features


def check_requirements(report: Verification, requires: Sequence[str] = REQUIRES) -> None:
    """Raise :class:`VerifierError` naming what to fix when a required verifier's output is missing."""
    order = ", ".join(repr(n) for n in (*requires, "stacked"))
    missing = [name for name in requires if name not in report.timings]
    if missing:
        raise VerifierError(
            f"the stacked detector reads the outputs of {', '.join(missing)}, which did not run "
            f"before it: list the verifiers in this order: {order}"
        )
    failed = [f for f in report.failures if f.verifier in requires]
    if failed:
        raise VerifierError(
            f"the stacked detector cannot score: verifier {failed[0].verifier!r} failed "
            f"({failed[0].message})"
        )
    if report.egc is None:
        raise VerifierError(f"the egc verifier left no EGC report: list the verifiers in this order: {order}")
    unscored = any(not all(s in v.signals for s in GROUNDING_SIGNALS) for v in report.claims)
    if "grounding" in requires and unscored:
        raise VerifierError(
            f"some claims carry no grounding signals ({', '.join(GROUNDING_SIGNALS)}): "
            f"list the verifiers in this order: {order}"
        )


def _lexical(inp: VerificationInput, report: Verification) -> dict[str, float]:
    from guard.verifiers.lexical import content_overlap, numbers_in, vocabulary

    passages = vocabulary(p.text for p in inp.passages)
    known_numbers = passages.numbers | vocabulary([inp.question]).numbers
    novel_numbers = {n for n in numbers_in(inp.answer) if n not in known_numbers}
    novel = [v.signals.get("novel_terms", 0.0) for v in report.claims]
    return {
        "novel_word_share": 1.0 - content_overlap(inp.answer, passages),
        "novel_numbers_log": math.log1p(len(novel_numbers)),
        "novel_term_claim_share": _share(n > 0 for n in novel),
        "novel_terms_log": math.log1p(sum(novel)),
    }


def _support(report: Verification) -> dict[str, float]:
    # The support verifier's own signals: a later verifier (grounding) may relabel a claim and
    # overwrite its support score, and that must not leak grounding into these features.
    cosine = [v.signals["cosine"] for v in report.claims]
    overlap = [v.signals["overlap"] for v in report.claims]
    return {
        "cosine_min": min(cosine, default=math.nan),
        "cosine_mean": float(np.mean(cosine)) if cosine else math.nan,
        "overlap_min": min(overlap, default=math.nan),
        "overlap_mean": float(np.mean(overlap)) if overlap else math.nan,
        "low_support_share": _share(c < LOW_COSINE for c in cosine),
    }


def _egc(report: Verification) -> dict[str, float]:
    egc = report.egc
    features = egc.features.model_dump() if egc is not None and egc.features is not None else {}
    names = ("cov", "sup", "agr", "conn", "iso")
    out = {f"egc_{name}": float(features.get(name, math.nan)) for name in names}
    probability = egc.probability if egc is not None else None
    out["egc_probability"] = math.nan if probability is None else float(probability)
    out["egc_defined"] = float(bool(egc is not None and egc.defined))
    return out


def _no_grounding() -> dict[str, float]:
    return dict.fromkeys(_GROUNDING_FEATURES, math.nan)


def _grounding(report: Verification) -> dict[str, float]:
    rows = [[v.signals[s] for s in GROUNDING_SIGNALS] for v in report.claims]
    if not rows:
        return _no_grounding()
    probs = np.array(rows, dtype=np.float64)
    not_supported = probs[:, 1] + probs[:, 2]
    return {
        "grounding_max_not_supported": float(not_supported.max()),
        "grounding_mean_not_supported": float(not_supported.mean()),
        "grounding_max_contradicted": float(probs[:, 2].max()),
        "grounding_not_supported_share": float(np.mean(np.argmax(probs, axis=1) != 0)),
    }


def _structure(inp: VerificationInput, report: Verification) -> dict[str, float]:
    return {
        "log_claims": math.log1p(len(report.claims)),
        "log_answer_chars": math.log1p(len(inp.answer)),
        "log_passages": math.log1p(len(inp.passages)),
        "log_context_chars": math.log1p(sum(len(p.text) for p in inp.passages)),
    }


def _share(flags) -> float:
    flags = list(flags)
    return sum(flags) / len(flags) if flags else math.nan


# --- the model --------------------------------------------------------------------------------------


class StackedModel(BaseModel):
    """``stacked_detector.json``: standardise (NaN -> mean), then logistic regression."""

    format: Literal["ragguard-stacked/1"]
    features: list[str] = Field(min_length=1)
    mean: list[float]
    scale: list[float]
    coef: list[float]
    intercept: float
    threshold: float = Field(ge=0.0, le=1.0)
    requires: list[str]
    grounding_fingerprint: str  # the grounding model the grounding features came from
    command: str
    trained_on: dict[str, Any] = Field(default_factory=dict)
    cv: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> StackedModel:
        n = len(self.features)
        if not len(self.mean) == len(self.scale) == len(self.coef) == n:
            raise ValueError(
                f"features, mean, scale and coef must have one entry each per feature ({n} features; "
                f"{len(self.mean)} means, {len(self.scale)} scales, {len(self.coef)} coefficients)"
            )
        unknown = sorted(set(self.features) - set(known_features()))
        if unknown:
            raise ValueError(f"unknown features {unknown}: this code computes {list(known_features())}")
        if not {"support", "egc"} <= set(self.requires) <= set(REQUIRES):
            raise ValueError(f"requires must hold 'support' and 'egc' and lie within {list(REQUIRES)}")
        if "grounding" not in self.requires and any(GROUNDING_PREFIX in f for f in self.features):
            raise ValueError("grounding features need 'grounding' in requires")
        if any(not s > 0 for s in self.scale):
            raise ValueError("every scale must be positive")
        if any(not math.isfinite(v) for v in (*self.mean, *self.coef, self.intercept)):
            raise ValueError("means, coefficients and the intercept must be finite numbers")
        return self

    def vector(self, features: dict[str, float]) -> np.ndarray:
        """The standardised feature vector; an undefined (NaN) value becomes 0 (the mean)."""
        raw = np.array([features[name] for name in self.features], dtype=np.float64)
        z = (raw - np.array(self.mean)) / np.array(self.scale)
        return np.where(np.isnan(z), 0.0, z)

    def probability(self, features: dict[str, float]) -> float:
        """P(hallucinated | features)."""
        logit = float(self.vector(features) @ np.array(self.coef) + self.intercept)
        if logit >= 0:  # the two forms keep exp() from overflowing on an extreme answer
            return 1.0 / (1.0 + math.exp(-logit))
        return math.exp(logit) / (1.0 + math.exp(logit))


def load_stacked(path: str | Path = ARTIFACT_PATH) -> StackedModel:
    """The trained detector; a missing or malformed artifact is a :class:`ModelError`."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ModelError(
            f"stacked detector artifact {path} is missing: train it with `{TRAIN_COMMAND}`."
        ) from None
    return _parse(str(path), data)


@lru_cache(maxsize=4)
def _parse(path: str, data: bytes) -> StackedModel:
    try:
        return StackedModel.model_validate(json.loads(data))
    except (json.JSONDecodeError, UnicodeDecodeError, ValidationError) as exc:
        raise ModelError(
            f"stacked detector artifact {path} is malformed ({exc}); retrain it with `{TRAIN_COMMAND}`."
        ) from None


def grounding_fingerprint(folder: Path | None = None) -> str:
    """SHA-256 (12 hex) of the grounding model's manifest and weights; "none" without a model.

    Default: the folder the grounding verifier loads (``$RAGGUARD_GROUNDING_MODEL`` or the committed one).
    """
    from guard.grounding.model import MANIFEST, model_dir

    folder = Path(folder) if folder is not None else model_dir()
    manifest = folder / MANIFEST
    if not manifest.is_file():
        return "none"
    files = [manifest, *sorted(p for p in folder.iterdir() if p.suffix in {".safetensors", ".onnx", ".bin"})]
    return _fingerprint(tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files))


@lru_cache(maxsize=8)
def _fingerprint(files: tuple[tuple[str, int, int], ...]) -> str:
    # Keyed by path, mtime and size: the weights are hashed once per process, not per call.
    digest = hashlib.sha256()
    for path, _, _ in files:
        digest.update(Path(path).name.encode() + Path(path).read_bytes())
    return digest.hexdigest()[:12]


# --- the verifier -------------------------------------------------------------------------------------


class StackedVerifier:
    """Sets ``Verification.hallucination_probability`` and the signal ``stacked_probability``.

    ``threshold``: the artifact's decision threshold (flag at or above it), fitted on
    RAGTruth train minus dev; ``version``: a hash of the artifact. Judges no support.
    """

    name = "stacked"
    judges_support = False
    requires: tuple[str, ...] = REQUIRES

    def __init__(self, path: str | Path = ARTIFACT_PATH) -> None:
        self.path = Path(path)
        try:
            self._model: StackedModel | None = load_stacked(self.path)
            self._error: ModelError | None = None
        except ModelError as exc:  # the stage records it when the verifier runs
            self._model, self._error = None, exc
        self.threshold: float | None = self._model.threshold if self._model else None
        # The verifiers to run before this one: what the artifact's features read.
        self.requires = tuple(self._model.requires) if self._model else REQUIRES
        self.version = (
            hashlib.sha256(self.path.read_bytes()).hexdigest()[:12] if self._model else "unavailable"
        )

    @property
    def model(self) -> StackedModel:
        if self._model is None:
            raise self._error or ModelError(f"stacked detector {self.path} could not be loaded")
        return self._model

    def run(self, inp: VerificationInput, state: VerificationState) -> None:
        model = self.model
        running = grounding_fingerprint()
        if "grounding" in model.requires and running != model.grounding_fingerprint:
            raise VerifierError(
                f"the stacked detector was trained on grounding model {model.grounding_fingerprint}, "
                f"but the grounding model in use is {running}: retrain it with `{TRAIN_COMMAND}`"
            )
        probability = model.probability(response_features(inp, state.report, model.requires))
        state.report.hallucination_probability = probability
        state.report.signals["stacked_probability"] = probability
