"""Escalation queue throughput: enqueue, claim and decide on SQLite and PostgreSQL.

Items are the size of a real escalation (5 passages of ~700 characters, 4 claims
with evidence, about 6 kB of JSON). Each figure is items per second over N items:
one thread, then 4 threads sharing the queue object (one connection each), which
is how a threaded server uses it. SQLite runs with WAL and synchronous=FULL (an
fsync per commit); PostgreSQL with its defaults (fsync on, synchronous_commit on).

    source scripts/ci-services.sh && ci_services_start      # a throwaway PostgreSQL
    nice -n 19 .venv/bin/python benchmarks/review_queue.py  # writes benchmarks/results/review_queue.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from guard.review import ItemStatus, NewItem, ReviewClaim, ReviewPassage, ReviewReason, open_queue

RESULT = Path(__file__).resolve().parent / "results" / "review_queue.json"
THREADS = 4


def realistic_item(trace_id: str) -> NewItem:
    sentence = "The leaflet gives the usual adult dose, when to take it, and what to avoid while taking it. "
    passages = [
        ReviewPassage(
            number=n, id=f"doc-{n}#0", text=sentence * 8, source=f"doc-{n}.md", title=f"Document {n}"
        )
        for n in range(1, 6)
    ]
    draft = " ".join(f"Claim number {i} says something specific about the dose [{i + 1}]." for i in range(4))
    claims, cursor = [], 0
    for i, text in enumerate(draft.split(". ")):
        start = draft.index(text, cursor)
        cursor = start + len(text)
        claims.append(
            ReviewClaim(
                index=i,
                text=text,
                start=start,
                end=cursor,
                label="unsupported",
                support=0.2,
                citations=[i + 1],
                cited_passage_ids=[f"doc-{i + 1}#0"],
                best_passage_id=f"doc-{i + 1}#0",
                best_sentence=sentence.strip(),
            )
        )
    reasons = [
        ReviewReason(condition="unsupported_claim", action="escalate", detail=f"claim {i}", claim_index=i)
        for i in range(4)
    ]
    return NewItem(
        trace_id=trace_id,
        question="What is the usual adult dose?",
        draft=draft,
        holding_answer="A reviewer will follow up.",
        policy="medical",
        reasons=reasons,
        claims=claims,
        passages=passages,
        model="local/smollm2-135m-instruct",
    )


def timed(work: Callable[[int], None], n: int, threads: int) -> dict[str, float]:
    """Run work(i) for i in range(n) over ``threads`` threads; items/s and per-call latency."""
    latencies: list[float] = []
    lock = threading.Lock()

    def run(indices: range) -> None:
        mine = []
        for i in indices:
            t0 = time.perf_counter()
            work(i)
            mine.append(time.perf_counter() - t0)
        with lock:
            latencies.extend(mine)

    chunks = [range(k, n, threads) for k in range(threads)]
    workers = [threading.Thread(target=run, args=(c,)) for c in chunks]
    start = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    elapsed = time.perf_counter() - start
    latencies.sort()
    return {
        "items": n,
        "threads": threads,
        "seconds": round(elapsed, 3),
        "items_per_s": round(n / elapsed, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p95_ms": round(latencies[int(0.95 * (len(latencies) - 1))] * 1000, 2),
    }


def bench_backend(target: str, n: int) -> dict[str, dict[str, float]]:
    queue = open_queue(target)
    tag = uuid.uuid4().hex[:8]
    out = {
        "enqueue_1_thread": timed(lambda i: queue.enqueue(realistic_item(f"{tag}-a{i}")), n, 1),
        f"enqueue_{THREADS}_threads": timed(
            lambda i: queue.enqueue(realistic_item(f"{tag}-b{i}")), n, THREADS
        ),
        "enqueue_duplicate_trace": timed(lambda i: queue.enqueue(realistic_item(f"{tag}-a{i}")), n, 1),
    }
    claimed: list[tuple[str, str]] = []  # (item id, reviewer)

    def claim(i: int) -> None:
        reviewer = f"reviewer-{threading.get_ident()}"
        item = queue.claim(reviewer, lease_s=3600)
        assert item is not None, "the queue ran dry during the benchmark"
        claimed.append((item.id, reviewer))

    out["claim_1_thread"] = timed(claim, n, 1)
    out[f"claim_{THREADS}_threads"] = timed(claim, n, THREADS)
    assert len({c[0] for c in claimed}) == len(claimed) == 2 * n, "an item was claimed twice"
    out["approve_1_thread"] = timed(lambda i: queue.approve(claimed[i][0], claimed[i][1], comment="ok"), n, 1)
    counts = queue.counts()
    assert counts[ItemStatus.approved] == n and counts[ItemStatus.claimed] == n
    queue.close()
    return out


def _pg_target(url: str) -> tuple[str, Callable[[], None]]:
    import psycopg

    schema = f"bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
        version = conn.execute("SHOW server_version").fetchone()[0]

    def drop() -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")

    sep = "&" if "?" in url else "?"
    _pg_target.version = version  # type: ignore[attr-defined]
    return f"{url}{sep}options={quote(f'-csearch_path={schema}')}", drop


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-n", type=int, default=1000, help="items per figure")
    parser.add_argument("--pg-url", default=os.environ.get("RAGGUARD_TEST_PG_URL"), help="PostgreSQL server")
    parser.add_argument("--out", type=Path, default=RESULT)
    args = parser.parse_args()

    import sqlite3

    results: dict[str, object] = {
        "what": "review queue throughput, items per second (higher is better)",
        "item_json_bytes": len(realistic_item("x").model_dump_json()),
        "machine": {
            "cpus": os.cpu_count(),
            "load_average_1m_at_start": round(os.getloadavg()[0], 2),  # the machine is shared
            "python": platform.python_version(),
            "sqlite": sqlite3.sqlite_version,
        },
        "command": "nice -n 19 .venv/bin/python benchmarks/review_queue.py",
    }
    with tempfile.TemporaryDirectory() as folder:
        results["sqlite"] = bench_backend(str(Path(folder) / "queue.db"), args.n)
        print("sqlite", json.dumps(results["sqlite"], indent=1))
    if args.pg_url:
        target, drop = _pg_target(args.pg_url)
        try:
            results["postgres"] = bench_backend(target, args.n)
        finally:
            drop()
        results["machine"]["postgres"] = _pg_target.version  # type: ignore[index,attr-defined]
        print("postgres", json.dumps(results["postgres"], indent=1))
    else:
        print("no --pg-url / RAGGUARD_TEST_PG_URL: PostgreSQL not measured", file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
