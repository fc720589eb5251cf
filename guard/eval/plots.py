"""PNG plots of an evaluation run (matplotlib ``Figure`` objects on the Agg canvas, no pyplot).

- ``roc.png``: each detector's ROC curve over all scored responses, AUROC in the legend;
- ``reliability.png``: per probabilistic detector, observed hallucination rate against
  mean predicted probability in the 10 ECE bins (bar width = bin, count above the bar);
- ``egc_delta.png``: EGC Delta per generator model (green: grounded answers more
  consistent, the expected direction; red: reversed);
- ``score_distributions.png``: per detector, score histograms of grounded and
  hallucinated responses with the decision threshold.

Without pyplot there is no global figure state and no display backend to configure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from guard.eval.metrics import ECE_BINS
from guard.eval.records import EvalRecord

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from guard.eval.harness import EvalReport

__all__ = ["write_plots"]

_GROUNDED, _HALLUCINATED = "#4c72b0", "#dd8452"


def write_plots(
    records: Sequence[EvalRecord], entries: dict, report: EvalReport, out_dir: Path
) -> dict[str, Path]:
    """Write every plot that has something to show; returns {plot name: path}."""
    out_dir.mkdir(parents=True, exist_ok=True)
    labels = np.array([int(r.label) for r in records])
    scores = {name: [e.output.probability for e in rows] for name, rows in entries.items()}
    figures = {
        "roc": _roc(labels, scores),
        "reliability": _reliability(
            labels, {n: s for n, s in scores.items() if report.detectors[n].probabilistic}
        ),
        "egc_delta": _egc_delta(report),
        "score_distributions": _distributions(labels, scores, report),
    }
    written = {}
    for name, figure in figures.items():
        if figure is not None:
            path = out_dir / f"{name}.png"
            figure.savefig(path, dpi=110, bbox_inches="tight")
            written[name] = path
    return written


def _scored(labels: np.ndarray, scores: list[float | None]) -> tuple[np.ndarray, np.ndarray]:
    kept = [i for i, s in enumerate(scores) if s is not None]
    return labels[kept], np.array([scores[i] for i in kept], dtype=float)


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height))


def _roc(labels: np.ndarray, scores: dict[str, list[float | None]]) -> Figure | None:
    from sklearn.metrics import roc_auc_score, roc_curve

    fig = _figure(6, 5.5)
    ax = fig.add_subplot()
    drawn = 0
    for name, values in scores.items():
        y, s = _scored(labels, values)
        if not 0 < y.sum() < len(y):
            continue
        fpr, tpr, _ = roc_curve(y, s)
        ax.plot(fpr, tpr, label=f"{name} (AUROC {roc_auc_score(y, s):.3f}, n={len(y)})")
        drawn += 1
    if not drawn:
        return None
    ax.plot([0, 1], [0, 1], linestyle="--", color="grey", linewidth=1, label="chance")
    ax.set(
        xlabel="false positive rate",
        ylabel="true positive rate (hallucinated found)",
        title="ROC, response level",
        xlim=(0, 1),
        ylim=(0, 1.01),
    )
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    return fig


def _grid(count: int, width: float = 4.2, height: float = 3.6) -> tuple[Figure, list]:
    columns = min(3, count)
    rows = math.ceil(count / columns)
    fig = _figure(width * columns, height * rows)
    axes = [fig.add_subplot(rows, columns, i + 1) for i in range(count)]
    return fig, axes


def _reliability(labels: np.ndarray, scores: dict[str, list[float | None]]) -> Figure | None:
    from guard.eval.metrics import expected_calibration_error

    usable = {n: _scored(labels, s) for n, s in scores.items()}
    usable = {n: ys for n, ys in usable.items() if len(ys[0])}
    if not usable:
        return None
    fig, axes = _grid(len(usable))
    edges = np.linspace(0, 1, ECE_BINS + 1)
    for ax, (name, (y, p)) in zip(axes, usable.items()):
        index = np.minimum((p * ECE_BINS).astype(int), ECE_BINS - 1)
        for b in range(ECE_BINS):
            members = index == b
            if members.any():
                ax.bar(
                    edges[b],
                    y[members].mean(),
                    width=1 / ECE_BINS,
                    align="edge",
                    color=_HALLUCINATED,
                    edgecolor="black",
                    alpha=0.8,
                )
                ax.plot(p[members].mean(), y[members].mean(), "k.", markersize=5)
                ax.text(
                    edges[b] + 0.05,
                    min(y[members].mean() + 0.02, 0.95),
                    str(int(members.sum())),
                    ha="center",
                    fontsize=7,
                )
        ax.plot([0, 1], [0, 1], linestyle="--", color="grey", linewidth=1)
        ax.set(
            xlim=(0, 1),
            ylim=(0, 1),
            xlabel="predicted P(hallucinated)",
            ylabel="observed rate",
            title=f"{name}: ECE {expected_calibration_error(y, p):.3f}",
        )
    fig.suptitle("Reliability (10 equal-width bins; count above each bar)")
    fig.tight_layout()
    return fig


def _egc_delta(report: EvalReport) -> Figure | None:
    result = report.detectors.get("egc")
    if result is None or not result.egc_delta:
        return None
    from guard.eval.report import EXPECTED_DELTA_SIGN

    items = [(m, d) for m, d in result.egc_delta.items() if m != "all" and d.delta is not None]
    if not items:
        return None
    fig = _figure(max(5, 1.2 * len(items)), 4.5)
    ax = fig.add_subplot()
    names = [f"{m}\n(paper: {EXPECTED_DELTA_SIGN[m]})" if m in EXPECTED_DELTA_SIGN else m for m, _ in items]
    values = [d.delta for _, d in items]
    bars = ax.bar(names, values, color=["#55a868" if v > 0 else "#c44e52" for v in values], edgecolor="black")
    ax.bar_label(bars, labels=[f"{d.grounded}/{d.hallucinated}" for _, d in items], fontsize=7, padding=2)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.margins(y=0.12)
    ax.set_xlabel("generator (bar label: grounded / hallucinated responses)")
    ax.set(
        ylabel="Delta = mean EGC(grounded) - mean EGC(hallucinated)", title="EGC Delta per generator model"
    )
    ax.tick_params(axis="x", labelrotation=30)
    for label in ax.get_xticklabels():
        label.set_horizontalalignment("right")
    fig.tight_layout()
    return fig


def _distributions(
    labels: np.ndarray, scores: dict[str, list[float | None]], report: EvalReport
) -> Figure | None:
    usable = {n: _scored(labels, s) for n, s in scores.items()}
    usable = {n: ys for n, ys in usable.items() if len(ys[0])}
    if not usable:
        return None
    fig, axes = _grid(len(usable))
    for ax, (name, (y, s)) in zip(axes, usable.items()):
        bins = np.linspace(s.min(), s.max() if s.max() > s.min() else s.min() + 1, 31)
        for label, kind, color in ((0, "grounded", _GROUNDED), (1, "hallucinated", _HALLUCINATED)):
            chosen = s[y == label]
            ax.hist(chosen, bins=bins, alpha=0.6, density=True, color=color, label=f"{kind} ({len(chosen)})")
        threshold = report.detectors[name].threshold.value
        if threshold is not None:
            ax.axvline(
                threshold, color="black", linestyle="--", linewidth=1, label=f"threshold {threshold:.3g}"
            )
        ax.set(title=name, xlabel="score (higher = more likely hallucinated)", ylabel="density")
        ax.legend(fontsize=7)
    fig.suptitle("Score distributions by label")
    fig.tight_layout()
    return fig
