"""Typed values of the verification stage: claims, per-claim verdicts, the report."""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, Field

__all__ = [
    "SupportLabel",
    "HallucinationType",
    "Claim",
    "ClaimVerdict",
    "VerifierFailure",
    "Verification",
]


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
    timings: dict[str, float] = Field(default_factory=dict)
