"""Typed values of the verification stage: claims, per-claim verdicts, the report."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field

from retrievers.types import GateResult, Passage

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "CLAIM_FLAG_SIGNAL",
    "CLAIM_PROBABILITY_SIGNAL",
    "FRANQ_SIGNAL",
    "ISOLATED_SIGNAL",
    "UNJUDGED_SIGNAL",
    "Claim",
    "ClaimVerdict",
    "EGCEdge",
    "EGCFeatures",
    "EGCNode",
    "EGCReport",
    "HallucinationType",
    "SupportLabel",
    "UnsupportedSpan",
    "Verification",
    "VerificationInput",
    "VerifierFailure",
    "VerifyThresholds",
]

# Set to 1.0 in ClaimVerdict.signals when a verifier that judges support failed on the claim.
UNJUDGED_SIGNAL = "unjudged"
# Set by the egc verifier: 1.0 when the claim has no edge in the evidence graph.
ISOLATED_SIGNAL = "egc_isolated"
# Set by the franq verifier: the condition-calibrated P(claim true) (METHODS.md section 6).
FRANQ_SIGNAL = "franq_calibrated"
# The stacked claim detector's per-claim P(hallucinated), and 1.0 / 0.0 for flagged at its threshold.
# A claim that carries the flag gets a sentence span exactly when flagged (guard.verifiers.spans).
CLAIM_PROBABILITY_SIGNAL = "stacked_claim_probability"
CLAIM_FLAG_SIGNAL = "stacked_claim_flagged"


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


class UnsupportedSpan(BaseModel):
    """A stretch of the answer the verification believes unsupported, for a UI to highlight.

    ``answer[start:end] == text`` (Python string offsets). ``sentence`` spans cover a
    claim that is not supported (citation markers that end it left out); ``term``
    spans cover a number or name of such a claim that no passage (nor the question)
    mentions. ``probability`` is the claim's P(not supported), None when nothing judged it.
    """

    start: int
    end: int
    text: str
    claim_index: int
    label: SupportLabel
    granularity: Literal["sentence", "term"]
    reason: str
    probability: float | None = None


class VerifierFailure(BaseModel):
    verifier: str
    message: str


class EGCFeatures(BaseModel):
    """The five structural features of an evidence graph (METHODS.md section 5)."""

    cov: float  # share of claims with an evidence neighbour
    sup: float  # mean share of evidence nodes a claim links to
    agr: float  # mean similarity over evidence-evidence edges (0 without any)
    conn: float  # share of claims reachable from the question node
    iso: float  # share of claims with no edge (= 1 - cov)


class EGCNode(BaseModel):
    id: str  # "q", "e<i>" (i-th passage), "c<k>" (claim index k)
    kind: Literal["question", "evidence", "claim"]
    ref: str | None = None  # the passage id, or the claim index as text


class EGCEdge(BaseModel):
    source: str
    target: str
    kind: Literal["QE", "EC", "EE"]
    similarity: float


class EGCReport(BaseModel):
    """Evidence Graph Consistency of one response: its graph, features and detector verdict.

    ``defined`` is False when no claim is long enough to be a node: the features,
    the composite score and the probability are then None (the detector abstains,
    it does not say "no hallucination").
    """

    defined: bool
    tau: float
    features: EGCFeatures | None = None
    score: float | None = None  # composite EGC score (higher = more consistent)
    probability: float | None = None  # detector's P(hallucinated)
    threshold: float | None = None  # the detector flags probability >= threshold
    nodes: list[EGCNode] = Field(default_factory=list)
    edges: list[EGCEdge] = Field(default_factory=list)
    isolated_claims: list[int] = Field(default_factory=list)  # claim indices with degree 0

    def graph(self) -> nx.Graph:
        """The evidence graph as a networkx graph (node attrs kind/ref, edge attrs kind/similarity)."""
        import networkx as nx

        graph = nx.Graph()
        graph.add_nodes_from((n.id, {"kind": n.kind, "ref": n.ref}) for n in self.nodes)
        graph.add_edges_from(
            (e.source, e.target, {"kind": e.kind, "similarity": e.similarity}) for e in self.edges
        )
        return graph

    def node_link(self) -> dict[str, Any]:
        """The graph as networkx node-link JSON (``nodes`` / ``edges``), for inspection tools."""
        import networkx as nx

        return nx.node_link_data(self.graph(), edges="edges")


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
    # Set by the egc verifier.
    egc: EGCReport | None = None
    # What a verifier could not do and why, when that is not a failure (e.g. no routes to compare).
    notes: list[str] = Field(default_factory=list)
    # Set after every verifier ran (guard.verifiers.spans): offsets into the verified answer
    # (in the pipeline, GuardedResponse.draft), sorted, non-overlapping within a granularity.
    unsupported_spans: list[UnsupportedSpan] = Field(default_factory=list)


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
