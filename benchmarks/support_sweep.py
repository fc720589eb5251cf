"""Where the judge's support cut (VerifyThresholds.support, 0.5) sits on the open splits: an estimate.

    python benchmarks/support_sweep.py [--audit benchmarks/results/rule_audit-open.json]

Reads the case outcomes that ``rule_audit.py --split open`` writes (no verify() call) and, per split
and over all open splits together, estimates balanced accuracy, TPR and FPR had the cut been lower.
A lower cut only passes claims no fact-layer check decided whose embedding support lies between the
new cut and 0.5 (judge.below_threshold, judge.learned_contradicted); a fact-layer failure caps the
support at 0.1, so it never passes. The estimate reads a case's lowest claim support, exact for a
one-claim case. A higher cut is not estimated: a claim the fact layer supports is reported at
max(support, cut), so the outcomes cannot tell which supported claims it would flag.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from guard.eval.hardcases import CaseOutcome, Truth  # noqa: E402
from guard.verifiers.types import SupportLabel, VerifyThresholds  # noqa: E402
from guard.verifiers.verdict import FACT_FAILED_SUPPORT  # noqa: E402

AUDIT = ROOT / "benchmarks" / "results" / "rule_audit-open.json"
CUT = VerifyThresholds().support  # the cut the audited outcomes were judged at
CUTS = (0.30, 0.35, 0.40, 0.42, 0.44, 0.46, 0.48, 0.50)


def flagged_at(o: CaseOutcome, cut: float) -> bool:
    """The case's flag had the cut been ``cut`` (<= CUT)."""
    if o.predicted is SupportLabel.supported:
        return False
    judge_only = o.support is not None and FACT_FAILED_SUPPORT < o.support < CUT
    return not (judge_only and o.support >= cut)


def balanced(outcomes: Sequence[CaseOutcome], cut: float) -> tuple[float, float, float]:
    false = [o for o in outcomes if o.truth is Truth.false]
    true = [o for o in outcomes if o.truth is not Truth.false]
    tpr = sum(flagged_at(o, cut) for o in false) / len(false)
    fpr = sum(flagged_at(o, cut) for o in true) / len(true)
    return (tpr + 1 - fpr) / 2, tpr, fpr


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--audit", type=Path, default=AUDIT)
    args = ap.parse_args()
    outcomes = [CaseOutcome.model_validate(o) for o in json.loads(args.audit.read_text(encoding="utf-8"))["outcomes"]]
    splits = list(dict.fromkeys(o.split.value for o in outcomes))
    print("| cut | " + " | ".join(splits) + " | all open (bal. / TPR / FPR) |")
    print("|---|" + "---|" * (len(splits) + 1))
    for cut in CUTS:
        cells = [f"{balanced([o for o in outcomes if o.split.value == s], cut)[0]:.3f}" for s in splits]
        b, tpr, fpr = balanced(outcomes, cut)
        print(f"| {cut:.2f} | " + " | ".join(cells) + f" | {b:.3f} / {tpr:.3f} / {fpr:.3f} |")


if __name__ == "__main__":
    main()
