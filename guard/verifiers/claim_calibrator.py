"""A learned claim decision over the claim judge's own signals (issue 11).

The judge's rules (``verdict.combine``) decide by fixed precedence: the fact layer's
contradicted / unsupported stand, a supported fact verdict needs an embedding score over a
bar, an abstention falls to the embedding score. Each rule is right on the wordings it was
written for and wrong on others.
This module reads the same signals as one typed vector
(:class:`~guard.verifiers.claim_features.ClaimFeatures`: the fact
layer's outcome, the slot it turned on and how it was reached, the support scores, the alignment,
how much of the claim its aligned unit covers, the claim's slots) and lets a logistic regression or
a small boosted tree ensemble, fitted on the hard cases of dev + val + val3, decide true vs false.
The fact layer still names the kind of a false claim (``contradicted`` with its mismatch, or
``unsupported``), so explanations are unchanged.

No generator or document identity is read. The artifact (``claim_calibrator.json``) holds
the standardisation, the weights, the decision threshold and the command that made it
(``ragguard train calibrator``, i.e. ``python -m training.calibrator.train``); the runtime is
a dot product or a walk down each tree, no sklearn.

**Where it may decide** (:func:`guard.verifiers.verdict.learned_scope`): by default never
against a hard finding of the fact layer. A claim the fact layer finds ``contradicted`` (a slot bound to another
value) or ``unsupported`` (a value, date, name or quantity in no evidence unit: "completed in
1925" against 1889) stays false whatever P(false) says; an abstention stays one. Elsewhere it may
clear a claim the rules flagged on soft grounds (support under the bar, words the evidence
lacks) and flag one they passed. A wide-scope artifact (``clear_threshold`` set) may also
clear a hard finding above the safety floor (:func:`~guard.verifiers.verdict.value_in_no_unit`:
a number, date or name no unit writes always stands) where P(false) is under that threshold;
the shipped artifact is not wide (grouped CV, docs/DETECTION.md). Opt-in: ``ClaimJudge(..., calibrator=default_calibrator())`` and
``benchmarks/hardcases_judge.py --calibrator`` use it; the verification stage
(``VerificationState.claim_judge``) runs the rules alone. Figures and the decision in docs/DETECTION.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from guard.facts.types import EvidenceUnit, FactVerdict
from guard.verifiers.artifacts import load_artifact
from guard.verifiers.claim_features import FEATURE_NAMES, ClaimFeatures
from guard.verifiers.types import SupportLabel
from guard.verifiers.verdict import JudgedClaim, JudgeRule, LearnedScope, learned_scope

__all__ = ["ARTIFACT_PATH", "CalibratorArtifact", "ClaimCalibrator", "default_calibrator"]

ARTIFACT_PATH = Path(__file__).resolve().parent / "claim_calibrator.json"
TRAIN_COMMAND = "ragguard train calibrator --out guard/verifiers/claim_calibrator.json"


class TreeNode(BaseModel):
    """One node of a regression tree: a split (``feature`` <= ``threshold`` goes left) or a leaf (``value``)."""

    model_config = ConfigDict(extra="forbid")

    leaf: bool
    value: float = 0.0
    feature: int = -1  # index into the artifact's ``features``
    threshold: float = 0.0
    left: int = -1
    right: int = -1
    missing_left: bool = True


class CalibratorArtifact(BaseModel):
    """``claim_calibrator.json``: a standardised logistic regression, or a small tree ensemble, over named features.

    ``model`` ``logistic``: z = intercept + sum(coef * (x - mean) / scale); ``trees``: z =
    intercept + the sum of the trees' leaf values (gradient-boosted, exported from sklearn
    for training only). P(false) = sigmoid(z) either way.
    ``clear_threshold`` (wide scope): a hard finding of the fact layer above the safety floor
    (:func:`guard.verifiers.verdict.value_in_no_unit`) is cleared where P(false) is under it;
    ``None``: hard findings always stand.
    """

    model_config = ConfigDict(extra="forbid")

    format: Literal["ragguard-claim-calibrator/1", "ragguard-claim-calibrator/2"]
    model: Literal["logistic", "trees"] = "logistic"
    features: list[str] = Field(min_length=1)
    mean: list[float] = Field(default_factory=list)
    scale: list[float] = Field(default_factory=list)
    coef: list[float] = Field(default_factory=list)
    trees: list[list[TreeNode]] = Field(default_factory=list)
    intercept: float
    threshold: float = Field(gt=0.0, lt=1.0)  # P(false) from which a claim is flagged
    clear_threshold: float | None = Field(default=None, gt=0.0, lt=1.0)  # under it a hard finding is cleared
    command: str  # what made it
    provenance: dict[str, str | int | float] = Field(default_factory=dict)  # data, commit, figures

    @model_validator(mode="after")
    def _consistent(self) -> CalibratorArtifact:
        unknown = set(self.features) - set(FEATURE_NAMES)
        if unknown:
            raise ValueError(f"unknown features {sorted(unknown)}; this version reads {', '.join(FEATURE_NAMES)}")
        if self.model == "logistic" and not len(self.features) == len(self.mean) == len(self.scale) == len(self.coef):
            raise ValueError("features, mean, scale and coef must have the same length")
        if self.model == "trees":
            if not self.trees:
                raise ValueError("a trees model needs at least one tree")
            for tree in self.trees:
                for node in tree:
                    if not node.leaf and not (0 <= node.feature < len(self.features)
                                              and 0 <= node.left < len(tree) and 0 <= node.right < len(tree)):
                        raise ValueError("a tree node points outside its tree or its features")
        if self.clear_threshold is not None and self.clear_threshold > self.threshold:
            raise ValueError("clear_threshold must not exceed threshold")
        return self


def _tree_value(tree: list[TreeNode], x: list[float]) -> float:
    node = tree[0]
    while not node.leaf:
        v = x[node.feature]
        go_left = node.missing_left if math.isnan(v) else v <= node.threshold
        node = tree[node.left if go_left else node.right]
    return node.value


class ClaimCalibrator:
    """P(false) of a claim from its features, and the verdict that follows."""

    def __init__(self, artifact: CalibratorArtifact) -> None:
        self.artifact = artifact

    @property
    def overrules(self) -> bool:
        """Whether it may clear a hard finding above the safety floor (a wide-scope artifact)."""
        return self.artifact.clear_threshold is not None

    def p_false(self, features: ClaimFeatures) -> float:
        a = self.artifact
        x = features.vector(a.features)
        if a.model == "trees":
            z = a.intercept + sum(_tree_value(tree, x) for tree in a.trees)
        else:
            z = a.intercept + sum(c * (v - m) / (s or 1.0) for c, v, m, s in zip(a.coef, x, a.mean, a.scale))
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))

    def decide(
        self, rules: JudgedClaim, fact: FactVerdict, features: ClaimFeatures, threshold: float,
        units: Sequence[EvidenceUnit] | None = None,
    ) -> JudgedClaim:
        """The model decides where :func:`~guard.verifiers.verdict.learned_scope` lets it.

        Open (no hard finding): true vs false at ``artifact.threshold``. Overrulable (a wide-scope
        artifact, a hard finding above the safety floor, read against ``units``): cleared only
        where P(false) is under ``artifact.clear_threshold``, else it stands. The safety floor
        and an abstention stand as the rules gave them. ``threshold`` is the support threshold:
        a claim turned supported keeps at least it, a claim turned unsupported falls below it,
        so label and score never disagree.
        """
        scope = learned_scope(fact, rules, units, self.overrules)
        if scope is LearnedScope.overrulable:
            p = self.p_false(features)
            clear = self.artifact.clear_threshold
            if clear is None or p >= clear:
                return rules
            return JudgedClaim(SupportLabel.supported, max(rules.support, threshold),
                               f"the calibrated judge: P(false) {p:.2f} overrules the fact layer ({rules.reason})")
        if scope is not LearnedScope.open:
            return rules
        p = self.p_false(features)
        flagged = p >= self.artifact.threshold
        if flagged == (rules.label is not SupportLabel.supported):
            return rules
        if not flagged:
            return JudgedClaim(SupportLabel.supported, max(rules.support, threshold),
                               f"the calibrated judge: P(false) {p:.2f} (the rules said {rules.label.value})")
        return JudgedClaim(SupportLabel.unsupported, min(rules.support, (1.0 - p) * threshold),
                           f"the calibrated judge: P(false) {p:.2f} (the rules said supported)",
                           rule=JudgeRule.calibrator.value)


@lru_cache(maxsize=4)
def _calibrator(path: str, fingerprint: str) -> ClaimCalibrator:
    artifact = load_artifact(path, CalibratorArtifact, what="claim calibrator", command=TRAIN_COMMAND)
    return ClaimCalibrator(artifact.value)


def default_calibrator(path: str | Path = ARTIFACT_PATH) -> ClaimCalibrator:
    """The shipped calibrator (read once per file version)."""
    artifact = load_artifact(path, CalibratorArtifact, what="claim calibrator", command=TRAIN_COMMAND)
    return _calibrator(str(artifact.path), artifact.fingerprint)
