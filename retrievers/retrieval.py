"""The retrieval stage: routes, fusion, relevance gate, rewrite-and-retry.

Attempt 0 runs the configured routes on the question as asked. While the gate's
relevance stays below ``gate_threshold``, the rewriter gives a new query, which
runs on every route the index has (a weak first try should not be repeated with
the same blind spot) with ``route_depth`` or ``k * widen_factor ** attempt``
passages per route, up to ``max_rewrites`` times. The passages returned are the
top ``k * widen_factor ** rewrites`` of one fusion over all route lists of all
attempts, so a rewrite adds evidence without discarding the first try's.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from guard.errors import GuardError, InputError
from guard.observability import get_logger
from retrievers.config import RetrievalConfig
from retrievers.fusion import fuse
from retrievers.gate import GateFeatures, RelevanceGate, gate_features, missing_terms
from retrievers.rewriting import QueryRewriter
from retrievers.routes import RouteHits, route_name
from retrievers.store import index_text
from retrievers.types import GateResult, Passage, RetrievalResult

if TYPE_CHECKING:
    from retrievers.knowledge_base import KnowledgeBase

__all__ = ["retrieve", "search", "check_query", "attempt_features"]

_log = get_logger(__name__)


def retrieve(
    kb: "KnowledgeBase",
    query: str,
    config: RetrievalConfig | None = None,
    rewriter: QueryRewriter | None = None,
    gate: RelevanceGate | None = None,
) -> RetrievalResult:
    """Retrieve passages for ``query`` and judge whether they are relevant enough."""
    started = time.perf_counter()
    config = config or RetrievalConfig()
    query = check_query(query)
    gate = gate or RelevanceGate.from_file()
    rewriter = rewriter or kb.default_rewriter()
    timings: dict[str, float] = {}
    all_hits: list[RouteHits] = []
    queries: list[str] = []
    first: GateFeatures | None = None
    best = 0.0
    for attempt in range(config.max_rewrites + 1):
        text = query if attempt == 0 else _rewrite(rewriter, query, attempt, timings)
        if text is None:
            break
        if text in queries:
            continue  # a rewrite identical to an earlier query would only repeat its result
        depth = max(config.route_depth, config.k * config.widen_factor**attempt)
        routes = config.routes if attempt == 0 else kb.route_names
        hits = _run_routes(kb, text, routes, depth, timings)
        features = _features(kb, text, query, hits, config, first)
        first = first or features
        relevance = _relevance(gate, features, set(hits), timings)
        all_hits.extend(h.renamed(route_name(name, len(queries))) for name, h in hits.items())
        queries.append(text)
        best = max(best, relevance)
        if relevance >= config.gate_threshold:
            break
    k = config.k * config.widen_factor ** (len(queries) - 1)
    fused = _fused_passages(kb, all_hits, config, max(k, config.evidence_k))
    passages, reserve = fused[:k], fused[k:]
    passed = best >= config.gate_threshold
    gate_result = GateResult(
        passed=passed,
        relevance=best,
        threshold=config.gate_threshold,
        attempts=len(queries),
        queries=queries,
        missing=[] if passed else missing_terms(query, [index_text(p.title, p.text) for p in passages]),
    )
    timings["total_ms"] = (time.perf_counter() - started) * 1000
    _log.info("retrieval", passed=gate_result.passed, relevance=round(best, 4), attempts=len(queries),
              passages=len(passages), total_ms=round(timings["total_ms"], 2))
    return RetrievalResult(
        query=query,
        passages=passages,
        gate=gate_result,
        timings=timings,
        route_passages=_route_passages(passages, [h.route for h in all_hits]),
        reserve=reserve,
    )


def search(kb: "KnowledgeBase", query: str, k: int = 10, routes: list[str] | None = None,
           config: RetrievalConfig | None = None) -> list[Passage]:
    """Routes and fusion only: the top ``k`` passages, no gate and no rewriting."""
    config = config or RetrievalConfig()
    query = check_query(query)
    hits = _run_routes(kb, query, routes or config.routes, max(config.route_depth, k), {})
    return _fused_passages(kb, list(hits.values()), config, k)


def attempt_features(kb: "KnowledgeBase", query: str, config: RetrievalConfig | None = None) -> GateFeatures:
    """The gate's features for one try of ``query`` on ``config.routes`` (for calibration)."""
    config = config or RetrievalConfig()
    hits = _run_routes(kb, check_query(query), config.routes, max(config.route_depth, config.k), {})
    fused = fuse(list(hits.values()), config.fusion, config.rrf_k, config.weights)
    return gate_features(query, hits, fused, kb.bm25, kb.row_text)


def check_query(query: str) -> str:
    if not isinstance(query, str) or not query.strip():
        raise InputError("The query is empty: pass a question with at least one word.")
    return query.strip()


def _rewrite(rewriter: QueryRewriter, query: str, attempt: int, timings: dict[str, float]) -> str | None:
    started = time.perf_counter()
    try:
        text = rewriter.rewrite(query, attempt)
    except GuardError as exc:
        # Fail closed: no rewrite means no retry, and the gate keeps its failing verdict.
        _log.warning("query_rewrite_failed", attempt=attempt, error=str(exc))
        return None
    finally:
        _add(timings, "rewrite_ms", started)
    return text.strip() if isinstance(text, str) and text.strip() else None


def _run_routes(kb: "KnowledgeBase", text: str, routes, depth: int, timings) -> dict[str, RouteHits]:
    if len(kb) == 0:
        raise InputError("The knowledge base is empty: add documents before searching it.")
    unknown = [r for r in routes if r not in kb.route_names]
    if unknown:
        raise InputError(f"Unknown retrieval route(s) {unknown}: this index has {list(kb.route_names)}.")
    hits = {}
    for name in routes:
        started = time.perf_counter()
        hits[name] = kb.route(name).search(text, depth)
        _add(timings, f"{name}_ms", started)
    return hits


def _features(kb, text: str, question: str, hits: dict[str, RouteHits], config,
              first: GateFeatures | None) -> GateFeatures:
    """The gate's features of one attempt, always about the question as asked.

    A rewrite's own top scores measure how well the corpus matches the *rewrite*, and
    an expansion built from the corpus matches it by construction. The question's best
    dense and BM25 scores over the whole corpus were already measured on the first try
    (no rewrite can find a passage that scores higher for the question), so a rewrite
    keeps them and may only improve coverage and route agreement.
    """
    fused = fuse(list(hits.values()), config.fusion, config.rrf_k, config.weights)
    features = gate_features(text, hits, fused, kb.bm25, kb.row_text, question=question)
    if first is None:
        return features
    update = {}
    if first.dense_top1 or "dense" in config.routes:
        update |= {"dense_top1": first.dense_top1, "dense_top2": first.dense_top2}
    if first.bm25_top1 or "bm25" in config.routes:
        update |= {"bm25_top1": first.bm25_top1, "bm25_top2": first.bm25_top2}
    return features.model_copy(update=update)


def _relevance(gate: RelevanceGate, features: GateFeatures, routes: set[str], timings) -> float:
    started = time.perf_counter()
    relevance = gate.relevance(features, routes)
    _add(timings, "gate_ms", started)
    return relevance


def _fused_passages(kb, hits: list[RouteHits], config: RetrievalConfig, k: int) -> list[Passage]:
    fused = fuse(hits, config.fusion, config.rrf_k, config.weights)[:k]
    passages = []
    for hit in fused:
        passage = kb.store.passage(hit.row)
        passage.score = hit.score
        passage.routes = hit.route_hits()
        passages.append(passage)
    return passages


def _route_passages(passages: list[Passage], routes: list[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for route in routes:
        ranked = sorted((p.routes[route].rank, p.id) for p in passages if route in p.routes)
        found[route] = [pid for _, pid in ranked]
    return found


def _add(timings: dict[str, float], key: str, started: float) -> None:
    timings[key] = timings.get(key, 0.0) + (time.perf_counter() - started) * 1000
