"""`ragguard index` and `ragguard search`: build an index folder, query it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from guard.cli import app

__all__ = ["index", "search"]


@app.command()
def index(
    docs_dir: Path = typer.Argument(..., help="Folder of .md, .txt and .jsonl documents."),
    out: Path = typer.Option(..., "--out", "-o", help="Index folder to write."),
    add: bool = typer.Option(False, "--add", help="Add the documents to the index already in --out."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace the index already in --out."),
    chunk_words: int = typer.Option(180, help="Words per passage at most."),
    overlap_words: int = typer.Option(30, help="Words repeated from the previous passage."),
    hnsw_threshold: int = typer.Option(50_000, help="Passages from which FAISS switches to HNSW."),
    max_document_mb: float = typer.Option(20.0, help="Larger files (and JSONL records) are skipped with a warning."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Build (or extend, with --add) a retrieval index from a folder of documents."""
    from guard.errors import InputError
    from retrievers.knowledge_base import KnowledgeBase
    from retrievers.persistence import FORMAT_FILE

    existing = (out / FORMAT_FILE).exists()
    if add and overwrite:
        raise typer.BadParameter("use either --add or --overwrite, not both")
    if existing and not (add or overwrite):
        raise InputError(f"{out} already holds an index: pass --add to add documents or --overwrite to rebuild it.")
    if add and existing:
        kb = KnowledgeBase.load(out)
        added = kb.add_directory(docs_dir, show_progress=not quiet)
    else:
        config = _index_config(chunk_words=chunk_words, overlap_words=overlap_words, hnsw_threshold=hnsw_threshold,
                               max_document_bytes=int(max_document_mb * 1024 * 1024))
        kb = KnowledgeBase.from_directory(docs_dir, config, show_progress=not quiet)
        added = len(kb)
    kb.save(out)
    typer.echo(f"indexed {added} new passages; {out} holds {len(kb)} passages ({kb.dense.kind} dense index)")


@app.command()
def search(
    query: str = typer.Argument(..., help="The question to retrieve passages for."),
    index_dir: Path = typer.Option(..., "--index", "-i", help="Index folder built by `ragguard index`."),
    k: int = typer.Option(10, "-k", min=1, max=100, help="Passages to return."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    threshold: Optional[float] = typer.Option(None, min=0.0, max=1.0, help="Gate threshold (default 0.5)."),
    max_rewrites: Optional[int] = typer.Option(None, min=0, max=5, help="Rewrite attempts when the gate fails."),
) -> None:
    """Retrieve passages for QUERY, with the relevance gate's verdict."""
    from retrievers.config import RetrievalConfig
    from retrievers.knowledge_base import KnowledgeBase

    settings = {"k": k}
    if threshold is not None:
        settings["gate_threshold"] = threshold
    if max_rewrites is not None:
        settings["max_rewrites"] = max_rewrites
    result = KnowledgeBase.load(index_dir).retrieve(query, RetrievalConfig(**settings))
    typer.echo(json.dumps(_as_json(result), ensure_ascii=False, indent=2) if as_json else _as_table(result))


def _index_config(**settings):
    from pydantic import ValidationError

    from guard.errors import ConfigError
    from retrievers.config import IndexConfig

    try:
        return IndexConfig(**settings)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "settings"
        raise ConfigError(f"invalid index setting {where}={error.get('input')!r}: {error['msg']}") from exc


def _as_json(result) -> dict:
    return {
        "query": result.query,
        "gate": {
            "passed": result.gate.passed,
            "relevance": round(result.gate.relevance, 4),
            "attempts": result.gate.attempts,
            "queries": result.gate.queries,
        },
        "passages": [
            {
                "id": p.id,
                "text": p.text,
                "source": p.source,
                "score": p.score,
                # bm25 and dense are always present (null: that route did not find it);
                # rewritten queries' routes ("bm25@rewrite1") follow when they found it.
                "routes": {
                    **{name: None for name in ("bm25", "dense")},
                    **{name: {"rank": hit.rank, "score": hit.score} for name, hit in p.routes.items()},
                },
            }
            for p in result.passages
        ],
    }


def _as_table(result) -> str:
    gate = result.gate
    verdict = "passed" if gate.passed else "FAILED"
    lines = [f"gate {verdict}: relevance {gate.relevance:.2f} (threshold {gate.threshold:.2f}), "
             f"{gate.attempts} attempt(s)"]
    lines += [f"  query {n}: {q}" for n, q in enumerate(gate.queries)]
    lines.append(f"{'#':>3}  {'score':>7}  {'bm25':>5}  {'dense':>5}  source / text")
    for n, p in enumerate(result.passages, start=1):
        ranks = [str(p.routes[r].rank) if r in p.routes else "-" for r in ("bm25", "dense")]
        text = " ".join(p.text.split())
        lines.append(f"{n:>3}  {p.score:7.4f}  {ranks[0]:>5}  {ranks[1]:>5}  {p.source}: {text[:80]}")
    return "\n".join(lines)
