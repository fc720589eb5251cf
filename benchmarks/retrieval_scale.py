"""Retrieval at 10k, 100k and 1M passages: build throughput, memory, query latency.

Synthetic data (embedding a million real passages would take hours on 2 cores):
passages of 50 words drawn from a Zipf-distributed 50,000-word vocabulary, and
clustered unit vectors (2,000 centres plus noise) standing in for embeddings. The
query is embedded for real in the hybrid figure, so that latency includes it.

Compared: the BM25 route (bm25s index, ragguard's own scorer), bm25s' own
``retrieve``, rank-bm25 (10k and 100k only: it scans every passage per query term);
FAISS exact (IndexFlatIP) vs HNSW (M=32, efConstruction=40, efSearch=256, with its
recall@10 against exact search, and at efSearch 64 and 128); and the whole stage ``KnowledgeBase.retrieve``
(BM25 + dense + RRF + gate, one try). Each size runs in its own process so that its
memory figures are its own. Run it on an otherwise idle machine, niced:

    nice -n 19 python benchmarks/retrieval_scale.py            # 10k, 100k, 1M (~15 min)
    nice -n 19 python benchmarks/retrieval_scale.py --sizes 10000
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.retrieval_hotpotqa import print_table, write_result  # noqa: E402

VOCAB = 50_000
WORDS_PER_PASSAGE = 50
QUERY_WORDS = 4
N_QUERIES = 100
RANK_BM25_MAX = 100_000
RANK_BM25_QUERIES = 20
FLAT_QUERIES = 30


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child)))
        return
    results = []
    for size in (int(s) for s in args.sizes.split(",")):
        print(f"measuring {size} passages...", file=sys.stderr, flush=True)
        done = subprocess.run([sys.executable, __file__, "--child", str(size)], check=True,
                              capture_output=True, text=True)
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
    _print(results)
    path = write_result("retrieval_scale", {"data": __doc__.split("\n\n")[1], "results": results})
    print(f"wrote {path}")


def measure(size: int) -> dict:
    from retrievers.bm25 import BM25Route
    from retrievers.config import IndexConfig, RetrievalConfig
    from retrievers.dense import DenseRoute
    from retrievers.embedder import get_embedder
    from retrievers.knowledge_base import KnowledgeBase
    from retrievers.tokenization import tokenize

    rng = np.random.default_rng(size)
    out: dict = {"passages": size}
    base_rss = _rss_mb()
    texts = _texts(rng, size)
    queries = [" ".join(rng.choice(texts[i].split(), QUERY_WORDS, replace=False))
               for i in rng.integers(0, size, N_QUERIES)]
    out["rss_texts_mb"] = round(_rss_mb() - base_rss, 1)

    started = time.perf_counter()
    bm25 = BM25Route.build(texts)
    out["bm25_build_per_s"] = round(size / (time.perf_counter() - started))
    out["rss_after_bm25_mb"] = round(_rss_mb() - base_rss, 1)
    out["bm25_ms"] = _latency(lambda q: bm25.search(q, 10), queries)
    native = bm25._index
    out["bm25s_native_ms"] = _latency(
        lambda q: native.retrieve([tokenize(q)], k=10, show_progress=False, n_threads=1), queries)
    if size <= RANK_BM25_MAX:
        out.update(_rank_bm25(texts, queries[:RANK_BM25_QUERIES]))

    vectors, probes = _vectors(rng, size)
    rss_before_hnsw = _rss_mb()
    started = time.perf_counter()
    hnsw = DenseRoute.build(vectors, IndexConfig(hnsw_threshold=1))
    out["hnsw_build_per_s"] = round(size / (time.perf_counter() - started))
    out["rss_hnsw_index_mb"] = round(_rss_mb() - rss_before_hnsw, 1)
    out["hnsw_ms"] = _latency(lambda v: hnsw.search_vector(v, 10), probes)
    flat = DenseRoute.build(vectors, IndexConfig(hnsw_threshold=size + 1))
    # The lambda runs inside _latency, before the `del flat` below (which is what F821 sees).
    out["flat_ms"] = _latency(lambda v: flat.search_vector(v, 10), probes[:FLAT_QUERIES])  # noqa: F821
    exact = [flat.search_vector(v, 10) for v in probes]
    out["hnsw_recall@10"], out["hnsw_similarity_ratio"] = _hnsw_quality(hnsw, exact, probes)
    out["hnsw_by_ef_search"] = {}
    for ef in (64, 128, 256):
        tuned = DenseRoute(hnsw.index, IndexConfig(hnsw_ef_search=ef))
        recall, ratio = _hnsw_quality(tuned, exact, probes)
        out["hnsw_by_ef_search"][ef] = {"recall@10": recall, "similarity_ratio": ratio,
                                        "ms": _latency(lambda v: tuned.search_vector(v, 10), probes)}
    hnsw = DenseRoute(hnsw.index, IndexConfig())
    del flat
    del vectors

    store = _store(texts)
    del texts
    dense = hnsw if size >= IndexConfig().hnsw_threshold else DenseRoute.build(
        np.stack([hnsw.index.reconstruct(i) for i in range(size)]), IndexConfig())
    kb = KnowledgeBase.from_parts(store, bm25, dense)
    get_embedder().encode(["warm up"])
    config = RetrievalConfig(k=10, max_rewrites=0)
    out["dense_kind"] = dense.kind
    out["embed_query_ms"] = _latency(lambda q: get_embedder().encode([q]), queries)
    out["hybrid_ms"] = _latency(lambda q: kb.retrieve(q, config), queries)
    out["rss_total_mb"] = round(_rss_mb(), 1)
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return out


def _hnsw_quality(route, exact: list, probes: np.ndarray) -> tuple[float, float]:
    """recall@10 against exact search, and the summed cosine of HNSW's top 10 over the
    exact top 10's (1.0 = what it missed was as similar as what it should have found)."""
    recall, ratio = [], []
    for truth, vector in zip(exact, probes):
        found = route.search_vector(vector, 10)
        recall.append(len(set(truth.rows.tolist()) & set(found.rows.tolist())) / 10)
        ratio.append(found.scores.sum() / truth.scores.sum())
    return round(float(np.mean(recall)), 4), round(float(np.mean(ratio)), 4)


def _texts(rng, size: int) -> list[str]:
    letters = np.array(list("abcdefghijklmnopqrstuvwxyz"))
    lengths = rng.integers(3, 10, VOCAB)
    vocab = np.array(["".join(rng.choice(letters, n)) for n in lengths])
    weights = 1.0 / np.arange(1, VOCAB + 1)
    texts = []
    for start in range(0, size, 100_000):  # in slices: one 50M-word array would double peak memory
        n = min(100_000, size - start)
        words = vocab[rng.choice(VOCAB, (n, WORDS_PER_PASSAGE), p=weights / weights.sum())]
        texts.extend(" ".join(row) for row in words)
    return texts


def _vectors(rng, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(corpus, probes). Sentence embeddings vary along far fewer directions than their
    384 dimensions; isotropic noise would make every neighbour equally far (a worst case
    no text corpus has), so the spread around each centre lives in a 32-dim subspace."""
    centres = rng.standard_normal((2000, 384)).astype(np.float32)
    basis = rng.standard_normal((32, 384)).astype(np.float32) / np.sqrt(32)
    vectors = np.empty((size, 384), dtype=np.float32)
    for start in range(0, size, 100_000):
        n = min(100_000, size - start)
        chunk = centres[rng.integers(0, 2000, n)] + rng.standard_normal((n, 32)).astype(np.float32) @ basis
        vectors[start : start + n] = chunk / np.linalg.norm(chunk, axis=1, keepdims=True)
    probes = vectors[rng.integers(0, size, N_QUERIES)] + 0.1 * rng.standard_normal((N_QUERIES, 32)).astype(
        np.float32) @ basis
    return vectors, probes / np.linalg.norm(probes, axis=1, keepdims=True)


def _store(texts: list[str]):
    from retrievers.store import PassageStore
    from retrievers.types import Passage

    store = PassageStore()
    for start in range(0, len(texts), 100_000):
        store.append([Passage.model_construct(id=f"p{i}", text=texts[i], source="synthetic", title=None, metadata={})
                      for i in range(start, min(start + 100_000, len(texts)))])
    return store


def _rank_bm25(texts: list[str], queries: list[str]) -> dict:
    from rank_bm25 import BM25Okapi

    from retrievers.tokenization import tokenize

    started = time.perf_counter()
    index = BM25Okapi([tokenize(t) for t in texts])
    per_s = len(texts) / (time.perf_counter() - started)
    latency = _latency(lambda q: np.argsort(-index.get_scores(tokenize(q)))[:10], queries)
    return {"rank_bm25_build_per_s": round(per_s), "rank_bm25_ms": latency}


def _latency(call, items) -> dict:
    call(items[0])
    times = []
    for item in items:
        started = time.perf_counter()
        call(item)
        times.append((time.perf_counter() - started) * 1000)
    return {"p50": round(float(np.percentile(times, 50)), 2), "p95": round(float(np.percentile(times, 95)), 2)}


def _rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _print(results: list[dict]) -> None:
    def lat(r, key):
        return f"{r[key]['p50']:.2f} / {r[key]['p95']:.2f}" if key in r else "-"

    rows = []
    for r in results:
        rows.append([f"{r['passages']:,}", "BM25 (bm25s index, ragguard scorer)", f"{r['bm25_build_per_s']:,}/s",
                     lat(r, "bm25_ms"), f"{r['rss_after_bm25_mb']:.0f} (with texts)"])
        rows.append(["", "bm25s retrieve()", "same index", lat(r, "bm25s_native_ms"), ""])
        rows.append(["", "rank-bm25 BM25Okapi",
                     f"{r['rank_bm25_build_per_s']:,}/s" if "rank_bm25_build_per_s" in r else "-",
                     lat(r, "rank_bm25_ms"), ""])
        rows.append(["", "FAISS IndexFlatIP", "-", lat(r, "flat_ms"), ""])
        rows.append(["", f"FAISS HNSW (recall@10 {r['hnsw_recall@10']:.3f})", f"{r['hnsw_build_per_s']:,}/s",
                     lat(r, "hnsw_ms"), f"{r['rss_hnsw_index_mb']:.0f} (vectors+graph)"])
        rows.append(["", "embed query (int8 onnx)", "-", lat(r, "embed_query_ms"), ""])
        rows.append(["", f"hybrid retrieve ({r['dense_kind']}, gate, 1 try)", "-", lat(r, "hybrid_ms"),
                     f"{r['rss_total_mb']:.0f} total, {r['peak_rss_mb']:.0f} peak"])
    print_table(["passages", "what", "build", "query ms p50 / p95", "RSS MB"], rows)
    print()
    print_table(["passages", *(f"HNSW efSearch {ef}: recall@10, sim. ratio, p50 ms" for ef in (64, 128, 256))],
                [[f"{r['passages']:,}", *(f"{v['recall@10']:.3f}, {v['similarity_ratio']:.4f}, {v['ms']['p50']:.2f}"
                                          for v in r["hnsw_by_ef_search"].values())] for r in results])


if __name__ == "__main__":
    main()
