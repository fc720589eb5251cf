"""Measure the fact layer's latency: 5 claims against 5 passages (about 25 units).

Run from the repository root:  python tests/facts/measure_speed.py
Not a test (timings on a shared machine are not pass/fail); the figures go in docs/FACTS.md.

- ``units``: evidence_units for the 5 passages, texts never seen before (spaCy senter included);
- ``judge cold``: judge_facts for 5 claims over those units, claim and unit texts never seen
  before (every slot read, nothing cached);
- ``judge warm``: the same call again (slots cached per text, as for passages retrieved again).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from guard.facts import evidence_units, judge_facts  # noqa: E402

DOCS = [
    "clinic-febrilon-childrens-suspension.md",
    "hr-annual-leave.md",
    "clinic-zelorin-20mg.md",
    "hr-expenses-policy.md",
    "clinic-pharmacy-hours.txt",
]
CLAIMS = [
    "The dose should be 2.5 ml for 3-year-old.",
    "Give it every hour.",
    "Employees get 25 days of annual leave.",
    "Zelorin is safe during pregnancy.",
    "The pharmacy opens at 9am on Saturdays.",
]


def _passages(run: int) -> list[tuple[str, str]]:
    out = []
    for name in DOCS:
        text = (ROOT / "examples" / "kb" / name).read_text(encoding="utf-8")
        out.append((name, f"{text[:300]} Run {run}."))
    return out


def main(runs: int = 30) -> None:
    judge_facts(
        "Warm-up: 5 ml on 12 March 2021.", evidence_units("w", "Warm-up. 5 ml on 12 March 2021.").units
    )
    unit_ms, cold_ms, warm_ms, count = [], [], [], 0
    for run in range(runs):
        start = time.perf_counter()
        units = [u for pid, text in _passages(run) for u in evidence_units(pid, text).units]
        unit_ms.append((time.perf_counter() - start) * 1000)
        count = len(units)
        claims = [c.replace(".", f" ({run}).") for c in CLAIMS]
        start = time.perf_counter()
        for claim in claims:
            judge_facts(claim, units)
        cold_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        for claim in claims:
            judge_facts(claim, units)
        warm_ms.append((time.perf_counter() - start) * 1000)
    print(f"units per call: {count}")
    for name, values in (("units (5 passages)", unit_ms), ("judge cold", cold_ms), ("judge warm", warm_ms)):
        ordered = sorted(values)
        print(
            f"{name:20} p50 {statistics.median(values):6.1f} ms   "
            f"p90 {ordered[int(0.9 * len(ordered))]:6.1f} ms"
        )


if __name__ == "__main__":
    main()
