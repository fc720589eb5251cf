"""Rule attribution and the rule switches: which check decided, and turning a check off or softening it."""

from __future__ import annotations

import pytest

from guard.errors import ConfigError
from guard.facts import FactLabel, evidence_units, judge_facts
from guard.facts.rules import (
    RULE_DESCRIPTIONS,
    FactRule,
    RuleSwitches,
    SwitchedRule,
    active_switches,
    load_switches,
    packaged_switches,
    switched,
)
from guard.verifiers.verdict import JUDGE_RULE_DESCRIPTIONS, JudgeRule, combine, describe_rule

BRIDGE = (
    "The Northbrook bridge opened to traffic on 12 March 2004 after four years of construction. "
    "It cost £12 million. Tolls may be charged at weekends."
)


@pytest.fixture(scope="module")
def units(febrilon_text):
    return evidence_units("feb", febrilon_text).units + evidence_units("bridge", BRIDGE).units


def test_wrong_row_dose_names_its_rule(units):
    verdict = judge_facts("The dose should be 2.5 ml for 3-year-old.", units)
    assert verdict.label is FactLabel.contradicted
    assert verdict.rule is not None
    assert FactRule(verdict.rule).family in ("quantity", "misbinding")


@pytest.mark.parametrize(
    ("claim", "label", "family"),
    [
        ("It opened to traffic after six years of construction.", FactLabel.contradicted, None),
        ("The Northbrook bridge opened to traffic on 12 March 2006.", FactLabel.contradicted, "date"),
        ("The bridge cost £31 million.", None, None),
    ],
)
def test_failing_verdicts_carry_a_known_rule(claim, label, family, units):
    verdict = judge_facts(claim, units)
    assert verdict.label in (FactLabel.contradicted, FactLabel.unsupported)
    if label is not None:
        assert verdict.label is label
    rule = FactRule(verdict.rule)  # a known id, not free text
    if family is not None:
        assert rule.family == family


def test_supported_verdicts_name_no_rule(units):
    verdict = judge_facts("The dose for a 3-year-old is 7.5 ml.", units)
    assert verdict.label is FactLabel.supported
    assert verdict.rule is None


def test_a_disabled_rule_no_longer_decides(units):
    claim = "The dose should be 2.5 ml for 3-year-old."
    decided = judge_facts(claim, units)
    rule = FactRule(decided.rule)
    switches = RuleSwitches(disabled=[SwitchedRule(rule=rule, why="test")])
    again = judge_facts(claim, units, switches=switches)
    assert again.rule != rule.value
    with switched(switches):  # the override reaches judge_facts without an argument
        assert judge_facts(claim, units).rule != rule.value
    assert judge_facts(claim, units).rule == rule.value  # and ends with the block


def test_every_deciding_rule_switched_off_leaves_no_contradiction(units):
    claim = "The dose should be 2.5 ml for 3-year-old."
    switches = RuleSwitches()
    for _ in range(len(FactRule)):
        verdict = judge_facts(claim, units, switches=switches)
        if verdict.rule is None:
            break
        switches = switches.with_off([FactRule(verdict.rule)])
    assert verdict.label not in (FactLabel.contradicted, FactLabel.unsupported)


def test_a_softened_rule_reads_unsupported(units):
    claim = "The dose should be 2.5 ml for 3-year-old."
    rule = FactRule(judge_facts(claim, units).rule)
    soft = RuleSwitches(to_unsupported=[SwitchedRule(rule=rule, why="test")])
    verdict = judge_facts(claim, units, switches=soft)
    assert verdict.label is FactLabel.unsupported
    assert verdict.mismatch is not None  # the evidence stays for the reader


def test_judge_rules_name_labels_the_fact_layer_did_not_decide(units):
    abstain = judge_facts("Febrilon is loved by children everywhere.", units)
    assert combine(abstain, 0.2, 0.5).rule == JudgeRule.below_threshold.value
    failed = judge_facts("The dose should be 2.5 ml for 3-year-old.", units)
    assert combine(failed, 0.9, 0.5).rule == failed.rule


def test_packaged_switches_load_and_name_known_rules():
    switches = packaged_switches()
    assert switches.off_rules.isdisjoint(switches.unsupported_rules)
    assert active_switches() is switches


def test_a_bad_rule_id_names_the_file_key_and_the_known_rules(tmp_path):
    path = tmp_path / "switches.yaml"
    path.write_text("disabled:\n  - rule: quantity.nonsense\n    why: x\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_switches(path)
    text = str(err.value)
    assert str(path) in text and "disabled[0].rule" in text and "quantity.differs" in text


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("off: []\n", "disabled or to_unsupported"),  # YAML reads an unquoted off as false: a key we refuse, not a silent no-op
        ("disabled:\n  - rule: flip.modal\n", "why"),
        ("disabled:\n  - {rule: flip.modal, why: a}\nto_unsupported:\n  - {rule: flip.modal, why: b}\n", "both"),
        ("- flip.modal\n", "mapping"),
    ],
)
def test_bad_switch_files_are_config_errors(tmp_path, body, needle):
    path = tmp_path / "switches.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_switches(path)
    assert needle in str(err.value) and str(path) in str(err.value)


def test_every_rule_has_a_plain_words_description():
    # the review page shows these beside a flagged claim; a new rule without one would show its bare id
    assert set(RULE_DESCRIPTIONS) == set(FactRule) and set(JUDGE_RULE_DESCRIPTIONS) == set(JudgeRule)
    texts = [*RULE_DESCRIPTIONS.values(), *JUDGE_RULE_DESCRIPTIONS.values()]
    assert all(t and t[0].isupper() and t.endswith(".") for t in texts)
    assert describe_rule("quantity.differs") == RULE_DESCRIPTIONS[FactRule.quantity_differs]
    assert describe_rule("judge.below_threshold") == JUDGE_RULE_DESCRIPTIONS[JudgeRule.below_threshold]
    assert describe_rule("no.such_rule") is None and describe_rule(None) is None
