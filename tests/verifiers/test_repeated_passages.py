"""Passages seen before cost no model run, and give the verdicts of a cold request (issue 15).

A RAG app retrieves the same passages again and again; the server's throughput with repeated
passages (``benchmarks/server_load.py --texts repeat-passages``) rests on their vectors, splits
and units being kept by content across requests, within a bounded cache.
"""

from __future__ import annotations

import numpy as np
import pytest
from batch_cases import RAGTRUTH, comparable

from guard.content_cache import clear_content_caches, shared_embedder
from guard.verifiers.stage import build_settings
from guard.verifiers.types import Verification

pytestmark = pytest.mark.slow  # the real embedder and spaCy


def _two_answers_over_one_source():
    """Two RAGTruth dev QA answers to the same question over the same passages."""
    from guard.eval.records import load_ragtruth_split

    if not RAGTRUTH.is_dir():
        pytest.skip(f"RAGTruth is not at {RAGTRUTH}")
    records = load_ragtruth_split(RAGTRUTH, "dev", tasks=["QA"])[:12]
    for first in records:
        for second in records:
            if first.contexts == second.contexts and first.answer != second.answer:
                return first, second
    pytest.fail("no two dev QA answers share a source")


@pytest.fixture
def model_runs(monkeypatch) -> list[str]:
    """The texts the model itself embeds (cache misses), in every thread."""
    from retrievers.embedder import get_embedder

    model = get_embedder()
    computed: list[str] = []
    encode = model.encode

    def recording(texts, batch_size=64):
        computed.extend(texts)
        return encode(texts, batch_size=batch_size)

    monkeypatch.setattr(model, "encode", recording)
    return computed


def test_a_second_answer_over_seen_passages_embeds_only_its_claims_with_the_cold_verdicts(model_runs):
    from guard.verifiers.api import verify
    from guard.verifiers.claims import extract_claims

    settings = build_settings(deadline_s=600.0)  # verdicts, not the clock, on a busy machine
    first, second = _two_answers_over_one_source()

    def check(record) -> Verification:
        return verify(question=record.question, contexts=record.contexts, answer=record.answer,
                      settings=settings)

    clear_content_caches()
    check(first)
    assert set(first.contexts) <= set(model_runs)  # not vacuous: cold, EGC embeds the whole passages
    model_runs.clear()
    warm = check(second)
    claims = {c.text for c in extract_claims(second.answer)}
    assert model_runs and set(model_runs) <= claims  # the passages, sentences, units and question kept
    clear_content_caches()
    cold = check(second)
    assert comparable(warm) == comparable(cold)
    assert cold.egc is not None and cold.egc.defined and not cold.failures


def test_the_shared_vector_cache_stays_within_its_bound(monkeypatch, model_runs):
    from guard.content_cache import _vectors
    from retrievers.embedder import get_embedder

    clear_content_caches()
    monkeypatch.setattr(_vectors, "maxsize", 3)
    texts = [f"Passage number {n} of a knowledge base." for n in range(7)]
    for text in texts:
        shared_embedder().encode([text])
    assert len(_vectors) == 3
    model_runs.clear()
    got = shared_embedder().encode(texts[-3:])  # the three used last are kept
    assert model_runs == []
    # batch-shape-dependent kernels: the cached one-by-one vectors equal a batch's up to 7e-5 an element (batch_cases.py)
    assert np.allclose(got, get_embedder().encode(texts[-3:]), rtol=0, atol=2e-4)
    model_runs.clear()
    shared_embedder().encode(texts[:1])  # the oldest was evicted: computed again
    assert model_runs == texts[:1]
