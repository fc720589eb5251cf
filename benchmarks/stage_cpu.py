"""CPU time per stage of verification: where a request's (or a batch's) process time goes.

    python benchmarks/stage_cpu.py latency [--runs 20]          # verify(), 5 passages, 5 claims, cold
    python benchmarks/stage_cpu.py throughput [--limit 192]     # verify_batch over RAGTruth dev QA
    python benchmarks/stage_cpu.py server [--limit 80]          # server_load.py's requests, batches of 8
    python benchmarks/stage_cpu.py server --texts all-new       # every sentence new (server_load --texts)
    ... [--embedder torch-bf16]                                 # the embedder backend ($RAGGUARD_EMBEDDER)

On a machine shared with other work wall times say little, so this reports process time
(``time.process_time``: every thread of this process), split by stage. Each stage is a
function wrapped with a timer; time is exclusive (a stage called inside another is
subtracted from the outer one) and measured on the calling thread (``time.thread_time``),
so stages that run at once in two threads are not counted twice. The embedder's model runs
are timed on the thread that runs them (the embedder's helper threads included). ``other``
is the rest of the process time: Python glue, pydantic, the verifiers' own loops.

``throughput`` runs the command's loop in this process (``--workers 1``): worker processes'
stages would be invisible to these timers.

``server`` verifies the requests ``benchmarks/server_load.py`` sends (5 HotpotQA passages made
distinct per request, 5-claim answers) in batches of ``--batch-size`` (default 8, as 8 clients
fill the server's micro-batches), after one warm-up round: what a ``/v1/verify`` request costs
the server's workers, stage by stage, without HTTP.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

# (module, attribute, stage): the functions timed. A name imported elsewhere is rebound too.
STAGES = [
    ("retrievers.embedder", "Embedder.encode", "embed"),
    # the model runs, on whichever thread runs them (the embedder's helper threads too)
    ("retrievers.embedder", "Embedder._encode_batch", "embed"),
    ("guard.language", "_split_texts", "spacy sentences"),
    ("guard.language", "_tag_texts", "spacy entities"),
    ("spacy.language", "Language.__call__", "spacy (fact layer parse/tag)"),
    ("guard.language", "_parse_texts", "spacy (fact layer parse/tag)"),
    ("guard.facts.units", "evidence_units", "evidence units"),
    ("guard.facts.compare", "judge_facts", "fact layer"),
    ("guard.facts.slots", "read_slots", "fact layer: reading slots"),
    ("pydantic.main", "BaseModel.model_copy", "report snapshots"),
    ("guard.verifiers.egc", "report_from_vectors", "egc graph"),
    ("guard.verifiers.claims", "extract_claims_many", "claims"),
]

_totals: dict[str, float] = defaultdict(float)
_local = threading.local()


def _timed(stage: str, fn):
    def wrapper(*args, **kwargs):
        stack = getattr(_local, "stack", None)
        if stack is None:
            stack = _local.stack = []
        started = time.thread_time()
        stack.append(0.0)
        try:
            return fn(*args, **kwargs)
        finally:
            spent = time.thread_time() - started
            inner = stack.pop()
            _totals[stage] += spent - inner
            if stack:
                stack[-1] += spent

    wrapper.__wrapped__ = fn
    return wrapper


def install() -> None:
    import importlib

    for module_name, attribute, stage in STAGES:
        module = importlib.import_module(module_name)
        owner, name = module, attribute
        if "." in attribute:
            cls, name = attribute.split(".")
            owner = getattr(module, cls)
        original = getattr(owner, name)
        wrapped = _timed(stage, original)
        setattr(owner, name, wrapped)
        if owner is module:  # rebind copies imported by name
            for other in list(sys.modules.values()):
                for key, value in list(getattr(other, "__dict__", {}).items()):
                    if value is original:
                        setattr(other, key, wrapped)


def latency(runs: int) -> None:
    from verify_latency import ANSWER, CONFIGS, PASSAGES

    from guard.content_cache import clear_content_caches
    from guard.verifiers import verify

    verifiers = CONFIGS["default"]
    for year in range(3):
        verify(question="Tell me about Paris.", contexts=PASSAGES, answer=ANSWER.format(year=1880 + year),
               verifiers=verifiers)
    install()
    cpu = []
    per_run: dict[str, list[float]] = defaultdict(list)
    for run in range(runs):
        contexts = [p + f" Note {run}." for p in PASSAGES]
        clear_content_caches()
        _totals.clear()
        started = time.process_time()
        verify(question="Tell me about Paris.", contexts=contexts, answer=ANSWER.format(year=1889),
               verifiers=verifiers)
        cpu.append(time.process_time() - started)
        for stage, spent in _totals.items():
            per_run[stage].append(spent)
        per_run["other"].append(cpu[-1] - sum(_totals.values()))
    print(f"verify(), default verifiers, 5 passages, 5 claims, {runs} cold runs: CPU p50 "
          f"{statistics.median(cpu) * 1000:.1f} ms")
    for stage, values in sorted(per_run.items(), key=lambda kv: -statistics.median(kv[1])):
        print(f"  {stage:32s} {statistics.median(values) * 1000:7.1f} ms (p50)")


def throughput(limit: int, batch_size: int) -> None:
    import tempfile

    from verify_throughput import dev_qa_lines

    from guard.cli.verify import _run, _RunOptions, _settings

    lines = dev_qa_lines(limit)
    settings = _settings(None, None)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.jsonl"
        options = _RunOptions(batch_size=batch_size, workers=1)  # this process: the timers see every stage
        _run(lines[:2], out, {}, settings, options)
        install()
        _totals.clear()
        started, wall = time.process_time(), time.perf_counter()
        _run(lines, out, {}, settings, options)
        cpu, wall = time.process_time() - started, time.perf_counter() - wall
    n = len(lines)
    print(f"ragguard verify loop, {n} RAGTruth dev QA responses, batch {batch_size}: CPU "
          f"{cpu / n * 1000:.1f} ms per response, wall {wall:.1f} s ({n / wall:.2f} responses/s)")
    _print_stages(cpu, n, "response")


def _print_stages(cpu: float, n: int, unit: str) -> None:
    """The timed stages' CPU per ``unit``, largest first; "other" is what no timer saw."""
    rows = dict(_totals)
    rows["other"] = cpu - sum(_totals.values())
    for stage, spent in sorted(rows.items(), key=lambda kv: -kv[1]):
        print(f"  {stage:32s} {spent / n * 1000:7.1f} ms per {unit}")


def server(limit: int, batch_size: int, texts: str = "new-passages") -> None:
    import itertools

    from server_load import fresh, verify_payloads

    from guard.verifiers.batch import VerifyItem, resolve_settings, verify_batch

    payloads = verify_payloads(limit=40)
    numbers = itertools.count(1)

    def items(n: int) -> list[VerifyItem]:  # each request made new as server_load --texts makes it
        return [VerifyItem(**fresh(payloads[i % len(payloads)], next(numbers), texts)) for i in range(n)]

    settings = resolve_settings(None, None, None)
    list(verify_batch(items(len(payloads)), settings=settings, batch_size=batch_size))  # the claims seen once
    install()
    _totals.clear()
    started = time.process_time()
    for _ in range(max(1, limit // batch_size)):
        list(verify_batch(items(batch_size), settings=settings, batch_size=batch_size))
    cpu = time.process_time() - started
    n = max(1, limit // batch_size) * batch_size
    print(f"/v1/verify requests (5 passages, 5 claims, new: {texts}), batches of {batch_size}: CPU "
          f"{cpu / n * 1000:.1f} ms per request")
    _print_stages(cpu, n, "request")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["latency", "throughput", "server"])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--limit", type=int, default=192)
    parser.add_argument("--batch-size", type=int, default=None, help="default: 32 (throughput), 8 (server)")
    parser.add_argument("--texts", default="new-passages", help="server: what each request makes new "
                        "(server_load.py --texts: new-passages, repeat-passages, all-new)")
    parser.add_argument("--embedder", default=None, help="the verifiers' embedder backend ($RAGGUARD_EMBEDDER)")
    args = parser.parse_args()
    if args.embedder:
        import os

        os.environ["RAGGUARD_EMBEDDER"] = args.embedder  # before any model loads
    if args.mode == "latency":
        latency(args.runs)
    elif args.mode == "server":
        server(args.limit if args.limit != 192 else 80, args.batch_size or 8, args.texts)
    else:
        throughput(args.limit, args.batch_size or 32)


if __name__ == "__main__":
    main()
