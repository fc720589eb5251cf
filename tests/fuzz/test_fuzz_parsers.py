"""Standing fuzz tests (issue 13): the citation parser, the claim splitter and the policy loader
take any input and either answer within their contract or raise the guard's own error."""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from guard.errors import GuardError
from guard.policy import Policy, load_policy
from guard.verifiers.citation_markers import find_markers, removal_spans, strip_markers
from guard.verifiers.claims import extract_claims

# Text that hits the parsers' edges: markers, ranges, full-width brackets, line breaks, runs.
_PIECES = st.sampled_from(
    ["[1]", "[2-4]", "[1, 3]", "[passage 2]", "【5】", "[999]", "[0]", "[1–30]", "[", "]", " ", "\n", "\r\n",
     ".", "Paris is in France", "It opened in 1990", "Dr.", "U.S.", "))))))", "\u200b", "\x00", "é", "😀"]
)  # fmt: skip
TEXT = st.one_of(st.text(max_size=300), st.lists(_PIECES, max_size=40).map("".join))
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(text=TEXT)
def test_citation_markers_are_spans_of_the_text(text):
    markers = find_markers(text)
    previous = 0
    for marker in markers:
        assert previous <= marker.start < marker.end <= len(text)
        assert text[marker.start] in "[【" and text[marker.end - 1] in "]】"
        assert all(0 <= n <= 999 for n in marker.numbers)
        previous = marker.end
    spans = removal_spans(text, markers)
    assert all(0 <= s < e <= len(text) for s, e in spans)
    stripped = strip_markers(text)
    assert len(stripped) <= len(text)


@SLOW
@given(answer=TEXT)
def test_claims_are_ordered_spans_of_the_answer(answer):
    claims = extract_claims(answer)
    previous = 0
    for i, claim in enumerate(claims):
        assert claim.index == i
        assert previous <= claim.start < claim.end <= len(answer)
        assert any(ch.isalnum() for ch in claim.text)
        assert all(n >= 0 for n in claim.citations)
        previous = claim.end


_ACTIONS = st.sampled_from(["pass", "annotate", "strip", "regenerate", "refuse", "escalate", "bogus", 1, None])
_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 10), st.floats(allow_nan=True), st.text(max_size=20), _ACTIONS
)
_POLICY = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(st.text(max_size=10), st.integers()),
        "extends": st.sampled_from(["default", "medical", "legal", "nope", "../../etc/passwd"]),
        "verifiers": st.lists(st.sampled_from(["support", "citations", "types", "egc", "Bad", "support"])),
        "thresholds": st.dictionaries(
            st.sampled_from(["min_support", "min_faithfulness", "max_isolation", "unknown"]), _VALUES
        ),
        "actions": st.dictionaries(
            st.sampled_from(["verifier_error", "declined", "model_error", "unsupported_claim", "zzz"]), _ACTIONS
        ),
        "regenerate": st.dictionaries(st.sampled_from(["max_attempts", "on_exhausted"]), _VALUES),
        "refusal_text": _VALUES,
        "retrieval": st.dictionaries(st.sampled_from(["k", "gate_threshold", "mode"]), _VALUES),
    },
)


@FAST
@given(data=st.one_of(_POLICY, st.lists(st.integers()), st.text(max_size=50), st.none()))
def test_the_policy_loader_returns_a_policy_or_a_config_error(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("policy") / "fuzzed.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True) if not isinstance(data, str) else data)
    try:
        policy = load_policy(path)
    except GuardError:
        return
    assert isinstance(policy, Policy)


@FAST
@given(raw=st.binary(max_size=200))
def test_the_policy_loader_survives_arbitrary_bytes(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("policy") / "raw.yaml"
    path.write_bytes(raw)
    try:
        load_policy(path)
    except GuardError:
        pass
