"""Does the calibrated judge flag ordinary answers more than the rules? RAGTruth QA dev sentences.

    PYTHONPATH=. python -m training.calibrator.check_ragtruth [--responses 200] [--artifact PATH ...]

Reads the sentences of ``--responses`` RAGTruth QA *dev* answers (the project's dev split,
seed 0, hard-case test sources left out; ``data.ragtruth_rows``), each judged against its
answer's passages, and prints for the rules alone and for each calibrator artifact the share
flagged (contradicted or unsupported) among clean sentences (no annotated span: a flag is a
false alarm), conflict and baseless sentences, and the sentence AUROC. The calibrator's
decision is the runtime's (``cv.decide``: a hard fact finding stands, or for a wide-scope artifact
is cleared under its clear threshold when above the safety floor). Never fitted on.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from sklearn.metrics import roc_auc_score

from guard.verifiers.claim_calibrator import ARTIFACT_PATH, default_calibrator
from training.calibrator.cv import Arrays, decide
from training.calibrator.data import Row, ragtruth_rows

__all__ = ["main"]

GROUPS = ("clean", "conflict", "baseless")


def _line(name: str, rows: Sequence[Row], flags: Sequence[bool], scores: Sequence[float]) -> str:
    cells = []
    for group in GROUPS:
        picked = [f for r, f in zip(rows, flags) if r.category == group]
        flagged = sum(picked)
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
    a = Arrays(rows)
    print(_line("rules", rows, a.rules_false.tolist(), [1 - r.features.support_judged for r in rows]))
    for path in args.artifact or [ARTIFACT_PATH]:
        calibrator = default_calibrator(path)
        art = calibrator.artifact
        p = np.array([calibrator.p_false(r.features) for r in rows])
        flags = decide(a, p, art.threshold, art.clear_threshold)
        # the score is P(false) where the model decides (open rows; overrulable ones for a wide
        # artifact), the rules' flag where a fact finding stands
        decided = a.open | (a.overrulable if art.clear_threshold is not None else np.zeros_like(a.open))
        scores = np.where(decided, p, a.rules_false.astype(float))
        print(_line(f"calibrator {path.name}", rows, flags.tolist(), scores.tolist()))


if __name__ == "__main__":
    main()
