"""verify() latency: 5 passages, 5 claims, after warm-up, for several verifier sets.

    python benchmarks/verify_latency.py [--runs 50] [--configs default,full,franq]

Configurations (``CONFIGS``): ``default`` = ``DEFAULT_VERIFIERS`` (support, citations, EGC,
the stacked detector, types: what ``verify()`` runs without ``verifiers``); ``full`` = every
check but FRANQ (the grounding model too, as the ALCE judge: the medical and legal
profiles); ``franq`` = ``full`` plus FRANQ (the local LM scores the answer twice). Issue
target on 2 cores: ``default`` p50 at most 150 ms. Prints p50 / p95 / max, the CPU time p50
(this process, every thread) and the per-step p50; writes ``results/verify_latency.json``
with the load average, because on a shared machine wall times are upper bounds. Each run
is a cold request: texts differ slightly on each run and the content caches (sentence
splits, entities, vectors kept across requests) are emptied before it, so nothing computed
for an earlier run is reused. A configuration whose verifier is not available here is
reported as skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from guard.content_cache import clear_content_caches
from guard.verifiers import verify
from guard.verifiers.registry import DEFAULT_VERIFIERS, available_verifiers

RESULTS = Path(__file__).resolve().parent / "results" / "verify_latency.json"
CONFIGS = {
    "default": list(DEFAULT_VERIFIERS),
    "full": ["support", "grounding", "citations", "egc", "stacked", "types"],
    "franq": ["support", "grounding", "citations", "egc", "franq", "stacked", "types"],
}

PASSAGES = [
    "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris. It was completed in "
    "1889 as the entrance arch to the World's Fair. It is 330 metres tall and was the tallest man-made "
    "structure in the world until 1930.",
    "Paris is the capital and most populous city of France. About 2.1 million people live in the city "
    "proper. The city is a major centre of finance, diplomacy, commerce, fashion and science.",
    "The Louvre is the world's most-visited museum and a historic landmark in Paris. It opened in 1793 "
    "with an exhibition of 537 paintings. Its collection includes the Mona Lisa.",
    "Notre-Dame de Paris is a medieval Catholic cathedral on the Ile de la Cite. Its construction began "
    "in 1163. A fire in April 2019 destroyed its spire and most of its roof.",
    "The Seine is a 777-kilometre-long river in northern France. It flows through Paris into the English "
    "Channel at Le Havre. Its banks in Paris are a UNESCO World Heritage Site.",
]
ANSWER = (
    "The Eiffel Tower was completed in {year} for the World's Fair [1]. "
    "About 2.1 million people live in Paris [2]. "
    "The Louvre opened in 1793 and holds the Mona Lisa [3]. "
    "A fire destroyed the spire of Notre-Dame in 2019 [4]. "
    "The Seine flows into the English Channel at Le Havre [5]."
)


def measure(verifiers: list[str], runs: int) -> dict:
    for year in range(3):  # warm-up: model loads, first ONNX runs
        verify(question="Tell me about Paris.", contexts=PASSAGES, answer=ANSWER.format(year=1880 + year),
               verifiers=verifiers)
    totals, cpu, steps = [], [], {}
    for run in range(runs):
        contexts = [p + f" Note {run}." for p in PASSAGES]
        clear_content_caches()  # a cold request: nothing kept from the run before
        started, cpu_started = time.perf_counter(), time.process_time()
        report = verify(question="Tell me about Paris.", contexts=contexts, answer=ANSWER.format(year=1889),
                        verifiers=verifiers)
        totals.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - cpu_started) * 1000)
        for name, ms in report.timings.items():
            steps.setdefault(name, []).append(ms)
    assert len(report.claims) == 5 and not report.failures, report.failures
    totals.sort()
    return {
        "verifiers": verifiers,
        "runs": runs,
        "p50_ms": round(statistics.median(totals), 1),
        "p95_ms": round(totals[min(len(totals) - 1, int(0.95 * len(totals)))], 1),
        "max_ms": round(totals[-1], 1),
        "cpu_p50_ms": round(statistics.median(cpu), 1),
        "step_p50_ms": {k: round(statistics.median(v), 1) for k, v in steps.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--configs", default=",".join(CONFIGS), help=f"comma-separated from {list(CONFIGS)}")
    args = parser.parse_args()
    results = {"load_average_before": os.getloadavg()[0], "configs": {}}
    for name in args.configs.split(","):
        verifiers = CONFIGS[name]
        missing = [v for v in verifiers if v not in available_verifiers()]
        if missing:
            print(f"{name}: skipped, verifiers not available: {missing}")
            continue
        row = results["configs"][name] = measure(verifiers, args.runs)
        print(f"{name}: {args.runs} runs, 5 passages, 5 claims: p50 {row['p50_ms']} ms  "
              f"p95 {row['p95_ms']} ms  max {row['max_ms']} ms  CPU p50 {row['cpu_p50_ms']} ms")
        print("  step p50 (ms): " + ", ".join(f"{k} {v}" for k, v in row["step_p50_ms"].items()))
    results["load_average_after"] = os.getloadavg()[0]
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
