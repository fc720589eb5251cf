"""EGC: graph edges, the five features, edge cases, the detector artifact, the verifier."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from guard.errors import ModelError
from guard.verifiers import egc, registry
from guard.verifiers.egc import (
    FEATURES,
    EGCDetector,
    build_graph,
    claim_token_count,
    egc_graph_json,
    graph_features,
    is_claim_node,
    load_detector,
    report_from_vectors,
)
from guard.verifiers.stage import run_verification
from guard.verifiers.types import EGCFeatures, EGCReport, VerificationInput
from retrievers.types import Passage


def at(degrees: float) -> np.ndarray:
    """A unit vector in the x-y plane (cosine between two = cos of the angle between them)."""
    rad = math.radians(degrees)
    return np.array([math.cos(rad), math.sin(rad), 0.0])


Z = np.array([0.0, 0.0, 1.0])  # orthogonal to every vector in the plane


@pytest.fixture
def worked_example():
    """q at 0 deg; passages at 30, 80, 250; claims at 40, z, 140, 260 (tau = 0.4 is about 66 deg).

    Edges: Q-e0; e0-e1 (50 deg); e0-c0, e1-c0, e1-c2, e2-c3; c1 isolated. c3 hangs on e2,
    which nothing joins to the question.
    """
    q = at(0)
    evidence = np.stack([at(30), at(80), at(250)])
    claims = np.stack([at(40), Z, at(140), at(260)])
    return build_graph(q, evidence, claims, evidence_refs=["a", "b", "c"], claim_refs=["0", "1", "2", "3"])


def edges_of(graph, kind):
    return {frozenset((a, b)) for a, b, d in graph.edges(data=True) if d["kind"] == kind}


def test_edges_follow_the_threshold(worked_example):
    assert edges_of(worked_example, "QE") == {frozenset(("q", "e0"))}
    assert edges_of(worked_example, "EE") == {frozenset(("e0", "e1"))}
    assert edges_of(worked_example, "EC") == {
        frozenset(p) for p in [("e0", "c0"), ("e1", "c0"), ("e1", "c2"), ("e2", "c3")]
    }
    assert worked_example.degree("c1") == 0


def test_five_features_of_the_worked_example(worked_example):
    f = graph_features(worked_example)
    assert f.cov == pytest.approx(3 / 4)
    assert f.sup == pytest.approx((2 / 3 + 0 + 1 / 3 + 1 / 3) / 4)
    assert f.agr == pytest.approx(math.cos(math.radians(50)))
    assert f.conn == pytest.approx(2 / 4)  # c0 and c2 (through e1-e0-q), not c3
    assert f.iso == pytest.approx(1 - f.cov)


def test_threshold_is_inclusive():
    q = np.array([1.0, 0.0])
    on_tau = np.array([[0.4, math.sqrt(1 - 0.16)]])
    graph = build_graph(q, on_tau, np.zeros((0, 2)))
    assert edges_of(graph, "QE") == {frozenset(("q", "e0"))}


def test_claims_never_link_to_the_question_or_each_other():
    q = at(0)
    graph = build_graph(q, np.stack([at(90)]), np.stack([q, q, at(90)]))
    for a, b, kind in graph.edges(data="kind"):
        assert kind == "EC" and {a, b} & {"e0"}
    assert graph.degree("c0") == 0 and graph.degree("c1") == 0  # identical to q, still unlinked
    assert graph_features(graph).conn == 0.0


def test_agreement_is_zero_without_evidence_links():
    graph = build_graph(at(0), np.stack([at(10), at(200)]), np.stack([at(15)]))
    assert edges_of(graph, "EE") == set()
    assert graph_features(graph).agr == 0.0


def test_no_passages_means_every_claim_isolated():
    report = report_from_vectors(at(0), np.zeros((0, 3)), np.stack([at(0), at(45)]), claim_refs=[3, 5])
    assert report.defined
    assert report.features == EGCFeatures(cov=0.0, sup=0.0, agr=0.0, conn=0.0, iso=1.0)
    assert report.isolated_claims == [3, 5]


def test_no_long_claim_leaves_the_features_undefined():
    detector = load_detector()
    report = report_from_vectors(at(0), np.stack([at(10)]), np.zeros((0, 3)), detector=detector)
    assert not report.defined
    assert report.features is None and report.score is None and report.probability is None


def test_report_keeps_the_graph_for_inspection(worked_example):
    report = report_from_vectors(
        at(0), np.stack([at(30), at(80), at(250)]), np.stack([at(40), Z, at(140), at(260)]),
        evidence_refs=["a", "b", "c"], claim_refs=[0, 1, 2, 3],
    )
    data = json.loads(json.dumps(egc_graph_json(report)))
    assert {n["id"] for n in data["nodes"]} == {"q", "e0", "e1", "e2", "c0", "c1", "c2", "c3"}
    assert len(data["edges"]) == worked_example.number_of_edges() == 6
    assert report.isolated_claims == [1]
    assert graph_features(EGCReport.model_validate_json(report.model_dump_json()).graph()) == report.features


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("The tower is 330 metres tall.", 6),
        ("Yes , it is - really !", 4),
        ("  spaced   out\n words ", 3),
        ("It opened in 1889, (as the entrance arch) to the 1889 World's Fair.", 14),  # World + 's
    ],
)
def test_tokens_exclude_punctuation_and_space(text, tokens):
    assert claim_token_count(text) == tokens


def test_claim_nodes_need_more_than_ten_tokens():
    ten = "one two three four five six seven eight nine ten."
    assert claim_token_count(ten) == 10 and not is_claim_node(ten)
    assert is_claim_node(ten[:-1] + " eleven.")


# --- detector ---------------------------------------------------------------------------------------


def test_committed_detector_loads_and_scores():
    detector = load_detector()
    assert tuple(detector.features) == FEATURES
    assert detector.trained_on.get("split") == "train minus dev"
    grounded = EGCFeatures(cov=1.0, sup=1.0, agr=0.8, conn=1.0, iso=0.0)
    isolated = EGCFeatures(cov=0.0, sup=0.0, agr=0.0, conn=0.0, iso=1.0)
    assert detector.score(grounded) > detector.score(isolated)
    for features in (grounded, isolated):
        assert 0.0 < detector.probability(features) < 1.0


def test_detector_math_is_standardised_logistic_regression():
    detector = EGCDetector(
        features=list(FEATURES), mean=[0.5] * 5, scale=[0.25] * 5, coef=[1.0, 0, 0, 0, -1.0],
        intercept=0.5, threshold=0.5, tau=0.4, min_claim_tokens=10,
    )
    f = EGCFeatures(cov=0.75, sup=0.5, agr=0.5, conn=0.5, iso=0.25)  # z = [1, 0, 0, 0, -1]
    assert detector.probability(f) == pytest.approx(1 / (1 + math.exp(-(1 + 1 + 0.5))))
    assert detector.score(f) == pytest.approx((1 + 0 + 0 + 0 + 1) / 5)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "missing: train it with `ragguard train egc --out PATH`"),
        ("{not json", "malformed"),
        ('{"features": ["cov"]}', "malformed"),
    ],
)
def test_bad_detector_artifact_fails_loudly(tmp_path, content, message):
    path = tmp_path / "egc_detector.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(ModelError, match=message):
        load_detector(path)


# --- the verifier -----------------------------------------------------------------------------------


class TableEmbedder:
    """Vectors looked up by text, so a test decides every similarity."""

    def __init__(self, table: dict[str, np.ndarray]):
        self.table = table
        self.calls = 0

    def encode(self, texts):
        self.calls += 1
        return np.stack([self.table[t] for t in texts]).astype(np.float32)


LONG_GROUNDED = "The Eiffel Tower was completed in 1889 as the entrance arch to the World's Fair."
LONG_ISOLATED = "Its architect later designed a famous bridge across the harbour of Sydney in Australia."
SHORT = "It is tall."


@pytest.fixture
def table_embedder(monkeypatch):
    embedder = TableEmbedder({
        "When was the Eiffel Tower built?": at(0),
        "Passage about the tower.": at(20),
        "Passage about Paris.": at(60),
        LONG_GROUNDED: at(25),
        LONG_ISOLATED: Z,
        SHORT: at(20),
    })
    monkeypatch.setattr("retrievers.embedder.get_embedder", lambda: embedder)
    return embedder


def egc_input(answer: str, passages=("Passage about the tower.", "Passage about Paris.")) -> VerificationInput:
    return VerificationInput(
        question="When was the Eiffel Tower built?",
        passages=[Passage(id=f"p{i}", text=t) for i, t in enumerate(passages, start=1)],
        answer=answer,
    )


@pytest.mark.slow  # claims need the spaCy pipeline
def test_verifier_writes_report_scores_and_isolation(table_embedder):
    report = run_verification(egc_input(f"{LONG_GROUNDED} [1] {SHORT} {LONG_ISOLATED}"), ["egc"])
    assert table_embedder.calls == 1  # one batched call for every node
    assert not report.failures
    egc_report = report.egc
    assert egc_report.defined and egc_report.isolated_claims == [2]
    assert [n.ref for n in egc_report.nodes if n.kind == "evidence"] == ["p1", "p2"]
    isolated = [v.scores.egc_isolated for v in report.claims]
    assert isolated == [False, None, True]  # the short claim is no node and gets no score
    assert egc_report.features.cov == pytest.approx(0.5)
    assert report.scores.egc_probability == pytest.approx(egc_report.probability)
    assert report.scores.egc_score == pytest.approx(egc_report.score)
    assert egc_report.threshold == load_detector().threshold
    assert all(v.label.value == "unsupported" for v in report.claims)  # EGC does not judge support


@pytest.mark.slow
def test_verifier_abstains_on_short_answers(table_embedder):
    report = run_verification(egc_input(SHORT), ["egc"])
    assert not report.failures and report.egc is not None and not report.egc.defined
    assert report.egc.probability is None
    assert report.scores.egc_score is None and report.scores.egc_probability is None
    assert report.claims[0].scores.egc_isolated is None
    assert any("abstains" in note for note in report.notes)


@pytest.mark.slow
def test_verifier_without_passages_isolates_every_claim(table_embedder):
    report = run_verification(egc_input(f"{LONG_GROUNDED} {LONG_ISOLATED}", passages=()), ["egc"])
    assert report.egc.features.iso == 1.0 and report.egc.features.sup == 0.0
    assert [v.scores.egc_isolated for v in report.claims] == [True, True]
    assert report.egc.probability is not None


@pytest.mark.slow
def test_missing_artifact_is_a_recorded_failure_not_a_silent_pass(table_embedder, monkeypatch, tmp_path):
    absent = tmp_path / "absent.json"
    monkeypatch.setitem(registry._registered, "egc", lambda: egc.EGCVerifier(detector_path=absent))
    report = run_verification(egc_input(LONG_GROUNDED), ["egc"])
    assert report.egc is None
    assert [f.verifier for f in report.failures] == ["egc"]
    assert "ragguard train egc" in report.failures[0].message


@pytest.mark.slow
def test_real_embedder_links_a_restatement_and_isolates_an_unrelated_claim():
    from guard.verifiers import verify

    report = verify(
        question="When was the Eiffel Tower completed?",
        contexts=[
            "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 as the "
            "entrance arch to the 1889 World's Fair and is 330 metres tall.",
        ],
        answer=(
            "The Eiffel Tower in Paris was completed in 1889 as the entrance arch to the World's Fair. "
            "My favourite recipe for banana bread uses three ripe bananas, butter and a cup of sugar."
        ),
        verifiers=["egc"],
    )
    assert report.egc.isolated_claims == [1]
    assert [v.scores.egc_isolated for v in report.claims] == [False, True]
    assert report.egc.features.conn == pytest.approx(0.5)
