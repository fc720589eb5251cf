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
    assert result.faithfulness == 0.0
    assert result.citation_recall is None  # the half-written metric was rolled back
    assert set(result.timings) >= {"claims", "always", "crash", "total"}
    assert result.completed == ["always"]


def test_crashing_signal_verifier_leaves_no_trace(plugins):
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
