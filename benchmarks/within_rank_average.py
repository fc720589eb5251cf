"""Within-generator AUROC of each detector of a ``ragguard eval ragtruth`` run, and of the
parameter-free rank average of ``stacked`` with each FRANQ score (ranks taken inside each
generator, then averaged; nothing is fitted, so reading the run's own rows tunes nothing).

    python benchmarks/within_rank_average.py runs/ragtruth-dev-franq-s13/scores.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from scipy.stats import rankdata
from sklearn.metrics import roc_auc_score

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from guard.eval.metrics import within_generator  # noqa: E402


def ranks_within(scores: list[float | None], generators: list[str]) -> list[float | None]:
    """Each score's rank among its generator's scores, in (0, 1) (None stays None)."""
    out: list[float | None] = [None] * len(scores)
    for generator in set(generators):
        idx = [i for i, (s, g) in enumerate(zip(scores, generators)) if g == generator and s is not None]
        for i, rank in zip(idx, (rankdata([scores[i] for i in idx]) - 0.5) / len(idx)):
            out[i] = float(rank)
    return out


def line(name: str, scores: list[float | None], labels: list[int], generators: list[str]) -> str:
    kept = [i for i, s in enumerate(scores) if s is not None]
    y, s, g = ([v[i] for i in kept] for v in (labels, scores, generators))
    w = within_generator(y, s, g)
    return (f"{name:34s} n={len(kept)} AUROC={roc_auc_score(y, s):.3f} within: pooled ranks "
            f"{w.pooled_ranks_auroc:.3f}, mean {w.mean_auroc:.3f}, min {w.min_auroc:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scores", type=Path, help="scores.jsonl of a `ragguard eval ragtruth` run")
    rows = [json.loads(text) for text in parser.parse_args().scores.read_text().splitlines()]
    labels, generators = [r["label"] for r in rows], [r["model"] for r in rows]
    detectors = sorted({name for r in rows for name in r["scores"]})
    for name in detectors:
        print(line(name, [r["scores"].get(name) for r in rows], labels, generators))
    if "stacked" not in detectors:
        return
    stacked = ranks_within([r["scores"].get("stacked") for r in rows], generators)
    for name in (d for d in detectors if d.startswith("franq")):
        other = ranks_within([r["scores"].get(name) for r in rows], generators)
        mean = [(a + b) / 2 if a is not None and b is not None else None for a, b in zip(stacked, other)]
        print(line(f"rank average stacked + {name}", mean, labels, generators))


if __name__ == "__main__":
    main()
