"""Does a learned claim decision generalise to unseen documents? Grouped CV over every seen document.

    PYTHONPATH=. python -m training.calibrator.cv [--folds 0] [--only NAME ...] [--out report.json]

Rows: hard-case dev + val + val3 (``data.TRAIN_SPLITS``; val2, val4 and test stay blind), one
group per document. Outer folds leave documents out (``--folds 0``: one document per fold,
leave-one-document-out; ``--folds K``: K grouped folds). Inside each outer fold the thresholds
are chosen on inner grouped out-of-fold predictions of the training documents only, then the
model is refitted on all of them and applied to the held-out documents. The figures pooled over
the held-out predictions are what a document the model never saw can expect; the rules' figures
are on the same rows.

A variant is (features, model, scope):

- features: ``base`` (the features of the first calibrator, claim-alone ones left out) or
  ``rich`` (plus how the fact layer's finding was reached: which check, the mismatch unit's
  cosine and rank, whether the claim's value is written in some unit, the value ratio, values
  found anywhere);
- model: sign-held logistic (fit.SignedLogistic), plain logistic, gradient-boosted trees;
- scope: ``guarded`` (verdict.learned_scope as shipped: a hard fact finding stands) or ``wide``
  (a hard finding above the safety floor, verdict.value_in_no_unit, is cleared where P(false) is
  under a second, lower threshold chosen in the inner folds).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold, LeaveOneGroupOut
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from guard.verifiers.claim_features import FEATURE_NAMES
from guard.verifiers.types import SupportLabel
from training.calibrator.data import TRAIN_SPLITS, Row, hardcase_rows
from training.calibrator.fit import SIGNS, SignedLogistic

__all__ = ["Variant", "VARIANTS", "decide", "grouped_cv", "main", "rows_all"]

# Features of the claim alone (how a hard case was written, not what the evidence says; see train.py).
CLAIM_ALONE = ("log_claim_words", "claim_negated", "claim_modal", "claim_exception", "claim_quantities",
               "claim_dates", "claim_names")
RICH = ("check_not_found", "check_word_missing", "check_limit", "check_role", "check_opposite", "check_scale",
        "check_moved", "check_arithmetic", "mismatch_unit_best", "mismatch_unit_similarity", "mismatch_unit_rank",
        "mismatch_value_in_units", "mismatch_value_in_aligned", "mismatch_evidence_in_claim", "mismatch_log_ratio",
        "quantities_accepted_anywhere", "dates_anywhere", "names_anywhere", "value_nowhere")
# more support or coverage never raises P(false) (fit.SIGNS), values found anywhere neither
RICH_SIGNS = {"quantities_accepted_anywhere": -1, "dates_anywhere": -1, "names_anywhere": -1}

GRID = np.round(np.arange(0.05, 0.96, 0.01), 2)
CLEAR_GRID = np.round(np.arange(0.02, 0.51, 0.02), 2)


def feature_set(name: str) -> list[str]:
    base = [n for n in FEATURE_NAMES if n not in CLAIM_ALONE and n not in RICH]
    return base if name == "base" else base + [n for n in RICH if n in FEATURE_NAMES]


@dataclass(frozen=True)
class Variant:
    features: str  # base | rich
    model: str  # signed | lr | gb2 | gb3 | gbm2 | gbm3 (gbm: monotone like signed)
    scope: str  # guarded | wide
    c: float = 0.1
    doc_weight: bool = False  # each document weighs the same (else each case)

    @property
    def name(self) -> str:
        extra = f"_C{self.c}" if self.model in ("signed", "lr") else ""
        return f"{self.features}-{self.model}{extra}-{self.scope}" + ("-docw" if self.doc_weight else "")

    def make(self, names: Sequence[str]) -> object:
        if self.model == "signed":
            signs = [SIGNS.get(n, RICH_SIGNS.get(n, 0)) for n in names]
            return make_pipeline(StandardScaler(), SignedLogistic(self.c, signs))
        if self.model == "lr":
            return make_pipeline(StandardScaler(), LogisticRegression(C=self.c, max_iter=3000))
        depth = int(self.model[-1])
        # gbm: monotone in the features whose sign fit.SIGNS holds (more support never raises P(false))
        monotone = [SIGNS.get(n, RICH_SIGNS.get(n, 0)) for n in names] if self.model.startswith("gbm") else None
        return HistGradientBoostingClassifier(max_depth=depth, max_iter=120, learning_rate=0.05, min_samples_leaf=20,
                                              l2_regularization=1.0, random_state=0, monotonic_cst=monotone)


VARIANTS: tuple[Variant, ...] = tuple(
    Variant(f, m, s, c)
    for f in ("base", "rich")
    for m, c in (("signed", 0.1), ("lr", 0.1), ("lr", 1.0), ("gb2", 0.0), ("gb3", 0.0), ("gbm2", 0.0), ("gbm3", 0.0))
    for s in ("guarded", "wide")
)


def rows_all() -> list[Row]:
    return [r for split in TRAIN_SPLITS for r in hardcase_rows(split)]


class Arrays:
    """The rows as arrays: truth, the rules' flag, scope masks."""

    def __init__(self, rows: Sequence[Row]) -> None:
        self.y = np.array([r.truth_false for r in rows])
        self.rules_false = np.array([r.rules is not SupportLabel.supported for r in rows])
        self.open = np.array([r.learned for r in rows])
        hard = np.array([r.features.fact_contradicted or r.features.fact_unsupported for r in rows])
        floor = np.array([r.features.value_nowhere for r in rows])
        self.overrulable = hard & ~floor & ~self.open
        self.expected_contradicted = np.array([r.expected is SupportLabel.contradicted for r in rows])
        self.rules_contradicted = np.array([r.rules is SupportLabel.contradicted for r in rows])
        self.groups = np.array([r.group for r in rows])
        self.split = np.array([r.split for r in rows])


def decide(a: Arrays, p: np.ndarray, t_flag: float, t_clear: float | None) -> np.ndarray:
    """Predicted false, as the runtime decides: open rows by ``t_flag``, overrulable ones cleared under ``t_clear``."""
    out = a.rules_false.copy()
    out[a.open] = p[a.open] >= t_flag
    if t_clear is not None:
        clear = a.overrulable & (p < t_clear)
        out[clear] = False
    return out


def balanced(y: np.ndarray, pred: np.ndarray) -> tuple[float, float, float]:
    tpr = float(pred[y].mean()) if y.any() else float("nan")
    fpr = float(pred[~y].mean()) if (~y).any() else float("nan")
    return (tpr + 1 - fpr) / 2, tpr, fpr


def _weights(a: Arrays, idx: np.ndarray, doc_weight: bool) -> np.ndarray:
    y, g = a.y[idx], a.groups[idx]
    w = np.ones(len(idx))
    if doc_weight:
        for doc in np.unique(g):
            m = g == doc
            w[m] = 1.0 / m.sum()
        w *= len(idx) / w.sum()
    for cls in (True, False):
        m = y == cls
        if m.any():
            w[m] *= w.sum() / (2 * w[m].sum())
    return w


def _fit_predict(v: Variant, x: np.ndarray, a: Arrays, train: np.ndarray, test: np.ndarray, names: Sequence[str]):
    model = v.make(names)
    w = _weights(a, train, v.doc_weight)
    key = model.steps[-1][0] + "__sample_weight" if hasattr(model, "steps") else "sample_weight"
    model.fit(x[train], a.y[train], **{key: w})
    return model.predict_proba(x[test])[:, 1]


def choose_thresholds(a: Arrays, idx: np.ndarray, p: np.ndarray, wide: bool) -> tuple[float, float | None]:
    """The thresholds with the best balanced accuracy on ``idx`` (p: out-of-fold P(false) of those rows)."""
    sub = _Subset(a, idx)
    best = (-1.0, 0.5, None)
    for t in GRID:
        for c in (CLEAR_GRID if wide else [None]):
            if c is not None and c > t:
                continue
            score = balanced(sub.y, decide(sub, p, float(t), c))[0]
            if score > best[0] + 1e-9:
                best = (score, float(t), None if c is None else float(c))
    return best[1], best[2]


class _Subset(Arrays):
    def __init__(self, a: Arrays, idx: np.ndarray) -> None:  # noqa: D107 - a view of some rows
        for k, val in vars(a).items():
            setattr(self, k, val[idx])


def grouped_cv(v: Variant, rows: Sequence[Row], folds: int, inner: int = 4) -> np.ndarray:
    """Held-out predicted-false for every row, each from a model that never saw its document."""
    names = feature_set(v.features)
    x = np.array([r.features.vector(names) for r in rows])
    a = Arrays(rows)
    outer = LeaveOneGroupOut() if folds == 0 else GroupKFold(n_splits=folds)
    pred = np.zeros(len(rows), dtype=bool)
    for train, test in outer.split(x, groups=a.groups):
        p_inner = np.zeros(len(train))
        for itr, ite in GroupKFold(n_splits=inner).split(train, groups=a.groups[train]):
            p_inner[ite] = _fit_predict(v, x, a, train[itr], train[ite], names)
        t_flag, t_clear = choose_thresholds(a, train, p_inner, v.scope == "wide")
        p = _fit_predict(v, x, a, train, test, names)
        pred[test] = decide(_Subset(a, test), p, t_flag, t_clear)
    return pred


def report(name: str, a: Arrays, pred: np.ndarray) -> dict[str, object]:
    bal, tpr, fpr = balanced(a.y, pred)
    exp = a.expected_contradicted
    out: dict[str, object] = {"balanced_accuracy": bal, "tpr_false": tpr, "fpr_true": fpr}
    # per split, and the mean over documents (each document one vote)
    for split in TRAIN_SPLITS:
        m = a.split == split
        out[split] = balanced(a.y[m], pred[m])[0]
    docs = [balanced(a.y[a.groups == g], pred[a.groups == g])[0] for g in np.unique(a.groups)]
    out["doc_mean"] = float(np.nanmean(docs))
    out["changed"] = int((pred != a.rules_false).sum())
    # contradicted cases still flagged (their kind is the rules', the model only clears or flags)
    out["contradicted_flagged"] = float(pred[exp].mean()) if exp.any() else None
    print(f"| {name} | {bal:.3f} | {tpr:.3f} | {fpr:.3f} | " + " | ".join(f"{out[s]:.3f}" for s in TRAIN_SPLITS)
          + f" | {out['doc_mean']:.3f} | {out['changed']} |", flush=True)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--folds", type=int, default=0, help="0: leave one document out; K: K grouped folds")
    ap.add_argument("--only", action="append", default=None, help="variant name(s) to run")
    ap.add_argument("--docw", action="store_true", help="also run each variant with documents weighted equally")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    rows = rows_all()
    a = Arrays(rows)
    docs = len(np.unique(a.groups))
    print(f"rows {len(rows)} on {docs} documents ({', '.join(f'{s} {int((a.split == s).sum())}' for s in TRAIN_SPLITS)});"
          f" open {int(a.open.sum())}, overrulable {int(a.overrulable.sum())},"
          f" on the floor {int((~a.open & ~a.overrulable).sum())}; outer folds:"
          f" {'leave one document out' if args.folds == 0 else args.folds}")
    print("| judge | bal. acc. | TPR false | FPR true | " + " | ".join(TRAIN_SPLITS) + " | doc mean | changed |")
    print("|---|---|---|---|" + "---|" * len(TRAIN_SPLITS) + "---|---|")
    results = {"rules": report("rules", a, a.rules_false)}
    variants = list(VARIANTS) + ([Variant(v.features, v.model, v.scope, v.c, True) for v in VARIANTS] if args.docw else [])
    for v in variants:
        if args.only and v.name not in args.only:
            continue
        results[v.name] = report(v.name, a, grouped_cv(v, rows, args.folds))
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(results, fh, indent=1)


if __name__ == "__main__":
    main()
