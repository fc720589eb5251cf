"""Typed values of the verification stage: claims, per-claim verdicts, the report."""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, Field

from retrievers.types import GateResult, Passage

__all__ = [
    "UNJUDGED_SIGNAL",
    "Claim",
    "ClaimVerdict",
    "HallucinationType",
    "SupportLabel",
    "Verification",
    "VerificationInput",
    "VerifierFailure",
    "VerifyThresholds",
]

# Set to 1.0 in ClaimVerdict.signals when a verifier that judges support failed on the claim.
UNJUDGED_SIGNAL = "unjudged"


class SupportLabel(str, Enum):
    supported = "supported"
    unsupported = "unsupported"
    contradicted = "contradicted"


class HallucinationType(str, Enum):
    fabrication = "fabrication"
    contradiction = "contradiction"
    over_inference = "over_inference"
    context_loss = "context_loss"


class Claim(BaseModel):
    """One checkable unit of the answer (a sentence by default)."""

    index: int
    text: str  # citation markers removed
    start: int  # character span in the answer, markers included
    end: int
    citations: list[int] = Field(default_factory=list)  # 1-based passage numbers as written


class ClaimVerdict(BaseModel):
    claim: Claim
    label: SupportLabel
    support: float  # P(supported) in [0, 1]
    best_passage_id: str | None = None
    best_sentence: str | None = None
    cited_passage_ids: list[str] = Field(default_factory=list)
    invalid_citations: list[int] = Field(default_factory=list)
    citation_added_by_guard: bool = False
    hallucination_type: HallucinationType | None = None
    type_evidence: str | None = None
    # Extra named scores from pluggable verifiers (hit rate, isolation, FRANQ...).
    signals: dict[str, float] = Field(default_factory=dict)


class VerifierFailure(BaseModel):
    verifier: str
    message: str


class Verification(BaseModel):
    claims: list[ClaimVerdict] = Field(default_factory=list)
    faithfulness: float = 1.0
    citation_recall: float | None = None
    citation_precision: float | None = None
    invalid_citations: list[int] = Field(default_factory=list)
    hallucination_probability: float | None = None
    failures: list[VerifierFailure] = Field(default_factory=list)
    verifiers: list[str] = Field(default_factory=list)
    timings: dict[str, float] = Field(default_factory=dict)  # milliseconds per step
    # The answer is the refusal sentence (only known when the input named it).
    is_refusal: bool = False
    # Extra named response-level scores from pluggable verifiers (EGC features...).
    signals: dict[str, float] = Field(default_factory=dict)


class VerificationInput(BaseModel):
    """What the verification stage looks at: the question, the evidence and the draft."""

    question: str
    passages: list[Passage]  # in the order they were shown to the model: citation n = passages[n-1]
    answer: str
    generator: str | None = None  # the model that wrote the answer (signals differ by family)
    gate: GateResult | None = None
    # Passages per retrieval route (route name -> passages), for cross-route hit rate.
    route_passages: dict[str, list[Passage]] | None = None
    refusal_text: str | None = None


class VerifyThresholds(BaseModel):
    """The numbers a policy tunes; defaults are the documented starting points."""

    # A claim is supported when its support score reaches this.
    support: float = Field(0.5, ge=0.0, le=1.0)
    # The entailment judge's score at which evidence counts as entailing (ALCE recall/precision).
    citation_entailment: float = Field(0.5, ge=0.0, le=1.0)
    # Support is multiplied by this once per number/entity of the claim found in no evidence.
    novelty_penalty: float = Field(0.5, ge=0.0, le=1.0)
    # An unsupported claim with no novel term and at least this share of its content words
    # found in the passages is over-inference rather than fabrication.
    over_inference_overlap: float = Field(0.6, ge=0.0, le=1.0)
