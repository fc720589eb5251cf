"""Recall sanity check on a slice of HotpotQA (the full figures: benchmarks/retrieval_recall.py)."""

from __future__ import annotations

import pytest
from retrieval_helpers import hotpotqa_rows

from retrievers.chunking import passage_id
from retrievers.config import RetrievalConfig
from retrievers.knowledge_base import KnowledgeBase
from retrievers.retrieval import search
from retrievers.types import Passage

pytestmark = pytest.mark.slow  # embeds ~200 paragraphs

N_QUESTIONS = 20


@pytest.fixture(scope="module")
def hotpot():
    rows = hotpotqa_rows(N_QUESTIONS)
    paragraphs = {}
    for row in rows:
        for para in row["context"]:
            paragraphs.setdefault(para["title"], "".join(para["sentences"]).strip())
    passages = [Passage(id=passage_id(t, "", x), text=x, source=t, title=t) for t, x in paragraphs.items()]
    questions = [(row["question"], {f["title"] for f in row["supporting_facts"]}) for row in rows]
    return KnowledgeBase.from_passages(passages), questions


def _recall(kb, questions, routes, k=10):
    config = RetrievalConfig(routes=routes)
    found = [len(gold & {p.title for p in search(kb, q, k, config=config)}) / len(gold) for q, gold in questions]
    return sum(found) / len(found)


def test_fused_recall_at_10_is_high_and_not_below_single_routes(hotpot):
    kb, questions = hotpot
    assert len(kb) > 150
    bm25, dense = _recall(kb, questions, ["bm25"]), _recall(kb, questions, ["dense"])
    fused = _recall(kb, questions, ["bm25", "dense"])
    assert bm25 >= 0.7 and dense >= 0.7
    assert fused >= 0.85
    assert fused >= max(bm25, dense) - 0.025  # at most one supporting paragraph lost out of 40


def test_gate_tells_answerable_from_unanswerable_on_most_questions(hotpot):
    kb, questions = hotpot
    # The calibrated score separates at 0.5 ("more likely answerable than not"); the default
    # threshold is lenient on purpose and must let nearly every answerable question through.
    config = RetrievalConfig(k=5, max_rewrites=0, gate_threshold=0.5)
    lenient = RetrievalConfig(k=5, max_rewrites=0)
    assert sum(kb.retrieve(q, lenient).gate.passed for q, _ in questions) >= 0.85 * len(questions)
    vectors = kb.dense.index.reconstruct_n(0, len(kb))
    passages = [kb.store.passage(i) for i in range(len(kb))]
    answerable = unanswerable = 0
    for question, gold in questions:
        answerable += kb.retrieve(question, config).gate.passed
        keep = [i for i, p in enumerate(passages) if p.title not in gold]
        without = KnowledgeBase.from_passages([passages[i] for i in keep], vectors[keep])
        unanswerable += without.retrieve(question, config).gate.passed
    assert answerable >= 0.6 * len(questions)
    assert unanswerable <= 0.4 * len(questions)
    assert answerable - unanswerable >= 0.4 * len(questions)
