"""FRANQ with the real SmolLM2: token mapping on its tokenizer, and the context signal itself."""

from __future__ import annotations

import pytest

from guard.verifiers import franq
from guard.verifiers.citation_markers import find_markers, removal_spans
from guard.verifiers.claims import extract_claims
from guard.verifiers.franq import FranqVerifier, LocalScorer, claim_token_indices, measure
from guard.verifiers.stage import run_verification
from guard.verifiers.types import VerificationInput
from retrievers.types import Passage

pytestmark = pytest.mark.slow

QUESTION = "When was the Eiffel Tower completed?"
PASSAGES = [
    Passage(id="1", text="The Eiffel Tower, built for the World's Fair in Paris, was completed in 1889."),
    Passage(id="2", text="Gustave Eiffel's company designed and built the tower."),
]


@pytest.fixture(scope="module")
def scorer():
    return LocalScorer()


def test_each_claim_gets_the_real_tokens_of_its_span_and_no_marker_token(scorer):
    answer = "The tower was completed in 1889 [1]. Eiffel's company built it [2].\nIt stands in Paris."
    claims = extract_claims(answer)
    offsets = scorer.token_offsets(answer)
    markers = removal_spans(answer, find_markers(answer))
    marker_only = {i for i, (s, e) in enumerate(offsets) if any(a <= s and e <= b for a, b in markers)}
    owned: dict[int, int] = {}
    for claim in claims:
        indices = claim_token_indices(offsets, claim, markers)
        # A run of tokens, with holes only where a marker's own tokens were left out.
        assert indices == sorted(indices)
        assert set(range(indices[0], indices[-1] + 1)) - set(indices) <= marker_only
        for i in indices:
            assert i not in owned, f"token {i} belongs to claims {owned[i]} and {claim.index}"
            owned[i] = claim.index
        covered = "".join(answer[offsets[i][0] : offsets[i][1]] for i in indices)
        # Every word of the claim is in its tokens; marker digits are not.
        assert all(word in covered for word in claim.text.rstrip(".").split())
        assert f"[{claim.citations[0]}" not in covered if claim.citations else True
    assert marker_only and not marker_only & set(owned)
    words = [t for t in (answer[s:e].strip() for s, e in offsets) if t.isalpha()]
    assert all(any(w in answer[offsets[i][0] : offsets[i][1]] for i in owned) for w in words)


def test_the_context_lifts_a_supported_claim_more_than_a_fabricated_one(scorer):
    supported, fabricated = (
        "The Eiffel Tower was completed in 1889.",
        "The Eiffel Tower was completed in 1925.",
    )
    results = {}
    for answer in (supported, fabricated):
        measured = measure(scorer, QUESTION, PASSAGES, answer, extract_claims(answer))
        results[answer] = measured.claims[0]
    assert results[supported].claim_prob > results[fabricated].claim_prob
    # The passage makes the supported claim likelier than the question alone does.
    assert results[supported].claim_prob > results[supported].param_knowledge


def test_verify_with_franq_end_to_end(scorer, monkeypatch):
    monkeypatch.setattr(franq, "grounding_model", lambda: None)
    from guard.verifiers import registry

    monkeypatch.setitem(registry._registered, "franq", lambda: FranqVerifier(scorer))
    answer = "The Eiffel Tower was completed in 1889 [1]. It was designed by Leonardo da Vinci [2]."
    inp = VerificationInput(
        question=QUESTION, passages=PASSAGES, answer=answer, generator="local/smollm2-135m-instruct"
    )
    report = run_verification(inp, ["support", "franq"])
    assert report.failures == []
    assert report.scores.franq_proxy is False
    first, second = (v.scores.model_dump() for v in report.claims)
    assert 0.0 <= first["franq_calibrated"] <= 1.0 and 0.0 <= second["franq_calibrated"] <= 1.0
    assert first["franq_claim_prob"] > second["franq_claim_prob"]
    assert report.scores.franq_calibrated_min == min(
        first["franq_calibrated"], second["franq_calibrated"]
    )


# --- bfloat16 scoring (issue 15: FRANQ within its latency budget) -----------------------------------

PARIS = [
    "Paris is the capital and most populous city of France, with an estimated population of 2,102,650.",
    "The Eiffel Tower was built by Gustave Eiffel's company and completed in 1889 for the World's Fair.",
    "The Seine flows through the centre of Paris before it reaches the English Channel at Le Havre.",
    "The Louvre, the world's most visited museum, holds the Mona Lisa and the Venus de Milo.",
    "Paris hosted the Summer Olympics in 1900, 1924 and 2024.",
]
PARIS_ANSWER = (
    "Paris is the capital of France [1]. The Eiffel Tower was completed in 1889 [2]. "
    "The Seine flows through Paris [3]. The Louvre holds the Mona Lisa [4]. "
    "Paris hosted the Olympics in 1936 [5]."
)


def test_bfloat16_scores_match_float32_within_a_small_tolerance(scorer):
    exact = LocalScorer(precision="float32")
    half = LocalScorer(precision="bfloat16")
    passages = [Passage(id=str(i), text=t) for i, t in enumerate(PARIS, start=1)]
    calibration = franq.load_calibration()
    for question, ctx, answer in [
        ("Tell me about Paris.", passages, PARIS_ANSWER),
        (QUESTION, PASSAGES, "The Eiffel Tower was completed in 1889 [1]. It was designed by Leonardo da Vinci [2]."),
    ]:
        claims = extract_claims(answer)
        a = measure(exact, question, ctx, answer, claims)
        b = measure(half, question, ctx, answer, claims)
        assert len(a.claims) == len(b.claims) == len(claims) and a.prompt_tokens == b.prompt_tokens
        for x, y in zip(a.claims, b.claims):
            assert x.n_tokens == y.n_tokens
            assert y.claim_prob == pytest.approx(x.claim_prob, abs=0.08)
            assert y.param_knowledge == pytest.approx(x.param_knowledge, abs=0.08)
            for p_faith in (0.1, 0.9):
                assert franq.uncalibrated(y.claim_prob, y.param_knowledge, p_faith) == pytest.approx(
                    franq.uncalibrated(x.claim_prob, x.param_knowledge, p_faith), abs=0.03
                )
                assert franq.calibrated(calibration, y.claim_prob, y.param_knowledge, p_faith) == pytest.approx(
                    franq.calibrated(calibration, x.claim_prob, x.param_knowledge, p_faith), abs=0.05
                )


def test_float32_scoring_is_the_shared_model_itself_and_bfloat16_a_single_copy():
    from guard.llm.local_model import get_local_lm

    lm = get_local_lm()
    answer = "The Eiffel Tower was completed in 1889."
    messages = franq.retrieval_messages(QUESTION, PASSAGES)
    assert LocalScorer(precision="float32").score(messages, answer).logprobs == lm.score(messages, answer).logprobs
    first, second = LocalScorer(precision="bfloat16"), LocalScorer(precision="bfloat16")
    assert first._scoring is second._scoring and first._scoring.model is not lm.model
    assert next(lm.model.parameters()).dtype.is_floating_point and str(next(lm.model.parameters()).dtype) == "torch.float32"


def test_an_unknown_precision_is_a_config_error():
    from guard.errors import ConfigError

    with pytest.raises(ConfigError, match="bfloat16 or float32"):
        FranqVerifier(precision="int8")
