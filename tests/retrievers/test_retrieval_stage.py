"""The retrieval stage on a real index: fusion output, the gate, rewrites, add, search."""

from __future__ import annotations

import pytest

from guard.errors import ConfigError, InputError, ModelError
from retrievers.config import RetrievalConfig
from retrievers.gate import GateFeatures, RelevanceGate
from retrievers.knowledge_base import KnowledgeBase
from retrievers.rewriting import ExpansionRewriter, QueryRewriter

pytestmark = pytest.mark.slow  # loads the embedder


class ScriptedRewriter:
    def __init__(self, answers):
        self.answers = answers
        self.calls = []

    def rewrite(self, query: str, attempt: int) -> str:
        self.calls.append((query, attempt))
        return self.answers[attempt - 1]


class FailingRewriter:
    def rewrite(self, query: str, attempt: int) -> str:
        raise ModelError("the rewrite model is down")


def test_retrieve_returns_fused_passages_with_route_hits(kb):
    result = kb.retrieve("How much aspirin may adults take per day?", RetrievalConfig(k=3))
    top = result.passages[0]
    assert top.title == "Aspirin guide > Dosage"
    assert set(top.routes) == {"bm25", "dense"}
    assert top.routes["bm25"].rank >= 1 and top.routes["dense"].rank >= 1
    assert [p.score for p in result.passages] == sorted((p.score for p in result.passages), reverse=True)
    assert result.route_passages["bm25"][0] == top.id or result.route_passages["dense"][0] == top.id
    assert {"bm25_ms", "dense_ms", "gate_ms", "total_ms"} <= set(result.timings)


def test_gate_passes_an_answerable_question_on_the_first_try(kb):
    result = kb.retrieve("How tall is the Eiffel Tower in Paris?", RetrievalConfig(k=2))
    assert result.gate.passed and result.gate.attempts == 1
    assert result.gate.queries == ["How tall is the Eiffel Tower in Paris?"]
    assert 0.5 <= result.gate.relevance <= 1.0
    assert len(result.passages) == 2


def test_gate_fails_an_off_topic_question_after_all_rewrites(kb):
    config = RetrievalConfig(k=2, max_rewrites=2, widen_factor=2)
    result = kb.retrieve("Who won the 1998 football world cup final?", config)
    assert not result.gate.passed
    assert result.gate.relevance < 0.5
    assert result.gate.attempts == len(result.gate.queries) >= 2
    assert result.gate.queries[1] == "won 1998 football world cup final"


def test_rewrites_widen_k_and_become_routes(kb):
    rewriter = ScriptedRewriter(["aspirin children", "tablet storage temperature"])
    config = RetrievalConfig(k=1, gate_threshold=1.0, max_rewrites=2, widen_factor=2)
    result = kb.retrieve("pain", config, rewriter=rewriter)
    assert rewriter.calls == [("pain", 1), ("pain", 2)]
    assert result.gate.attempts == 3 and not result.gate.passed
    assert result.gate.queries == ["pain", "aspirin children", "tablet storage temperature"]
    assert len(result.passages) == min(4, len(kb))  # k * widen_factor ** rewrites
    assert {"bm25@rewrite1", "dense@rewrite2"} <= set(result.route_passages)
    storage = next(p for p in result.passages if p.title.endswith("Storage"))
    assert "dense@rewrite2" in storage.routes
    for route, ids in result.route_passages.items():
        ranks = [next(p for p in result.passages if p.id == pid).routes[route].rank for pid in ids]
        assert ranks == sorted(ranks)


def test_threshold_zero_never_rewrites(kb):
    rewriter = ScriptedRewriter(["never used"])
    result = kb.retrieve("anything at all", RetrievalConfig(gate_threshold=0.0), rewriter=rewriter)
    assert result.gate.passed and result.gate.attempts == 1 and rewriter.calls == []


def test_failing_rewriter_stops_retries_and_keeps_the_gate_closed(kb):
    config = RetrievalConfig(gate_threshold=1.0, max_rewrites=3)
    result = kb.retrieve("aspirin", config, rewriter=FailingRewriter())
    assert not result.gate.passed and result.gate.attempts == 1


def test_repeated_rewrite_is_not_retried(kb):
    rewriter = ScriptedRewriter(["aspirin dose", "aspirin dose"])
    result = kb.retrieve("aspirin", RetrievalConfig(gate_threshold=1.0, max_rewrites=2), rewriter=rewriter)
    assert result.gate.queries == ["aspirin", "aspirin dose"]


def test_bm25_only_config_uses_its_own_gate_model(kb):
    result = kb.retrieve("Eiffel Tower height", RetrievalConfig(routes=["bm25"], max_rewrites=0))
    assert set(result.route_passages) == {"bm25"}
    assert all(set(p.routes) == {"bm25"} for p in result.passages)


def test_expansion_rewriter_is_deterministic_and_uses_corpus_words(kb):
    rewriter = ExpansionRewriter(kb.bm25, kb.row_text)
    assert isinstance(rewriter, QueryRewriter)
    assert rewriter.rewrite("What is the dose of aspirin for adults?", 1) == "dose aspirin adults"
    second = rewriter.rewrite("What is the dose of aspirin for adults?", 2)
    assert second == rewriter.rewrite("What is the dose of aspirin for adults?", 2)
    extra = second.split()[3:]
    assert len(extra) == 5 and all(kb.bm25.idf(w) < kb.bm25.idf("never-seen-word") for w in extra)


def test_search_without_gate_and_route_choice(kb):
    both = kb.search("museum in Paris", k=2)
    assert both[0].source == "places.jsonl#louvre"
    only_bm25 = kb.search("museum", k=5, routes=["bm25"])
    assert [p.source for p in only_bm25] == ["places.jsonl#louvre"]
    with pytest.raises(InputError, match="Unknown retrieval route"):
        kb.search("museum", routes=["sparse"])


@pytest.mark.parametrize("query", ["", "   \n", None])
def test_empty_query_is_an_input_error(kb, query):
    with pytest.raises(InputError, match="empty"):
        kb.retrieve(query)


def test_gate_probability_is_calibrated_and_monotone():
    gate = RelevanceGate.from_file()
    assert set(gate.models) == {"bm25+dense", "bm25", "dense"}
    weak = GateFeatures(dense_top1=0.2, bm25_top1=0.1, coverage=0.2, best_coverage=0.2)
    strong = GateFeatures(dense_top1=0.8, bm25_top1=0.6, coverage=1.0, best_coverage=1.0)
    for routes in ({"bm25", "dense"}, {"bm25"}, {"dense"}):
        low, high = gate.relevance(weak, routes), gate.relevance(strong, routes)
        assert 0.0 <= low < 0.5 < high <= 1.0
    with pytest.raises(ConfigError, match="no model for routes"):
        gate.relevance(strong, {"external"})


def test_add_documents_extends_the_index_and_skips_duplicates(docs_dir):
    kb = KnowledgeBase.from_directory(docs_dir, show_progress=False)
    size = len(kb)
    assert kb.add_directory(docs_dir, show_progress=False) == 0
    added = kb.add_documents([{"text": "Mount Everest is 8849 metres high.", "id": "everest"}], show_progress=False)
    assert added == 1 and len(kb) == size + 1
    assert kb.search("How high is Mount Everest?", k=1)[0].id == kb.store.passage(size).id


def test_from_texts_rejects_nothing_to_index():
    with pytest.raises(InputError):
        KnowledgeBase.from_texts([])
    with pytest.raises(InputError, match="knowledge base is empty"):
        KnowledgeBase().retrieve("anything")
