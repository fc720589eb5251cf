"""The judge recipe of :mod:`training.judge.train` on an accelerator, with only torch + transformers.

``python -m training.judge.gpu_train --pairs pairs.jsonl.gz --base guard/grounding/model --out DIR``

Why a second entry point: :mod:`training.judge.train` builds on the grounding trainer, which
imports pydantic and ragguard's runtime (spaCy, the embedder) and checkpoints every few steps
for a shared 2-core CPU. An accelerator machine has torch and transformers but not ragguard's
environment, and a run there is minutes, not hours. This module reads the pairs file as plain
JSON and keeps what changes the trajectory the same as the CPU trainer:

- the network (:class:`guard.grounding.network.MeanPoolClassifier`, imported: it needs torch
  only), started from a grounding-model folder (``config.json``, tokenizer, fp16
  ``model.safetensors``), all layers free;
- the ``train`` split, tokenized as ``[CLS] claim [SEP] evidence [SEP]`` truncated
  ``longest_first`` to ``--max-length`` (128, the windows' budget);
- class-weighted cross-entropy (inverse frequency over the train pairs), AdamW (weight decay
  0.01, none on biases and LayerNorm), linear warm-up then linear decay to 0 (both from
  :mod:`training.grounding.schedule`, which the CPU trainer uses too), gradient
  clipping at 1.0, dropout 0.1 in the head;
- paired batches and the pair hinge of :mod:`training.judge.batches` (imported unchanged).

What differs: the device (cuda when there is one), bf16 autocast for the forward pass
(weights, optimiser and loss stay fp32), the length of the run in epochs, no checkpoints.
The output folder has the format :meth:`guard.grounding.model.GroundingModel.load` reads
(fp16 safetensors; ``config.json`` and the tokenizer copied from the base folder, since the
architecture is unchanged; ``grounding.json`` with ``max_length``). ``--eval`` also prints
dev figures computed the way :mod:`training.judge.evaluate` computes them on the pairs
file's dev rows (RAGTruth claim AUROC, response AUROC when ``--response-labels`` is given,
variant-vs-original AUROC); the figures the model card reports come from that module, on CPU.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import shutil
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace

from training.grounding.schedule import inverse_frequency, lr_factor

__all__ = ["read_pair_rows", "class_weights", "lr_factor", "dev_figures", "main"]

LABELS = ("supported", "unsupported", "contradicted")  # guard.grounding.model.LABELS, as strings
COPIED = ("config.json", "tokenizer.json", "tokenizer_config.json")


def read_pair_rows(path: Path, split: str | None = None) -> list[SimpleNamespace]:
    """The pairs file (plain or .gz) as attribute rows, without pydantic."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:  # type: ignore[operator]
        rows = [SimpleNamespace(**json.loads(line)) for line in handle if line.strip()]
    return [r for r in rows if split is None or r.split == split]


def class_weights(labels: Sequence[int]) -> list[float]:
    """The CPU trainer's class weights (inverse frequency) for these label indices."""
    return inverse_frequency([sum(1 for x in labels if x == i) for i in range(len(LABELS))])


def _auroc(truth: Sequence[int], score: Sequence[float]) -> float:
    from sklearn.metrics import roc_auc_score

    return float(roc_auc_score(truth, score)) if len(set(truth)) == 2 else float("nan")


def dev_figures(rows: Sequence[SimpleNamespace], probs: Sequence[Sequence[float]],
                hallucinated: dict[str, bool] | None = None) -> dict[str, float]:
    """RAGTruth claim (and response) AUROC and variant-vs-original AUROC, as training.judge.evaluate."""
    figures: dict[str, float] = {}
    rag = [(r, p) for r, p in zip(rows, probs) if r.corpus == "ragtruth" and r.perturbation is None]
    truth = [int(r.label != "supported") for r, _ in rag]
    risk = [p[1] + p[2] for _, p in rag]
    figures["ragtruth_claim_auroc"] = _auroc(truth, risk)
    if hallucinated:
        worst: dict[str, float] = defaultdict(float)
        for (r, _), value in zip(rag, risk):
            record = r.pair_id.split(":")[1]
            worst[record] = max(worst[record], value)
        records = sorted(worst)
        figures["ragtruth_response_auroc"] = _auroc([int(hallucinated[r]) for r in records],
                                                    [worst[r] for r in records])
    originals = {(r.source_id, r.claim): (r, p) for r, p in zip(rows, probs) if r.perturbation is None}
    groups: dict[str, dict[str, tuple[int, float]]] = defaultdict(dict)
    for r, p in zip(rows, probs):
        if r.perturbation is None or (r.source_id, r.original) not in originals:
            continue
        original, q = originals[(r.source_id, r.original)]
        for name in ("all", r.perturbation):
            groups[name][r.pair_id] = (1, p[2])
            groups[name][original.pair_id] = (0, q[2])  # an original shared by two variants counts once
    for name, members in sorted(groups.items()):
        figures[f"perturbation_auroc:{name}"] = _auroc([t for t, _ in members.values()],
                                                       [s for _, s in members.values()])
    return figures


def _batch(tokenized, indices: Sequence[int], device, torch):
    width = max(len(tokenized["input_ids"][i]) for i in indices)
    return {
        key: torch.tensor([tokenized[key][i] + [0] * (width - len(tokenized[key][i])) for i in indices],
                          dtype=torch.long, device=device)
        for key in ("input_ids", "attention_mask", "token_type_ids")
    }


def _predict(network, tokenized, device, torch, batch_size: int = 256) -> list[list[float]]:
    network.eval()
    out: list[list[float]] = []
    n = len(tokenized["input_ids"])
    with torch.no_grad(), torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
        for start in range(0, n, batch_size):
            logits = network(**_batch(tokenized, range(start, min(start + batch_size, n)), device, torch))
            out.extend(torch.softmax(logits.float(), dim=-1).tolist())
    network.train()
    return out


def train(args) -> dict:
    import numpy as np
    import torch
    from safetensors.torch import load_file, save_file
    from transformers import AutoConfig, AutoModel, AutoTokenizer

    from guard.grounding.network import MeanPoolClassifier
    from training.judge.batches import PairedSchedule, epoch_batches, pair_margin_loss, pair_units

    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    device = torch.device("cuda" if torch.cuda.is_available() and not args.cpu else "cpu")
    if device.type == "cpu":
        torch.set_num_threads(args.threads)
    else:
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True
    base = Path(args.base)
    pairs = read_pair_rows(args.pairs, "train")
    dev = read_pair_rows(args.pairs, "dev") if args.eval else []
    tokenizer = AutoTokenizer.from_pretrained(str(base))

    def tokenize(rows):
        return tokenizer([r.claim for r in rows], [r.evidence for r in rows],
                         truncation="longest_first", max_length=args.max_length)

    tokenized = tokenize(pairs)
    labels = [LABELS.index(r.label) for r in pairs]
    network = MeanPoolClassifier(AutoModel.from_config(AutoConfig.from_pretrained(str(base))), num_labels=3)
    network.load_state_dict({k: v.to(torch.float32) for k, v in load_file(str(base / "model.safetensors")).items()})
    network.to(device).train()

    units = pair_units(pairs) if args.paired_batches else [[i] for i in range(len(pairs))]
    schedule = PairedSchedule(units, args.batch_size, args.seed)
    per_epoch = len(epoch_batches(units, args.batch_size, args.seed))  # epochs differ by a batch or so
    total = args.max_steps or math.ceil(args.epochs * per_epoch)
    warmup = args.warmup_steps if args.warmup_steps >= 0 else max(1, round(0.05 * total))
    partner = {variant: unit[0] for unit in units for variant in unit[1:]}

    decay = [p for n, p in network.named_parameters() if not (n.endswith("bias") or "LayerNorm" in n)]
    no_decay = [p for n, p in network.named_parameters() if n.endswith("bias") or "LayerNorm" in n]
    optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}],
                                  lr=args.learning_rate, fused=device.type == "cuda")
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: lr_factor(s, warmup, total))
    loss_fn = torch.nn.CrossEntropyLoss(weight=torch.tensor(class_weights(labels), device=device))
    contradicted = LABELS.index("contradicted")
    label_tensor = torch.tensor(labels, dtype=torch.long)
    print(json.dumps({"run": args.name, "device": str(device), "train_pairs": len(pairs), "units": len(units),
                      "batches_per_epoch": per_epoch, "steps": total, "warmup": warmup}), flush=True)

    started, window, seen, step, last_loss = time.time(), [], 0, 0, None
    while step < total:
        indices = schedule.batch(step)
        batch = _batch(tokenized, indices, device, torch)
        target = label_tensor[indices].to(device, non_blocking=True)
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
            logits = network(**batch)
        logits = logits.float()
        loss = loss_fn(logits, target)
        if args.paired_batches and args.pair_margin_weight > 0:
            hinge = pair_margin_loss(torch.log_softmax(logits, dim=-1)[:, contradicted], indices, partner,
                                     args.pair_margin)
            if hinge is not None:
                loss = loss + args.pair_margin_weight * hinge
        loss.backward()
        torch.nn.utils.clip_grad_norm_(network.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad(set_to_none=True)
        step += 1
        seen += len(indices)
        window.append(loss.detach())
        if step % args.log_every == 0 or step == total:
            elapsed = time.time() - started
            last_loss = float(torch.stack(window).mean())
            print(json.dumps({"run": args.name, "step": step, "loss": round(last_loss, 4),
                              "lr": scheduler.get_last_lr()[0], "examples": seen,
                              "examples_per_s": round(seen / max(elapsed, 1e-9), 1), "seconds": round(elapsed, 1)}),
                  flush=True)
            window = []
        if args.max_seconds and time.time() - started > args.max_seconds:
            print(json.dumps({"run": args.name, "stopped_early_at_step": step, "of": total}), flush=True)
            break
    if device.type == "cuda":
        torch.cuda.synchronize()
    seconds = time.time() - started
    network.eval()

    summary = {
        "run": args.name, "base": str(base), "pairs": args.pairs.name,
        "pairs_sha256": hashlib.sha256(args.pairs.read_bytes()).hexdigest(),
        "device": torch.cuda.get_device_name(0) if device.type == "cuda" else "cpu",
        "torch": torch.__version__, "paired_batches": args.paired_batches,
        "pair_margin_weight": args.pair_margin_weight, "pair_margin": args.pair_margin,
        "batch_size": args.batch_size, "learning_rate": args.learning_rate, "warmup_steps": warmup,
        "max_length": args.max_length, "seed": args.seed, "steps": step, "planned_steps": total,
        "examples_seen": seen, "epochs": round(seen / len(pairs), 2), "train_pairs": len(pairs),
        "label_counts": dict(zip(LABELS, [labels.count(i) for i in range(3)])),
        "train_seconds": round(seconds, 1), "final_loss": last_loss,  # mean over the last logged window
    }
    if args.eval:
        hallucinated = json.loads(args.response_labels.read_text()) if args.response_labels else None
        started = time.time()
        summary["dev"] = dev_figures(dev, _predict(network, tokenize(dev), device, torch), hallucinated)
        summary["dev_seconds"] = round(time.time() - started, 1)
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        state = {k: v.detach().to("cpu", torch.float16).contiguous() for k, v in network.state_dict().items()}
        save_file(state, str(out / "model.safetensors"))
        for name in COPIED:
            shutil.copyfile(base / name, out / name)
        manifest = {"format": "ragguard-grounding/1", "labels": list(LABELS), "pooling": "mean",
                    "max_length": args.max_length, "base_model": "sentence-transformers/all-MiniLM-L6-v2"}
        (out / "grounding.json").write_text(json.dumps(manifest, indent=2) + "\n")
        summary["weights_sha256"] = hashlib.sha256((out / "model.safetensors").read_bytes()).hexdigest()
        (out / "train_summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary), flush=True)
    return summary


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=Path, required=True, help="pairs file (.jsonl or .jsonl.gz)")
    parser.add_argument("--base", type=Path, required=True, help="a grounding-model folder to continue")
    parser.add_argument("--out", type=Path, help="write the model here (none: figures only)")
    parser.add_argument("--name", default="run")
    parser.add_argument("--max-length", type=int, default=128)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--learning-rate", type=float, default=4e-5)
    parser.add_argument("--warmup-steps", type=int, default=-1, help="-1: 5 %% of the steps")
    parser.add_argument("--epochs", type=float, default=6.0)
    parser.add_argument("--max-steps", type=int, default=0, help="0: --epochs")
    parser.add_argument("--max-seconds", type=float, default=0.0, help="stop early after this long (0: never)")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--cpu", action="store_true")
    parser.add_argument("--paired-batches", action="store_true")
    parser.add_argument("--pair-margin-weight", type=float, default=0.0)
    parser.add_argument("--pair-margin", type=float, default=1.0)
    parser.add_argument("--log-every", type=int, default=50)
    parser.add_argument("--eval", action="store_true", help="also print figures on the pairs file's dev rows")
    parser.add_argument("--response-labels", type=Path, help="JSON {RAGTruth response id: hallucinated}")
    train(parser.parse_args(argv))


if __name__ == "__main__":
    main()
