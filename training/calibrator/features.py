"""The rules' judgement and the calibrator's features of one claim, from the judge's cached inputs.

The features themselves live with the runtime (:mod:`guard.verifiers.claim_features`), so
what is fitted here is exactly what the judge computes at request time.
"""

from __future__ import annotations

from collections.abc import Sequence

from guard.facts.types import EvidenceUnit
from guard.verifiers.claim_features import FEATURE_NAMES, ClaimFeatures, claim_features as _features
from guard.verifiers.claim_judge import ClaimJudgement, judge_read
from guard.verifiers.lexical import Vocabulary
from guard.verifiers.support import Assessment
from guard.verifiers.verdict import LearnedScope, learned_scope

__all__ = ["ClaimFeatures", "FEATURE_NAMES", "as_vector", "claim_features", "open_to_learned"]


def claim_features(
    claim_text: str,
    units: Sequence[EvidenceUnit],
    similarities: Sequence[float],
    assessment: Assessment,
    known: Vocabulary,
    novelty_penalty: float,
    threshold: float,
) -> tuple[ClaimFeatures, ClaimJudgement]:
    """The claim's features and the *rules'* judgement (never the calibrator's: that is what is fitted)."""
    judged = judge_read(claim_text, units, similarities, assessment, known, novelty_penalty, threshold)
    return _features(claim_text, units, similarities, assessment, known, judged.fact, judged.verdict), judged


def as_vector(features: ClaimFeatures) -> list[float]:
    return features.vector(FEATURE_NAMES)


def open_to_learned(judged: ClaimJudgement) -> bool:
    """Whether the runtime lets the calibrator decide this claim (verdict.learned_scope): the rows it is fitted on."""
    return learned_scope(judged.fact, judged.verdict) is LearnedScope.open
