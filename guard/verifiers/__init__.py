"""The verification stage: claims, citations, support, hallucination types.

Public surface: :func:`verify` / :func:`averify` (detect-only), the stage
function :func:`run_verification`, the verifier protocol and registry, the
auto-citation repair, and the result types. Verifiers live one per module and
are named in :mod:`guard.verifiers.registry`.
"""

from guard.verifiers.api import averify, verify
from guard.verifiers.autocite import AutoCitation, add_missing_citations
from guard.verifiers.refusal import is_refusal
from guard.verifiers.registry import DEFAULT_VERIFIERS, available_verifiers, register_verifier
from guard.verifiers.stage import (
    VerificationSettings,
    VerificationState,
    Verifier,
    build_settings,
    run_verification,
)
from guard.verifiers.types import (
    Claim,
    ClaimScores,
    ClaimVerdict,
    GroundingProbabilities,
    HallucinationType,
    ResponseScores,
    SupportLabel,
    UnsupportedSpan,
    Verification,
    VerificationInput,
    VerifierFailure,
    VerifyThresholds,
)

__all__ = [
    "DEFAULT_VERIFIERS",
    "AutoCitation",
    "Claim",
    "ClaimScores",
    "ClaimVerdict",
    "GroundingProbabilities",
    "HallucinationType",
    "ResponseScores",
    "SupportLabel",
    "UnsupportedSpan",
    "Verification",
    "VerificationInput",
    "VerificationSettings",
    "VerificationState",
    "Verifier",
    "VerifierFailure",
    "VerifyThresholds",
    "add_missing_citations",
    "available_verifiers",
    "averify",
    "build_settings",
    "is_refusal",
    "register_verifier",
    "run_verification",
    "verify",
]
