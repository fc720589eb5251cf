"""`ragguard verify` throughput over the RAGTruth QA responses of our dev split, local and on Ray.

    python benchmarks/verify_throughput.py [--limit N] [--batch-size 32] [--ray-workers 1,2] [--no-local]
        [--embedder onnx-int8|torch|torch-bf16]

The dev split is :func:`guard.eval.ragtruth.split_dev` (20 % of the train sources per task,
held out by source; 168 QA sources, 1,008 responses, six per source). ``local`` runs the
command's own loop (``guard.cli.verify._run``: parse, verify_batch, write JSON lines) with
the default verifiers and the command's default ``--workers`` (one worker process per CPU;
``--workers 1``: this process only), after the models are loaded and the workers started
(start-up is reported apart); it reports wall time, responses/s and CPU milliseconds per
response (this process and its worker processes, every thread: the figure that does not
depend on what else the machine runs). ``ray-N`` verifies the same items with
``verify_batch(executor="ray", workers=N)`` on a local Ray of N CPUs: wall time with the
workers' start-up, the steady rate after the first batch, and the driver's CPU per
response (what bounds a cluster: the driver reads, ships and receives every response).
Ray reports are checked equal to the local ones. ``--embedder`` sets ``$RAGGUARD_EMBEDDER`` (the
verifiers' embedder backend, :mod:`retrievers.embedder`) for this process and its workers. Writes ``results/verify_throughput.json``
with the load average before and after: on a shared machine wall times are upper bounds.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

RESULTS = Path(__file__).resolve().parent / "results" / "verify_throughput.json"
DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "ragtruth"


def dev_qa_lines(limit: int | None) -> list[str]:
    from guard.eval.records import load_ragtruth_split

    records = load_ragtruth_split(DATA, "dev", tasks=["QA"])[:limit]
    return [json.dumps({"id": r.id, "question": r.question, "contexts": r.contexts, "answer": r.answer,
                        "model": r.model}) for r in records]


def warm_up_lines(count: int) -> list[str]:
    """The last ``count`` dev QA responses: the warm-up runs on these, not on the measured
    first N, whose claims and passages it would leave cached in whichever worker took them
    (before the eighth session it warmed up on the first 64 measured ones: CPU per response
    then swung 87-116 ms between back-to-back runs of the same code)."""
    return dev_qa_lines(None)[-count:]


def run_local(lines: list[str], batch_size: int, workers: int | None) -> tuple[dict, list[dict]]:
    from guard.cli.verify import _run, _RunOptions, _settings
    from guard.verifiers.batch_pool import POOL_MIN_ITEMS

    settings = _settings(None, None)  # the default verifiers, models loaded here, untimed
    options = _RunOptions(batch_size=batch_size, workers=workers)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.jsonl"
        started = time.perf_counter()  # warm-up: first calls, and the worker processes started
        # two batches per worker, so that every worker has loaded its models before the clock starts
        warm_up = warm_up_lines(max(POOL_MIN_ITEMS, 2 * batch_size * (workers or default_workers())))
        _run(warm_up, out, {}, settings, options)
        start_up = time.perf_counter() - started
        cpu, wall = _cpu_s(), time.perf_counter()
        bad = _run(lines, out, {}, settings, options)
        wall, cpu = time.perf_counter() - wall, _cpu_s() - cpu
        rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert bad == 0 and len(rows) == len(lines)
    failures = sum(bool(r["verification"]["failures"]) for r in rows)
    return _figures(len(lines), wall, cpu) | {
        "workers": workers or default_workers(),
        "warm_up_s": round(start_up, 1),
        "with_verifier_failures": failures,
    }, rows


def default_workers() -> int:
    from guard.verifiers.batch_pool import default_workers as workers

    return workers()


def _cpu_s() -> float:
    """CPU seconds of this process and of its live children (the worker processes)."""
    import psutil

    me = psutil.Process()
    total = sum(me.cpu_times()[:2])
    for child in me.children(recursive=True):
        try:
            total += sum(child.cpu_times()[:2])
        except psutil.NoSuchProcess:
            pass
    return total


def run_ray(lines: list[str], batch_size: int, workers: int, expected: list[dict] | None) -> dict:
    import ray

    from guard.verifiers.batch import VerifyItem, verify_batch
    from guard.verifiers.batch_ray import _code_path

    items = [VerifyItem(question=r["question"], contexts=r["contexts"], answer=r["answer"], generator=r["model"])
             for r in map(json.loads, lines)]
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": _code_path()}})
    try:
        cpu, started = time.process_time(), time.perf_counter()
        reports, first = [], None
        for report in verify_batch(items, batch_size=batch_size, executor="ray", workers=workers):
            first = first or time.perf_counter()
            reports.append(report.model_dump(mode="json"))
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    finally:
        ray.shutdown()
    steady = len(items) - batch_size
    row = _figures(len(items), wall, cpu) | {
        "steady_responses_per_s": round(steady / (started + wall - first), 2) if steady > 0 else None,
        "driver_cpu_ms_per_response": round(cpu / len(items) * 1000, 2),
    }
    row.pop("cpu_ms_per_response")  # this process is only the driver here
    if expected is not None:
        for report, line in zip(reports, expected, strict=True):
            report.pop("timings"), line["verification"].pop("timings", None)
        row["identical_to_local"] = reports == [line["verification"] for line in expected]
    return row


def _figures(n: int, wall: float, cpu: float) -> dict:
    return {
        "responses": n,
        "wall_s": round(wall, 1),
        "responses_per_s": round(n / wall, 2),
        "cpu_ms_per_response": round(cpu / n * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="the first N dev QA responses (default: all)")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--ray-workers", default="", help="comma-separated worker counts, e.g. 1,2")
    parser.add_argument("--no-local", action="store_true")
    parser.add_argument("--workers", type=int, default=None,
                        help="local worker processes (default: as ragguard verify, one per CPU)")
    parser.add_argument("--embedder", default=None, help="the verifiers' embedder backend ($RAGGUARD_EMBEDDER)")
    args = parser.parse_args()
    if args.embedder:
        os.environ["RAGGUARD_EMBEDDER"] = args.embedder  # before any model loads; inherited by workers
    lines = dev_qa_lines(args.limit)
    results = json.loads(RESULTS.read_text()) if RESULTS.is_file() else {}
    results["cpus"] = os.cpu_count()
    runs = results.setdefault("runs", {})
    local_rows = None
    if not args.no_local:
        load = os.getloadavg()[0]
        row, local_rows = run_local(lines, args.batch_size, args.workers)
        name = f"local-{row['workers']}w-{len(lines)}" + _embedder_suffix()
        runs[name] = _loaded(row, load, args.batch_size)
        print(f"{name}: {runs[name]}", flush=True)
    for workers in [int(w) for w in args.ray_workers.split(",") if w]:
        load = os.getloadavg()[0]
        row = run_ray(lines, args.batch_size, workers, local_rows)
        runs[f"ray-{workers}-{len(lines)}"] = _loaded(row, load, args.batch_size)
        print(f"ray, {workers} worker(s): {runs[f'ray-{workers}-{len(lines)}']}", flush=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")


def _embedder_suffix() -> str:
    from retrievers.embedder import DEFAULT_BACKEND, configured_backend

    backend = configured_backend()
    return "" if backend == DEFAULT_BACKEND else f"-{backend}"


def _loaded(row: dict, load_before: float, batch_size: int) -> dict:
    return row | {"batch_size": batch_size, "load_average_before": round(load_before, 1),
                  "load_average_after": round(os.getloadavg()[0], 1)}


if __name__ == "__main__":
    main()
