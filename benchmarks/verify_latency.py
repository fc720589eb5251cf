"""verify() latency: 5 passages, 5 claims, default verifiers, after warm-up.

    python benchmarks/verify_latency.py [--runs 50]

Prints p50 / p90 / max in milliseconds and the per-step p50 (claims, support,
citations, types). Texts differ slightly on each run so no cache is reused.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from guard.verifiers import verify

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    for year in range(3):  # warm-up: model loads, first ONNX runs
        verify(question="Tell me about Paris.", contexts=PASSAGES, answer=ANSWER.format(year=1880 + year))
    totals, steps = [], {}
    for run in range(args.runs):
        contexts = [p + f" Note {run}." for p in PASSAGES]
        started = time.perf_counter()
        report = verify(question="Tell me about Paris.", contexts=contexts, answer=ANSWER.format(year=1889))
        totals.append((time.perf_counter() - started) * 1000)
        for name, ms in report.timings.items():
            steps.setdefault(name, []).append(ms)
    assert len(report.claims) == 5
    totals.sort()
    print(f"verify(): {args.runs} runs, 5 passages, 5 claims")
    print(
        f"p50 {statistics.median(totals):.1f} ms  p90 {totals[int(0.9 * len(totals))]:.1f} ms  "
        f"max {totals[-1]:.1f} ms"
    )
    print("step p50 (ms): " + ", ".join(f"{k} {statistics.median(v):.1f}" for k, v in steps.items()))


if __name__ == "__main__":
    main()
