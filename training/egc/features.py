"""EGC features of every RAGTruth response, computed once and cached under .cache/egc/.

Used by ``ragguard train egc`` (training/egc/train.py) and ``benchmarks/egc_eval.py``,
whichever runs first fills the cache (the first run embeds all of RAGTruth: tens of
minutes on 2 shared cores). The cache is one JSON line per response, appended and
flushed in chunks, so an interrupted run resumes where it stopped. The file name
carries tau and the claim length rule: changing either starts a new cache.

Same code path as the ``egc`` verifier (claims from extract_claims, nodes from
is_claim_node, graph and features from report_from_vectors); questions and
passages, shared by the six responses of a source, are embedded once.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
from pydantic import BaseModel

from guard.eval.ragtruth import RagTruthRecord
from guard.verifiers.claims import extract_claims
from guard.verifiers.egc import MIN_CLAIM_TOKENS, TAU, is_claim_node, report_from_vectors
from guard.verifiers.types import EGCFeatures
from retrievers.embedder import EMBED_DIM

REPO = Path(__file__).resolve().parents[2]

DATA = REPO / ".." / "shared" / "data" / "ragtruth"
CACHE = REPO / ".cache" / "egc"
CHUNK = 128


class ClaimNode(BaseModel):
    start: int
    end: int
    isolated: bool


class ResponseFeatures(BaseModel):
    id: str
    features: EGCFeatures | None  # None: no claim longer than MIN_CLAIM_TOKENS tokens
    claims: int  # all claims of the answer
    nodes: list[ClaimNode]  # the claims that became graph nodes
    evidence: int


def cache_path(cache_dir: Path = CACHE) -> Path:
    return cache_dir / f"features-tau{TAU}-min{MIN_CLAIM_TOKENS}.jsonl"


def read_cache(path: Path) -> dict[str, ResponseFeatures]:
    """Complete lines only: a line cut by an interrupted write is dropped (and recomputed)."""
    done: dict[str, ResponseFeatures] = {}
    if not path.is_file():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = ResponseFeatures.model_validate_json(line)
        except ValueError:
            continue
        done[row.id] = row
    return done


def cached_features(
    records: list[RagTruthRecord], cache_dir: Path = CACHE, progress: bool = True
) -> dict[str, ResponseFeatures]:
    """Features for ``records`` by response id, computing only what the cache lacks."""
    path = cache_path(cache_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    done = read_cache(path)
    todo = [r for r in records if r.id not in done]
    if todo:
        _compute(todo, path, done, progress)
    return {r.id: done[r.id] for r in records}


def _compute(todo: list[RagTruthRecord], path: Path, done: dict[str, ResponseFeatures], progress: bool):
    from retrievers.embedder import get_embedder

    embedder = get_embedder()
    shared: dict[str, np.ndarray] = {}  # question and passage vectors, reused across responses
    started = time.perf_counter()
    _drop_cut_line(path)
    with path.open("a", encoding="utf-8") as out:
        for begin in range(0, len(todo), CHUNK):
            chunk = todo[begin : begin + CHUNK]
            rows = _chunk_features(chunk, embedder, shared)
            out.writelines(row.model_dump_json() + "\n" for row in rows)
            out.flush()
            done.update((row.id, row) for row in rows)
            if progress:
                elapsed = time.perf_counter() - started
                finished = begin + len(chunk)
                print(f"egc features: {finished}/{len(todo)} responses, {elapsed:.0f} s "
                      f"(eta {elapsed / finished * (len(todo) - finished):.0f} s)", file=sys.stderr, flush=True)


def _drop_cut_line(path: Path) -> None:
    """Truncate after the last newline, so a line cut by a kill cannot glue onto the next one."""
    if not path.is_file():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        path.write_bytes(data[: data.rfind(b"\n") + 1])


def _chunk_features(chunk: list[RagTruthRecord], embedder, shared: dict[str, np.ndarray]) -> list[ResponseFeatures]:
    claims = [extract_claims(r.answer) for r in chunk]
    nodes = [[c for c in found if is_claim_node(c.text)] for found in claims]
    new_shared = list(dict.fromkeys(t for r in chunk for t in [r.question, *r.passages] if t not in shared))
    claim_texts = [c.text for found in nodes for c in found]
    vectors = embedder.encode([*new_shared, *claim_texts])
    shared.update(zip(new_shared, vectors[: len(new_shared)]))
    claim_vecs = iter(vectors[len(new_shared) :])
    rows = []
    for record, all_claims, found in zip(chunk, claims, nodes, strict=True):
        c_vecs = np.array([next(claim_vecs) for _ in found], dtype=np.float32).reshape(len(found), EMBED_DIM)
        e_vecs = np.array([shared[p] for p in record.passages], dtype=np.float32).reshape(-1, EMBED_DIM)
        report = report_from_vectors(
            shared[record.question], e_vecs, c_vecs, claim_refs=[c.index for c in found]
        )
        isolated = set(report.isolated_claims)
        rows.append(ResponseFeatures(
            id=record.id,
            features=report.features,
            claims=len(all_claims),
            nodes=[ClaimNode(start=c.start, end=c.end, isolated=c.index in isolated) for c in found],
            evidence=len(record.passages),
        ))
    return rows
