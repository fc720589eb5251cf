"""The stage: registry, order, fail-closed handling of a verifier that crashes."""

from __future__ import annotations

import pytest

from guard.errors import ConfigError, VerifierError
from guard.verifiers import registry
from guard.verifiers.stage import Verifier, run_verification
from guard.verifiers.types import SupportLabel, VerificationInput
from retrievers.types import Passage

pytestmark = pytest.mark.slow  # claims need the spaCy pipeline

PASSAGES = [Passage(id="a", text="The sky is blue."), Passage(id="b", text="Grass is green.")]


def make_input(answer: str) -> VerificationInput:
    return VerificationInput(question="colours?", passages=PASSAGES, answer=answer)


class AlwaysSupported:
    name = "always"
    judges_support = True
    requires = ()

    def run(self, inp, state):
        for verdict in state.report.claims:
            verdict.label, verdict.support = SupportLabel.supported, 1.0


class CrashesHalfway:
    """Writes a verdict, then crashes: none of it may survive."""

    name = "crash"
    requires = ()

    def __init__(self, judges_support: bool):
        self.judges_support = judges_support

    def run(self, inp, state):
        state.report.claims[0].label = SupportLabel.supported
        state.report.claims[0].support = 0.99
        state.report.citation_recall = 1.0
        state.judge = lambda claim, evidence: 1.0
        raise VerifierError("judge model out of memory")


@pytest.fixture
def plugins(monkeypatch):
    monkeypatch.setitem(registry._registered, "always", AlwaysSupported)
    monkeypatch.setitem(registry._registered, "crash", lambda: CrashesHalfway(judges_support=True))
    monkeypatch.setitem(registry._registered, "crash_signal", lambda: CrashesHalfway(judges_support=False))


def test_plugins_follow_the_protocol():
    assert isinstance(AlwaysSupported(), Verifier)
    for name in registry.DEFAULT_VERIFIERS:
        assert isinstance(registry.build_verifier(name), Verifier)


def test_unknown_verifier_is_a_config_error():
    with pytest.raises(ConfigError, match="Unknown verifier 'nope'.*support"):
        run_verification(make_input("The sky is blue."), ["nope"])


def test_unjudged_claims_are_not_supported():
    result = run_verification(make_input("The sky is blue [1]. Grass is green [2]."), [])
    assert [v.label for v in result.claims] == [SupportLabel.unsupported] * 2
    assert result.faithfulness == 0.0
    assert [v.cited_passage_ids for v in result.claims] == [["a"], ["b"]]  # resolved without any verifier


def test_crashing_support_verifier_fails_closed(plugins):
    result = run_verification(make_input("The sky is blue [1]. Grass is green [2]."), ["always", "crash"])
    assert [(f.verifier, f.message) for f in result.failures] == [
        ("crash", "VerifierError: judge model out of memory")
    ]
    for verdict in result.claims:  # "always" said supported, but the later judge could not confirm
        assert verdict.label is SupportLabel.unsupported
        assert verdict.support == 0.0
        assert verdict.judged is False
        assert "crash" in verdict.note
        assert verdict.rule == "verifier.failed"
    assert result.faithfulness == 0.0
    assert result.citation_recall is None  # the half-written metric was rolled back
    assert set(result.timings) >= {"claims", "always", "crash", "total"}
    assert result.completed == ["always"]


def test_crashing_signal_verifier_leaves_no_trace(plugins):
    result = run_verification(make_input("The sky is blue [1]."), ["always", "crash_signal"])
    assert result.failures[0].verifier == "crash"
    assert result.claims[0].label is SupportLabel.supported and result.claims[0].support == 1.0
    assert result.citation_recall is None


def test_rollback_without_pickle(plugins, monkeypatch):
    """A report that will not pickle (a third-party value) is snapshotted by a deep copy instead."""
    import guard.verifiers.stage as stage

    def refuse(*args, **kwargs):
        raise TypeError("cannot pickle this value")

    monkeypatch.setattr(stage.pickle, "dumps", refuse)
    result = run_verification(make_input("The sky is blue [1]."), ["always", "crash_signal"])
    assert result.failures[0].verifier == "crash"
    assert result.claims[0].label is SupportLabel.supported and result.claims[0].support == 1.0
    assert result.citation_recall is None


def test_crash_rolls_back_a_swapped_judge(plugins):
    result = run_verification(make_input("Water is wet [1]."), ["crash_signal", "citations"])
    assert result.citation_recall == 0.0  # the real judge, not the crashed verifier's "always 1.0"


def test_zero_claims():
    result = run_verification(make_input(""), None)
    assert result.claims == [] and result.failures == []
    assert result.faithfulness == 1.0
    assert result.citation_recall is None and result.citation_precision is None


def test_invalid_citations_reported():
    result = run_verification(make_input("The sky is blue [1][5]. Grass is green [0, 2]."), None)
    assert [v.invalid_citations for v in result.claims] == [[5], [0]]
    assert result.invalid_citations == [0, 5]
    assert [v.cited_passage_ids for v in result.claims] == [["a"], ["b"]]


def test_refusal_flag():
    refusal = "I cannot answer from the given sources."
    inp = make_input("Sorry, I cannot answer from the given sources.").model_copy(
        update={"refusal_text": refusal}
    )
    result = run_verification(inp, [])
    assert result.is_refusal and len(result.claims) == 1
    assert not run_verification(make_input("The sky is blue."), []).is_refusal


# --- the deadline --------------------------------------------------------------------------------


class SlowThirdParty:
    """A third-party verifier that takes its time and never looks at the deadline."""

    name = "slow"
    judges_support = False
    requires = ()

    def __init__(self, seconds: float = 1.5):
        self.seconds = seconds

    def run(self, inp, state):
        import time

        time.sleep(self.seconds)


class CarefulJudge:
    """A support judge that checks the deadline between claims, as the built-in loops do."""

    name = "careful"
    judges_support = True
    requires = ()

    def run(self, inp, state):
        import time

        for verdict in state.report.claims:
            state.check_deadline()
            time.sleep(0.8)
            verdict.label, verdict.support = SupportLabel.supported, 1.0


@pytest.fixture
def slow_plugins(monkeypatch):
    monkeypatch.setitem(registry._registered, "always", AlwaysSupported)
    monkeypatch.setitem(registry._registered, "slow", SlowThirdParty)
    monkeypatch.setitem(registry._registered, "careful", CarefulJudge)
    run_verification(make_input("Warm up the sentence splitter."), [])  # its load is not the test


def test_past_the_deadline_the_remaining_verifiers_fail_closed(slow_plugins):
    from guard.decide import decide
    from guard.policy import Action, Condition, load_policy
    from guard.verifiers.stage import build_settings

    settings = build_settings(["always", "slow", "citations", "types"], deadline_s=1.0)
    result = run_verification(make_input("The sky is blue [1]. Grass is green [2]."), settings)
    assert result.completed == ["always", "slow"]  # slow finished, but past the deadline
    assert [f.verifier for f in result.failures] == ["citations", "types"]
    for failure in result.failures:
        assert failure.message.startswith("deadline exceeded after ")
        assert "the limit is 1 s" in failure.message
    assert result.citation_recall is None
    decision = decide(result, None, load_policy("medical"))
    assert Condition.verifier_error in decision.conditions
    assert decision.action is Action.refuse  # medical's verifier_error action: fail closed


def test_a_judge_that_runs_out_of_time_leaves_every_claim_unjudged(slow_plugins):
    from guard.verifiers.stage import build_settings

    settings = build_settings(["careful", "types"], deadline_s=0.5)
    result = run_verification(make_input("The sky is blue [1]. Grass is green [2]. Snow is white."), settings)
    assert [f.verifier for f in result.failures] == ["careful", "types"]
    assert "deadline exceeded" in result.failures[0].message
    assert result.completed == []
    for verdict in result.claims:  # the first claim's "supported" was rolled back
        assert verdict.label is SupportLabel.unsupported and verdict.support == 0.0
        assert verdict.judged is False and "careful" in verdict.note
    assert {s.reason for s in result.unsupported_spans} == {"not judged"}


def test_within_the_deadline_nothing_fails(slow_plugins):
    from guard.verifiers.stage import build_settings

    settings = build_settings(["always", "slow", "types"], deadline_s=30.0)
    result = run_verification(make_input("The sky is blue [1]."), settings)
    assert result.failures == [] and result.completed == ["always", "slow", "types"]
    assert all(v.judged for v in result.claims)


@pytest.mark.real_deadline
def test_the_deadline_comes_from_the_policy_yaml(slow_plugins, tmp_path):
    from guard.policy import load_policy

    path = tmp_path / "hurried.yaml"
    path.write_text(
        "extends: default\nverifiers: [always, slow, citations, types]\nverification_deadline_s: 1\n"
    )
    settings = load_policy(path).verification_settings()
    assert settings.deadline_s == 1.0
    result = run_verification(make_input("The sky is blue [1]."), settings)
    assert [f.verifier for f in result.failures] == ["citations", "types"]


class BeginsFirst(AlwaysSupported):
    """Records that ``begin`` ran before any verifier's ``run``; its begin may crash."""

    name = "begins"
    seen: list[str] = []

    def __init__(self, crash: bool = False):
        self.crash = crash

    def begin(self, inp):
        BeginsFirst.seen.append(f"begin:{inp.question}")
        if self.crash:
            raise RuntimeError("background work could not start")

    def run(self, inp, state):
        BeginsFirst.seen.append("run")
        super().run(inp, state)


def test_begin_runs_before_the_verifiers_and_its_failure_fails_nothing(monkeypatch):
    for crash in (False, True):
        monkeypatch.setitem(registry._registered, "begins", lambda crash=crash: BeginsFirst(crash))
        BeginsFirst.seen = []
        result = run_verification(make_input("The sky is blue [1]."), ["begins"])
        assert BeginsFirst.seen == ["begin:colours?", "run"]
        assert not result.failures and result.claims[0].label is SupportLabel.supported
