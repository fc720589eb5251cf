"""Fast dev loop for the whole claim judge (facts + credited embedding score + verdict) on the hard cases.

Why: ``benchmarks/hardcases.py`` runs every verifier (minutes to tens of minutes on a loaded
machine). This loop embeds each case once (units, claim-to-unit cosines, the embedding assessment and the evidence
vocabulary, cached in ``.cache/hardcases_judge/``), then replays
:func:`guard.verifiers.claim_judge.judge_read`, the same function ``ClaimJudge.judge`` calls, so
a change to the fact layer, the credited score or ``verdict.combine`` is measured in seconds.
One claim per case (``verify()`` may split a case into two claims; the full run is the reference).

    python benchmarks/hardcases_judge.py --split dev|val|val2|val3|val4|val5|val5h|test|all [--fails] [--true] [--cat CATEGORY] [--calibrator]
        [--rule-switches PATH]

``--calibrator``: the claim calibrator (guard/verifiers/claim_calibrator.py; the verification stage
uses it; docs/DETECTION.md) decides true vs false where the fact layer holds no hard finding, as
``verify()`` does; without it, the rules alone.

Tune on dev only; val checks that a dev change generalises (read its figures, not its cases, while
tuning); the test split is for reporting, once (benchmarks/hardcases/README.md). val2, val3 and val4 are the blind
checks: never tuned on, read only when named (``--split all`` leaves them out).
"""

from __future__ import annotations

import argparse
import hashlib
import pickle
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from guard.eval.hardcases import (  # noqa: E402
    BLIND_SPLITS,
    CaseOutcome,
    Category,
    GroupMetrics,
    Split,
    Truth,
    group_metrics,
    load_hardcases,
    resolve_cases,
)
from guard.verifiers.claim_judge import judge_read, units_of, without_injections  # noqa: E402
from guard.verifiers.types import SupportLabel  # noqa: E402

CACHE = ROOT / ".cache" / "hardcases_judge"
THRESHOLD = 0.5  # the support verifier's default threshold
NOVELTY_PENALTY = 0.5  # the default policy's


def _inputs(rc):
    """(units, cosines, assessment, known vocabulary) of a case, embedded once."""
    passages = [(str(i), p) for i, p in enumerate(rc.passages, 1)]
    key = hashlib.sha256(repr((rc.case.claim, passages, rc.question)).encode()).hexdigest()[:24]
    path = CACHE / f"{key}.pkl"
    if path.exists():
        return pickle.loads(path.read_bytes())
    from guard.verifiers.support import EmbeddingJudge

    judge = EmbeddingJudge(rc.question or "", NOVELTY_PENALTY)
    found = [units_of(pid, text) for pid, text in passages]
    units = [u for f in found for u in f.units]
    clean = [without_injections(text, f.warnings) for (_, text), f in zip(passages, found, strict=True)]
    judge.prepare([rc.case.claim], [text for _, text in passages], extra_texts=[u.text for u in units])
    out = (units, judge.cosines(rc.case.claim, [u.text for u in units]), judge.assess(rc.case.claim, clean),
           judge.known(clean))
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(out))
    return out


def _fmt(x):
    return "  -  " if x is None else f"{x:.3f}"


def _figures(m: GroupMetrics) -> str:
    """The columns of the table: the same definitions as benchmarks/hardcases.py (group_metrics)."""
    return " | ".join(_fmt(x) for x in (m.balanced_accuracy, m.tpr_false, m.fpr_true, m.accuracy,
                                        m.contradicted_recall))


def _chosen(split: Split, wanted: str) -> bool:
    """``all`` is every split but the blind ones (val2, val3, val4 and the held twins val5h ... val10h), which are read only when named."""
    return split not in BLIND_SPLITS if wanted == "all" else split is Split(wanted)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", default="dev", choices=[*(s.value for s in Split), "all"])
    ap.add_argument("--fails", action="store_true", help="print every wrong case")
    ap.add_argument("--true", action="store_true", help="with --fails: true claims only")
    ap.add_argument("--cat", default=None, help="with --fails: one category")
    ap.add_argument("--calibrator", action="store_true", help="the claim calibrator decides where the fact layer holds no hard finding (as verify())")
    ap.add_argument("--rule-switches", type=Path, default=None,
                    help="fact-layer rules switched off / softened (a switch file, benchmarks/rule_switches/)")
    args = ap.parse_args()
    from guard.facts.rules import active_switches, load_switches, switched
    from guard.verifiers.claim_calibrator import default_calibrator

    with switched(load_switches(args.rule_switches) if args.rule_switches else active_switches()):
        _run(args, default_calibrator)


def _run(args: argparse.Namespace, default_calibrator) -> None:

    calibrator = default_calibrator() if args.calibrator else None
    rows = []
    chosen = [c for c in load_hardcases() if _chosen(c.split, args.split)]
    for rc in resolve_cases(chosen):
        case = rc.case
        units, sims, assessment, known = _inputs(rc)
        judged = judge_read(case.claim, units, sims, assessment, known, NOVELTY_PENALTY, THRESHOLD, calibrator)
        fact = judged.fact
        outcome = CaseOutcome.judged(case, judged.label, support=judged.support)
        rows.append((outcome, dict(fact=fact.label.value, claim=case.claim, why=case.why,
                                   reason=judged.reason or fact.inference or fact.note,
                                   unit=fact.units[0].text[:160] if fact.units else None, rule=judged.rule)))
    outcomes = [o for o, _ in rows]
    print(f"split {args.split}: {len(rows)} cases (one claim per case)")
    print("| group | n | bal | TPR false | FPR true | acc | contr->contr |")
    print("|---|---|---|---|---|---|---|")
    print(f"| **all** | {len(outcomes)} | {_figures(group_metrics(outcomes))} |")
    for category in Category:
        chosen = [o for o in outcomes if o.category is category]
        if chosen:
            print(f"| {category.value} | {len(chosen)} | {_figures(group_metrics(chosen))} |")
    if not args.fails:
        return
    for o, r in rows:
        if (args.cat and o.category.value != args.cat) or (args.true and o.truth is not Truth.true):
            continue
        if o.predicted_false != (o.truth is Truth.false) or (
            o.expected is SupportLabel.contradicted and o.predicted is not SupportLabel.contradicted
        ):
            print(f"\n[{o.category.value}] {o.id} exp={o.expected.value} fact={r['fact']} "
                  f"got={o.predicted.value} s={o.support:.2f} rule={r['rule']}")
            print("  claim:", r["claim"])
            print("  why:  ", r["why"])
            print("  facts:", r["reason"])
            print("  unit: ", r["unit"])

if __name__ == "__main__":
    main()
