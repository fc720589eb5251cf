"""Multi-route cross-validation: HR(c) from the stage's judge over each route's passages."""

from __future__ import annotations

import pytest

from guard.decide import decide
from guard.policy import AutoCitationSettings, Condition, load_policy
from guard.verifiers import registry
from guard.verifiers.cross_route import NO_ROUTES_NOTE
from guard.verifiers.stage import run_verification
from guard.verifiers.types import VerificationInput, VerifyThresholds
from retrievers.types import GateResult, Passage, RetrievalResult

pytestmark = pytest.mark.slow  # claims need the spaCy pipeline

P1 = Passage(id="p1", text="The tower was completed in 1889.")
P2 = Passage(id="p2", text="The tower is in Paris.")
P3 = Passage(id="p3", text="The tower is 330 metres tall.")
CLAIM_A = "The tower was completed in 1889."
CLAIM_B = "It is 330 metres tall."
CLAIM_C = "It is painted blue."
NO_AUTOCITE = AutoCitationSettings(enabled=False)
# Support of each claim by each passage, as a judge (the grounding model, say) would give it.
TABLE = {(CLAIM_A, P1.text): 0.9, (CLAIM_A, P2.text): 0.3, (CLAIM_B, P3.text): 0.8}


class TableJudge:
    def __init__(self):
        self.calls: list[tuple[str, str]] = []

    def __call__(self, claim: str, evidence: str) -> float:
        self.calls.append((claim, evidence))
        return TABLE.get((claim, evidence), 0.0)


@pytest.fixture
def judge(monkeypatch):
    """A verifier that plugs a judge into the stage, as the grounding model will."""
    table = TableJudge()

    class PlugJudge:
        name = "plug_judge"
        judges_support = False

        def run(self, inp, state):
            state.judge = table

    monkeypatch.setitem(registry._registered, "plug_judge", PlugJudge)
    return table


ROUTES = {
    "bm25": [P1, P2],
    "dense": [P2, P1],
    "bm25@rewrite1": [P3],
    "dense@rewrite1": [],  # found none of the kept passages: a route that backs nothing
}


def run(routes, support=0.5, answer=f"{CLAIM_A} {CLAIM_B} {CLAIM_C}"):
    inp = VerificationInput(question="Tell me about the tower.", passages=[P1, P2, P3], answer=answer,
                            route_passages=routes)
    return run_verification(inp, ["plug_judge", "cross_route"], VerifyThresholds(support=support))


def test_hit_rate_is_the_share_of_routes_whose_best_passage_supports_the_claim(judge):
    report = run(ROUTES)
    assert not report.failures
    rates = [v.scores.hit_rate for v in report.claims]
    assert rates == [2 / 4, 1 / 4, 0.0]
    assert [v.scores.routes_hit for v in report.claims] == [2, 1, 0]
    assert report.scores.routes == 4
    assert report.scores.hit_rate_mean == pytest.approx((2 / 4 + 1 / 4) / 3)


def test_tau_is_the_support_threshold(judge):
    report = run(ROUTES, support=0.85)
    assert [v.scores.hit_rate for v in report.claims] == [2 / 4, 0.0, 0.0]


def test_each_passage_is_judged_once_per_claim(judge):
    run(ROUTES)
    assert len(judge.calls) == len(set(judge.calls)) == 3 * 3  # 3 claims x 3 distinct passages


def test_without_routes_no_hit_rate_is_invented(judge):
    report = run(None)
    assert not report.failures
    assert all(v.scores.hit_rate is None for v in report.claims)
    assert report.scores.hit_rate_mean is None
    assert NO_ROUTES_NOTE in report.notes
    policy = load_policy("default").model_copy(
        update={"thresholds": load_policy("default").thresholds.model_copy(update={"min_hit_rate": 0.5})}
    )
    gate = GateResult(passed=True, relevance=0.9, threshold=0.5, attempts=1, queries=["q"])
    assert Condition.verifier_error in decide(report, gate, policy).conditions


def test_low_hit_rate_reaches_the_policy(judge):
    report = run(ROUTES)
    base = load_policy("default")
    policy = base.model_copy(update={"thresholds": base.thresholds.model_copy(update={"min_hit_rate": 0.5})})
    gate = GateResult(passed=True, relevance=0.9, threshold=0.5, attempts=1, queries=["q"])
    low = [r.claim_index for r in decide(report, gate, policy).reasons if r.condition is Condition.low_hit_rate]
    assert low == [1, 2]


def test_pipeline_passes_each_routes_passages(judge):
    from guard.pipeline import verify_draft

    retrieval = RetrievalResult(
        query="Tell me about the tower.",
        passages=[P1, P2, P3],
        gate=GateResult(passed=True, relevance=0.9, threshold=0.5, attempts=2, queries=["q", "q2"]),
        route_passages={"bm25": ["p1", "p2"], "dense": ["p2", "p1"], "bm25@rewrite1": ["p3"], "dense@rewrite1": []},
    )
    policy = load_policy("default").model_copy(
        update={"verifiers": ["plug_judge", "cross_route"], "auto_citation": NO_AUTOCITE}
    )
    _, report = verify_draft(retrieval.query, f"{CLAIM_A} {CLAIM_B} {CLAIM_C}", retrieval, policy, None)
    assert [v.scores.hit_rate for v in report.claims] == [2 / 4, 1 / 4, 0.0]


def test_real_retrieval_routes_feed_the_default_judge():
    """End to end on a small index: BM25 and dense routes, the embedding judge, no fakes."""
    from guard.pipeline import verify_draft
    from retrievers.knowledge_base import KnowledgeBase

    passages = [
        Passage(id="eiffel", text="The Eiffel Tower in Paris was completed in 1889 for the World's Fair."),
        Passage(id="louvre", text="The Louvre museum in Paris opened in 1793 with 537 paintings."),
        Passage(id="seine", text="The Seine river flows through Paris into the English Channel."),
    ]
    kb = KnowledgeBase.from_passages(passages)
    policy = load_policy("default").model_copy(
        update={"verifiers": ["support", "cross_route"], "auto_citation": NO_AUTOCITE}
    )
    retrieval = kb.retrieve("When was the Eiffel Tower completed?",
                            policy.retrieval.model_copy(update={"k": 3, "max_rewrites": 0}))
    assert set(retrieval.route_passages) == {"bm25", "dense"}
    _, report = verify_draft(retrieval.query, "The Eiffel Tower was completed in 1889 for the World's Fair.",
                             retrieval, policy, None)
    assert report.scores.routes == 2
    assert report.claims[0].scores.hit_rate == 1.0
