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
