"""The rule audit: which fact-layer rule decided each flagged hard case, and what switching it off would change.

A flagged case (label not ``supported``) is decided by the rule of its worst claim
(``ClaimVerdict.rule``: a fact-layer check such as ``quantity.differs``, or the judge's own such as
``judge.below_threshold``). Per rule, :func:`audit` counts the flagged cases it decided on true and
on false claims, and its marginal effect, measured by verifying again with that rule alone switched
off (:func:`guard.facts.rules.switched`): ``harm``, true claims that are then no longer flagged, and
``gain``, false claims that are then no longer flagged. Only the deciding rule can change a case: a
switched-off rule's outcomes are dropped and the verdict keeps the most serious of the rest.

:func:`propose` applies the demotion criterion pre-registered before the val3 audit (session 8;
benchmarks/rule_audit.py and docs/DETECTION.md "Rule audit"):

1. A fact-layer rule is switched off (``disabled``) when ``harm >= gain`` and ``harm + gain >= 3``.
2. Rules with ``harm + gain < 3`` are too small to judge alone. Those that lean harmful
   (``harm >= 1`` and ``harm >= gain``) are pooled by family (the id's part before the dot); a pool
   with ``harm + gain >= 3`` in total has all its members switched off. (Pooled counts are the
   sum of the members' marginal effects, exact when no case is decided by two of them.)
3. A rule kept on that labels claims ``contradicted`` is read as ``unsupported``
   (``to_unsupported``) when, of the false claims it decides, at least 3 are expected
   ``unsupported`` and they outnumber those expected ``contradicted``: the rule finds real
   errors, but its binding of the value is a guess, so "contradicted" overstates it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable

from pydantic import BaseModel, Field

from guard.eval.hardcases import CaseOutcome, GroupMetrics, ResolvedCase, Truth, predicted_label, worst_claim
from guard.facts.rules import FactRule, RuleSwitches, switched
from guard.verifiers.types import SupportLabel, Verification

__all__ = ["AuditReport", "Proposal", "RuleStats", "audit", "merge_stats", "propose"]

MIN_EFFECTS = 3  # the criterion's least number of marginal effects (harm + gain)
EXAMPLES = 4  # case ids kept per rule and truth on open splits, to read the cases behind a count
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
    """What benchmarks/rule_audit.py writes (results/rule_audit-<split>.json)."""

    split: str
    switches: str  # which switches the audit ran under: every rule on, the packaged ones, or a file
    switches_off: list[str]
    switches_to_unsupported: list[str]
    overall: GroupMetrics
    rules: list[RuleStats]
    proposals: list[Proposal]
    # several splits audited together: each split's own counts (the rules above are their sums)
    by_split: dict[str, list[RuleStats]] = Field(default_factory=dict)
    # every case's outcome (open splits only): what a threshold sweep over the support scores reads
    outcomes: list[CaseOutcome] = Field(default_factory=list)


def _fact_rules(verification: Verification) -> list[FactRule]:
    """The fact-layer rules that decided a flagged claim of the case."""
    found = {v.rule for v in verification.claims if v.label is not SupportLabel.supported and v.rule in _FACT_RULES}
    return [FactRule(r) for r in sorted(found)]


VerifyCase = Callable[[ResolvedCase], Verification]


def audit(
    cases: Iterable[ResolvedCase], base: RuleSwitches, blind: bool, verify_fn: VerifyCase, per_rule: bool = True
) -> tuple[list[CaseOutcome], dict[str, RuleStats]]:
    """Every case verified under ``base``; per rule, its decisive counts and (``per_rule``) its marginal
    effect. ``blind``: keep no case id (a blind split's counts are aggregate only)."""
    stats: dict[str, RuleStats] = {}

    def of(rule: str) -> RuleStats:
        return stats.setdefault(rule, RuleStats(rule=rule, switchable=rule in _FACT_RULES))

    outcomes = []
    for rc in cases:
        with switched(base):
            verification = verify_fn(rc)
        outcome = CaseOutcome.of(rc.case, verification, 0.0)
        outcomes.append(outcome)
        if not outcome.predicted_false or not per_rule:
            continue
        worst = worst_claim(verification)
        s = of("case.no_claims" if worst is None else worst.rule or "unattributed")
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


# every count of RuleStats (its int fields), so that a count added there is summed too
_COUNTS = tuple(name for name, field in RuleStats.model_fields.items() if field.annotation is int)


def merge_stats(parts: Iterable[dict[str, RuleStats]]) -> dict[str, RuleStats]:
    """Per rule, the sum of its counts over several audits (one per split); examples up to EXAMPLES each."""
    merged: dict[str, RuleStats] = {}
    for part in parts:
        for rule, s in part.items():
            m = merged.setdefault(rule, RuleStats(rule=rule, switchable=s.switchable))
            for k in _COUNTS:
                setattr(m, k, getattr(m, k) + getattr(s, k))
            m.examples_true = (m.examples_true + s.examples_true)[:EXAMPLES]
            m.examples_false = (m.examples_false + s.examples_false)[:EXAMPLES]
    return merged


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


