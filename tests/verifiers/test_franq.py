"""FRANQ with a scripted scorer: token mapping, pass count, truncation, calibration, proxy, failures."""

from __future__ import annotations

import json
import re
import zlib

import numpy as np
import pytest

from guard.errors import ModelError, VerifierError
from guard.llm.types import TokenScores
from guard.verifiers import franq, registry
from guard.verifiers.citation_markers import find_markers, removal_spans
from guard.verifiers.franq import (
    FranqCalibration,
    FranqVerifier,
    IsotonicMap,
    claim_token_indices,
    is_proxy,
    load_calibration,
    measure,
)
from guard.verifiers.stage import Verifier, run_verification
from guard.verifiers.types import Claim, VerificationInput
from retrievers.types import Passage
from training.franq import dump_calibration, fit_calibration

_TOKEN = re.compile(r"\s*(?:\w+|[^\w\s])")


class ScriptedScorer:
    """Word/punctuation tokens that carry their leading spaces (as byte-level BPE does).

    Log-probs are a function of the token and of whether the prompt holds passages, so a
    test can recompute any mean on its own.
    """

    model = "local/smollm2-135m-instruct"

    def __init__(self, context_limit: int = 8192):
        self.context_limit = context_limit
        self.calls: list[str] = []

    def render(self, messages) -> str:
        return "".join(f"<{m['role']}> {m['content']}\n" for m in messages) + "<assistant>"

    def token_offsets(self, text: str) -> list[tuple[int, int]]:
        return [(m.start(), m.end()) for m in _TOKEN.finditer(text)]

    def score(self, messages, continuation: str) -> TokenScores:
        prompt = self.render(messages)
        self.calls.append(prompt)
        offsets = self.token_offsets(continuation)
        assert len(self.token_offsets(prompt)) + len(offsets) <= self.context_limit, "prompt not cut to fit"
        retrieval = "<passage" in prompt
        return TokenScores(
            model=self.model,
            continuation=continuation,
            token_ids=[zlib.crc32(continuation[s:e].encode()) for s, e in offsets],
            logprobs=[token_logprob(continuation[s:e], retrieval) for s, e in offsets],
            offsets=offsets,
        )


def token_logprob(token: str, retrieval: bool) -> float:
    return -(len(token.strip()) / (4.0 if retrieval else 2.0)) - 0.1


ANSWER = "Paris is the capital of France [1]. It has 2.1 million people [2, 3].\nThe Seine runs through it."
PASSAGES = [
    Passage(id="1", text="Paris is the capital and largest city of France."),
    Passage(id="2", text="About 2.1 million people live in Paris proper."),
    Passage(id="3", text="The Seine flows through the centre of Paris."),
]


def claims_of(answer: str) -> list[Claim]:
    """The claims as the claims step writes them: spans include markers, text does not."""
    spans = [
        (0, answer.index("].") + 2),
        (answer.index("It"), answer.index("].\n") + 2),
        (answer.index("The"), len(answer)),
    ]
    markers = removal_spans(answer, find_markers(answer))
    claims = []
    for i, (start, end) in enumerate(spans):
        text = "".join(
            ch for k, ch in enumerate(answer[start:end], start) if not any(a <= k < b for a, b in markers)
        )
        claims.append(Claim(index=i, text=text, start=start, end=end))
    return claims


def test_claim_tokens_are_exactly_the_claim_without_its_markers():
    scorer = ScriptedScorer()
    offsets = scorer.token_offsets(ANSWER)
    markers = removal_spans(ANSWER, find_markers(ANSWER))
    seen = []
    for claim in claims_of(ANSWER):
        indices = claim_token_indices(offsets, claim, markers)
        assert "".join(ANSWER[s:e] for s, e in (offsets[i] for i in indices)).strip() == claim.text
        seen.extend(indices)
    assert len(seen) == len(set(seen)), "a token was given to two claims"
    marker_tokens = {i for i, (s, e) in enumerate(offsets) if any(a <= s and e <= b for a, b in markers)}
    assert marker_tokens and marker_tokens.isdisjoint(seen)


def test_means_are_over_the_claim_tokens_of_each_pass():
    scorer = ScriptedScorer()
    claims = claims_of(ANSWER)
    measured = measure(scorer, "Tell me about Paris.", PASSAGES, ANSWER, claims)
    for claim, got in zip(claims, measured.claims):
        tokens = _TOKEN.findall(claim.text)
        assert got.n_tokens == len(tokens)
        assert got.claim_prob == pytest.approx(np.mean([token_logprob(t, True) for t in tokens]))
        assert got.param_knowledge == pytest.approx(np.mean([token_logprob(t, False) for t in tokens]))
        assert got.contrast == pytest.approx(got.claim_prob - got.param_knowledge)


def test_one_forward_pass_per_condition_whatever_the_number_of_claims():
    scorer = ScriptedScorer()
    answer = " ".join(f"Claim number {i} holds [1]." for i in range(8))
    starts = [m.start() for m in re.finditer("Claim", answer)]
    claims = [
        Claim(index=i, text=f"Claim number {i} holds.", start=s, end=answer.index("].", s) + 2)
        for i, s in enumerate(starts)
    ]
    measured = measure(scorer, "What holds?", PASSAGES, answer, claims)
    assert len(measured.claims) == 8
    assert len(scorer.calls) == 2
    with_r, without_r = scorer.calls
    assert all(p.text in with_r for p in PASSAGES) and "What holds?" in with_r
    assert "<passage" not in without_r and "What holds?" in without_r
    assert not measured.passages_truncated


def test_long_passages_are_cut_and_the_answer_is_kept_whole():
    long_passages = [
        Passage(id=str(i), text=" ".join(f"word{i}x{k}" for k in range(400))) for i in range(1, 4)
    ]
    short = Passage(id="4", text="Paris is in France.")
    scorer = ScriptedScorer(context_limit=300)
    measured = measure(scorer, "Tell me about Paris.", [*long_passages, short], ANSWER, claims_of(ANSWER))
    assert measured.passages_truncated
    with_r = scorer.calls[0]
    assert short.text in with_r, "a short passage keeps its whole text"
    assert "word1x0 word1x1" in with_r and "word1x399" not in with_r, "a long passage keeps its head"
    assert measured.prompt_tokens + len(scorer.token_offsets(ANSWER)) <= 300
    assert len(measured.claims) == 3


def test_an_answer_too_long_for_the_scorer_is_a_verifier_error():
    scorer = ScriptedScorer(context_limit=20)
    with pytest.raises(VerifierError, match="reads at most 20"):
        measure(scorer, "Tell me about Paris.", PASSAGES, ANSWER, claims_of(ANSWER))
    assert scorer.calls == []


@pytest.mark.parametrize(
    ("generator", "proxy"),
    [
        ("local/smollm2-135m-instruct", False),
        ("smollm2-135m-instruct", False),
        ("LOCAL/SmolLM2-135M-Instruct", False),
        ("gpt-4o-mini", True),
        ("openai/local/smollm2-135m-instruct", True),
        (None, True),
        ("", True),
    ],
)
def test_proxy_unless_the_scorer_wrote_the_answer(generator, proxy):
    assert is_proxy(generator, "local/smollm2-135m-instruct") is proxy


def synthetic_claims(n: int = 400, seed: int = 0):
    rng = np.random.default_rng(seed)
    cp, pk, pf = rng.normal(-1.5, 0.6, n), rng.normal(-2.5, 0.8, n), rng.uniform(0, 1, n)
    logit = np.where(pf >= 0.5, 3 * (cp + 1.5), 2 * (pk + 2.5)) + 1.0
    factual = rng.uniform(0, 1, n) < 1 / (1 + np.exp(-logit))
    return cp, pk, pf, factual


def test_fitted_maps_round_trip_and_match_sklearn(tmp_path):
    from sklearn.isotonic import IsotonicRegression

    cp, pk, pf, factual = synthetic_claims()
    calibration = fit_calibration(cp, pk, pf, factual, p_faith_source="support")
    path = tmp_path / "cal.json"
    dump_calibration(calibration, path)
    loaded = load_calibration(path)
    faithful = pf >= 0.5
    probe = np.linspace(-5, 1, 50)
    for fmap, x, mask in ((loaded.f1_claim_prob, cp, faithful), (loaded.f2_param_knowledge, pk, ~faithful)):
        reference = IsotonicRegression(out_of_bounds="clip", increasing="auto").fit(x[mask], factual[mask])
        assert [fmap(v) for v in probe] == pytest.approx(reference.predict(probe).tolist())
    assert loaded.n_faithful == int(faithful.sum()) and loaded.n_unfaithful == int((~faithful).sum())
    # The synthetic truth rises with ClaimProb for faithful claims: so must the map.
    assert loaded.f1_claim_prob.increasing and loaded.f1_claim_prob(-0.5) > loaded.f1_claim_prob(-2.5)


def test_a_map_takes_the_direction_of_its_data_unless_forced():
    cp, pk, pf, factual = synthetic_claims()
    unfaithful = pf < 0.5
    flipped = np.where(unfaithful, -5.0 - pk, pk)  # factual now falls as ParamKnowledge rises
    auto = fit_calibration(cp, flipped, pf, factual, p_faith_source="support")
    assert not auto.f2_param_knowledge.increasing
    assert auto.f2_param_knowledge(-4.0) > auto.f2_param_knowledge(-1.0)
    forced = fit_calibration(cp, flipped, pf, factual, p_faith_source="support", increasing=True)
    assert forced.f2_param_knowledge.increasing
    assert forced.f2_param_knowledge(-4.0) <= forced.f2_param_knowledge(-1.0)


def test_committed_calibration_loads_with_monotone_maps():
    calibration = load_calibration()
    for fmap in (calibration.f1_claim_prob, calibration.f2_param_knowledge):
        assert fmap.x == sorted(fmap.x)
        assert fmap.y == sorted(fmap.y, reverse=not fmap.increasing)
        assert all(0.0 <= y <= 1.0 for y in fmap.y)
        values = [fmap(x) for x in np.linspace(-12, 1, 200)]
        assert values == sorted(values, reverse=not fmap.increasing)
    assert calibration.n_faithful > 100 and calibration.n_unfaithful > 100
    assert "command" in calibration.provenance


def test_a_broken_calibration_is_a_model_error(tmp_path):
    good = fit_calibration(*synthetic_claims(), p_faith_source="support").model_dump(mode="json")
    good["f2_param_knowledge"]["y"] = list(reversed(good["f2_param_knowledge"]["y"]))
    path = tmp_path / "cal.json"
    path.write_text(json.dumps(good))
    with pytest.raises(ModelError, match="invalid"):
        load_calibration(path)
    with pytest.raises(ModelError, match="missing"):
        load_calibration(tmp_path / "absent.json")


def test_franq_is_a_registered_verifier_that_does_not_judge_support():
    verifier = registry.build_verifier("franq")
    assert isinstance(verifier, Verifier)
    assert verifier.name == "franq" and verifier.judges_support is False


# --- through the stage (claims need spaCy, support the embedder) ---------------------------

STEP = IsotonicMap(x=[-3.0, -1.0], y=[0.2, 0.9])
CALIBRATION = FranqCalibration(
    f1_claim_prob=STEP, f2_param_knowledge=STEP, p_faith_source="support", n_faithful=1, n_unfaithful=1
)


@pytest.fixture
def scripted(monkeypatch):
    scorer = ScriptedScorer()
    monkeypatch.setitem(registry._registered, "franq", lambda: FranqVerifier(scorer, CALIBRATION))
    monkeypatch.setattr(franq, "grounding_model", lambda: None)
    return scorer


def run(answer=ANSWER, generator=None, verifiers=("support", "franq")):
    inp = VerificationInput(
        question="Tell me about Paris.", passages=PASSAGES, answer=answer, generator=generator
    )
    return run_verification(inp, list(verifiers))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("generator", "proxy"), [(None, True), ("gpt-4o", True), ("local/smollm2-135m-instruct", False)]
)
def test_scores_per_claim_and_per_response(scripted, generator, proxy):
    report = run(generator=generator)
    assert report.failures == []
    assert report.scores.franq_proxy is proxy
    assert len(scripted.calls) == 2
    for verdict in report.claims:
        s = verdict.scores.model_dump()
        assert s["franq_p_faith"] == verdict.support  # the support verifier's score, until grounding exists
        assert s["franq_contrast"] == pytest.approx(s["franq_claim_prob"] - s["franq_param_knowledge"])
        p = s["franq_p_faith"]
        assert s["franq_uncalibrated"] == pytest.approx(
            p * np.exp(s["franq_claim_prob"]) + (1 - p) * np.exp(s["franq_param_knowledge"])
        )
        assert s["franq_calibrated"] == pytest.approx(
            p * STEP(s["franq_claim_prob"]) + (1 - p) * STEP(s["franq_param_knowledge"])
        )
    assert report.scores.franq_calibrated_min == min(v.scores.franq_calibrated for v in report.claims)
    assert report.scores.franq_faith_grounding is False


@pytest.mark.slow
def test_without_the_support_verifier_p_faith_comes_from_the_same_judge(scripted):
    alone = run(verifiers=("franq",))
    with_support = run()
    assert [v.scores.franq_p_faith for v in alone.claims] == pytest.approx(
        [v.support for v in with_support.claims]
    )


class Grounding:
    def score_claims(self, claims, passages):
        from guard.grounding.model import GroundingScore

        return [GroundingScore(supported=0.25, unsupported=0.5, contradicted=0.25) for _ in claims]


@pytest.mark.slow
def test_a_calibration_fitted_on_grounding_reads_p_faith_from_the_grounding_model(monkeypatch):
    on_grounding = CALIBRATION.model_copy(update={"p_faith_source": "grounding"})
    monkeypatch.setitem(registry._registered, "franq", lambda: FranqVerifier(ScriptedScorer(), on_grounding))
    monkeypatch.setattr(franq, "grounding_model", lambda: Grounding())
    report = run()
    assert {v.scores.franq_p_faith for v in report.claims} == {0.25}
    assert report.scores.franq_faith_grounding is True


@pytest.mark.slow
def test_grounding_weights_missing_under_a_grounding_calibration_is_recorded(monkeypatch):
    on_grounding = CALIBRATION.model_copy(update={"p_faith_source": "grounding"})
    monkeypatch.setitem(registry._registered, "franq", lambda: FranqVerifier(ScriptedScorer(), on_grounding))
    monkeypatch.setattr(franq, "grounding_model", lambda: None)
    report = run()
    assert [f.verifier for f in report.failures] == ["franq"]
    assert "holds no grounding.json" in report.failures[0].message


@pytest.mark.slow
def test_a_support_calibration_ignores_grounding_weights(scripted, monkeypatch):
    monkeypatch.setattr(franq, "grounding_model", lambda: Grounding())
    report = run()
    assert [v.scores.franq_p_faith for v in report.claims] == [v.support for v in report.claims]
    assert report.scores.franq_faith_grounding is False


@pytest.mark.slow
def test_a_failing_franq_is_recorded_and_leaves_support_alone(monkeypatch):
    monkeypatch.setitem(
        registry._registered, "franq", lambda: FranqVerifier(ScriptedScorer(context_limit=20), CALIBRATION)
    )
    report = run()
    assert [f.verifier for f in report.failures] == ["franq"]
    assert "reads at most 20" in report.failures[0].message
    franq_scores = [v for c in report.claims for k, v in c.scores.model_dump().items() if k.startswith("franq_")]
    assert all(v is None for v in franq_scores)
    assert report.scores.franq_calibrated_min is None
    reference = run(verifiers=("support",))
    assert [v.support for v in report.claims] == [v.support for v in reference.claims]
