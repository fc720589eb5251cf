"""Rule audit: which fact-layer rules decide the hard cases, and which do more harm than good.

    python benchmarks/rule_audit.py --split dev|val|val3|dev,val|open [--all-rules] [--propose PATH] [--figures-only]

Each case's claim goes through ``verify()`` (as benchmarks/hardcases.py runs it). A flagged case
(label not ``supported``) is decided by the rule of its worst claim (``ClaimVerdict.rule``: a
fact-layer check such as ``quantity.differs``, or the judge's own such as ``judge.below_threshold``).
Per rule the audit counts:

- ``decisive_true`` / ``decisive_false``: flagged cases it decided, on true and on false claims
  (and, of the false ones, how many the case set expects ``contradicted`` or ``unsupported``);
- ``harm`` / ``gain`` (its marginal effect): true claims / false claims that would go from
  flagged to not flagged if that rule alone were switched off. Measured, not guessed: every
  flagged case whose claims a fact-layer rule decided is verified again with that rule switched
  off (guard.facts.rules.switched); only the deciding rule can change a case, because a
  switched-off rule's outcomes are dropped and the verdict keeps the most serious of the rest.

Judge rules (``judge.*``) are counted but have no switch. ``--all-rules``: audit with every rule
on (the packaged guard/facts/rule_switches.yaml ignored); the default audits the switches in
force. ``--figures-only``: balanced accuracy, TPR and FPR under the switches, no per-rule
counts (how the demotion is measured after it was chosen: val3 is audited per rule once).
Writes ``results/rule_audit-<split>.json`` and ``.md``. On a blind split (val3, the
rule-audit split of session 8) only aggregate counts are printed and written: no case id or text.
val2, val4 and test are refused: the lead measures them.

``--rule-switches PATH``: audit a switch file instead (benchmarks/rule_switches/).

Demotion criterion: pre-registered in this docstring before the val3 audit (commit 03c5219),
stated and applied in guard/eval/rule_audit.py (``propose``), described in docs/DETECTION.md
"Rule audit". ``--propose PATH`` writes the criterion's proposals as switch-file YAML.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tqdm import tqdm  # noqa: E402

from guard.eval.hardcases import (  # noqa: E402
    BLIND_SPLITS,
    CaseOutcome,
    ResolvedCase,
    Split,
    group_metrics,
    load_hardcases,
    resolve_cases,
)
from guard.eval.rule_audit import AuditReport, RuleStats, audit, merge_stats, propose  # noqa: E402
from guard.facts.rules import RuleSwitches, active_switches, load_switches  # noqa: E402
from guard.verifiers.types import Verification  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
# Every open split (cases readable), and val3 (the session-8 audit split: aggregate counts only).
# val2, val4 and test are measured by the lead only; the held halves (val5h ...) through hardcases.py.
ALLOWED = (*(s for s in Split if s is not Split.test and s not in BLIND_SPLITS), Split.val3)


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def render(report: AuditReport) -> str:
    m = report.overall
    lines = [
        f"rule audit, split {report.split}: {m.cases} cases; balanced accuracy {_fmt(m.balanced_accuracy)}, "
        f"TPR false {_fmt(m.tpr_false)}, FPR true {_fmt(m.fpr_true)}, contradicted->contradicted "
        f"{_fmt(m.contradicted_recall)}",
        f"switches: {report.switches}; disabled {report.switches_off or '-'}; "
        f"to_unsupported {report.switches_to_unsupported or '-'}",
        "",
        "| rule | decisive true | decisive false (exp. contr. / unsup.) | labelled contradicted | harm | gain |",
        "|---|---|---|---|---|---|",
    ]
    for s in report.rules:
        harm = str(s.harm) if s.switchable else "n/a"
        gain = str(s.gain) if s.switchable else "n/a"
        lines.append(
            f"| {s.rule} | {s.decisive_true} | {s.decisive_false} ({s.false_expected_contradicted} / "
            f"{s.false_expected_unsupported}) | {s.labelled_contradicted} | {harm} | {gain} |"
        )
    lines += _per_split(report)
    lines += ["", "proposals (pre-registered criterion):"]
    lines += [f"- {p.action}: {p.rule} ({p.why})" for p in report.proposals] or ["- none"]
    return "\n".join(lines)


def _per_split(report: AuditReport) -> list[str]:
    """Harm / gain of each fact-layer rule split by split (decisive true / false for a judge rule)."""
    if not report.by_split:
        return []
    names = list(report.by_split)
    lines = ["", "per split: harm/gain of a fact-layer rule; decisive true/false of a judge rule (j)", "",
             "| rule | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for r in report.rules:
        cells = []
        for split in names:
            s = next((x for x in report.by_split[split] if x.rule == r.rule), None)
            cells.append("" if s is None else f"{s.harm}/{s.gain}" if s.switchable
                         else f"j{s.decisive_true}/{s.decisive_false}")
        lines.append(f"| {r.rule} | " + " | ".join(cells) + " |")
    return lines


def proposal_yaml(report: AuditReport) -> str:
    """The proposals as rule_switches.yaml entries (to review, then copy into the packaged file)."""
    blocks = {"disabled": [], "to_unsupported": []}
    for p in report.proposals:
        figures = ", ".join(f"{k}: {v}" for k, v in p.figures.items())
        blocks[p.action].append(f"  - rule: {p.rule}\n    why: \"{report.split} audit: {p.why}\"\n"
                                f"    figures: {{split: {report.split}, {figures}}}")
    return "\n".join(f"{k}:" + ("\n" + "\n".join(v) if v else " []") for k, v in blocks.items()) + "\n"


def _splits(text: str) -> list[Split]:
    """``open`` is every open split (dev, val, val5 ... val11): the session-11 audit's data."""
    if text.strip() == "open":
        return [s for s in ALLOWED if s is not Split.val3]
    chosen = [Split(s.strip()) for s in text.split(",") if s.strip()]
    refused = [s.value for s in chosen if s not in ALLOWED]
    if refused:
        raise SystemExit(f"rule_audit: split(s) {', '.join(refused)} are not audited here (allowed: "
                         f"{', '.join(s.value for s in ALLOWED)}); the lead measures the blind splits")
    return chosen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", required=True,
                    help="dev, val, val3, an open split (val5 ... val11), several joined by commas, or open (all of them)")
    ap.add_argument("--all-rules", action="store_true", help="every rule on (ignore rule_switches.yaml)")
    ap.add_argument("--propose", type=Path, default=None, help="write the criterion's proposals as YAML here")
    ap.add_argument("--limit", type=int, default=None, help="first N cases only (smoke runs)")
    ap.add_argument("--figures-only", action="store_true", help="overall figures only, no per-rule counts")
    ap.add_argument("--rule-switches", type=Path, default=None, help="a switch file instead of the packaged one")
    args = ap.parse_args()
    splits = _splits(args.split)
    blind = any(s in BLIND_SPLITS for s in splits)
    base, which = _switches(args)
    outcomes, stats, by_split = _audit_each(splits, base, blind, args)
    rules = _ranked(stats)
    name = "open" if args.split.strip() == "open" else "+".join(s.value for s in splits)
    report = AuditReport(
        split=name, switches=which, switches_off=sorted(r.value for r in base.off_rules),
        switches_to_unsupported=sorted(r.value for r in base.unsupported_rules),
        overall=group_metrics(outcomes), rules=rules, proposals=[] if args.figures_only else propose(stats, base),
        by_split={} if len(splits) == 1 else {k: _ranked(v) for k, v in by_split.items()},
        outcomes=[] if blind else outcomes,
    )
    if blind:  # aggregate counts only: the per-category confusion stays out too
        report.overall.confusion = {}
    suffix = ("-all-rules" if args.all_rules else f"-{args.rule_switches.stem}" if args.rule_switches else "")
    suffix += "-figures" if args.figures_only else ""
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"rule_audit-{name}{suffix}.json").write_text(report.model_dump_json(indent=1), encoding="utf-8")
    text = render(report)
    (RESULTS / f"rule_audit-{name}{suffix}.md").write_text(text + "\n", encoding="utf-8")
    print(text)
    if args.propose:
        args.propose.write_text(proposal_yaml(report), encoding="utf-8")
        print(f"wrote {args.propose}")
    if not blind:
        _print_examples(rules)


def _audit_each(
    splits: list[Split], base: RuleSwitches, blind: bool, args: argparse.Namespace
) -> tuple[list[CaseOutcome], dict[str, RuleStats], dict[str, dict[str, RuleStats]]]:
    """The audit split by split (so each split's harm and gain can be read), then summed."""
    loaded = load_hardcases()
    outcomes: list[CaseOutcome] = []
    by_split: dict[str, dict[str, RuleStats]] = {}
    verify_fn = _verify_fn()
    for split in splits:
        cases = [c for c in loaded if c.split is split]
        resolved = resolve_cases(cases[: args.limit] if args.limit else cases)
        seen = tqdm(resolved, desc=f"audit {split.value}", unit="case")
        part, by_split[split.value] = audit(seen, base, blind, verify_fn, per_rule=not args.figures_only)
        outcomes += part
    return outcomes, merge_stats(by_split.values()), by_split


def _ranked(stats: dict[str, RuleStats]) -> list[RuleStats]:
    return sorted(stats.values(), key=lambda s: (-(s.decisive_true + s.decisive_false), s.rule))


def _switches(args: argparse.Namespace) -> tuple[RuleSwitches, str]:
    if args.all_rules:
        return RuleSwitches(), "every rule on"
    if args.rule_switches:
        return load_switches(args.rule_switches), str(args.rule_switches)
    return active_switches(), "packaged (guard/facts/rule_switches.yaml)"


def _print_examples(rules: list[RuleStats]) -> None:
    print("\nexample case ids (open splits only):")
    for s in rules:
        if s.examples_true or s.examples_false:
            print(f"- {s.rule}: true {s.examples_true} false {s.examples_false}")


def _verify_fn():
    """verify() as benchmarks/hardcases.py runs it (default verifiers, an unhurried deadline)."""
    from guard.eval.drafts import EVAL_DEADLINE_S
    from guard.verifiers.api import verify
    from guard.verifiers.stage import build_settings

    settings = build_settings(None, deadline_s=EVAL_DEADLINE_S)

    def run(rc: ResolvedCase) -> Verification:
        return verify(question=rc.question, contexts=rc.passages, answer=rc.case.claim, settings=settings)

    return run


if __name__ == "__main__":
    main()
