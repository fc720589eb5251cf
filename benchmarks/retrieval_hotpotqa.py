"""Helpers shared by the retrieval benchmarks; the HotpotQA loader lives in training/hotpotqa.py."""

from __future__ import annotations

import json
from pathlib import Path

from training.hotpotqa import HOTPOTQA, Question, load_hotpotqa

__all__ = ["HOTPOTQA", "Question", "load_hotpotqa", "print_table", "write_result"]

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "benchmarks" / "results"


def write_result(name: str, payload: dict) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return path


def print_table(headers: list[str], rows: list[list]) -> None:
    cells = [[f"{c:.3f}" if isinstance(c, float) else str(c) for c in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)))
    print("  ".join("-" * w for w in widths))
    for row in cells:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)))
