"""Load test of ``POST /v1/verify``: latency and throughput at 1, 4, 8 and 32 clients, and a soak.

Starts ``ragguard serve`` in a subprocess on 127.0.0.1 (a free port), waits for /healthz,
sends each distinct request once per client level (warm-up), then, for each level N of
``--clients`` (default 1,4,8,32), N ``httpx.AsyncClient`` workers post requests of 5 HotpotQA
passages and a 5-claim answer (four sentences copied from the passages and cited, one
invented) for ``--seconds``. Every request is made distinct as ``--texts`` says: by default
its passages carry its number, so that no cached passage vector answers from an earlier request
(their sentences and the answer repeat); ``repeat-passages`` sends the passages again verbatim
with every claim new (a RAG app retrieving the same passages); ``all-new`` makes every sentence
and every claim new (the worst case). The 1-client level is the single-request latency. Reports per level requests/s (over the whole level, requests
still in flight at its end included), p50/p95/p99 latency and status counts, and the
server's RSS.

``--soak N``: ``--soak-warm-up`` W distinct requests (default 1,000: the verifier's bounded
content caches fill and the allocator settles), then N more, from ``--soak-clients`` clients;
reports the RSS after them against the RSS after the warm-up (issue 15's bar: within 10 %), the
RSS every ``--soak-sample-every`` requests (each after ``--soak-settle-s`` idle seconds), its
slope after the warm-up (MB per 1,000 requests: a plateau reads ~0, a leak does not), and
with ``--plot PNG`` a chart of it.

Exits 1 on any 5xx or transport error, or when the soak's RSS grew by more than
``--max-rss-growth-pct``. On a machine other jobs share, every figure is an upper bound on
latency and a lower bound on throughput: the load average at the start is recorded.

    nice -n 19 .venv/bin/python benchmarks/server_load.py                  # 1, 4, 8, 32 clients, 15 s each
    .venv/bin/python benchmarks/server_load.py --soak 10000 --clients '' --no-save \
        --plot benchmarks/results/server_load_soak.png                    # soak only: 1,000 + 10,000
    .venv/bin/python benchmarks/server_load.py --clients 4 --seconds 3 --no-save
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import math
import os
import platform
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
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
    # 200 responses whose verification recorded failures (e.g. the policy's deadline passed):
    # verdicts the policy fails closed on, not full verifications.
    with_failures: int = 0
    rss_mb: dict[str, float] = field(default_factory=dict)
    # Server CPU seconds (all threads) per answered request: what a request costs, whatever the load.
    server_cpu_s_per_request: float | None = None
    # GET /healthz latency during the load: the event loop answers while batches are verified.
    healthz_ms: dict[str, float] = field(default_factory=dict)

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
    unique: bool = False,
    timeout_s: float = 120,
    texts: str = "new-passages",
) -> LoadResult:
    """``clients`` workers posting to /v1/verify back to back until the time or count runs out.

    ``unique``: every request made new as ``texts`` says (:func:`fresh`)."""
    latencies: list[float] = []
    numbers = itertools.count(next(_REQUEST_NUMBERS, 0) * 1_000_000)
    statuses: Counter[str] = Counter()
    errors = 0
    with_failures = 0
    sent = 0
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)

    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=timeout_s, limits=limits) as client:
        # The clock starts once the client exists (building its SSL context can take a second).
        started = time.perf_counter()
        deadline = started + seconds

        async def worker(first: int) -> None:
            nonlocal errors, sent, with_failures
            index = first
            while time.perf_counter() < deadline and sent < max_requests:
                sent += 1
                payload = payloads[index % len(payloads)]
                if unique:
                    payload = fresh(payload, next(numbers), texts)
                index += clients
                begin = time.perf_counter()
                try:
                    response = await client.post("/v1/verify", json=payload)
                except httpx.TransportError:
                    errors += 1
                    continue
                latencies.append((time.perf_counter() - begin) * 1000)
                statuses[str(response.status_code)] += 1
                if response.status_code == 200 and response.json().get("failures"):
                    with_failures += 1

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
        with_failures=with_failures,
    )


_REQUEST_NUMBERS = itertools.count(1)  # one block of numbers per drive(), so runs never repeat a text


def distinct(payload: dict[str, Any], number: int) -> dict[str, Any]:
    """``payload`` with a sentence naming ``number`` after each passage: same claims, new texts."""
    return {**payload, "contexts": [f"{text} Record {number}." for text in payload["contexts"]]}


# What a request repeats of earlier ones (--texts): the passages' cached vectors, sentence splits
# and parses are reused only for texts seen before.
TEXT_MODES = ("new-passages", "repeat-passages", "all-new")
_SENTENCE_END = re.compile(r"([.!?][\"'\u201d\u2019)\]]*)(?=\s|$)")  # the closing quotes stay after it
_CITED_CLAIM_END = re.compile(r" \[(\d+)\]\.")


def fresh(payload: dict[str, Any], number: int, texts: str = "new-passages") -> dict[str, Any]:
    """``payload`` made new for request ``number``.

    ``new-passages`` (what earlier rounds measured): each whole passage is new (:func:`distinct`),
    its sentences and the answer repeat. ``repeat-passages`` (a RAG app retrieving the same
    passages again): the passages repeat verbatim, every claim of the answer is new.
    ``all-new`` (the worst case): every sentence of every passage and every claim is new."""
    if texts == "new-passages":
        return distinct(payload, number)
    answer = _CITED_CLAIM_END.sub(rf" (answer {number}) [\1].", payload["answer"])
    if texts == "repeat-passages":
        return {**payload, "answer": answer}
    if texts != "all-new":
        raise ValueError(f"texts must be one of {TEXT_MODES}, got {texts!r}")
    contexts = [_SENTENCE_END.sub(rf" (record {number})\1", text) for text in payload["contexts"]]
    return {**payload, "contexts": contexts, "answer": answer}


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


def cpu_seconds(pid: int | str) -> float:
    """User + system CPU time of a process and its threads, from /proc/PID/stat (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


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


# --stub-verifier: batches answered with empty verifications, so that a long soak measures the
# server's own machinery (HTTP, admission, batching, metrics) where real verification is too slow.
_STUB_PRELUDE = (
    "import guard.server.batching as b; from guard.verifiers.types import Verification; "
    "b._verify_many = lambda items, settings: [Verification() for _ in items]; "
)


def start_server(port: int, args: argparse.Namespace, folder: Path) -> subprocess.Popen:
    batching = {"window_ms": args.batch_window_ms, "max_size": args.batch_max, "processes": args.processes}
    settings = folder / "server.yaml"  # batching has no flag: a settings file carries it
    settings.write_text(
        json.dumps({"verify_batch": {k: v for k, v in batching.items() if v is not None}}), encoding="utf-8"
    )
    prelude = _STUB_PRELUDE if args.stub_verifier else ""
    command = [
        sys.executable, "-c", prelude + "from guard.cli import main; main()", "serve", "--config", str(settings),
        "--host", "127.0.0.1", "--port", str(port), "--workers-pool", str(args.workers_pool),
        "--max-in-flight", str(args.max_in_flight), "--max-queue", str(args.max_queue),
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


async def warm_up(
    url: str,
    payloads: list[dict[str, Any]],
    clients: int,
    headers: dict[str, str],
    timeout_s: float = 120,
    texts: str = "new-passages",
) -> None:
    """Each request once, ``clients`` at a time: lazy loads, and the growth of the embedder's
    ONNX memory arena to these shapes at this concurrency, happen here rather than in the
    measured load, which then shows whether memory keeps growing."""
    count = len(payloads)
    result = await drive(url, payloads, clients, 600.0, count, headers, True, timeout_s, texts)
    if result.server_errors or result.statuses.keys() != {"200"}:
        raise RuntimeError(f"warm-up failed: {result.statuses}, {result.transport_errors} transport errors")


HEADERS = {"Authorization": f"Bearer {API_KEY}"}


async def probe_healthz(url: str, stop: asyncio.Event, every_s: float = 0.5) -> list[float]:
    """Milliseconds of each GET /healthz, every ``every_s``, until ``stop``."""
    latencies = []
    async with httpx.AsyncClient(base_url=url, timeout=600) as client:
        while not stop.is_set():
            begin = time.perf_counter()
            await client.get("/healthz")
            latencies.append((time.perf_counter() - begin) * 1000)
            try:
                await asyncio.wait_for(stop.wait(), every_s)
            except TimeoutError:
                pass
    return latencies


async def measure_levels(url: str, pid: int, args: argparse.Namespace) -> list[LoadResult]:
    """One load per client level, each after its own warm-up at that concurrency."""
    payloads = verify_payloads(limit=args.payloads)
    results = []
    for clients in args.clients:
        await warm_up(url, payloads, clients, HEADERS, args.timeout, args.texts)
        cpu = cpu_seconds(pid)
        stop = asyncio.Event()
        probe = asyncio.create_task(probe_healthz(url, stop))
        result = await drive(
            url, payloads, clients, args.seconds, args.max_requests, HEADERS, True, args.timeout, args.texts
        )
        stop.set()
        result.healthz_ms = _percentiles(await probe)
        result.rss_mb = {"after": round(rss_mb(pid), 1)}
        result.server_cpu_s_per_request = round((cpu_seconds(pid) - cpu) / max(result.requests, 1), 3)
        print(
            f"{clients:>2} clients: {result.requests_per_s:6.2f} requests/s, "
            f"p50 {result.latency_ms['p50']:.0f} ms, p95 {result.latency_ms['p95']:.0f} ms, "
            f"server CPU {result.server_cpu_s_per_request} s/request, "
            f"/healthz p95 {result.healthz_ms['p95']:.0f} ms, "
            f"statuses {result.statuses}, {result.with_failures} with verifier failures",
            file=sys.stderr,
        )
        results.append(result)
    return results


async def soak(url: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    """``args.soak_warm_up`` distinct requests (the warm-up), then ``args.soak`` more; the RSS
    after them against the RSS after the warm-up, sampled every ``args.soak_sample_every``."""
    payloads = verify_payloads(limit=args.payloads)
    for _ in range(2):  # twice: lazy loads, and every payload shape seen at this concurrency
        await warm_up(url, payloads, args.soak_clients, HEADERS, args.timeout, args.texts)
    before = rss_mb(pid)
    samples: list[tuple[int, float]] = [(0, before)]  # (soak requests answered, RSS MB)
    results: list[LoadResult] = []
    cpu = cpu_seconds(pid)
    total = args.soak_warm_up + args.soak
    while samples[-1][0] < total:
        chunk = min(max(1, args.soak_sample_every), total - samples[-1][0])
        result = await drive(
            url, payloads, args.soak_clients, math.inf, chunk, HEADERS, True, args.timeout, args.texts
        )
        results.append(result)
        # At rest: the server trims freed memory within 5 s of its last batch (guard.server.memory),
        # so the sample is what it keeps, not the garbage of the batches that just ended.
        await asyncio.sleep(args.soak_settle_s)
        samples.append((samples[-1][0] + chunk, rss_mb(pid)))
        print(f"soak: {samples[-1][0]} requests, RSS {samples[-1][1]:.1f} MB", file=sys.stderr)
    return _soak_report(samples, results, args, cpu_seconds(pid) - cpu)


def _soak_report(
    samples: list[tuple[int, float]], results: list[LoadResult], args: argparse.Namespace, cpu_s: float
) -> dict[str, Any]:
    """The bar of issue 15 item 5: RSS after ``args.soak`` requests within 10 % of the RSS after
    the warm-up; and the trend, in MB per 1,000 requests (least squares over the samples after
    the warm-up), which tells a plateau from a slow leak that a short soak would pass."""
    warm = next(rss for n, rss in samples if n >= args.soak_warm_up)
    measured = [(n, rss) for n, rss in samples if n >= args.soak_warm_up]
    after = samples[-1][1]
    statuses: Counter[str] = Counter()
    for result in results:
        statuses.update(result.statuses)
    requests = sum(r.requests for r in results)
    seconds = sum(r.seconds for r in results)
    return {
        "warm_up": f"the first {args.soak_warm_up} soak requests (after one pass over the payloads, twice)",
        "requests_after_warm_up": args.soak,
        "requests": requests,
        "clients": args.soak_clients,
        "seconds": round(seconds, 2),
        "requests_per_s": round(requests / seconds, 2) if seconds else 0.0,
        "server_cpu_s_per_request": round(cpu_s / max(requests, 1), 3),
        "statuses": dict(statuses),
        "transport_errors": sum(r.transport_errors for r in results),
        "with_failures": sum(r.with_failures for r in results),
        "rss_mb_before_warm_up": round(samples[0][1], 1),
        "rss_mb_after_warm_up": round(warm, 1),
        "rss_mb_after": round(after, 1),
        "rss_mb_peak": round(max(rss for _, rss in samples), 1),
        "growth_pct": round(100 * (after - warm) / warm, 2),
        "growth_mb_per_1k_requests": _slope_per_1k(measured),
        "rss_mb_by_requests": [(n, round(rss, 1)) for n, rss in samples],
    }


def _slope_per_1k(points: list[tuple[int, float]]) -> float | None:
    """Least-squares slope of RSS (MB) over requests, per 1,000 requests; None under two points."""
    if len(points) < 2:
        return None
    mean_n = statistics.fmean(n for n, _ in points)
    mean_rss = statistics.fmean(rss for _, rss in points)
    spread = sum((n - mean_n) ** 2 for n, _ in points)
    if spread == 0:
        return None
    slope = sum((n - mean_n) * (rss - mean_rss) for n, rss in points) / spread
    return round(1000 * slope, 2)


def plot_soak(soaked: dict[str, Any], path: Path, max_growth_pct: float) -> None:
    """RSS over requests, the end of the warm-up and the bar (warm-up RSS + ``max_growth_pct``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = soaked["rss_mb_by_requests"]
    warm_up_end = soaked["requests"] - soaked["requests_after_warm_up"]
    figure, axes = plt.subplots(figsize=(7, 4))
    axes.plot([n for n, _ in points], [rss for _, rss in points], marker=".", label="server RSS")
    axes.axvline(warm_up_end, color="grey", linestyle=":", label="end of warm-up")
    bar = soaked["rss_mb_after_warm_up"] * (1 + max_growth_pct / 100)
    axes.axhline(bar, color="red", linestyle="--", label=f"warm-up RSS + {max_growth_pct:g} %")
    axes.set_xlabel("/v1/verify requests (distinct)")
    axes.set_ylabel("RSS (MB)")
    axes.set_title(
        f"growth {soaked['growth_pct']} % after warm-up, "
        f"{soaked['growth_mb_per_1k_requests']} MB / 1k requests"
    )
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def _client_levels(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=_client_levels, default=[1, 4, 8, 32], help="levels, e.g. 1,4,8,32")
    parser.add_argument("--seconds", type=float, default=15.0, help="per client level")
    parser.add_argument("--max-requests", type=int, default=100_000, help="per client level")
    parser.add_argument(
        "--payloads", type=int, default=16, help="distinct question/passage sets, sent in turn"
    )
    parser.add_argument(
        "--soak", type=int, default=0, metavar="N", help="then N requests after the soak's warm-up"
    )
    parser.add_argument("--soak-clients", type=int, default=8)
    parser.add_argument(
        "--soak-warm-up", type=int, default=1000, metavar="W",
        help="soak requests before the RSS the soak is compared with (caches fill, allocator settles)",
    )  # fmt: skip
    parser.add_argument("--soak-sample-every", type=int, default=250, metavar="K", help="soak: RSS every K requests")
    parser.add_argument(
        "--soak-settle-s", type=float, default=6.0, metavar="S",
        help="soak: idle seconds before each RSS sample (the server trims within 5 s of a batch)",
    )  # fmt: skip
    parser.add_argument("--plot", type=Path, default=None, metavar="PNG", help="soak: RSS over requests, as a PNG")
    parser.add_argument(
        "--timeout", type=float, default=120.0, help="per request (s); raise it on a loaded machine"
    )
    parser.add_argument(
        "--stub-verifier", action="store_true", help="the server verifies nothing (machinery-only soak)"
    )
    parser.add_argument("--max-rss-growth-pct", type=float, default=10.0, help="soak: RSS growth allowed")
    parser.add_argument("--workers-pool", type=int, default=2)
    parser.add_argument("--max-in-flight", type=int, default=32)
    parser.add_argument("--max-queue", type=int, default=64)
    parser.add_argument("--batch-window-ms", type=float, default=None, help="server verify_batch.window_ms")
    parser.add_argument("--batch-max", type=int, default=None, help="server verify_batch.max_size")
    parser.add_argument("--processes", type=int, default=None,
                        help="server verify_batch.processes (worker processes; default 0: in the server)")
    parser.add_argument(
        "--texts", choices=TEXT_MODES, default="new-passages",
        help="what each request makes new: its passages (default), only its answer, or every sentence",
    )  # fmt: skip
    parser.add_argument(
        "--no-save", action="store_true", help="do not write benchmarks/results/server_load.json"
    )
    args = parser.parse_args()

    # a SIGTERM (kill, a CI timeout) must run the finally below, or the server outlives the benchmark
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    load = round(os.getloadavg()[0], 2)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        process = start_server(port, args, Path(folder))
        try:
            wait_healthy(url, process)
            levels = asyncio.run(measure_levels(url, process.pid, args)) if args.clients else []
            soaked = asyncio.run(soak(url, process.pid, args)) if args.soak else None
        finally:
            process.terminate()
            process.wait(timeout=30)
    report = {
        "endpoint": "POST /v1/verify",
        "request": f"{PASSAGES_PER_REQUEST} HotpotQA passages, {CLAIMS_PER_ANSWER}-claim answer "
        f"(1 invented), texts made new per request: {args.texts}",
        "server": {
            "workers_pool": args.workers_pool,
            "max_in_flight": args.max_in_flight,
            "max_queue": args.max_queue,
            "verify_batch": {"window_ms": args.batch_window_ms, "max_size": args.batch_max,
                             "processes": args.processes},
            "verifiers": "none: a stub (--stub-verifier)" if args.stub_verifier else "default policy",
        },
        # Other work on the machine (the load average when the run began) slows every figure down.
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_1m_at_start": load,
            "load_1m_at_end": round(os.getloadavg()[0], 2),
        },
        "command": " ".join(["python", "benchmarks/server_load.py", *sys.argv[1:]]),
        "single_request_latency_ms": next((r.latency_ms for r in levels if r.clients == 1), None),
        "levels": [asdict(r) for r in levels],
        "soak": soaked,
    }
    print(json.dumps(report, indent=2))
    if soaked is not None and args.plot is not None:
        plot_soak(soaked, args.plot, args.max_rss_growth_pct)
    if not args.no_save:
        RESULT.parent.mkdir(parents=True, exist_ok=True)
        RESULT.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    errors = sum(r.server_errors for r in levels)
    if soaked is not None:
        five_xx = sum(n for status, n in soaked["statuses"].items() if status.startswith("5"))
        errors += soaked["transport_errors"] + five_xx
    grew = soaked is not None and soaked["growth_pct"] > args.max_rss_growth_pct
    if errors or grew:
        growth = f"; soak RSS grew {soaked['growth_pct']} %" if soaked else ""
        print(f"FAILED: {errors} 5xx/transport errors{growth}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
