"""KnowledgeBase: the documents a guard answers from, indexed for BM25 and dense search.

>>> kb = KnowledgeBase.from_directory("docs/")
>>> kb.save("index/")                       # later: KnowledgeBase.load("index/")
>>> result = kb.retrieve("What is the dosage of X?", RetrievalConfig(k=5))
>>> result.gate.passed, [p.id for p in result.passages]
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Sequence

import numpy as np

from guard.errors import InputError
from guard.observability import get_logger
from retrievers.bm25 import BM25Route
from retrievers.chunking import chunk_document
from retrievers.config import IndexConfig, RetrievalConfig
from retrievers.dense import DenseRoute
from retrievers.documents import Document, documents_from_texts, iter_directory
from retrievers.embedder import EMBED_DIM, Backend, get_embedder
from retrievers.rewriting import ExpansionRewriter, QueryRewriter
from retrievers.routes import ROUTE_NAMES, Route
from retrievers.store import PassageStore, index_text
from retrievers.types import Passage, RetrievalResult

__all__ = ["KnowledgeBase"]

_log = get_logger(__name__)
_PROGRESS_FROM = 1000  # passages: below this, embedding takes seconds and a bar is noise
_EMBED_STEP = 1024


class KnowledgeBase:
    """Passages with a BM25 index and a FAISS index over the same rows."""

    route_names = ROUTE_NAMES

    def __init__(self, config: IndexConfig | None = None, backend: Backend = "onnx-int8") -> None:
        self.config = config or IndexConfig()
        self.store = PassageStore()
        self.bm25: BM25Route | None = None
        self.dense = DenseRoute.build(np.zeros((0, EMBED_DIM), np.float32), self.config, backend)

    # -- building -----------------------------------------------------------------
    @classmethod
    def from_directory(cls, path: str | Path, config: IndexConfig | None = None, *,
                       backend: Backend = "onnx-int8", show_progress: bool = True) -> "KnowledgeBase":
        kb = cls(config, backend)
        if kb.add_directory(path, show_progress=show_progress) == 0:
            raise InputError(
                f"No usable documents in {path}: expected .md, .txt or .jsonl files with text "
                "(see the warnings above for files that were skipped)."
            )
        return kb

    @classmethod
    def from_texts(cls, texts: Sequence[str | dict[str, Any]], config: IndexConfig | None = None, *,
                   backend: Backend = "onnx-int8", show_progress: bool = True) -> "KnowledgeBase":
        """From strings, or dicts with ``text`` and optional ``id``, ``title``, ``source``, metadata."""
        kb = cls(config, backend)
        if kb.add_documents(documents_from_texts(texts), show_progress=show_progress) == 0:
            raise InputError("No texts to index: pass at least one non-empty string or {'text': ...} dict.")
        return kb

    @classmethod
    def from_passages(cls, passages: Sequence[Passage], vectors: np.ndarray | None = None,
                      config: IndexConfig | None = None, *, backend: Backend = "onnx-int8",
                      show_progress: bool = False) -> "KnowledgeBase":
        """From ready-made passages (no chunking), with their vectors if already embedded."""
        kb = cls(config, backend)
        if not passages:
            raise InputError("No passages to index.")
        kb._append(list(passages), vectors, show_progress)
        return kb

    def add_directory(self, path: str | Path, *, show_progress: bool = True) -> int:
        """Add the documents under ``path``; returns how many new passages were indexed."""
        return self.add_documents(iter_directory(path, self.config.max_document_bytes), show_progress=show_progress)

    def add_documents(self, documents: Iterable[Document | str | dict[str, Any]], *,
                      show_progress: bool = True) -> int:
        """Chunk, embed and index ``documents``; passages already in the index are skipped."""
        new: list[Passage] = []
        seen: set[str] = set()
        for doc in documents_from_texts(documents):
            for passage in chunk_document(doc, self.config):
                if passage.id in seen or (len(self.store) and self.store.has_id(passage.id)):
                    continue
                seen.add(passage.id)
                new.append(passage)
        if new:
            self._append(new, None, show_progress)
        else:
            _log.info("no_new_passages")
        return len(new)

    def _append(self, passages: list[Passage], vectors: np.ndarray | None, show_progress: bool) -> None:
        if vectors is None:
            vectors = self._embed([index_text(p.title, p.text) for p in passages], show_progress)
        if len(vectors) != len(passages):
            raise InputError(f"{len(vectors)} vectors for {len(passages)} passages: pass one vector per passage.")
        self.store.append(passages)
        self.dense.add(vectors)
        # bm25s has no incremental add: the eager index is rebuilt (seconds per 100k passages).
        self.bm25 = BM25Route.build(self.store.index_texts(), show_progress=show_progress and len(self) > 10**5)

    def _embed(self, texts: list[str], show_progress: bool) -> np.ndarray:
        from tqdm.auto import tqdm

        embedder = get_embedder(self.dense.backend)
        out = np.empty((len(texts), EMBED_DIM), dtype=np.float32)
        with tqdm(total=len(texts), desc="embedding passages", unit="passage",
                  disable=not show_progress or len(texts) < _PROGRESS_FROM) as bar:
            for start in range(0, len(texts), _EMBED_STEP):
                batch = texts[start : start + _EMBED_STEP]
                out[start : start + len(batch)] = embedder.encode(batch, batch_size=self.config.embed_batch_size)
                bar.update(len(batch))
        return out

    # -- persistence --------------------------------------------------------------
    def save(self, index_dir: str | Path) -> Path:
        """Write the index to ``index_dir`` atomically (see retrievers/persistence.py)."""
        from retrievers.persistence import save_index

        return save_index(self, index_dir)

    @classmethod
    def load(cls, index_dir: str | Path) -> "KnowledgeBase":
        """Reload a saved index without re-embedding; IndexFormatError if it is broken or foreign."""
        from retrievers.persistence import read_index

        record, store, bm25, dense = read_index(index_dir)
        _log.info("index_loaded", path=str(index_dir), passages=record["passages"], dense=dense.kind)
        return cls.from_parts(store, bm25, dense)

    @classmethod
    def from_parts(cls, store: PassageStore, bm25: BM25Route, dense: DenseRoute) -> "KnowledgeBase":
        """Assemble from routes built elsewhere (loading, benchmarks); rows must line up."""
        if not len(store) == bm25.num_docs == len(dense):
            raise InputError(f"Parts disagree: {len(store)} passages, {bm25.num_docs} BM25 rows, {len(dense)} vectors.")
        kb = cls.__new__(cls)
        kb.config, kb.store, kb.bm25, kb.dense = dense.config, store, bm25, dense
        return kb

    # -- searching ----------------------------------------------------------------
    def retrieve(self, query: str, config: RetrievalConfig | None = None,
                 rewriter: QueryRewriter | None = None) -> RetrievalResult:
        """Routes, fusion, relevance gate and rewrites (``rewriter`` defaults to ExpansionRewriter)."""
        from retrievers.retrieval import retrieve

        return retrieve(self, query, config, rewriter)

    def search(self, query: str, k: int = 10, routes: Sequence[str] | None = None) -> list[Passage]:
        """The top ``k`` fused passages, without the gate."""
        from retrievers.retrieval import search

        return search(self, query, k, list(routes) if routes else None)

    def route(self, name: str) -> Route:
        return {"bm25": self.bm25, "dense": self.dense}[name]

    def row_text(self, row: int) -> str:
        passage = self.store.passage(row)
        return index_text(passage.title, passage.text)

    def default_rewriter(self) -> QueryRewriter:
        return ExpansionRewriter(self.bm25, self.row_text)

    def __len__(self) -> int:
        return len(self.store)
