"""Harness metrics on fixed toy inputs: hand-computed values, and scikit-learn's where it applies."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from sklearn.metrics import average_precision_score, precision_recall_fscore_support, roc_auc_score

from guard.eval.metrics import egc_delta, expected_calibration_error, group_metrics, span_metrics
from guard.eval.thresholds import f1_optimal_threshold

LABELS = [1, 0, 1, 1, 0, 0, 1, 0]
SCORES = [0.9, 0.8, 0.7, 0.3, 0.2, 0.6, 0.55, 0.1]


def test_response_metrics_match_hand_counts_and_scikit_learn():
    m = group_metrics([bool(y) for y in LABELS], SCORES, 0.5, probabilistic=True)
    # Flagged at >= 0.5: indices 0, 1, 2, 5, 6 -> TP 3 (0, 2, 6), FP 2 (1, 5), FN 1 (3).
    assert (m.flagged, m.precision, m.recall) == (5, 3 / 5, 3 / 4)
    assert m.f1 == pytest.approx(2 * 0.6 * 0.75 / 1.35)
    # AUROC as the share of (hallucinated, grounded) pairs ranked correctly: 11 of 16.
    pos = [s for s, y in zip(SCORES, LABELS) if y]
    neg = [s for s, y in zip(SCORES, LABELS) if not y]
    assert m.auroc == pytest.approx(sum(p > n for p, n in itertools.product(pos, neg)) / 16) == 11 / 16
    assert m.auroc == pytest.approx(roc_auc_score(LABELS, SCORES))
    assert m.pr_auc == pytest.approx(average_precision_score(LABELS, SCORES))
    p, r, f, _ = precision_recall_fscore_support(LABELS, [int(s >= 0.5) for s in SCORES], average="binary")
    assert (m.precision, m.recall, m.f1) == pytest.approx((p, r, f))
    assert (m.responses, m.scored, m.abstained, m.hallucinated) == (8, 8, 0, 4)


def test_abstentions_are_left_out_and_counted():
    scores = [None if i in (0, 4) else s for i, s in enumerate(SCORES)]
    m = group_metrics([bool(y) for y in LABELS], scores, 0.5, probabilistic=False)
    kept = [i for i in range(8) if i not in (0, 4)]
    assert (m.responses, m.scored, m.abstained) == (8, 6, 2)
    assert m.auroc == pytest.approx(roc_auc_score([LABELS[i] for i in kept], [SCORES[i] for i in kept]))
    assert m.ece is None  # not a probabilistic detector


def test_without_threshold_or_second_class_the_undefined_metrics_are_none():
    m = group_metrics([True, True], [0.2, 0.9], None, probabilistic=True)
    assert m.precision is m.recall is m.f1 is m.flagged is None
    assert m.auroc is None and m.pr_auc is None
    assert m.ece == pytest.approx((0.8 + 0.1) / 2)


def test_ece_on_a_hand_computed_toy():
    # Bins: [0,.1): p .05 y 0 -> .05; [.1,.2): p .15 y 0 -> .15; [.5,.6): p .55 y 1 -> .45;
    # [.9,1]: p .95, 1.0 (1.0 falls in the last bin), y 1, 0 -> |.5 - .975| = .475, weight 2.
    probabilities = [0.05, 0.15, 0.95, 1.0, 0.55]
    labels = [0, 0, 1, 0, 1]
    assert expected_calibration_error(labels, probabilities) == pytest.approx(
        (0.05 + 0.15 + 2 * 0.475 + 0.45) / 5
    )


def test_ece_bin_edges_and_perfect_calibration():
    # 0.1 opens the second bin: ten predictions of 0.1 with one positive are perfectly calibrated.
    assert expected_calibration_error([1] + [0] * 9, [0.1] * 10) == pytest.approx(0.0)
    assert expected_calibration_error([0, 1], [0.0, 1.0]) == 0.0
    with pytest.raises(ValueError):
        expected_calibration_error([1], [1.2])


def test_span_metrics_count_characters_once_pooled_over_responses():
    pairs = [
        ([(0, 10), (5, 10)], [(5, 15)]),  # marked 10 chars, labelled 10, overlap 5
        ([], [(0, 4)]),  # a missed span: labelled 4
        ([(2, 4)], []),  # a false alarm: marked 2
    ]
    s = span_metrics(pairs)
    assert (s.responses, s.marked_chars, s.labelled_chars, s.overlap_chars) == (3, 12, 14, 5)
    assert (s.precision, s.recall) == pytest.approx((5 / 12, 5 / 14))
    assert s.f1 == pytest.approx(2 * (5 / 12) * (5 / 14) / (5 / 12 + 5 / 14))
    assert span_metrics([([], [])]).f1 is None


def test_egc_delta_is_grounded_mean_minus_hallucinated_mean():
    d = egc_delta([False, False, True, True, True], [1.0, 0.0, -1.0, None, 0.5])
    assert (d.grounded, d.hallucinated) == (2, 2)
    assert (d.grounded_mean, d.hallucinated_mean, d.delta) == pytest.approx((0.5, -0.25, 0.75))
    assert egc_delta([True], [0.3]).delta is None


def test_f1_optimal_threshold_is_the_best_of_every_cut():
    threshold, f1 = f1_optimal_threshold(np.array(LABELS), np.array(SCORES))
    best = max(
        precision_recall_fscore_support(
            LABELS, [int(s >= t) for s in SCORES], average="binary", zero_division=0
        )[2]
        for t in SCORES
    )
    assert f1 == pytest.approx(best)
    flagged = [int(s >= threshold) for s in SCORES]
    assert precision_recall_fscore_support(LABELS, flagged, average="binary")[2] == pytest.approx(best)
    with pytest.raises(ValueError):
        f1_optimal_threshold(np.array([1, 1]), np.array([0.1, 0.2]))
