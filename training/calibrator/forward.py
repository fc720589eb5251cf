"""Does a learned claim decision fitted on the older open hard-case splits help on the newer ones?

    PYTHONPATH=. python -m training.calibrator.forward [--old dev,val,val5,...] [--new val17,...]

A forward check, open splits only (val3 and every held ``*h`` split are never read): each variant is
fitted on the older splits (thresholds chosen on inner grouped out-of-fold predictions, as
:mod:`training.calibrator.cv`), then decides the newer splits, which were written later by other
hands on other documents. Prints the rules' and the calibrator's balanced accuracy on the newer
splits, pooled and per split (one claim per case, the fast loop's inputs).
"""

from __future__ import annotations

import argparse

import numpy as np
from sklearn.model_selection import GroupKFold

from training.calibrator import cv as CV, data as D

OLD = ("dev", "val", *(f"val{i}" for i in range(5, 17)))
NEW = tuple(f"val{i}" for i in range(17, 23))
VARIANTS = (
    CV.Variant("base", "signed", "guarded", 0.1),
    CV.Variant("rich", "signed", "guarded", 0.1),
    CV.Variant("rich", "lr", "guarded", 0.1),
    CV.Variant("rich", "gbm2", "guarded"),
)


def forward(v: CV.Variant, old: list, new: list) -> tuple[CV.Arrays, np.ndarray]:
    """The newer rows (as arrays) and the variant's decisions on them, fitted on the older rows only."""
    names = CV.feature_set(v.features)
    rows = old + new
    x = np.array([r.features.vector(names) for r in rows])
    a = CV.Arrays(rows)
    train, test = np.arange(len(old)), np.arange(len(old), len(rows))
    p_inner = np.zeros(len(train))
    for itr, ite in GroupKFold(n_splits=4).split(train, groups=a.groups[train]):
        p_inner[ite] = CV._fit_predict(v, x, a, train[itr], train[ite], names)
    t_flag, t_clear = CV.choose_thresholds(a, train, p_inner, v.scope == "wide")
    sub = CV._Subset(a, test)
    return sub, CV.decide(sub, CV._fit_predict(v, x, a, train, test, names), t_flag, t_clear)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", default=",".join(OLD), help="open splits to fit on")
    ap.add_argument("--new", default=",".join(NEW), help="open splits to decide")
    args = ap.parse_args()
    old_splits, new_splits = args.old.split(","), args.new.split(",")
    if any(s == "val3" or s.endswith("h") or s in ("val2", "val4", "test") for s in old_splits + new_splits):
        raise SystemExit("forward reads open splits only (not val2, val3, val4, test or any held *h split)")
    D.TRAIN_SPLITS = tuple(old_splits + new_splits)  # data.hardcase_rows reads only the splits named here
    old = [r for s in old_splits for r in D.hardcase_rows(s)]
    new = [r for s in new_splits for r in D.hardcase_rows(s)]
    print(f"fitted on {len(old)} cases ({args.old}); decided {len(new)} ({args.new})")
    for v in VARIANTS:
        sub, pred = forward(v, old, new)
        rules, learned = CV.balanced(sub.y, sub.rules_false), CV.balanced(sub.y, pred)
        per = ", ".join(
            f"{s} {CV.balanced(sub.y[sub.split == s], sub.rules_false[sub.split == s])[0]:.3f}->"
            f"{CV.balanced(sub.y[sub.split == s], pred[sub.split == s])[0]:.3f}"
            for s in new_splits
        )
        print(f"{v.name}: rules {rules[0]:.3f} (TPR {rules[1]:.3f}, FPR {rules[2]:.3f}) -> "
              f"calibrator {learned[0]:.3f} (TPR {learned[1]:.3f}, FPR {learned[2]:.3f}); {per}")


if __name__ == "__main__":
    main()
