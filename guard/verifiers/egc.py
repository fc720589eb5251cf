"""EGC: Evidence Graph Consistency (METHODS.md section 5, after seed 000).

Per response, an undirected graph over one question node ``q``, one evidence
node per passage and one claim node per answer sentence longer than
``MIN_CLAIM_TOKENS`` tokens. Every node is embedded with all-MiniLM-L6-v2 in one
batched call; with cosine similarity and ``TAU = 0.4``, edges are Q-E when
sim(q, e) >= tau, E-C when sim(e, c) >= tau and E-E when sim(e, e') >= tau.
Claims never link to ``q`` or to each other. Five features follow
(:class:`~guard.verifiers.types.EGCFeatures`): cov, sup, agr, conn, iso.

Choices the paper leaves open, ours:

- claims are the stage's claims (:func:`guard.verifiers.claims.extract_claims`:
  spaCy sentences, every line break also ends one, citation markers removed);
- a *token* is a spaCy English tokenizer token that is neither punctuation nor
  whitespace ("longer than ten tokens" = at least 11 such tokens), so "[1]" or a
  trailing full stop never makes a sentence long enough;
- passages and claims are embedded as whole texts, truncated by the embedder at
  256 word pieces (sentence-transformers' default for this model);
- no claim long enough: the features are undefined (``defined=False``, all None)
  and the detector abstains; short answers are not evidence of anything;
- no passages but long claims: defined, with every claim isolated: cov = sup =
  conn = agr = 0, iso = 1 (sup's 0/0 read as 0): nothing backs any claim;
- composite EGC score (the paper's formula is missing from our copy): the mean
  of the standardised cov, sup, agr, conn and -iso, with means and scales from
  RAGTruth train minus dev (the detector's own scaler). Higher = more
  consistent; Delta_m = mean score(grounded) - mean score(hallucinated).

The detector (standardise, balanced logistic regression, threshold by F1 on
train) lives in ``egc_detector.json``, made by ``ragguard train egc``.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx
import numpy as np
from pydantic import BaseModel, Field

from guard.errors import ModelError
from guard.verifiers.artifacts import load_artifact
from guard.verifiers.types import EGCEdge, EGCFeatures, EGCNode, EGCReport

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationState
    from guard.verifiers.types import VerificationInput

__all__ = [
    "DETECTOR_PATH",
    "FEATURES",
    "MIN_CLAIM_TOKENS",
    "TAU",
    "EGCDetector",
    "EGCVerifier",
    "assess_egc",
    "build_graph",
    "claim_token_count",
    "egc_graph_json",
    "graph_features",
    "is_claim_node",
    "load_detector",
    "report_from_vectors",
]

TAU = 0.4
MIN_CLAIM_TOKENS = 10  # a claim node needs MORE tokens than this
FEATURES = ("cov", "sup", "agr", "conn", "iso")
DETECTOR_PATH = Path(__file__).with_name("egc_detector.json")
TRAIN_COMMAND = "ragguard train egc --out PATH"
_QUESTION = "q"

_tokenizer_lock = threading.Lock()
_tokenizer = None


def _english_tokenizer():
    global _tokenizer
    with _tokenizer_lock:
        if _tokenizer is None:
            import spacy

            _tokenizer = spacy.blank("en").tokenizer  # the same rules as the trained English pipeline
    return _tokenizer


@lru_cache(maxsize=8_192)  # the same claim text is asked again (160 dev QA responses: 1,490 calls, 1,168 texts)
def claim_token_count(text: str) -> int:
    """spaCy tokens of ``text`` that are neither punctuation nor whitespace."""
    return sum(1 for token in _english_tokenizer()(text) if not (token.is_punct or token.is_space))


def is_claim_node(text: str) -> bool:
    """True when the sentence is long enough to be a claim node (more than ten tokens)."""
    return claim_token_count(text) > MIN_CLAIM_TOKENS


# --- graph and features ---------------------------------------------------------------------------


def build_graph(
    question_vec: np.ndarray,
    evidence_vecs: np.ndarray,
    claim_vecs: np.ndarray,
    *,
    tau: float = TAU,
    evidence_refs: Sequence[str] | None = None,
    claim_refs: Sequence[str] | None = None,
) -> nx.Graph:
    """The evidence graph from unit vectors (inner product = cosine).

    Nodes are ``"q"``, ``"e<i>"`` and ``"c<j>"`` with attributes ``kind`` and ``ref``
    (passage id / claim index, when given); edges carry ``kind`` and ``similarity``.
    """
    n_e, n_c = len(evidence_vecs), len(claim_vecs)
    e_refs = list(evidence_refs) if evidence_refs is not None else [str(i) for i in range(n_e)]
    c_refs = list(claim_refs) if claim_refs is not None else [str(j) for j in range(n_c)]
    e_ids, c_ids = [f"e{i}" for i in range(n_e)], [f"c{r}" for r in c_refs]
    graph = nx.Graph()
    graph.add_node(_QUESTION, kind="question", ref=None)
    graph.add_nodes_from((node, {"kind": "evidence", "ref": ref}) for node, ref in zip(e_ids, e_refs))
    graph.add_nodes_from((node, {"kind": "claim", "ref": ref}) for node, ref in zip(c_ids, c_refs))
    if n_e == 0:
        return graph
    q_sims = evidence_vecs @ question_vec
    _add_edges(graph, "QE", [(_QUESTION, e_ids[i], q_sims[i]) for i in range(n_e)], tau)
    if n_c:
        ec = evidence_vecs @ claim_vecs.T
        _add_edges(graph, "EC", [(e_ids[i], c_ids[j], ec[i, j]) for i in range(n_e) for j in range(n_c)], tau)
    ee = evidence_vecs @ evidence_vecs.T
    _add_edges(graph, "EE", [(e_ids[i], e_ids[k], ee[i, k]) for i in range(n_e) for k in range(i + 1, n_e)], tau)
    return graph


def _add_edges(graph: nx.Graph, kind: str, candidates, tau: float) -> None:
    graph.add_edges_from((a, b, {"kind": kind, "similarity": float(s)}) for a, b, s in candidates if s >= tau)


def _nodes_of(graph: nx.Graph, kind: str) -> list[str]:
    return [node for node, data in graph.nodes(data=True) if data["kind"] == kind]


def graph_features(graph: nx.Graph) -> EGCFeatures | None:
    """cov, sup, agr, conn, iso of ``graph``; None when it has no claim node."""
    claims, n_evidence = _nodes_of(graph, "claim"), len(_nodes_of(graph, "evidence"))
    if not claims:
        return None
    backed = [sum(graph.nodes[m]["kind"] == "evidence" for m in graph.neighbors(c)) for c in claims]
    ee = [d["similarity"] for _, _, d in graph.edges(data=True) if d["kind"] == "EE"]
    reachable = nx.node_connected_component(graph, _QUESTION)
    n = len(claims)
    return EGCFeatures(
        cov=sum(b > 0 for b in backed) / n,
        sup=sum(b / n_evidence for b in backed) / n if n_evidence else 0.0,
        agr=float(np.mean(ee)) if ee else 0.0,
        conn=sum(c in reachable for c in claims) / n,
        iso=sum(graph.degree(c) == 0 for c in claims) / n,
    )


def egc_graph_json(report_or_graph: EGCReport | nx.Graph) -> dict:
    """Node-link JSON (``networkx.node_link_data``, key ``edges``) of a report's graph."""
    graph = report_or_graph.graph() if isinstance(report_or_graph, EGCReport) else report_or_graph
    return nx.node_link_data(graph, edges="edges")


# --- detector --------------------------------------------------------------------------------------


class EGCDetector(BaseModel):
    """Standardise, then logistic regression; the artifact ``egc_detector.json`` holds it."""

    features: list[str]
    mean: list[float] = Field(min_length=5, max_length=5)
    scale: list[float] = Field(min_length=5, max_length=5)
    coef: list[float] = Field(min_length=5, max_length=5)
    intercept: float
    threshold: float = Field(ge=0.0, le=1.0)
    tau: float
    min_claim_tokens: int
    trained_on: dict[str, object] = Field(default_factory=dict)
    command: str = ""

    def standardised(self, features: EGCFeatures) -> np.ndarray:
        values = np.array([getattr(features, name) for name in self.features], dtype=np.float64)
        return (values - np.array(self.mean)) / np.array(self.scale)

    def probability(self, features: EGCFeatures) -> float:
        """P(hallucinated | features)."""
        logit = float(self.standardised(features) @ np.array(self.coef) + self.intercept)
        return 1.0 / (1.0 + math.exp(-logit))

    def score(self, features: EGCFeatures) -> float:
        """The composite EGC score: mean of standardised cov, sup, agr, conn and -iso."""
        z = dict(zip(self.features, self.standardised(features), strict=True))
        return float(np.mean([z["cov"], z["sup"], z["agr"], z["conn"], -z["iso"]]))


def load_detector(path: str | Path = DETECTOR_PATH) -> EGCDetector:
    """The fitted detector; a missing or malformed artifact is a :class:`ModelError`."""
    detector = load_artifact(path, EGCDetector, what="EGC detector", command=TRAIN_COMMAND).value
    if tuple(detector.features) != FEATURES:
        raise ModelError(f"EGC detector {path} has features {detector.features}, expected {list(FEATURES)}.")
    if detector.tau != TAU or detector.min_claim_tokens != MIN_CLAIM_TOKENS:
        raise ModelError(
            f"EGC detector {path} was trained with tau={detector.tau}, min_claim_tokens="
            f"{detector.min_claim_tokens}; this code uses {TAU}, {MIN_CLAIM_TOKENS}: retrain it."
        )
    return detector


# --- one response -----------------------------------------------------------------------------------


def report_from_vectors(
    question_vec: np.ndarray,
    evidence_vecs: np.ndarray,
    claim_vecs: np.ndarray,
    *,
    evidence_refs: Sequence[str] | None = None,
    claim_refs: Sequence[int] | None = None,
    detector: EGCDetector | None = None,
    tau: float = TAU,
) -> EGCReport:
    """The EGC report from embedded nodes; without a detector, score and probability stay None."""
    refs = [str(r) for r in (claim_refs if claim_refs is not None else range(len(claim_vecs)))]
    graph = build_graph(
        question_vec, evidence_vecs, claim_vecs, tau=tau, evidence_refs=evidence_refs, claim_refs=refs
    )
    features = graph_features(graph)
    report = EGCReport(
        defined=features is not None,
        tau=tau,
        features=features,
        nodes=[EGCNode(id=n, kind=d["kind"], ref=d["ref"]) for n, d in graph.nodes(data=True)],
        edges=[EGCEdge(source=a, target=b, kind=d["kind"], similarity=d["similarity"])
               for a, b, d in graph.edges(data=True)],
        isolated_claims=[int(d["ref"]) for n, d in graph.nodes(data=True)
                         if d["kind"] == "claim" and graph.degree(n) == 0],
    )
    if features is not None and detector is not None:
        report.score = detector.score(features)
        report.probability = detector.probability(features)
        report.threshold = detector.threshold
    return report


def assess_egc(
    question: str,
    passages: Sequence[str],
    claims: Sequence[tuple[int, str]],
    *,
    evidence_refs: Sequence[str] | None = None,
    detector: EGCDetector | None = None,
    embedder=None,
) -> EGCReport:
    """EGC of one response. ``claims``: (claim index, text) pairs; short ones are dropped here."""
    nodes = [(index, text) for index, text in claims if is_claim_node(text)]
    if embedder is None:  # the process-wide one: support has embedded the claims already
        from guard.content_cache import shared_embedder

        embedder = shared_embedder()
    vectors = embedder.encode([question, *passages, *(text for _, text in nodes)])
    n_e = len(passages)
    return report_from_vectors(
        vectors[0],
        vectors[1 : 1 + n_e],
        vectors[1 + n_e :],
        evidence_refs=evidence_refs,
        claim_refs=[index for index, _ in nodes],
        detector=detector,
    )


class EGCVerifier:
    """Evidence-graph consistency: ``Verification.egc``, the EGC scores, per-claim isolation.

    Writes ``ClaimVerdict.scores.egc_isolated`` on claims long enough to be graph nodes,
    nothing on shorter ones, and ``Verification.scores.egc_score`` / ``egc_probability``
    when the graph is defined. Does not judge support: its failure leaves the claims'
    verdicts as they are.
    """

    name = "egc"
    judges_support = False
    requires: tuple[str, ...] = ()

    def __init__(self, detector_path: str | Path | None = None) -> None:
        self.detector_path = Path(detector_path) if detector_path is not None else None

    def prepare(self) -> None:
        """Load the embedder and the tokenizer now, not inside a request's deadline."""
        from retrievers.embedder import get_embedder

        get_embedder()
        _english_tokenizer()

    def begin(self, inp: VerificationInput) -> None:
        """Embed the question and the passages in the background while the request's other
        work runs (they depend on nothing else); :meth:`run` then finds their vectors."""
        from guard.content_cache import embed_in_background

        embed_in_background([inp.question, *(p.text for p in inp.passages)])

    def run(self, inp: VerificationInput, state: VerificationState) -> None:
        detector = load_detector(self.detector_path or DETECTOR_PATH)
        verdicts = state.report.claims
        report = assess_egc(
            inp.question,
            [p.text for p in inp.passages],
            [(v.claim.index, v.claim.text) for v in verdicts],
            evidence_refs=[p.id for p in inp.passages],
            detector=detector,
        )
        nodes = {int(n.ref) for n in report.nodes if n.kind == "claim" and n.ref is not None}
        isolated = set(report.isolated_claims)
        for verdict in verdicts:
            if verdict.claim.index in nodes:
                verdict.scores.egc_isolated = verdict.claim.index in isolated
        state.report.egc = report
        state.report.scores.egc_score, state.report.scores.egc_probability = report.score, report.probability
        if not report.defined:
            state.report.notes.append(
                f"egc: no claim longer than {MIN_CLAIM_TOKENS} tokens, so no graph features; "
                "the EGC detector abstains"
            )
