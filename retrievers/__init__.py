"""The retrieval stage: documents in, passages with route scores and a relevance verdict out.

Public names are imported lazily, so that ``import retrievers.config`` (read by the
policy loader) does not load FAISS, bm25s or the embedder.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "KnowledgeBase",
    "RetrievalConfig",
    "IndexConfig",
    "QueryRewriter",
    "ExpansionRewriter",
    "Passage",
    "RouteHit",
    "GateResult",
    "RetrievalResult",
    "retrieve",
]

_WHERE = {
    "KnowledgeBase": "retrievers.knowledge_base",
    "RetrievalConfig": "retrievers.config",
    "IndexConfig": "retrievers.config",
    "QueryRewriter": "retrievers.rewriting",
    "ExpansionRewriter": "retrievers.rewriting",
    "Passage": "retrievers.types",
    "RouteHit": "retrievers.types",
    "GateResult": "retrievers.types",
    "RetrievalResult": "retrievers.types",
    "retrieve": "retrievers.retrieval",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'retrievers' has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name]), name)
