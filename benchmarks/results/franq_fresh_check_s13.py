"""Session 13 one-off: the FRANQ-contrast lead checked on 300 fresh dev QA rows (docs/DETECTION.md).

Needs runs/ragtruth-dev-franq-s13 (the 300 rows read first) and runs/ragtruth-dev-franq-s13-600
(``--limit 600 --detectors stacked,franq_contrast``: those 300 plus 300 never scored before).

    python benchmarks/results/franq_fresh_check_s13.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from within_rank_average import line, ranks_within  # noqa: E402


def rows_of(run: str) -> list[dict]:
    return [json.loads(text) for text in (ROOT / "runs" / run / "scores.jsonl").read_text().splitlines()]


def features(rows: list[dict], generators: list[str]) -> np.ndarray:
    """logit(stacked), franq_contrast, generator one-hots."""
    out = []
    for r in rows:
        p = min(max(r["scores"]["stacked"], 1e-6), 1 - 1e-6)
        one_hot = [float(r["model"] == g) for g in generators]
        out.append([np.log(p / (1 - p)), r["scores"]["franq_contrast"], *one_hot])
    return np.array(out)


def main() -> None:
    read_ids = {r["id"] for r in rows_of("ragtruth-dev-franq-s13")}
    rows = rows_of("ragtruth-dev-franq-s13-600")
    read, fresh = [r for r in rows if r["id"] in read_ids], [r for r in rows if r["id"] not in read_ids]
    generators = sorted({r["model"] for r in rows})
    x_read, x_fresh = features(read, generators), features(fresh, generators)
    mu, sd = x_read[:, :2].mean(0), x_read[:, :2].std(0)
    x_read[:, :2] = (x_read[:, :2] - mu) / sd
    x_fresh[:, :2] = (x_fresh[:, :2] - mu) / sd
    x_fresh[:, 2:] = x_read[:, 2:].mean(0)  # the one-hots carry base rates only: held at their mean
    model = LogisticRegression(C=1.0, max_iter=1000).fit(x_read, [r["label"] for r in read])
    y, g = [r["label"] for r in fresh], [r["model"] for r in fresh]
    stacked = [r["scores"]["stacked"] for r in fresh]
    contrast = [r["scores"]["franq_contrast"] for r in fresh]
    average = [(a + b) / 2 for a, b in zip(ranks_within(stacked, g), ranks_within(contrast, g))]
    print(f"read {len(read)}, fresh {len(fresh)} ({sum(y)} hallucinated); coefficients {model.coef_.round(3)}")
    print(line("stacked (fresh)", stacked, y, g))
    print(line("franq_contrast (fresh)", contrast, y, g))
    print(line("(a) rank average (fresh)", average, y, g))
    print(line("(b) LR fitted on read rows (fresh)", list(model.predict_proba(x_fresh)[:, 1]), y, g))


if __name__ == "__main__":
    main()
