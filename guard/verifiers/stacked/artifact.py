"""The stacked detector's artifact: its schema (``stacked_detector.json``) and loading.

Plain JSON: means, scales, coefficients and thresholds of logistic-regression heads, one
per input kind or one pooled, how and on what it was trained and its cross-validation
figures; no pickle. Format 3: the default heads read no generator identity (the same
probability for every application); ``generator_heads`` may add heads that do, used only
when a verifier opts in (``use_generator``) for an application whose generator is known. Loaded through :func:`guard.verifiers.artifacts.load_artifact`.
"""

from __future__ import annotations

import hashlib
import math
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, Field, model_validator

from guard.verifiers.artifacts import Artifact, load_artifact
from guard.verifiers.stacked.features import (
    CLAIM_FEATURES,
    GROUNDING_PREFIX,
    KINDS,
    REQUIRES,
    RESPONSE_LOGIT,
    is_generator_feature,
    known_features,
)

__all__ = ["ARTIFACT_PATH", "StackedModel", "load_stacked"]

ARTIFACT_PATH = Path(__file__).resolve().parent.parent / "stacked_detector.json"
FORMAT = "ragguard-stacked/3"
TRAIN_COMMAND = "ragguard train stacked"
POOLED = "all"  # the key of a head that serves every input kind


class StackedHead(BaseModel):
    """One logistic regression: standardise (NaN -> the training mean), then a linear logit."""

    features: list[str] = Field(min_length=1)
    mean: list[float]
    scale: list[float]
    coef: list[float]
    intercept: float

    @model_validator(mode="after")
    def _consistent(self) -> StackedHead:
        n = len(self.features)
        if not len(self.mean) == len(self.scale) == len(self.coef) == n:
            raise ValueError(
                f"features, mean, scale and coef must have one entry each per feature ({n} features; "
                f"{len(self.mean)} means, {len(self.scale)} scales, {len(self.coef)} coefficients)"
            )
        known = (*known_features(), *CLAIM_FEATURES)
        unknown = sorted(set(self.features) - set(known))
        if unknown:
            raise ValueError(f"unknown features {unknown}: this code computes {list(known)}")
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

    def logit(self, features: dict[str, float]) -> float:
        return float(self.vector(features) @ np.array(self.coef) + self.intercept)

    def probability(self, features: dict[str, float]) -> float:
        return sigmoid(self.logit(features))


def sigmoid(logit: float) -> float:
    if logit >= 0:  # the two forms keep exp() from overflowing on an extreme answer
        return 1.0 / (1.0 + math.exp(-logit))
    return math.exp(logit) / (1.0 + math.exp(logit))


class ClaimHead(BaseModel):
    """Per-claim P(hallucinated) over CLAIM_FEATURES, one head per input kind or one pooled (``"all"``).

    A claim at or above ``threshold`` is flagged.
    """

    heads: dict[str, StackedHead]
    threshold: float = Field(ge=0.0, le=1.0)
    rule: str = ""  # how the threshold was chosen
    cv: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> ClaimHead:
        _check_kinds(self.heads)
        other = sorted({f for head in self.heads.values() for f in head.features} - set(CLAIM_FEATURES))
        if other:
            raise ValueError(
                f"the claim head reads claim features only ({list(CLAIM_FEATURES)}); got {other}"
            )
        return self

    def head(self, kind: str) -> StackedHead:
        return head_for(self.heads, kind)


def head_for(heads: dict[str, StackedHead], kind: str) -> StackedHead:
    """The head for input ``kind`` (one of KINDS), or the pooled one."""
    return heads.get(kind) or heads[POOLED]


def _check_kinds(heads: dict[str, StackedHead]) -> None:
    if set(heads) not in ({POOLED}, set(KINDS)):
        raise ValueError(
            f"heads must be {{{POOLED!r}: ...}} or one per input kind {list(KINDS)}; got {sorted(heads)}"
        )


class StackedModel(BaseModel):
    """``stacked_detector.json``: one head for every input kind (``"all"``) or one per kind.

    ``heads`` read no generator identity; ``generator_heads`` (optional, with their own
    ``generator_threshold``) do, for an application that opts in with its generator's name.
    """

    format: Literal["ragguard-stacked/3"]
    heads: dict[str, StackedHead]
    threshold: float = Field(ge=0.0, le=1.0)
    generator_heads: dict[str, StackedHead] | None = None
    generator_threshold: float | None = Field(None, ge=0.0, le=1.0)
    claims: ClaimHead | None = None  # per-claim flags for the unsupported spans; None: spans from labels
    requires: list[str]
    grounding_fingerprint: str  # the grounding model the grounding features came from
    command: str
    trained_on: dict[str, Any] = Field(default_factory=dict)
    cv: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> StackedModel:
        _check_kinds(self.heads)
        blind = sorted({f for head in self.heads.values() for f in head.features if is_generator_feature(f)})
        if blind:
            raise ValueError(
                f"the default heads must not read the generator ({blind}): a probability has to mean "
                "the same for every application; put such heads in generator_heads"
            )
        if self.generator_heads is not None:
            _check_kinds(self.generator_heads)
            if self.generator_threshold is None:
                raise ValueError("generator_heads need their own generator_threshold")
        if not {"support", "egc"} <= set(self.requires) <= set(REQUIRES):
            raise ValueError(f"requires must hold 'support' and 'egc' and lie within {list(REQUIRES)}")
        every_head = [*self.heads.values(), *(self.generator_heads or {}).values()]
        features = {f for head in every_head for f in head.features}
        if any(f in CLAIM_FEATURES and f not in known_features() for f in features):
            raise ValueError("claim features belong to the claim head, not to a response head")
        if "grounding" not in self.requires and any(GROUNDING_PREFIX in f for f in features):
            raise ValueError("grounding features need 'grounding' in requires")
        return self

    def head(self, kind: str, *, generator: bool = False) -> StackedHead:
        """The head for input ``kind``; ``generator``: the one that reads the generator (must exist)."""
        if generator:
            if self.generator_heads is None:
                raise ValueError("this artifact has no generator heads")
            return head_for(self.generator_heads, kind)
        return head_for(self.heads, kind)

    def probability(self, features: dict[str, float], kind: str, *, generator: bool = False) -> float:
        """P(hallucinated | features) from the head for input ``kind`` (see :func:`input_kind`)."""
        return self.head(kind, generator=generator).probability(features)

    def claim_probabilities(
        self, rows: list[dict[str, float]], response_logit: float, kind: str
    ) -> list[float]:
        """Per-claim P(hallucinated) from the claim head for ``kind`` (rows from :func:`claim_features`)."""
        if self.claims is None:
            return []
        head = self.claims.head(kind)
        return [head.probability({**row, RESPONSE_LOGIT: response_logit}) for row in rows]


    @property
    def uses_interactions(self) -> bool:
        """Whether a response head reads a family x EGC product (the shipped one does not)."""
        heads = [*self.heads.values(), *(self.generator_heads or {}).values()]
        return any("*" in f for head in heads for f in head.features)


def load_stacked(path: str | Path = ARTIFACT_PATH) -> StackedModel:
    """The trained detector; a missing or malformed artifact is a :class:`ModelError`."""
    return load_stacked_artifact(path).value


def load_stacked_artifact(path: str | Path = ARTIFACT_PATH) -> Artifact[StackedModel]:
    """The trained detector with its fingerprint (cached per file version)."""
    return load_artifact(path, StackedModel, what="stacked detector", command=TRAIN_COMMAND)


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
