"""The accelerator entry of the judge trainer: same schedule and weights as the CPU trainer, loadable output."""

from __future__ import annotations

import gzip
import json
import math
from types import SimpleNamespace

import pytest

from training.judge.gpu_train import class_weights, dev_figures, lr_factor, main, read_pair_rows


def _rows():
    rows = []
    for k in range(6):
        for split in ("train", "dev"):
            base = dict(corpus="ragtruth", source_id=f"s{k}", split=split, task="QA", evidence=f"Item {k} costs 7 euros.")
            rows.append(dict(base, pair_id=f"ragtruth:r{k}{split}:0", claim=f"Item {k} costs 7 euros.",
                             label="supported", perturbation=None, original=None))
            rows.append(dict(base, pair_id=f"ragtruth:r{k}{split}:1", claim=f"Item {k} costs 9 euros.",
                             label="contradicted", perturbation="number_swap", original=f"Item {k} costs 7 euros."))
            rows.append(dict(base, pair_id=f"ragtruth:r{k}{split}:2", claim=f"Item {k} is blue.",
                             label="unsupported", perturbation=None, original=None))
    return rows


def test_schedule_and_weights_match_the_cpu_trainer():
    pytest.importorskip("torch")
    from training.grounding.train import TrainSettings, _TrainingState

    settings = TrainSettings(data_dir=".", out_dir=".", warmup_steps=7, max_steps=50)
    state = object.__new__(_TrainingState)
    state.settings = settings
    assert [lr_factor(s, 7, 50) for s in range(60)] == [state._lr_factor(s) for s in range(60)]
    assert class_weights([0, 0, 0, 1, 2, 2]) == pytest.approx([6 / 9, 6 / 3, 6 / 6])


def test_dev_figures_read_rows_as_evaluate_does():
    rows = [SimpleNamespace(**r) for r in _rows() if r["split"] == "dev"]
    perfect = [[0.9, 0.05, 0.05] if r.label == "supported" else [0.1, 0.3, 0.6] for r in rows]
    figures = dev_figures(rows, perfect, {f"r{k}dev": k % 2 == 0 for k in range(6)})
    assert figures["ragtruth_claim_auroc"] == 1.0
    assert figures["perturbation_auroc:all"] == 1.0
    assert figures["perturbation_auroc:number_swap"] == 1.0
    assert not math.isnan(figures["ragtruth_response_auroc"])


def test_a_few_cpu_steps_write_a_model_ragguard_loads(tmp_path):
    pytest.importorskip("torch")
    from guard.grounding.model import DEFAULT_MODEL_DIR, GroundingModel

    pairs = tmp_path / "pairs.jsonl.gz"
    with gzip.open(pairs, "wt", encoding="utf-8") as handle:
        handle.writelines(json.dumps(r) + "\n" for r in _rows())
    assert len(read_pair_rows(pairs, "train")) == 18
    out = tmp_path / "model"
    main(["--pairs", str(pairs), "--base", str(DEFAULT_MODEL_DIR), "--out", str(out), "--cpu", "--max-steps", "2",
          "--batch-size", "8", "--paired-batches", "--pair-margin-weight", "1.0", "--eval", "--log-every", "1"])
    summary = json.loads((out / "train_summary.json").read_text())
    assert summary["steps"] == 2 and summary["paired_batches"]
    assert "perturbation_auroc:all" in summary["dev"]
    model = GroundingModel.load(out)
    assert model.max_length == 128
    scores = model.predict([("Item 1 costs 7 euros.", "Item 1 costs 7 euros.")])
    assert len(scores) == 1
