"""The grounding model: P(supported / unsupported / contradicted | claim, evidence window).

Two backends sit behind :class:`GroundingModel`:

- ragguard's own model (a folder with ``grounding.json``): all-MiniLM-L6-v2 with a
  linear head on the mean-pooled last layer, trained on RAGTruth (see MODEL_CARD.md
  beside the weights) by ``ragguard train grounding`` (code in ``training/grounding``,
  not installed). It is the default, committed in ``guard/grounding/model``.
- any local Hugging Face sequence-classification NLI checkpoint (a folder with a
  ``config.json`` whose ``id2label`` names entailment/neutral/contradiction), so a
  user with access to a model hub can swap in a stronger judge without code changes.

Pairs are encoded as ``[CLS] claim [SEP] evidence [SEP]``; build the evidence with
:func:`guard.grounding.evidence.select_evidence` (or an :class:`EvidencePool`) and the
model's ``max_length`` as the budget, as training did.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from guard._openmp import prefer_passive_wait
from guard.errors import ModelError
from guard.verifiers.types import SupportLabel

__all__ = [
    "GroundingScore",
    "GroundingManifest",
    "GroundingModel",
    "LABELS",
    "DEFAULT_MODEL_DIR",
    "MODEL_ENV",
    "model_dir",
    "shared_model",
    "NLI_LABEL_MAP",
    "MANIFEST",
    "WEIGHTS",
]

DEFAULT_MODEL_DIR = Path(__file__).resolve().parent / "model"
LABELS = (SupportLabel.supported, SupportLabel.unsupported, SupportLabel.contradicted)
MANIFEST = "grounding.json"
WEIGHTS = "model.safetensors"
# A folder named here replaces the committed model for every user of shared_model().
MODEL_ENV = "RAGGUARD_GROUNDING_MODEL"

# How the label names of common NLI checkpoints read as support labels.
NLI_LABEL_MAP = {
    "entailment": SupportLabel.supported,
    "entailed": SupportLabel.supported,
    "supported": SupportLabel.supported,
    "neutral": SupportLabel.unsupported,
    "not_entailment": SupportLabel.unsupported,
    "unsupported": SupportLabel.unsupported,
    "contradiction": SupportLabel.contradicted,
    "contradicted": SupportLabel.contradicted,
}


class GroundingScore(BaseModel):
    """The three probabilities for one (claim, evidence) pair; they sum to 1."""

    supported: float
    unsupported: float
    contradicted: float

    @property
    def label(self) -> SupportLabel:
        return max(LABELS, key=lambda label: getattr(self, label.value))

    @property
    def not_supported(self) -> float:
        return self.unsupported + self.contradicted


class GroundingManifest(BaseModel):
    """``grounding.json``: what the weights beside it are and how to feed them."""

    format: str = "ragguard-grounding/1"
    labels: list[SupportLabel] = Field(default_factory=lambda: list(LABELS))
    pooling: str = "mean"
    max_length: int
    base_model: str = "sentence-transformers/all-MiniLM-L6-v2"


class GroundingModel:
    """Score (claim, evidence) pairs; thread-safe, CPU, loaded once per process."""

    def __init__(self, network, tokenizer, labels: Sequence[SupportLabel], max_length: int, name: str):
        self._network = network.eval()
        self._tokenizer = tokenizer
        self._labels = list(labels)
        self.max_length = max_length
        self.name = name
        self._lock = threading.Lock()

    @classmethod
    def load(cls, path: str | Path | None = None) -> GroundingModel:
        """Load ragguard's model (``path=None``: the committed one) or a local HF NLI checkpoint."""
        folder = Path(path) if path is not None else DEFAULT_MODEL_DIR
        prefer_passive_wait()  # before torch loads; see guard._openmp
        if (folder / MANIFEST).is_file():
            return _load_own(folder)
        if (folder / "config.json").is_file():
            return _load_hf_checkpoint(folder)
        raise ModelError(
            f"{folder} holds no grounding model: expected {MANIFEST} (ragguard's model, made by "
            "`ragguard train grounding --out DIR` from a ragguard checkout) or config.json "
            "(a Hugging Face sequence-classification NLI checkpoint)."
        )

    def score_claims(self, claims: Sequence[str], passages: Sequence[str], *, embedder=None) -> list[GroundingScore]:
        """Each claim against its own evidence window from ``passages`` (embedded once), as trained."""
        from guard.grounding.evidence import EvidencePool, resolve_embedder

        pool = EvidencePool.build(passages, embedder=embedder)
        vectors = resolve_embedder(embedder).encode(list(claims))
        windows = [pool.select(c, self.max_length, claim_vector=v) for c, v in zip(claims, vectors)]
        return self.predict(list(zip(claims, windows)))

    def predict(self, pairs: Sequence[tuple[str, str]], batch_size: int = 16) -> list[GroundingScore]:
        """Probabilities for each ``(claim, evidence)`` pair, in order."""
        scores: list[GroundingScore] = []
        # Sorting by length keeps padding small inside each batch.
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        probabilities = {}
        for start in range(0, len(order), batch_size):
            chunk = order[start : start + batch_size]
            for index, row in zip(chunk, self._probabilities([pairs[i] for i in chunk])):
                probabilities[index] = row
        for index in range(len(pairs)):
            scores.append(self._score(probabilities[index]))
        return scores

    def _probabilities(self, pairs: list[tuple[str, str]]) -> list[list[float]]:
        import torch

        batch = encode_pairs(self._tokenizer, pairs, self.max_length)
        with self._lock, torch.inference_mode():
            logits = self._network(**batch)
            logits = getattr(logits, "logits", logits)
            return torch.softmax(logits.float(), dim=-1).tolist()

    def _score(self, row: list[float]) -> GroundingScore:
        totals = dict.fromkeys(LABELS, 0.0)
        for label, p in zip(self._labels, row):
            totals[label] += p
        return GroundingScore(**{label.value: p for label, p in totals.items()})


_shared: dict[Path, GroundingModel] = {}
_shared_lock = threading.Lock()


def model_dir() -> Path:
    """The folder to load: ``$RAGGUARD_GROUNDING_MODEL`` when set, else the committed model."""
    configured = os.environ.get(MODEL_ENV, "").strip()
    return Path(configured).expanduser() if configured else DEFAULT_MODEL_DIR


def shared_model(path: str | Path | None = None) -> GroundingModel:
    """The model in ``path`` (default :func:`model_dir`), loaded once per process and folder."""
    folder = Path(path) if path is not None else model_dir()
    key = folder.resolve()
    with _shared_lock:  # held while loading, so two threads never load the same weights twice
        if key not in _shared:
            _shared[key] = GroundingModel.load(folder)
        return _shared[key]


def encode_pairs(tokenizer, pairs: Sequence[tuple[str, str]], max_length: int) -> dict:
    """``[CLS] claim [SEP] evidence [SEP]`` tensors, the longer side truncated first."""
    claims = [claim for claim, _ in pairs]
    evidence = [text for _, text in pairs]
    batch = tokenizer(
        claims, evidence, truncation="longest_first", max_length=max_length, padding=True, return_tensors="pt"
    )
    return {key: batch[key] for key in ("input_ids", "attention_mask", "token_type_ids") if key in batch}


def _load_own(folder: Path) -> GroundingModel:
    try:
        import torch
        from safetensors.torch import load_file
        from transformers import AutoConfig, AutoModel, AutoTokenizer

        from guard.grounding.network import MeanPoolClassifier

        manifest = GroundingManifest.model_validate_json((folder / MANIFEST).read_text())
        network = MeanPoolClassifier(AutoModel.from_config(AutoConfig.from_pretrained(str(folder))),
                                     num_labels=len(manifest.labels))
        state = {k: v.to(torch.float32) for k, v in load_file(str(folder / WEIGHTS)).items()}
        network.load_state_dict(state)
        tokenizer = AutoTokenizer.from_pretrained(str(folder))
    except (OSError, ValueError, RuntimeError) as exc:
        raise ModelError(
            f"The grounding model in {folder} could not be loaded ({exc}); re-create it with "
            "`ragguard train grounding --out DIR` (from a ragguard checkout) or restore the committed files."
        ) from exc
    return GroundingModel(network, tokenizer, manifest.labels, manifest.max_length, name=str(folder))


def _load_hf_checkpoint(folder: Path) -> GroundingModel:
    try:
        from transformers import AutoConfig, AutoModelForSequenceClassification, AutoTokenizer

        config = AutoConfig.from_pretrained(str(folder))
        labels = _nli_labels(folder, config.id2label)
        network = AutoModelForSequenceClassification.from_pretrained(str(folder))
        tokenizer = AutoTokenizer.from_pretrained(str(folder))
    except (OSError, ValueError) as exc:
        raise ModelError(
            f"{folder} could not be loaded as a Hugging Face sequence-classification checkpoint ({exc}); "
            "it needs config.json, the weights and the tokenizer files."
        ) from exc
    max_length = min(int(getattr(tokenizer, "model_max_length", 512) or 512), 512)
    return GroundingModel(network, tokenizer, labels, max_length, name=str(folder))


def _nli_labels(folder: Path, id2label: dict) -> list[SupportLabel]:
    labels = []
    for index in range(len(id2label)):
        raw = str(id2label.get(index, id2label.get(str(index), "")))
        name = raw.strip().lower()
        if name not in NLI_LABEL_MAP:
            raise ModelError(
                f"{folder / 'config.json'}: id2label[{index}] = {raw!r} is not an NLI label this guard "
                f"can read; allowed: {sorted(NLI_LABEL_MAP)}. Rename it in the config."
            )
        labels.append(NLI_LABEL_MAP[name])
    if SupportLabel.supported not in labels:
        raise ModelError(f"{folder / 'config.json'}: id2label {id2label} names no entailment label.")
    return labels
