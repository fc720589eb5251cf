"""Detection metrics: response level, span level, calibration and the EGC Delta.

Response level (scikit-learn): precision, recall and F1 of ``score >= threshold``
(``precision_recall_fscore_support``, binary, hallucinated = positive; zero when
undefined), AUROC (``roc_auc_score``) and PR-AUC as average precision
(``average_precision_score``); AUROC and PR-AUC are None when the group holds one
class only. Responses on which a detector abstained are left out of its metrics and
counted in ``abstained``.

ECE (ours, METHODS.md section 6): 10 equal-width bins over [0, 1] of the predicted
P(hallucinated), ``[0, 0.1), [0.1, 0.2), ..., [0.9, 1.0]`` (1.0 falls in the last);
ECE = sum over non-empty bins b of (n_b / n) * |mean label in b - mean probability in b|.

Span level: character overlap, pooled over responses (micro): precision = marked
characters inside a labelled span / marked characters, recall = labelled characters
marked / labelled characters. Overlapping spans count each character once.

EGC Delta per generator model: mean composite EGC score of grounded responses minus
that of hallucinated ones (positive = the expected direction: grounded answers are more
consistent with their evidence).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from pydantic import BaseModel

__all__ = [
    "ECE_BINS",
    "DeltaMetrics",
    "GroupMetrics",
    "SpanMetrics",
    "WithinGenerator",
    "egc_delta",
    "expected_calibration_error",
    "group_metrics",
    "span_metrics",
    "within_generator",
]

ECE_BINS = 10


class GroupMetrics(BaseModel):
    responses: int
    hallucinated: int  # among the scored ones
    scored: int
    abstained: int
    flagged: int | None  # scored responses at or above the threshold
    precision: float | None
    recall: float | None
    f1: float | None
    auroc: float | None
    pr_auc: float | None
    ece: float | None


class WithinGenerator(BaseModel):
    """AUROC within generator: how well a score ranks the answers of one generator.

    An application has one generator; the pooled AUROC also rewards telling generators apart
    (RAGTruth's differ widely in how often they hallucinate). ``pooled_ranks_auroc`` is the
    protocol's figure (METHODS.md section 10: scores rank-normalised inside each generator,
    then pooled); the mean and the lowest of the per-generator AUROCs go beside it.
    """

    pooled_ranks_auroc: float | None = None
    mean_auroc: float | None = None  # unweighted over the generators with both labels
    min_auroc: float | None = None
    generators: int = 0  # generators with both labels (an AUROC)


def within_generator(
    labels: Sequence[bool | int], scores: Sequence[float | None], generators: Sequence[str | None]
) -> WithinGenerator:
    """:class:`WithinGenerator` of the scored responses (a None score, an abstention, is left out)."""
    from scipy.stats import rankdata
    from sklearn.metrics import roc_auc_score

    by_generator: dict[str, list[tuple[int, float]]] = {}
    for label, score, generator in zip(labels, scores, generators, strict=True):
        if score is not None and generator is not None:
            by_generator.setdefault(generator, []).append((int(label), float(score)))
    aurocs, pooled_y, pooled_rank = [], [], []
    for pairs in by_generator.values():
        y = np.array([label for label, _ in pairs])
        p = np.array([score for _, score in pairs])
        pooled_y.extend(y)
        pooled_rank.extend((rankdata(p) - 0.5) / len(p))  # in (0, 1): comparable across generators
        if 0 < y.sum() < len(y):
            aurocs.append(float(roc_auc_score(y, p)))
    pooled = float(roc_auc_score(pooled_y, pooled_rank)) if 0 < sum(pooled_y) < len(pooled_y) else None
    if not aurocs:
        return WithinGenerator(pooled_ranks_auroc=pooled)
    return WithinGenerator(
        pooled_ranks_auroc=pooled, mean_auroc=sum(aurocs) / len(aurocs), min_auroc=min(aurocs),
        generators=len(aurocs),
    )


class SpanMetrics(BaseModel):
    responses: int
    marked_chars: int
    labelled_chars: int
    overlap_chars: int
    precision: float | None
    recall: float | None
    f1: float | None


class DeltaMetrics(BaseModel):
    grounded: int
    hallucinated: int
    grounded_mean: float | None
    hallucinated_mean: float | None
    delta: float | None


def expected_calibration_error(
    labels: Sequence[float], probabilities: Sequence[float], bins: int = ECE_BINS
) -> float:
    """Expected calibration error with ``bins`` equal-width bins (see the module docstring)."""
    y = np.asarray(labels, dtype=float)
    p = np.asarray(probabilities, dtype=float)
    if len(y) == 0:
        raise ValueError("ECE of no predictions is undefined")
    if np.any((p < 0) | (p > 1)):
        raise ValueError("ECE needs probabilities in [0, 1]")
    index = np.minimum((p * bins).astype(int), bins - 1)
    total = 0.0
    for b in range(bins):
        members = index == b
        if members.any():
            total += members.sum() / len(y) * abs(y[members].mean() - p[members].mean())
    return float(total)


def group_metrics(
    labels: Sequence[bool],
    scores: Sequence[float | None],
    threshold: float | None,
    *,
    probabilistic: bool,
) -> GroupMetrics:
    """Response-level metrics of one detector on one group; ``None`` scores are abstentions."""
    from sklearn.metrics import average_precision_score, precision_recall_fscore_support, roc_auc_score

    kept = [i for i, s in enumerate(scores) if s is not None]
    y = np.array([int(labels[i]) for i in kept], dtype=int)
    s = np.array([scores[i] for i in kept], dtype=float)
    both = 0 < y.sum() < len(y)
    out = GroupMetrics(
        responses=len(scores),
        hallucinated=int(y.sum()),
        scored=len(kept),
        abstained=len(scores) - len(kept),
        flagged=None,
        precision=None,
        recall=None,
        f1=None,
        auroc=float(roc_auc_score(y, s)) if both else None,
        pr_auc=float(average_precision_score(y, s)) if both else None,
        ece=expected_calibration_error(y, s) if probabilistic and len(y) else None,
    )
    if threshold is not None and len(y):
        flagged = (s >= threshold).astype(int)
        precision, recall, f1, _ = precision_recall_fscore_support(
            y, flagged, average="binary", pos_label=1, zero_division=0
        )
        out.flagged, out.precision, out.recall, out.f1 = (
            int(flagged.sum()),
            float(precision),
            float(recall),
            float(f1),
        )
    return out


def _characters(spans: Iterable[tuple[int, int]]) -> set[int]:
    return {i for start, end in spans for i in range(start, end)}


def span_metrics(pairs: Iterable[tuple[Sequence[tuple[int, int]], Sequence[tuple[int, int]]]]) -> SpanMetrics:
    """Character-overlap precision/recall/F1 over (marked spans, labelled spans) pairs, pooled."""
    responses = marked = labelled = overlap = 0
    for predicted, gold in pairs:
        p, g = _characters(predicted), _characters(gold)
        responses += 1
        marked, labelled, overlap = marked + len(p), labelled + len(g), overlap + len(p & g)
    precision = overlap / marked if marked else None
    recall = overlap / labelled if labelled else None
    f1 = None
    if precision is not None and recall is not None:
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return SpanMetrics(
        responses=responses,
        marked_chars=marked,
        labelled_chars=labelled,
        overlap_chars=overlap,
        precision=precision,
        recall=recall,
        f1=f1,
    )


def egc_delta(labels: Sequence[bool], scores: Sequence[float | None]) -> DeltaMetrics:
    """Mean composite score of grounded minus hallucinated responses (``None`` scores left out)."""
    grounded = [s for y, s in zip(labels, scores) if s is not None and not y]
    hallucinated = [s for y, s in zip(labels, scores) if s is not None and y]
    g_mean = float(np.mean(grounded)) if grounded else None
    h_mean = float(np.mean(hallucinated)) if hallucinated else None
    return DeltaMetrics(
        grounded=len(grounded),
        hallucinated=len(hallucinated),
        grounded_mean=g_mean,
        hallucinated_mean=h_mean,
        delta=g_mean - h_mean if g_mean is not None and h_mean is not None else None,
    )
