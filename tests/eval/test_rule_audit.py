"""The rule audit's counting (decisive rule, marginal effect) and its pre-registered criterion."""

from __future__ import annotations

import pytest

from guard.eval.hardcases import BLIND_SPLITS, CaseSource, Category, HardCase, ResolvedCase, Split, Truth
from guard.eval.rule_audit import RuleStats, audit, merge_stats, propose
from guard.facts.rules import FactRule, RuleSwitches, SwitchedRule, active_switches
from guard.verifiers.types import Claim, ClaimVerdict, SupportLabel, Verification
from tests.scripts import load_script


def _case(i: int, truth: Truth, rules: str) -> ResolvedCase:
    """A case whose fake verdict is decided by ``rules`` (comma-separated, most serious first)."""
    expected = SupportLabel.supported if truth is Truth.true else SupportLabel.contradicted
    category = Category.correct_paraphrase if truth is Truth.true else Category.number_misbinding
    case = HardCase(
        id=f"c{i}", source=CaseSource.written, doc="d.md", passages=["p"], claim=rules or "none",
        truth=truth, expected=expected, category=category, split=Split.dev, why="test",
    )
    return ResolvedCase(case=case, question="", passages=["p"])


def _fake_verify(rc: ResolvedCase) -> Verification:
    """The claim is contradicted by the first of its rules not switched off, else supported."""
    off = active_switches().off_rules
    left = [FactRule(r) for r in rc.case.claim.split(",") if r and r != "none" and FactRule(r) not in off]
    claim = Claim(index=0, text=rc.case.claim, start=0, end=len(rc.case.claim))
    label = SupportLabel.contradicted if left else SupportLabel.supported
    verdict = ClaimVerdict(claim=claim, label=label, support=0.5, rule=left[0].value if left else None)
    return Verification(claims=[verdict])


def test_decisive_and_marginal_counts():
    cases = [
        _case(0, Truth.true, "quantity.differs"),  # harm: only this rule flags it
        _case(1, Truth.false, "quantity.differs"),  # gain
        _case(2, Truth.false, "quantity.differs,misbinding.row"),  # decided by it, but not marginal
        _case(3, Truth.true, ""),  # not flagged
    ]
    outcomes, stats = audit(cases, RuleSwitches(), blind=False, verify_fn=_fake_verify)
    s = stats["quantity.differs"]
    assert (s.decisive_true, s.decisive_false, s.harm, s.gain) == (1, 2, 1, 1)
    assert "misbinding.row" not in stats  # never the deciding rule
    assert s.examples_true == ["c0"]
    assert [o.predicted_false for o in outcomes] == [True, True, True, False]


def test_a_blind_audit_keeps_no_case_id():
    _, stats = audit([_case(0, Truth.true, "flip.modal")], RuleSwitches(), blind=True, verify_fn=_fake_verify)
    assert stats["flip.modal"].examples_true == [] and stats["flip.modal"].harm == 1


def _stats(rule: str, harm: int, gain: int, **kw) -> RuleStats:
    return RuleStats(rule=rule, switchable=True, harm=harm, gain=gain, **kw)


@pytest.mark.parametrize(
    ("harm", "gain", "off"),
    [(3, 3, True), (4, 1, True), (2, 3, False), (2, 0, False), (1, 1, False)],
)
def test_criterion_one(harm, gain, off):
    proposals = propose({"flip.modal": _stats("flip.modal", harm, gain)}, RuleSwitches())
    assert (("flip.modal", "disabled") in {(p.rule, p.action) for p in proposals}) is off


def test_small_rules_that_lean_harmful_are_pooled_by_family():
    stats = {
        "edits.name": _stats("edits.name", 1, 1),
        "edits.word": _stats("edits.word", 1, 0),
        "edits.modal": _stats("edits.modal", 0, 2),  # leans useful: not pooled
        "flip.modal": _stats("flip.modal", 1, 0),  # alone in its family's pool: too small
    }
    off = {p.rule for p in propose(stats, RuleSwitches()) if p.action == "disabled"}
    assert off == {"edits.name", "edits.word"}


def test_a_kept_rule_mostly_catching_unsupported_claims_is_softened():
    stats = {
        "quantity.moved": _stats("quantity.moved", 0, 5, decisive_false=6, labelled_contradicted=6,
                                 false_expected_unsupported=4, false_expected_contradicted=2),
        "name.not_found": _stats("name.not_found", 0, 5, decisive_false=6, labelled_contradicted=0,
                                 false_expected_unsupported=6),
    }
    proposals = propose(stats, RuleSwitches())
    assert [(p.rule, p.action) for p in proposals] == [("quantity.moved", "to_unsupported")]


def test_rules_already_off_are_not_proposed_again():
    base = RuleSwitches(disabled=[SwitchedRule(rule=FactRule.flip_modal, why="x")])
    assert propose({"flip.modal": _stats("flip.modal", 5, 0)}, base) == []


def test_audits_of_several_splits_sum_per_rule():
    """rule_audit.py --split open audits split by split; the summed counts are what the criterion reads."""
    dev = {"quantity.not_found": _stats("quantity.not_found", 1, 3, decisive_true=1, examples_true=["a"])}
    val6 = {
        "quantity.not_found": _stats("quantity.not_found", 2, 0, decisive_true=2, examples_true=["b", "c"]),
        "judge.below_threshold": RuleStats(rule="judge.below_threshold", switchable=False, decisive_true=1),
    }
    merged = merge_stats([dev, val6])
    q = merged["quantity.not_found"]
    assert (q.harm, q.gain, q.decisive_true, q.examples_true) == (3, 3, 3, ["a", "b", "c"])
    assert not merged["judge.below_threshold"].switchable and merged["judge.below_threshold"].decisive_true == 1
    assert dev["quantity.not_found"].harm == 1  # the parts are left as they were
    assert {p.rule for p in propose(merged, RuleSwitches())} == {"quantity.not_found"}  # 3 / 3: criterion 1


def _script():
    """benchmarks/rule_audit.py, loaded as a module (it is a script, not a package)."""
    return load_script("benchmarks/rule_audit.py", "rule_audit_script")


def test_the_script_audits_every_open_split_and_refuses_the_blind_ones():
    script = _script()
    chosen = script._splits("open")
    assert {"dev", "val", "val5", "val6", "val7", "val8", "val9", "val10"} <= {s.value for s in chosen}
    assert not {Split.test, Split.val3} & set(chosen) and not BLIND_SPLITS & set(chosen)
    assert [s.value for s in script._splits("val6,val10")] == ["val6", "val10"]
    for blind in ("val6h", "test", "val2"):
        with pytest.raises(SystemExit):
            script._splits(blind)
