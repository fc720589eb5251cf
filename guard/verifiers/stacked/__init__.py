"""The stacked detector: features, artifact and verifier (one module each).

Serving needs :class:`StackedVerifier` (registered as ``"stacked"``); the training code
(``ragguard train stacked``) imports the feature and artifact names from the submodules,
which this package also re-exports (``X as X``) under their old names.
"""

from guard.verifiers.stacked.artifact import (
    ARTIFACT_PATH as ARTIFACT_PATH,
    FORMAT as FORMAT,
    POOLED as POOLED,
    TRAIN_COMMAND as TRAIN_COMMAND,
    ClaimHead as ClaimHead,
    StackedHead as StackedHead,
    StackedModel as StackedModel,
    grounding_fingerprint as grounding_fingerprint,
    head_for as head_for,
    load_stacked as load_stacked,
)
from guard.verifiers.stacked.features import (
    AUTHOR_FEATURES as AUTHOR_FEATURES,
    BASE_FEATURES as BASE_FEATURES,
    CLAIM_FEATURES as CLAIM_FEATURES,
    CLAIM_SIGNAL_FEATURES as CLAIM_SIGNAL_FEATURES,
    EGC_FEATURES as EGC_FEATURES,
    EXTENDED_FEATURES as EXTENDED_FEATURES,
    FAMILIES as FAMILIES,
    GENERATORS as GENERATORS,
    GROUNDING_PREFIX as GROUNDING_PREFIX,
    JUDGE_EXTENDED_FEATURES as JUDGE_EXTENDED_FEATURES,
    JUDGE_FEATURES as JUDGE_FEATURES,
    KINDS as KINDS,
    REQUIRES as REQUIRES,
    RESPONSE_LOGIT as RESPONSE_LOGIT,
    check_requirements as check_requirements,
    claim_features as claim_features,
    generator_family as generator_family,
    generator_name as generator_name,
    input_kind as input_kind,
    interaction_name as interaction_name,
    is_generator_feature as is_generator_feature,
    known_features as known_features,
    response_features as response_features,
)
from guard.verifiers.stacked.verifier import StackedVerifier

__all__ = ["ARTIFACT_PATH", "StackedModel", "StackedVerifier", "load_stacked"]
