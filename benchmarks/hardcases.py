"""The judge on the hard-case set: does verify() tell a right single-claim answer from a wrong one?

    python benchmarks/hardcases.py --split dev|val|val2|val3|val4|val5|val5h|...|val12|val12h|val13|val13h|val14|val14h|val15|val15h|val16|val16h|val17|val17h|val18|val18h|val19|val19h|val20|val20h|val21|val21h|val22|val22h|val23|val23h|val24|val24h|val25|val25h|val27|val27h|val26|val26h|val28|val28h|val29|val29h|val30|val30h|val32|val32h|val31|val31h|val33|val33h|val34|val34h|val35|val35h|val36|val36h|val37|val37h|val38|val38h|val39|val39h|val40|val40h|val41|val41h|val42|val42h|val43|val43h|val44|val44h|val45|val45h|val46|val46h|val47|val47h|val48|val48h|val49|val49h|val50|val50h|val51|val51h|val52|val52h|val53|val53h|val54|val54h|val55|val55h|val56|val56h|val57|val57h|val58|val58h|val59|val59h|val60|val60h|val61|val61h|val62|val62h|val63|val63h|val64|val64h|val65|val65h|val66|val66h|val67|val67h|val68|val68h|val69|val69h|val70|val70h|val71|val71h|val72|val72h|val73|val73h|val74|val74h|val75|val75h|val76|val76h|val77|val77h|val78|val78h|val79|val79h|val80|val80h|val81|val81h|val82|val82h|val83|val83h|val84|val84h|val85|val85h|val86|val86h|val87|val87h|val88|val88h|val89|val89h|val90|val90h|val91|val91h|val92|val92h|val93|val93h|val94|val94h|val95|val95h|val96|val96h|val97|val97h|val98|val98h|val99|val99h|val100|val100h|val101|val101h|val103|val103h|val102|val102h|val104|val104h|val105|val105h|val106|val106h|val107|val107h|val108|val108h|val109|val109h|val110|val110h|val111|val111h|val112|val112h|val113|val113h|val115|val115h|val114|val114h|val117|val117h|val116|val116h|val118|val118h|val119|val119h|val120|val120h|val121|val121h|val122|val122h|val123|val123h|val124|val124h|val125|val125h|val126|val126h|val127|val127h|val128|val128h|val129|val129h|val130|val130h|val131|val131h|val132|val132h|val133|val133h|val134|val134h|val135|val135h|val136|val136h|val137|val137h|val138|val138h|val139|val139h|val140|val140h|val141|val141h|val142|val142h|val144|val144h|val143|val143h|val146|val146h|val145|val145h|val147|val147h|val148|val148h|val149|val149h|val150|val150h|val151|val151h|val153|val153h|val152|val152h|val154|val154h|val155|val155h|val156|val156h|val157|val157h|val158|val158h|val159|val159h|val160|val160h|val161|val161h|val162|val162h|val163|val163h|val164|val164h|val165|val165h|val166|val166h|val167|val167h|val168|val168h|val169|val169h|val170|val170h|val172|val172h|val171|val171h|val173|val173h|val174|val174h|val176|val176h|val175|val175h|val177|val177h|val178|val178h|val179|val179h|val180|val180h|val181|val181h|val182|val182h|val183|val183h|val184|val184h|val185|val185h|val186|val186h|val187|val187h|val188|val188h|val189|val189h|val190|val190h|val191|val191h|val192|val192h|val193|val193h|val194|val194h|val196|val196h|val195|val195h|val198|val198h|val197|val197h|val200|val200h|val199|val199h|test|all [--verifiers support,...] [--out PATH]
        [--rule-switches PATH]

Each case's claim is verified against its passages (``guard.verify``, the default
verifiers unless ``--verifiers`` names others); a case is predicted false when its label
is not ``supported``. Prints balanced accuracy, TPR on false claims, FPR on true claims and
the share of expected-``contradicted`` cases labelled ``contradicted``, per split, per
source and per category, and the confusion of expected against predicted labels; writes
everything (with every case's outcome) to ``results/hardcases-<split>.json``.

The test split is for reporting only: tune on dev, check that a change generalises on val
(benchmarks/hardcases/README.md). val2, val3 and val4 are the blind checks, each run once by whoever
reports it and only when named: ``--split all`` leaves them out.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tqdm import tqdm

from guard.eval.hardcases import (
    BLIND_SPLITS,
    CASES_PATH,
    DEFAULT_DATA_DIR,
    CaseOutcome,
    GroupMetrics,
    HardcaseReport,
    Split,
    load_hardcases,
    resolve_cases,
    run_cases,
    summarise,
)
from guard.facts.rules import active_switches, load_switches, switched
from guard.verifiers.types import SupportLabel

RESULTS = Path(__file__).resolve().parent / "results"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--split", choices=[*(s.value for s in Split), "all"], default="dev")
    parser.add_argument(
        "--verifiers", default=None, help="comma-separated verifier names (default: verify()'s)"
    )
    parser.add_argument("--cases", type=Path, default=CASES_PATH)
    parser.add_argument("--data-dir", type=Path, default=DEFAULT_DATA_DIR)
    parser.add_argument("--limit", type=int, default=None, help="first N cases only (smoke runs)")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "--rule-switches",
        type=Path,
        default=None,
        help="fact-layer rules switched off / softened, instead of guard/facts/rule_switches.yaml (rule_audit.py)",
    )
    parser.add_argument(
        "--rescore",
        type=Path,
        default=None,
        help="recompute the figures from the outcomes in an earlier results file (no verify() calls)",
    )
    args = parser.parse_args()
    if args.rescore is not None:
        # Only the outcomes are read, so files written before a metric was added still rescore.
        earlier = json.loads(args.rescore.read_text(encoding="utf-8"))
        outcomes = [CaseOutcome.model_validate(o) for o in earlier["outcomes"]]
        report = summarise(outcomes, earlier["verifiers"])
        (args.out or args.rescore).write_text(report.model_dump_json(indent=1), encoding="utf-8")
        print(render(report))
        return

    verifiers = [v.strip() for v in args.verifiers.split(",") if v.strip()] if args.verifiers else None
    cases = [c for c in load_hardcases(args.cases) if _chosen(c.split, args.split)]
    cases = cases[: args.limit] if args.limit else cases
    resolved = resolve_cases(cases, data_dir=args.data_dir)
    switches = load_switches(args.rule_switches) if args.rule_switches else active_switches()
    with switched(switches):
        outcomes = run_cases(
            resolved, verify_fn=_unhurried(verifiers), progress=lambda xs: tqdm(xs, desc="hardcases", unit="case")
        )
    report = summarise(outcomes, verifiers)

    out = args.out or RESULTS / f"hardcases-{args.split}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report.model_dump_json(indent=1), encoding="utf-8")
    print(render(report))
    print(f"load average {os.getloadavg()[0]:.1f}; wrote {out}")


def _unhurried(verifiers: list[str] | None):
    """verify() under a 600 s deadline: the figures measure verdicts, not how busy the machine was
    (at the default 10 s a loaded machine turned verdicts into verifier_error, counted as flagged)."""
    from guard.eval.drafts import EVAL_DEADLINE_S
    from guard.verifiers.api import verify
    from guard.verifiers.stage import build_settings

    settings = build_settings(verifiers, deadline_s=EVAL_DEADLINE_S)

    def verify_fn(*, question, contexts, answer, verifiers=None):
        return verify(question=question, contexts=contexts, answer=answer, settings=settings)

    return verify_fn


def _chosen(split: Split, wanted: str) -> bool:
    """``all`` is every split but the blind ones (``BLIND_SPLITS``: val2, val3, val4 and the held twins val5h ... val32h, val31h, val33h, val34h, val35h, val36h, val37h, val38h, val39h, val40h, val41h, val42h, val43h, val44h, val45h, val46h, val47h, val48h, val49h, val50h, val51h, val52h, val53h, val54h, val55h, val56h, val57h, val58h, val59h, val60h, val61h, val62h, val63h, val64h, val65h, val66h, val67h, val68h, val69h, val70h, val71h, val72h, val73h, val74h, val75h, val76h, val77h, val78h, val79h, val80h, val81h, val82h, val83h, val84h, val85h, val86h, val87h, val88h, val89h, val90h, val91h, val92h, val93h, val94h, val95h, val96h, val97h, val98h, val99h, val100h, val101h, val103h, val102h, val104h, val105h, val106h, val107h, val108h, val109h, val110h, val111h, val112h, val113h, val115h, val114h, val117h, val116h, val118h, val119h, val120h, val121h, val122h, val123h, val124h, val125h, val126h, val127h, val128h, val129h, val130h, val131h, val132h, val133h, val134h, val135h, val136h, val137h, val138h, val139h, val140h, val141h, val142h, val144h, val143h, val146h, val145h, val147h, val148h, val149h, val150h, val151h, val153h, val152h, val154h, val155h, val156h, val157h, val158h, val159h, val160h, val161h, val162h, val163h, val164h, val165h, val166h, val167h, val168h, val169h, val170h, val172h, val171h, val173h, val174h, val176h, val175h, val177h, val178h, val179h, val180h, val181h, val182h, val183h, val184h, val185h, val186h, val187h, val188h, val189h, val190h, val191h, val192h, val193h, val194h, val196h, val195h, val198h, val197h, val200h, val199h), read only when named."""
    return split not in BLIND_SPLITS if wanted == "all" else split is Split(wanted)


def _f(value: float | None) -> str:
    return "  -  " if value is None else f"{value:.3f}"


def _line(name: str, m: GroupMetrics) -> str:
    return (
        f"| {name} | {m.cases} | {m.false_claims}/{m.true_claims} | {_f(m.balanced_accuracy)} "
        f"| {_f(m.tpr_false)} | {_f(m.fpr_true)} | {_f(m.accuracy)} | {_f(m.contradicted_recall)} "
        f"| {_f(m.support_auroc)} |"
    )


def render(report: HardcaseReport) -> str:
    """The report as Markdown tables (what the README records)."""
    head = (
        "| group | cases | false/true | bal. acc | TPR false | FPR true | accuracy "
        "| contradicted→contradicted | AUROC 1-support |"
    )
    rule = "|---|---|---|---|---|---|---|---|---|"
    lines = [f"verifiers: {', '.join(report.verifiers) if report.verifiers else 'default'}; "
             f"latency p50 {report.latency_p50_ms:.0f} ms", "", head, rule, _line("**all**", report.overall)]
    lines += [_line(f"split {s.value}", m) for s, m in report.by_split.items()]
    lines += [_line(f"source {s.value}", m) for s, m in report.by_source.items()]
    lines += [_line(c.value, m) for c, m in report.by_category.items()]
    labels = list(SupportLabel)
    lines += ["", "| expected \\ predicted | " + " | ".join(l.value for l in labels) + " |",
              "|---|" + "---|" * len(labels)]
    for expected in labels:
        row = report.overall.confusion[expected]
        lines.append(f"| {expected.value} | " + " | ".join(str(row[p]) for p in labels) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
