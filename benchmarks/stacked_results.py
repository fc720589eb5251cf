"""The stacked detector's figures in one file: how it was trained, its train CV, and dev.

    python benchmarks/stacked_results.py [--dev runs/ragtruth-dev]

Reads the committed artifact (``guard/verifiers/stacked_detector.json``: its train command,
the out-of-fold figures of every candidate, the claim head's span figures) and the
``metrics.json`` that ``ragguard eval ragtruth --split dev`` wrote (the command is in
``DEV_COMMAND``), and writes ``results/stacked.json``. The dev figures are only copied
when the run scored the artifact in place now (the stacked detector's version in
``metrics.json`` names the artifact's hash); otherwise the script stops and says to rerun.
``PREVIOUS`` keeps the format-1 detector's dev figures for the climb table.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from guard.verifiers.stacked import ARTIFACT_PATH, load_stacked  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "stacked.json"
DEV_COMMAND = (
    "ragguard eval ragtruth --path ../shared/data/ragtruth --split dev "
    "--detectors lexical,support,egc,grounding,stacked --out runs/ragtruth-dev"
)
# The format-1 detector (one pooled LR over lexical, support, EGC, structure and generator
# family; commit dbef28e), on the same 3,024 dev responses.
PREVIOUS = {
    "version": "stacked/1/a28c8c35148e",
    "f1": 0.748, "auroc": 0.862, "ece": 0.033,
    "by_task": {"Data2txt": [0.872, 0.859], "QA": [0.619, 0.827], "Summary": [0.572, 0.792]},
    "spans": {"precision": 0.109, "recall": 0.737, "f1": 0.190},
}


def _figures(entry: dict) -> dict:
    keys = ("responses", "hallucinated", "precision", "recall", "f1", "auroc", "pr_auc", "ece")
    return {k: round(entry[k], 4) if isinstance(entry.get(k), float) else entry.get(k) for k in keys}


def _dev(metrics: dict) -> dict:
    return {
        name: {
            "threshold": detector["threshold"],
            "overall": _figures(detector["overall"]),
            "by_task": {task: _figures(v) for task, v in detector["by_task"].items()},
            "spans": detector.get("spans"),
            "responses_per_s": detector["timing"].get("responses_per_s"),
        }
        for name, detector in metrics["detectors"].items()
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--dev", type=Path, default=ROOT / "runs" / "ragtruth-dev", help="the eval --out folder"
    )
    args = parser.parse_args(argv)
    model = load_stacked()
    version = hashlib.sha256(ARTIFACT_PATH.read_bytes()).hexdigest()[:12]
    metrics_path = args.dev / "metrics.json"
    if not metrics_path.is_file():
        print(f"{metrics_path} is missing: run `{DEV_COMMAND}` first", file=sys.stderr)
        return 2
    metrics = json.loads(metrics_path.read_text(encoding="utf-8"))
    scored = metrics["detectors"].get("stacked", {}).get("version", "")
    if not scored.endswith(version):
        print(f"{metrics_path} scored stacked {scored!r}, not the artifact in place ({version}): rerun "
              f"`{DEV_COMMAND}`", file=sys.stderr)
        return 2
    out = {
        "commands": {
            "train": model.command,
            "evaluate": DEV_COMMAND,
            "this_file": "python benchmarks/stacked_results.py",
        },
        "artifact": {
            "version": version,
            "chosen": model.cv["chosen"],
            "heads": sorted(model.heads),
            "threshold": model.threshold,
            "requires": model.requires,
            "trained_on": model.trained_on,
            "train_oof": model.cv["candidates"],
            "claim_head": None if model.claims is None else {
                "threshold": model.claims.threshold, "rule": model.claims.rule, **model.claims.cv,
            },
        },
        "dev": {"dataset": metrics["dataset"], "timing": metrics["timing"], "detectors": _dev(metrics)},
        "previous": PREVIOUS,
    }
    RESULTS.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    stacked = out["dev"]["detectors"]["stacked"]
    print(f"stacked on dev: F1 {stacked['overall']['f1']} AUROC {stacked['overall']['auroc']} "
          f"ECE {stacked['overall']['ece']}; wrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
