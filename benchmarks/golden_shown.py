"""What a user was shown on the golden questions: the figures issue 17's bar names that the
golden summary does not hold (latency p50, wrong answers shown unmarked or at all).

Reads the per-case results that `ragguard eval golden ... --out DIR` writes
(``results.jsonl`` or ``results-<profile>.jsonl``) and prints, per profile, one JSON object:

- ``content_correct``: answerable questions whose shown answer holds every ``must_contain``
  string (the golden summary's ``content_accuracy``);
- ``refusal_recall`` / ``refusal_precision`` over questions that must be refused;
- ``wrong_shown_unmarked``: answers shown with action ``pass`` (no caution label, nothing
  removed) that are wrong: an answer to a question that must be refused, or an answer to an
  answerable question lacking a ``must_contain`` string. This over-counts (a right answer
  worded without the expected string counts as wrong), so it bounds the true figure from above;
- ``wrong_shown``: the same, counting every action that shows the draft (pass, annotate, strip);
- ``wrong_quoted``: wrong answers given as a verbatim quote of the evidence (action ``quote``).
  Kept apart from ``wrong_shown`` (which earlier figures did not count them in), but the user reads
  them: a quoted unit about another case (another age, another plan) answers the question wrongly
  although every quoted word is in the documents. Issue 17's "none shown" bar counts them;
- ``latency_p50_ms`` / ``latency_p95_ms``.

    python benchmarks/golden_shown.py runs/golden [--write benchmarks/results/NAME.json]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

SHOWN = {"pass", "annotate", "strip"}


def figures(rows: list[dict]) -> dict:
    answerable = [r for r in rows if r["expect"] == "answer"]
    must_refuse = [r for r in rows if r["expect"] == "refuse"]
    refused = [r for r in rows if r["refused"]]
    wrong = [r for r in rows if not r["refused"] and (r["expect"] == "refuse" or not r["content_correct"])]
    latency = [r["latency_ms"] for r in rows]
    return {
        "cases": len(rows),
        "answerable": len(answerable),
        "must_refuse": len(must_refuse),
        "content_correct": _share(sum(bool(r["content_correct"]) for r in answerable), len(answerable)),
        "refusal_recall": _share(sum(r["refused"] for r in must_refuse), len(must_refuse)),
        "refusal_precision": _share(sum(r["expect"] == "refuse" for r in refused), len(refused)),
        "answerable_refused_by_gate": sum(r.get("gate_refused", False) for r in answerable),
        "wrong_shown_unmarked": sum(r["action"] == "pass" for r in wrong),
        "wrong_shown": sum(r["action"] in SHOWN for r in wrong),
        "wrong_shown_ids": sorted(r["id"] for r in wrong if r["action"] in SHOWN),
        "wrong_quoted": sum(r["action"] == "quote" for r in wrong),
        "actions": {a: sum(r["action"] == a for r in rows) for a in sorted({r["action"] for r in rows})},
        "latency_p50_ms": float(np.percentile(latency, 50)),
        "latency_p95_ms": float(np.percentile(latency, 95)),
        "latency_mean_ms": float(np.mean(latency)),
    }


def _share(num: int, den: int) -> float | None:
    return num / den if den else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run", type=Path, help="the --out folder of `ragguard eval golden`")
    parser.add_argument("--exclude", default="", help="comma-separated case ids to leave out (a second figure)")
    parser.add_argument("--write", type=Path, help="also write the figures to this JSON file")
    parser.add_argument(
        "--held-out", type=Path, metavar="GOLDEN",
        help="also give the figures apart for each batch of cases this golden file marks held out (notes "
        "starting 'held-out', 'held-out-2', ...) and for the rest: the generality check of a dev split tuned on",
    )
    parser.add_argument(
        "--metrics", type=Path,
        help="also write the golden summaries in the format of the eval's metrics.json, recomputed from the "
        "per-case results (for runs split over several --out folders, or stopped after some profiles)",
    )
    parser.add_argument("--split", default="test", help="the split the run answered (recorded in --metrics)")
    args = parser.parse_args()
    left_out = {i for i in args.exclude.split(",") if i}
    out: dict[str, dict] = {}
    gates = []
    for profile, rows in profile_results(args.run):
        out[profile] = {"all": figures(rows)}
        gates.append(_gate(profile, rows))
        if left_out:
            out[profile]["without_excluded"] = figures([r for r in rows if r["id"] not in left_out])
        if args.held_out:
            groups = held_out_ids(args.held_out)
            for tag, ids in sorted(groups.items()):
                if any(r["id"] in ids for r in rows):  # a batch written after this run has none
                    out[profile][tag] = figures([r for r in rows if r["id"] in ids])
            held = set().union(*groups.values()) if groups else set()
            out[profile]["rest"] = figures([r for r in rows if r["id"] not in held])
    text = json.dumps(out, indent=2)
    print(text)
    if args.write:
        args.write.write_text(text + "\n", encoding="utf-8")
    if args.metrics:
        from guard.eval.operating_report import OperatingPointsReport

        report = OperatingPointsReport(split=args.split, golden=gates)
        args.metrics.write_text(report.model_dump_json(indent=2) + "\n", encoding="utf-8")


def profile_results(run: Path) -> list[tuple[str, list[dict]]]:
    """(profile, per-case rows) for each results file of an eval's --out folder: ``results.jsonl``
    (one profile: "single") or ``results-<profile>.jsonl``; a file with no rows (a profile still
    running, or one that wrote nothing) is left out."""
    out = []
    for path in sorted(run.glob("results*.jsonl")):
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        if rows:
            out.append((path.stem.removeprefix("results").removeprefix("-") or "single", rows))
    return out


def held_out_ids(golden: Path) -> dict[str, set[str]]:
    """Ids of the golden cases written as a held-out check, by the tag their notes open with
    ("held-out", "held-out-2": batches written at different times)."""
    rows = [json.loads(line) for line in golden.read_text(encoding="utf-8").splitlines() if line.strip()]
    groups: dict[str, set[str]] = {}
    for r in rows:
        notes = str(r.get("notes", ""))
        if notes.startswith("held-out"):
            groups.setdefault(notes.split()[0], set()).add(r["id"])
    return groups


def _gate(profile: str, rows: list[dict]):
    """The eval's per-profile golden record (guard.eval.operating_report.GoldenGate) from its case rows."""
    from guard.eval.golden import CaseResult, summarise
    from guard.eval.operating_report import GoldenGate

    results = [CaseResult.model_validate(r) for r in rows]
    answerable = [r for r in results if r.expect == "answer"]
    return GoldenGate(
        policy=profile, answerable=len(answerable), gate_refused_answerable=sum(r.gate_refused for r in answerable),
        template_echo_drafts=sum(r.template_echo > 0 for r in results), summary=summarise(results),
    )


if __name__ == "__main__":
    main()
