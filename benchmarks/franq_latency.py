"""verify() latency with FRANQ: 5 passages, 5 claims, support + citations + types + franq.

    python benchmarks/franq_latency.py [--runs 30] [--threads 2] [--passive] [--precision float32]

Prints p50 / p95 / max of the whole verify() call and the p50 of each step, after warm-up
(model loads). ``--threads`` sets torch's intra-op threads (2 = the CI machine's cores);
``--passive`` sets ``OMP_WAIT_POLICY=PASSIVE`` before torch loads, which on shared,
oversubscribed cores stops OpenMP threads from spinning while they wait for each other.
``--precision`` chooses the FRANQ scorer's precision (default: bfloat16 where the CPU computes it
natively, see ``guard.verifiers.franq.LocalScorer``; float32 is the scoring before issue 15).
Texts change a little on every run so no cache is reused. The load average is printed
too: on a machine other jobs share, wall times are upper bounds; the process CPU time
per call (all threads summed) is what the call costs, and with ``--threads 1`` it is close
to the wall time the call takes on an idle core.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--passive", action="store_true")
    parser.add_argument("--precision", choices=["bfloat16", "float32"], default=None)
    args = parser.parse_args()
    if args.passive:
        os.environ["OMP_WAIT_POLICY"] = "PASSIVE"  # read once, when torch's OpenMP starts
    import torch

    torch.set_num_threads(args.threads)
    from verify_latency import ANSWER, PASSAGES

    from guard.llm.local_model import LOCAL_MODEL
    from guard.verifiers import verify
    from guard.verifiers.franq import default_precision
    from guard.verifiers.stage import build_settings

    precision = args.precision or default_precision()
    settings = build_settings(
        ["support", "citations", "types", "franq"], options={"franq": {"precision": precision}}
    )

    def call(contexts, year):
        return verify(
            question="Tell me about Paris.",
            contexts=contexts,
            answer=ANSWER.format(year=year),
            generator=LOCAL_MODEL,
            settings=settings,
        )

    for year in range(3):  # warm-up: models load, first passes
        call(PASSAGES, 1880 + year)
    totals, cpu, steps = [], [], {}
    for run in range(args.runs):
        contexts = [p + f" Note {run}." for p in PASSAGES]
        started, started_cpu = time.perf_counter(), time.process_time()
        report = call(contexts, 1889)
        totals.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        for name, ms in report.timings.items():
            steps.setdefault(name, []).append(ms)
    assert len(report.claims) == 5 and not report.failures, report.failures
    totals.sort()
    print(
        f"verify() with franq ({precision}): {args.runs} runs, 5 passages, 5 claims, "
        f"torch threads {args.threads}, "
        f"OMP_WAIT_POLICY={os.environ.get('OMP_WAIT_POLICY', 'default')}, load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"p50 {statistics.median(totals):.2f} s  p95 {totals[min(int(0.95 * len(totals)), len(totals) - 1)]:.2f} s  "
        f"max {totals[-1]:.2f} s  |  CPU time p50 {statistics.median(cpu):.2f} s (all threads)"
    )
    print("step p50 (ms): " + ", ".join(f"{k} {statistics.median(v):.0f}" for k, v in steps.items()))


if __name__ == "__main__":
    main()
