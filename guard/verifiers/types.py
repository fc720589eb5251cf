"""Typed values of the verification stage: claims, per-claim verdicts, the report."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field, field_validator

from guard.facts.types import EvidenceUnit, FactLabel, InjectionWarning, SlotMismatch
from guard.verifiers.text_input import scalar_text
from retrievers.types import GateResult, Passage

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "Claim",
    "ClaimScores",
    "ClaimVerdict",
    "EGCEdge",
    "EGCFeatures",
    "EGCNode",
    "EGCReport",
    "GroundingProbabilities",
    "HallucinationType",
    "ResponseScores",
    "SupportLabel",
    "UnsupportedSpan",
    "Verification",
    "VerificationInput",
    "VerifierFailure",
    "VerifyThresholds",
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


class GroundingProbabilities(BaseModel):
    """The grounding model's three probabilities for one claim (they sum to 1)."""

    supported: float
    unsupported: float
    contradicted: float

    @property
    def not_supported(self) -> float:
        """P(unsupported) + P(contradicted), clipped to [0, 1]."""
        return min(max(self.unsupported + self.contradicted, 0.0), 1.0)

    @property
    def most_likely(self) -> SupportLabel:
        """The argmax label (ties go to the earlier of supported, unsupported, contradicted)."""
        values = (self.supported, self.unsupported, self.contradicted)
        return list(SupportLabel)[values.index(max(values))]


class ClaimScores(BaseModel):
    """What the built-in verifiers measured on one claim; a member is None until its verifier ran.

    Each member is written by one verifier (named first) and read by the later ones, the
    decision step and the shells. A third-party verifier writes ``ClaimVerdict.extra``.
    """

    # support: cosine of the claim and its best evidence sentence.
    cosine: float | None = None
    # support: share of the claim's content words found in its evidence.
    overlap: float | None = None
    # support: how many numbers and names of the claim no evidence (nor the question) mentions.
    novel_terms: int | None = None
    # support, cited claims only: the support score against every passage (tells a wrong
    # citation from an unsupported claim).
    support_any_passage: float | None = None
    # citations: whether the cited passages together entail the claim (ALCE).
    citation_supported: bool | None = None
    # grounding: the grounding model's P(supported / unsupported / contradicted).
    grounding: GroundingProbabilities | None = None
    # cross_route: HR(c), the share of retrieval routes whose passages back the claim.
    hit_rate: float | None = None
    # cross_route: how many routes back the claim.
    routes_hit: int | None = None
    # egc: True when the claim has no edge in the evidence graph (None: too short to be a node).
    egc_isolated: bool | None = None
    # franq (METHODS.md section 6): mean token log-prob of the claim with the passages...
    franq_claim_prob: float | None = None
    # ...and without them (parametric knowledge), and their difference.
    franq_param_knowledge: float | None = None
    franq_contrast: float | None = None
    # franq: the faithfulness estimate P_faith the two terms are weighted by.
    franq_p_faith: float | None = None
    # franq: P(claim true) with f1 = f2 = exp, and with the fitted isotonic maps (what
    # the policy's min_franq reads).
    franq_uncalibrated: float | None = None
    franq_calibrated: float | None = None
    # stacked: the claim head's P(hallucinated), and whether it reaches the head's threshold
    # (a flagged claim gets a sentence span, guard.verifiers.spans).
    stacked_probability: float | None = None
    stacked_flagged: bool | None = None


class ResponseScores(BaseModel):
    """Response-level figures of the built-in verifiers (None until the verifier ran)."""

    # egc: the composite EGC score (higher = more consistent) and the EGC detector's
    # P(hallucinated); both None when the graph is undefined. Features: Verification.egc.
    egc_score: float | None = None
    egc_probability: float | None = None
    # cross_route: the number of routes K, and the mean hit rate over claims.
    routes: int | None = None
    hit_rate_mean: float | None = None
    # franq: True when the local LM scored an answer another model wrote.
    franq_proxy: bool | None = None
    # franq: the least factual claim's calibrated / uncalibrated P(true).
    franq_calibrated_min: float | None = None
    franq_uncalibrated_min: float | None = None
    # franq: True when passages were cut to fit the scorer's context window.
    franq_passages_truncated: bool | None = None
    # franq: True when P_faith came from the grounding model (else the support score).
    franq_faith_grounding: bool | None = None
    # stacked: the response head's P(hallucinated) (also Verification.hallucination_probability).
    stacked_probability: float | None = None
    # pipeline: the generator's own citation recall / precision, before the guard added citations.
    generator_citation_recall: float | None = None
    generator_citation_precision: float | None = None


class ClaimVerdict(BaseModel):
    claim: Claim
    label: SupportLabel
    support: float  # P(supported) in [0, 1]
    # True once a verifier that judges support judged the claim; False before, and again when
    # such a verifier failed (the claim is then unsupported with support 0 and a note says why).
    judged: bool = False
    best_passage_id: str | None = None
    best_sentence: str | None = None
    cited_passage_ids: list[str] = Field(default_factory=list)
    invalid_citations: list[int] = Field(default_factory=list)
    citation_added_by_guard: bool = False
    hallucination_type: HallucinationType | None = None
    type_evidence: str | None = None  # why the hallucination type was chosen
    note: str | None = None  # why the claim was not judged, when it was not
    scores: ClaimScores = Field(default_factory=ClaimScores)
    # The evidence units the claim was checked against, best first (filled by the fact layer).
    evidence: list[EvidenceUnit] = Field(default_factory=list)
    # The slot on which claim and evidence disagree, or that no evidence has.
    mismatch: SlotMismatch | None = None
    # How a value was derived from the evidence ("10 ml x 4 doses = 40 ml"), when it was.
    inference: str | None = None
    # The fact layer's own label (None until the support judge ran): supported or inferred means
    # every number, date and name of the claim was found bound the same way in an evidence unit;
    # abstain means it had nothing to compare, so a supported label rests on the embedding score.
    facts: FactLabel | None = None
    # The rule that decided a label other than supported: a fact-layer check ("quantity.differs",
    # guard.facts.rules.FactRule) or the judge's own ("judge.below_threshold", verdict.JudgeRule).
    rule: str | None = None
    # Named scores of third-party verifiers (guard.verifiers.register_verifier); built-ins use scores.
    extra: dict[str, float] = Field(default_factory=dict)


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
    # The verified passages' ids in citation order: citation n names passage_ids[n-1].
    passage_ids: list[str] = Field(default_factory=list)
    faithfulness: float = 1.0
    citation_recall: float | None = None
    citation_precision: float | None = None
    invalid_citations: list[int] = Field(default_factory=list)
    hallucination_probability: float | None = None
    failures: list[VerifierFailure] = Field(default_factory=list)
    verifiers: list[str] = Field(default_factory=list)
    # The verifiers that ran to completion, in order (a failed one is in failures instead).
    completed: list[str] = Field(default_factory=list)
    timings: dict[str, float] = Field(default_factory=dict)  # milliseconds per step
    # The answer is the refusal sentence (only known when the input named it).
    is_refusal: bool = False
    scores: ResponseScores = Field(default_factory=ResponseScores)
    # Named response-level scores of third-party verifiers; built-ins use scores.
    extra: dict[str, float] = Field(default_factory=dict)
    # Set by the egc verifier.
    egc: EGCReport | None = None
    # What a verifier could not do and why, when that is not a failure (e.g. no routes to compare).
    notes: list[str] = Field(default_factory=list)
    # Set after every verifier ran (guard.verifiers.spans): offsets into the verified answer
    # (in the pipeline, GuardedResponse.draft), sorted, non-overlapping within a granularity.
    unsupported_spans: list[UnsupportedSpan] = Field(default_factory=list)
    # Instruction-like passage text ("ignore previous instructions", fake delimiters): never
    # evidence; the policy's prompt_injection action applies (set by the support verifier).
    injections: list[InjectionWarning] = Field(default_factory=list)


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

    # Normalised once here, whichever path built the input: see guard.verifiers.text_input.
    @field_validator("question", "answer")
    @classmethod
    def _scalar(cls, value: str) -> str:
        return scalar_text(value)

    @field_validator("passages")
    @classmethod
    def _scalar_passages(cls, passages: list[Passage]) -> list[Passage]:
        return [_scalar_passage(p) for p in passages]

    @field_validator("route_passages")
    @classmethod
    def _scalar_routes(cls, routes: dict[str, list[Passage]] | None) -> dict[str, list[Passage]] | None:
        if routes is None:
            return None
        return {name: [_scalar_passage(p) for p in passages] for name, passages in routes.items()}


def _scalar_passage(passage: Passage) -> Passage:
    text = scalar_text(passage.text)
    return passage if text == passage.text else passage.model_copy(update={"text": text})


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
