"""Does the calibrated judge flag ordinary answers more than the rules? RAGTruth QA dev sentences.

    PYTHONPATH=. python -m training.calibrator.check_ragtruth [--responses 200] [--artifact PATH ...]

Reads the sentences of ``--responses`` RAGTruth QA *dev* answers (the project's dev split,
seed 0, hard-case test sources left out; ``data.ragtruth_rows``), each judged against its
answer's passages, and prints for the rules alone and for each calibrator artifact the share
flagged (contradicted or unsupported) among clean sentences (no annotated span: a flag is a
false alarm), conflict and baseless sentences, and the sentence AUROC. The calibrator's
decision is the runtime's (``fit.label_of``: a hard fact finding stands). Never fitted on.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from sklearn.metrics import roc_auc_score

from guard.verifiers.claim_calibrator import ARTIFACT_PATH, default_calibrator
from guard.verifiers.types import SupportLabel
from training.calibrator.data import Row, ragtruth_rows
from training.calibrator.fit import decision_score, label_of

__all__ = ["main"]

GROUPS = ("clean", "conflict", "baseless")


def _line(name: str, rows: Sequence[Row], labels: Sequence[SupportLabel], scores: Sequence[float]) -> str:
    cells = []
    for group in GROUPS:
        picked = [lab for r, lab in zip(rows, labels) if r.category == group]
        flagged = sum(lab is not SupportLabel.supported for lab in picked)
        cells.append(f"{flagged / len(picked):.3f} ({flagged}/{len(picked)})" if picked else "-")
    auroc = roc_auc_score([r.truth_false for r in rows], scores)
    return f"| {name} | " + " | ".join(cells) + f" | {auroc:.3f} |"


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--responses", type=int, default=200)
    ap.add_argument("--artifact", type=Path, action="append", default=None,
                    help="calibrator artifact(s) to compare (default: the shipped one)")
    args = ap.parse_args(argv)
    rows = ragtruth_rows(args.responses)
    print(f"RAGTruth QA dev: {len(rows)} sentences of {args.responses} answers"
          f" ({sum(r.learned for r in rows)} open to the calibrator)")
    print("| judge | clean flagged | conflict flagged | baseless flagged | sentence AUROC |")
    print("|---|---|---|---|---|")
    print(_line("rules", rows, [r.rules for r in rows], [1 - r.features.support_judged for r in rows]))
    for path in args.artifact or [ARTIFACT_PATH]:
        calibrator = default_calibrator(path)
        threshold = calibrator.artifact.threshold
        p = [calibrator.p_false(r.features) for r in rows]
        labels = [label_of(r, x >= threshold) for r, x in zip(rows, p)]
        print(_line(f"calibrator {path.name}", rows, labels, [decision_score(r, x) for r, x in zip(rows, p)]))


if __name__ == "__main__":
    main()
