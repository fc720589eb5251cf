"""Rule audit: which fact-layer rules decide the hard cases, and which do more harm than good.

    python benchmarks/rule_audit.py --split dev|val|val3|dev,val [--all-rules] [--propose PATH] [--figures-only]

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

Demotion criterion, pre-registered before val3 was audited (session 8; applied by ``--propose``):

1. A fact-layer rule is switched off (``disabled``) when, on the audit split with every rule on,
   ``harm >= gain`` and ``harm + gain >= 3``.
2. Rules with ``harm + gain < 3`` are too small to judge alone. Those that lean harmful
   (``harm >= 1`` and ``harm >= gain``) are pooled by family (the id's part before the dot); a pool
   with ``harm + gain >= 3`` in total has all its members switched off. (Pooled counts are the
   sum of the members' marginal effects, which is exact when no case is decided by two of them.)
3. A rule kept on that labels claims ``contradicted`` is read as ``unsupported``
   (``to_unsupported``) when, of the false claims it decides, at least 3 are expected
   ``unsupported`` and they outnumber those expected ``contradicted``: the rule finds real
   errors, but its binding of the value is a guess, so "contradicted" overstates it.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pydantic import BaseModel, Field  # noqa: E402
from tqdm import tqdm  # noqa: E402

from guard.eval.hardcases import (  # noqa: E402
    BLIND_SPLITS,
    CaseOutcome,
    GroupMetrics,
    ResolvedCase,
    Split,
    Truth,
    group_metrics,
    load_hardcases,
    predicted_label,
    resolve_cases,
)
from guard.facts.rules import FactRule, RuleSwitches, packaged_switches, switched  # noqa: E402
from guard.verifiers.types import SupportLabel, Verification  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
ALLOWED = (Split.dev, Split.val, Split.val3)  # val2, val4 and test are measured by the lead only
MIN_EFFECTS = 3  # the criterion's least number of marginal effects (harm + gain)
EXAMPLES = 4  # case ids kept per rule and truth on open splits, to read the cases behind a count
_SEVERITY = {SupportLabel.supported: 0, SupportLabel.unsupported: 1, SupportLabel.contradicted: 2}
_FACT_RULES = frozenset(r.value for r in FactRule)


class RuleStats(BaseModel):
    """One rule's counts on the audited cases."""

    rule: str
    switchable: bool  # a fact-layer rule (guard.facts.rules.FactRule): it can be switched off
    decisive_true: int = 0
    decisive_false: int = 0
    false_expected_contradicted: int = 0
    false_expected_unsupported: int = 0
    labelled_contradicted: int = 0  # of its decisive cases, those labelled contradicted
    harm: int = 0  # true claims flagged only because of it (not flagged with it switched off)
    gain: int = 0  # false claims flagged only because of it
    examples_true: list[str] = Field(default_factory=list)  # open splits only
    examples_false: list[str] = Field(default_factory=list)


class Proposal(BaseModel):
    rule: str
    action: str  # disabled | to_unsupported
    why: str
    figures: dict[str, int | str]


class AuditReport(BaseModel):
    split: str
    all_rules: bool
    switches_off: list[str]
    switches_to_unsupported: list[str]
    overall: GroupMetrics
    rules: list[RuleStats]
    proposals: list[Proposal]


def _worst(verification: Verification):
    """The claim verdict that decides the case's label (the first of the most severe)."""
    if not verification.claims:
        return None
    return max(verification.claims, key=lambda v: _SEVERITY[v.label])


def _fact_rules(verification: Verification) -> list[FactRule]:
    """The fact-layer rules that decided a flagged claim of the case."""
    found = {v.rule for v in verification.claims if v.label is not SupportLabel.supported and v.rule in _FACT_RULES}
    return [FactRule(r) for r in sorted(found)]


def _outcome(rc: ResolvedCase, verification: Verification) -> CaseOutcome:
    case = rc.case
    return CaseOutcome(
        id=case.id, source=case.source, category=case.category, split=case.split, truth=case.truth,
        expected=case.expected, predicted=predicted_label(verification),
        support=min((v.support for v in verification.claims), default=None),
        claims=len(verification.claims), latency_ms=0.0,
    )


def audit(
    cases: list[ResolvedCase], base: RuleSwitches, blind: bool, verify_fn, per_rule: bool = True
) -> tuple[list[CaseOutcome], dict[str, RuleStats]]:
    stats: dict[str, RuleStats] = {}

    def of(rule: str) -> RuleStats:
        return stats.setdefault(rule, RuleStats(rule=rule, switchable=rule in _FACT_RULES))

    outcomes = []
    for rc in tqdm(cases, desc="audit", unit="case"):
        with switched(base):
            verification = verify_fn(rc)
        outcome = _outcome(rc, verification)
        outcomes.append(outcome)
        if not outcome.predicted_false or not per_rule:
            continue
        worst = _worst(verification)
        s = of((worst.rule if worst is not None else None) or ("case.no_claims" if worst is None else "unattributed"))
        truth_false = rc.case.truth is Truth.false
        if truth_false:
            s.decisive_false += 1
            s.false_expected_contradicted += rc.case.expected is SupportLabel.contradicted
            s.false_expected_unsupported += rc.case.expected is SupportLabel.unsupported
        else:
            s.decisive_true += 1
        s.labelled_contradicted += outcome.predicted is SupportLabel.contradicted
        examples = s.examples_false if truth_false else s.examples_true
        if not blind and len(examples) < EXAMPLES:
            examples.append(rc.case.id)
        for rule in _fact_rules(verification):
            with switched(base.with_off([rule])):
                again = verify_fn(rc)
            if predicted_label(again) is SupportLabel.supported:
                if truth_false:
                    of(rule.value).gain += 1
                else:
                    of(rule.value).harm += 1
    return outcomes, stats


def propose(stats: dict[str, RuleStats], base: RuleSwitches) -> list[Proposal]:
    """The pre-registered criterion (module docstring), applied mechanically."""
    out: list[Proposal] = []
    already = {r.value for r in base.off_rules}
    fact = [s for s in stats.values() if s.switchable and s.rule not in already]
    for s in fact:
        if s.harm + s.gain >= MIN_EFFECTS and s.harm >= s.gain:
            out.append(_proposal(s, "disabled", f"harm {s.harm} >= gain {s.gain} (criterion 1)"))
    pools: dict[str, list[RuleStats]] = defaultdict(list)
    for s in fact:
        if s.harm + s.gain < MIN_EFFECTS and s.harm >= 1 and s.harm >= s.gain:
            pools[FactRule(s.rule).family].append(s)
    for family, members in sorted(pools.items()):
        harm, gain = sum(m.harm for m in members), sum(m.gain for m in members)
        if harm + gain >= MIN_EFFECTS:
            why = f"family {family}: pooled harm {harm} >= gain {gain} over {len(members)} small rules (criterion 2)"
            out += [_proposal(m, "disabled", why) for m in members]
    off = {p.rule for p in out}
    for s in fact:
        if s.rule in off or s.labelled_contradicted == 0:
            continue
        if s.false_expected_unsupported >= MIN_EFFECTS and s.false_expected_unsupported > s.false_expected_contradicted:
            why = (f"{s.false_expected_unsupported} of its false claims are expected unsupported, "
                   f"{s.false_expected_contradicted} contradicted (criterion 3)")
            out.append(_proposal(s, "to_unsupported", why))
    return sorted(out, key=lambda p: (p.action, p.rule))


def _proposal(s: RuleStats, action: str, why: str) -> Proposal:
    figures = {k: getattr(s, k) for k in ("harm", "gain", "decisive_true", "decisive_false",
                                          "false_expected_contradicted", "false_expected_unsupported")}
    return Proposal(rule=s.rule, action=action, why=why, figures=figures)


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def render(report: AuditReport) -> str:
    m = report.overall
    lines = [
        f"rule audit, split {report.split}: {m.cases} cases; balanced accuracy {_fmt(m.balanced_accuracy)}, "
        f"TPR false {_fmt(m.tpr_false)}, FPR true {_fmt(m.fpr_true)}, contradicted->contradicted "
        f"{_fmt(m.contradicted_recall)}",
        f"switches: {'every rule on' if report.all_rules else 'packaged'}; disabled {report.switches_off or '-'}; "
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
    lines += ["", "proposals (pre-registered criterion):"]
    lines += [f"- {p.action}: {p.rule} ({p.why})" for p in report.proposals] or ["- none"]
    return "\n".join(lines)


def proposal_yaml(report: AuditReport) -> str:
    """The proposals as rule_switches.yaml entries (to review, then copy into the packaged file)."""
    blocks = {"disabled": [], "to_unsupported": []}
    for p in report.proposals:
        figures = ", ".join(f"{k}: {v}" for k, v in p.figures.items())
        blocks[p.action].append(f"  - rule: {p.rule}\n    why: \"{report.split} audit: {p.why}\"\n"
                                f"    figures: {{split: {report.split}, {figures}}}")
    return "\n".join(f"{k}:" + ("\n" + "\n".join(v) if v else " []") for k, v in blocks.items()) + "\n"


def _splits(text: str) -> list[Split]:
    chosen = [Split(s.strip()) for s in text.split(",") if s.strip()]
    refused = [s.value for s in chosen if s not in ALLOWED]
    if refused:
        raise SystemExit(f"rule_audit: split(s) {', '.join(refused)} are not audited here (allowed: "
                         f"{', '.join(s.value for s in ALLOWED)}); the lead measures the blind splits")
    return chosen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", required=True, help="dev, val, val3, or several joined by commas (dev,val)")
    ap.add_argument("--all-rules", action="store_true", help="every rule on (ignore rule_switches.yaml)")
    ap.add_argument("--propose", type=Path, default=None, help="write the criterion's proposals as YAML here")
    ap.add_argument("--limit", type=int, default=None, help="first N cases only (smoke runs)")
    ap.add_argument("--figures-only", action="store_true", help="overall figures only, no per-rule counts")
    args = ap.parse_args()
    splits = _splits(args.split)
    blind = any(s in BLIND_SPLITS for s in splits)
    cases = [c for c in load_hardcases() if c.split in splits]
    resolved = resolve_cases(cases[: args.limit] if args.limit else cases)
    base = RuleSwitches() if args.all_rules else packaged_switches()
    verify_fn = _verify_fn()
    outcomes, stats = audit(resolved, base, blind, verify_fn, per_rule=not args.figures_only)
    rules = sorted(stats.values(), key=lambda s: (-(s.decisive_true + s.decisive_false), s.rule))
    name = "+".join(s.value for s in splits)
    report = AuditReport(
        split=name, all_rules=args.all_rules, switches_off=sorted(r.value for r in base.off_rules),
        switches_to_unsupported=sorted(r.value for r in base.unsupported_rules),
        overall=group_metrics(outcomes), rules=rules, proposals=[] if args.figures_only else propose(stats, base),
    )
    if blind:  # aggregate counts only: the per-category confusion stays out too
        report.overall.confusion = {}
    suffix = ("-all-rules" if args.all_rules else "") + ("-figures" if args.figures_only else "")
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
