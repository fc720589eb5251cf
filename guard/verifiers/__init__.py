"""The verification stage: claims, citations, support, hallucination types.

Public surface: :func:`verify` / :func:`averify` (detect-only), :func:`verify_batch` /
:func:`averify_batch` (many responses, shared work done once), the stage
function :func:`run_verification`, the verifier protocol and registry, the
auto-citation repair, and the result types. Verifiers live one per module and
are named in :mod:`guard.verifiers.registry`.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

# Names are imported on first use (PEP 562), so that importing one light module of the package
# (guard.verifiers.types, .registry) does not load the embedder, spaCy and torch behind .api.
_WHERE = {
    "AutoCitation": "guard.verifiers.autocite",
    "Claim": "guard.verifiers.types",
    "ClaimScores": "guard.verifiers.types",
    "ClaimVerdict": "guard.verifiers.types",
    "DEFAULT_VERIFIERS": "guard.verifiers.registry",
    "GroundingProbabilities": "guard.verifiers.types",
    "HallucinationType": "guard.verifiers.types",
    "ResponseScores": "guard.verifiers.types",
    "SupportLabel": "guard.verifiers.types",
    "UnsupportedSpan": "guard.verifiers.types",
    "Verification": "guard.verifiers.types",
    "VerificationInput": "guard.verifiers.types",
    "VerificationSettings": "guard.verifiers.stage",
    "VerificationState": "guard.verifiers.stage",
    "Verifier": "guard.verifiers.stage",
    "VerifierFailure": "guard.verifiers.types",
    "VerifyThresholds": "guard.verifiers.types",
    "add_missing_citations": "guard.verifiers.autocite",
    "available_verifiers": "guard.verifiers.registry",
    "averify": "guard.verifiers.api",
    "averify_batch": "guard.verifiers.batch",
    "VerifyItem": "guard.verifiers.batch",
    "verify_batch": "guard.verifiers.batch",
    "build_settings": "guard.verifiers.stage",
    "is_refusal": "guard.verifiers.refusal",
    "register_verifier": "guard.verifiers.registry",
    "run_verification": "guard.verifiers.stage",
    "verify": "guard.verifiers.api",
}

if TYPE_CHECKING:
    from guard.verifiers.api import averify, verify
    from guard.verifiers.autocite import AutoCitation, add_missing_citations
    from guard.verifiers.batch import VerifyItem, averify_batch, verify_batch
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


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'guard.verifiers' has no attribute {name!r}")
    value = getattr(import_module(_WHERE[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


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
    "VerifyItem",
    "VerifyThresholds",
    "add_missing_citations",
    "available_verifiers",
    "averify",
    "averify_batch",
    "build_settings",
    "is_refusal",
    "register_verifier",
    "run_verification",
    "verify",
    "verify_batch",
]
