"""BM25 and dense routes, and fusion, on small hand-made corpora (no model needed)."""

from __future__ import annotations

import numpy as np
import pytest

from retrievers.bm25 import BM25Route
from retrievers.config import IndexConfig
from retrievers.dense import DenseRoute
from retrievers.fusion import fuse
from retrievers.routes import RouteHits

TEXTS = [
    "the cat sat on the mat",
    "dogs chase cats in the garden",
    "a quantum computer uses qubits",
    "cat cat cat: a page about cats and one cat",
    "gardening tips for spring",
]


@pytest.fixture(scope="module")
def bm25():
    return BM25Route.build(TEXTS)


def test_bm25_ranks_term_matches_and_ignores_others(bm25):
    hits = bm25.search("cat", 10)
    assert hits.rows.tolist() == [3, 0]  # more occurrences rank higher; docs without "cat" are absent
    assert hits.scores[0] > hits.scores[1] > 0
    assert len(bm25.search("qubits computer", 10)) == 1
    assert len(bm25.search("zebra", 10)) == 0
    assert len(bm25.search("the of and", 10)) == 0  # stop words only


@pytest.mark.parametrize("query", ["cat garden", "cats dogs spring", "quantum cat mat tips"])
def test_bm25_scores_equal_bm25s_own_scoring(bm25, query):
    from retrievers.tokenization import tokenize

    ours = bm25.search(query, 10)
    theirs = bm25._index.get_scores(tokenize(query))
    assert np.allclose(ours.scores, theirs[ours.rows], rtol=1e-5)
    assert set(ours.rows.tolist()) == set(np.flatnonzero(theirs).tolist())


def test_bm25_large_posting_path_matches_small(bm25):
    many = BM25Route.build(["common word"] * 50 + ["common rare word"] + ["other"] * 5)
    hits = many.search("common rare", 3)
    assert hits.rows[0] == 50
    assert len(many.search("common rare", 100)) == 51


def test_bm25_idf_and_max_term_score(bm25):
    assert bm25.idf("qubits") > bm25.idf("cat") > 0
    assert bm25.idf("never-seen") >= bm25.idf("qubits")
    assert bm25.max_term_score("cat") == pytest.approx(float(bm25.search("cat", 1).scores[0]))
    assert bm25.max_term_score("never") == pytest.approx(bm25.idf("never"))


def _unit(rng, n):
    x = rng.standard_normal((n, 384)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def test_dense_exact_search_finds_the_vector_itself():
    vectors = _unit(np.random.default_rng(0), 200)
    route = DenseRoute.build(vectors, IndexConfig())
    assert route.kind == "flat"
    hits = route.search_vector(vectors[17], 5)
    assert hits.rows[0] == 17 and hits.scores[0] == pytest.approx(1.0, abs=1e-5)
    assert list(hits.scores) == sorted(hits.scores, reverse=True)
    assert len(route.search_vector(vectors[0], 1000)) == 200


def test_dense_switches_to_hnsw_when_crossing_the_threshold():
    rng = np.random.default_rng(1)
    first, second = _unit(rng, 80), _unit(rng, 40)
    route = DenseRoute.build(first, IndexConfig(hnsw_threshold=100))
    assert route.kind == "flat"
    route.add(second)
    assert route.kind == "hnsw" and len(route) == 120
    for row, vector in ((5, first[5]), (100, second[20])):
        assert route.search_vector(vector, 3).rows[0] == row
    assert len(route.search_vector(first[0], 90)) == 90  # efSearch follows k


def test_rrf_fusion_arithmetic_and_route_hits():
    a = RouteHits("bm25", np.array([1, 2, 3]), np.array([9.0, 5.0, 1.0]))
    b = RouteHits("dense", np.array([3, 1]), np.array([0.9, 0.8]))
    fused = fuse([a, b], "rrf", rrf_k=60)
    by_row = {h.row: h for h in fused}
    assert by_row[1].score == pytest.approx(1 / 61 + 1 / 62)
    assert by_row[2].score == pytest.approx(1 / 62)
    assert by_row[3].score == pytest.approx(1 / 63 + 1 / 61)
    assert [h.row for h in fused] == [1, 3, 2]
    assert by_row[3].routes["bm25"].rank == 3 and by_row[3].routes["dense"].rank == 1
    assert by_row[3].routes["dense"].score == pytest.approx(0.9)
    assert "dense" not in by_row[2].routes


def test_weighted_fusion_uses_normalised_scores_and_base_route_weights():
    a = RouteHits("bm25", np.array([1, 2]), np.array([10.0, 0.0]))
    b = RouteHits("dense@rewrite1", np.array([2, 1]), np.array([0.9, 0.5]))
    fused = fuse([a, b], "weighted", weights={"bm25": 0.2, "dense": 0.8})
    by_row = {h.row: h.score for h in fused}
    assert by_row[1] == pytest.approx(0.2 * 1.0 + 0.8 * 0.0)
    assert by_row[2] == pytest.approx(0.2 * 0.0 + 0.8 * 1.0)
    assert fused[0].row == 2


def test_route_hits_top_keeps_best_k_in_order():
    hits = RouteHits.top("x", np.array([5, 6, 7, 8]), np.array([0.1, 0.9, 0.5, 0.9]), 3)
    assert hits.rows.tolist() == [6, 8, 7]
