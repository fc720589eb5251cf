"""Recall@5 and @10 of HotpotQA supporting paragraphs: BM25, dense, and their fusions.

The 100 questions' paragraphs are pooled into one corpus (991 passages, one per
titled paragraph, indexed as "title\\ntext"); recall@k is the share of each
question's two supporting paragraphs found in the top k, averaged over questions.
The last line embeds the corpus with the fp32 torch backend instead of the int8
ONNX one, for quality and speed.

    python benchmarks/retrieval_recall.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.retrieval_hotpotqa import load_hotpotqa, print_table, write_result  # noqa: E402

KS = (5, 10)


def main() -> None:
    from retrievers.config import RetrievalConfig
    from retrievers.embedder import get_embedder
    from retrievers.knowledge_base import KnowledgeBase
    from retrievers.retrieval import search
    from retrievers.store import index_text

    questions, passages = load_hotpotqa()
    texts = [index_text(p.title, p.text) for p in passages]
    vectors, int8_seconds = _embed(get_embedder("onnx-int8"), texts)
    kb = KnowledgeBase.from_passages(passages, vectors)

    setups = {
        "bm25": RetrievalConfig(routes=["bm25"]),
        "dense (int8 onnx)": RetrievalConfig(routes=["dense"]),
        "fused rrf (k=60, default)": RetrievalConfig(),
        "fused weighted 0.5/0.5": RetrievalConfig(fusion="weighted"),
    }
    results = {name: _recall(lambda q, c=config: search(kb, q, max(KS), config=c), questions)
               for name, config in setups.items()}

    torch_vectors, torch_seconds = _embed(get_embedder("torch"), texts)
    torch_kb = KnowledgeBase.from_passages(passages, torch_vectors, backend="torch")
    results["dense (fp32 torch)"] = _recall(
        lambda q: search(torch_kb, q, max(KS), config=setups["dense (int8 onnx)"]), questions
    )
    agreement = float(np.mean(np.sum(vectors * torch_vectors, axis=1)))

    rows = [[name, *(r[f"recall@{k}"] for k in KS)] for name, r in results.items()]
    print(f"HotpotQA: {len(questions)} questions, {len(passages)} pooled passages")
    print_table(["route", *(f"recall@{k}" for k in KS)], rows)
    print(f"embedding {len(texts)} passages: int8 onnx {int8_seconds:.1f} s, fp32 torch {torch_seconds:.1f} s; "
          f"mean cosine int8 vs fp32 {agreement:.4f}")
    path = write_result("retrieval_recall", {
        "data": "HotpotQA dev distractor first 100, paragraphs pooled",
        "questions": len(questions),
        "passages": len(passages),
        "recall": results,
        "embedding_seconds": {"onnx-int8": round(int8_seconds, 2), "torch": round(torch_seconds, 2)},
        "mean_cosine_int8_vs_fp32": round(agreement, 5),
    })
    print(f"wrote {path}")


def _embed(embedder, texts: list[str]):
    embedder.encode(texts[:8])  # warm-up outside the timing
    started = time.perf_counter()
    vectors = embedder.encode(texts)
    return vectors, time.perf_counter() - started


def _recall(search, questions) -> dict[str, float]:
    found = {k: [] for k in KS}
    for q in questions:
        titles = [p.title for p in search(q.text)]
        for k in KS:
            found[k].append(len(q.supporting & set(titles[:k])) / len(q.supporting))
    return {f"recall@{k}": float(np.mean(v)) for k, v in found.items()}


if __name__ == "__main__":
    main()
