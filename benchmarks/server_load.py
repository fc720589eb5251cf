"""Load test of ``POST /v1/verify``: N concurrent clients for M seconds against a real server.

Starts ``ragguard serve`` in a subprocess on 127.0.0.1 (a free port), waits for /healthz,
sends each distinct request once, N at a time (warm-up), then N ``httpx.AsyncClient``
workers post requests of 5 HotpotQA passages and a 5-claim answer (four sentences
copied from the passages and cited, one invented) until M seconds or ``--max-requests``
have passed. Reports requests/s (over the whole run, requests still in flight at the
deadline included), p50/p95/p99 latency, status counts and the server's RSS at start,
after the warm-up, halfway, at peak and after.

Exits 1 on any 5xx or transport error, or when RSS grew by more than
``--max-rss-growth-mb`` in the second half of the load: memory may grow to a plateau
(the embedder's ONNX Runtime memory arena grows to the largest concurrent batches and
keeps that memory), but must not keep growing.

    nice -n 19 .venv/bin/python benchmarks/server_load.py               # N=8, M=20 s
    .venv/bin/python benchmarks/server_load.py --clients 4 --seconds 3 --no-save
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
HOTPOTQA = REPO / ".." / "shared" / "data" / "hotpotqa" / "hotpotqa_dev_distractor_first100.jsonl"
RESULT = REPO / "benchmarks" / "results" / "server_load.json"
API_KEY = "load-test-key"
PASSAGES_PER_REQUEST = 5
CLAIMS_PER_ANSWER = 5


@dataclass
class LoadResult:
    clients: int
    seconds: float
    requests: int
    requests_per_s: float
    latency_ms: dict[str, float]
    statuses: dict[str, int]
    transport_errors: int
    rss_mb: dict[str, float] = field(default_factory=dict)

    @property
    def server_errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status.startswith("5")) + self.transport_errors


# --- requests --------------------------------------------------------------------------------------


def verify_payloads(path: Path = HOTPOTQA, limit: int = 40) -> list[dict[str, Any]]:
    """One /v1/verify body per HotpotQA question: 5 passages, a 5-claim answer with one fabrication."""
    payloads = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            paragraphs = [p for p in row["context"] if len(p["sentences"]) >= 1][:PASSAGES_PER_REQUEST]
            if len(paragraphs) < PASSAGES_PER_REQUEST:
                continue
            claims = [
                f"{p['sentences'][0].strip().rstrip('.')} [{i}]."
                for i, p in enumerate(paragraphs[: CLAIMS_PER_ANSWER - 1], start=1)
            ]
            claims.append(f"{paragraphs[0]['title']} was founded in 1852 by a Dutch sea captain [1].")
            payloads.append(
                {
                    "question": row["question"],
                    "contexts": ["".join(p["sentences"]).strip() for p in paragraphs],
                    "answer": " ".join(claims),
                }
            )
            if len(payloads) == limit:
                break
    return payloads


async def drive(
    url: str,
    payloads: list[dict[str, Any]],
    clients: int,
    seconds: float,
    max_requests: int,
    headers: dict[str, str] | None = None,
) -> LoadResult:
    """``clients`` workers posting to /v1/verify back to back until the time or count runs out."""
    latencies: list[float] = []
    statuses: Counter[str] = Counter()
    errors = 0
    sent = 0
    started = time.perf_counter()
    deadline = started + seconds
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)

    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=120, limits=limits) as client:

        async def worker(first: int) -> None:
            nonlocal errors, sent
            index = first
            while time.perf_counter() < deadline and sent < max_requests:
                sent += 1
                payload = payloads[index % len(payloads)]
                index += clients
                begin = time.perf_counter()
                try:
                    response = await client.post("/v1/verify", json=payload)
                except httpx.TransportError:
                    errors += 1
                    continue
                latencies.append((time.perf_counter() - begin) * 1000)
                statuses[str(response.status_code)] += 1

        await asyncio.gather(*(worker(i) for i in range(clients)))
    elapsed = time.perf_counter() - started
    return LoadResult(
        clients=clients,
        seconds=round(elapsed, 2),
        requests=len(latencies),
        requests_per_s=round(len(latencies) / elapsed, 2),
        latency_ms=_percentiles(latencies),
        statuses=dict(statuses),
        transport_errors=errors,
    )


def _percentiles(values: list[float]) -> dict[str, float]:
    if len(values) < 2:
        return {"p50": values[0] if values else 0.0, "p95": values[0] if values else 0.0}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {
        "p50": round(cuts[49], 1),
        "p95": round(cuts[94], 1),
        "p99": round(cuts[98], 1),
        "max": round(max(values), 1),
    }


def rss_mb(pid: int | str = "self") -> float:
    """Resident set size of a process, from /proc (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


async def sample_rss(pid: int | str, stop: asyncio.Event, every_s: float = 0.25) -> list[tuple[float, float]]:
    """(seconds since the start, RSS MB) every ``every_s`` until ``stop`` is set."""
    started = time.perf_counter()
    samples = [(0.0, rss_mb(pid))]
    while not stop.is_set():
        try:
            await asyncio.wait_for(stop.wait(), every_s)
        except TimeoutError:
            pass
        samples.append((time.perf_counter() - started, rss_mb(pid)))
    return samples


# --- the server ----------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(port: int, workers_pool: int, max_in_flight: int, max_queue: int) -> subprocess.Popen:
    command = [
        sys.executable, "-c", "from guard.cli import main; main()", "serve",
        "--host", "127.0.0.1", "--port", str(port), "--workers-pool", str(workers_pool),
        "--max-in-flight", str(max_in_flight), "--max-queue", str(max_queue),
        "--api-key-env", "RAGGUARD_LOAD_KEYS", "--log-level", "error",
    ]  # fmt: skip
    env = dict(os.environ, RAGGUARD_LOAD_KEYS=API_KEY)
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)


def wait_healthy(url: str, process: subprocess.Popen, timeout_s: float = 180) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode} during start-up")
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.25)
    raise TimeoutError(f"the server at {url} was not healthy after {timeout_s} s")


async def warm_up(url: str, payloads: list[dict[str, Any]], clients: int, headers: dict[str, str]) -> None:
    """Each request once, ``clients`` at a time: lazy loads, and the growth of the embedder's
    ONNX memory arena to these shapes at this concurrency, happen here rather than in the
    measured load, which then shows whether memory keeps growing."""
    result = await drive(url, payloads, clients, 600.0, len(payloads), headers)
    if result.server_errors or result.statuses.keys() != {"200"}:
        raise RuntimeError(f"warm-up failed: {result.statuses}, {result.transport_errors} transport errors")


async def measure(url: str, pid: int | str, args: argparse.Namespace) -> LoadResult:
    headers = {"Authorization": f"Bearer {API_KEY}"}
    payloads = verify_payloads(limit=args.payloads)
    started = rss_mb(pid)
    await warm_up(url, payloads, args.clients, headers)
    before = rss_mb(pid)
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_rss(pid, stop))
    result = await drive(url, payloads, args.clients, args.seconds, args.max_requests, headers)
    stop.set()
    samples = await sampler
    halfway = min(samples, key=lambda sample: abs(sample[0] - result.seconds / 2))[1]
    result.rss_mb = {
        "at_start": round(started, 1),
        "after_warm_up": round(before, 1),
        "halfway": round(halfway, 1),
        "peak": round(max(rss for _, rss in samples), 1),
        "after": round(rss_mb(pid), 1),
    }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--max-requests", type=int, default=5000)
    parser.add_argument("--payloads", type=int, default=16, help="distinct requests, sent in turn")
    parser.add_argument("--workers-pool", type=int, default=2)
    parser.add_argument("--max-in-flight", type=int, default=8)
    parser.add_argument("--max-queue", type=int, default=32)
    parser.add_argument(
        "--max-rss-growth-mb",
        type=float,
        default=150.0,
        help="allowed RSS growth in the second half of the load",
    )
    parser.add_argument(
        "--no-save", action="store_true", help="do not write benchmarks/results/server_load.json"
    )
    args = parser.parse_args()

    load = round(os.getloadavg()[0], 2)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    process = start_server(port, args.workers_pool, args.max_in_flight, args.max_queue)
    try:
        wait_healthy(url, process)
        result = asyncio.run(measure(url, process.pid, args))
    finally:
        process.terminate()
        process.wait(timeout=30)
    report = {
        "endpoint": "POST /v1/verify",
        "request": f"{PASSAGES_PER_REQUEST} HotpotQA passages, {CLAIMS_PER_ANSWER}-claim answer (1 invented)",
        "server": {
            "workers_pool": args.workers_pool,
            "max_in_flight": args.max_in_flight,
            "max_queue": args.max_queue,
            "verifiers": "default policy (support, citations, types)",
        },
        # Other work on the machine (the load average when the run began) slows every figure down.
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "load_1m_at_start": load},
        "command": " ".join(["python", "benchmarks/server_load.py", *sys.argv[1:]]),
        **asdict(result),
    }
    print(json.dumps(report, indent=2))
    if not args.no_save:
        RESULT.parent.mkdir(parents=True, exist_ok=True)
        RESULT.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    growth = result.rss_mb["after"] - result.rss_mb["halfway"]
    if result.server_errors or growth > args.max_rss_growth_mb:
        print(
            f"FAILED: {result.server_errors} 5xx/transport errors; RSS grew {growth:.1f} MB in the second half",
            file=sys.stderr,
        )
        sys.exit(1)


if __name__ == "__main__":
    main()
