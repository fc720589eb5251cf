"""Dev-split metrics of a grounding model, next to the lexical-novelty baseline.

Sentence level: accuracy and 3-way macro-F1 of the argmax label, and the AUROC of
P(not supported) for supported vs the rest. Response level (RAGTruth's protocol: a
response is hallucinated when it has a labelled span): the AUROC of the largest
P(not supported) over the response's sentences. The baseline scores a response by
the share of its content words found in no passage (MODELS.md: about 0.72 AUROC).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from guard.eval.ragtruth import RagTruthRecord, load_ragtruth, split_dev
from guard.grounding.model import LABELS, GroundingModel, GroundingScore
from guard.verifiers.types import SupportLabel
from training.grounding.dataset import GroundingExample, prepare, read_examples

__all__ = ["SplitMetrics", "GroundingEvaluation", "evaluate_scores", "lexical_novelty", "predict_examples",
           "evaluate_on_dev"]

_WORD = re.compile(r"[a-z0-9]+(?:['.,][a-z0-9]+)*")


class SplitMetrics(BaseModel):
    sentences: int
    responses: int
    hallucinated_responses: int
    accuracy: float
    macro_f1: float
    sentence_auroc: float  # supported vs not, by P(not supported)
    response_auroc: float  # hallucinated vs not, by max P(not supported) over sentences
    lexical_response_auroc: float  # the baseline on the same responses


class GroundingEvaluation(BaseModel):
    model: str
    overall: SplitMetrics
    per_task: dict[str, SplitMetrics]
    confusion: list[list[int]]  # rows: true label, columns: predicted, in LABELS order
    labels: list[SupportLabel] = list(LABELS)


def predict_examples(model: GroundingModel, examples: Sequence[GroundingExample], batch_size: int = 32):
    return model.predict([(e.claim, e.evidence) for e in examples], batch_size=batch_size)


def lexical_novelty(answer: str, passages: Sequence[str]) -> float:
    """Share of the answer's content words (stop words left out) that appear in no passage."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    known = {w for p in passages for w in _WORD.findall(p.lower())}
    words = [w for w in _WORD.findall(answer.lower()) if w not in ENGLISH_STOP_WORDS]
    if not words:
        return 0.0
    return sum(w not in known for w in words) / len(words)


def evaluate_scores(
    model_name: str,
    examples: Sequence[GroundingExample],
    scores: Sequence[GroundingScore],
    records: Sequence[RagTruthRecord],
) -> GroundingEvaluation:
    """Metrics of ``scores`` (one per example) overall and per task, over ``records``' responses."""
    from sklearn.metrics import confusion_matrix

    truth = [LABELS.index(e.label) for e in examples]
    predicted = [LABELS.index(s.label) for s in scores]
    tasks = sorted({r.task.value for r in records})
    return GroundingEvaluation(
        model=model_name,
        overall=_metrics(examples, scores, records),
        per_task={
            task: _metrics(
                [e for e in examples if e.task.value == task],
                [s for e, s in zip(examples, scores) if e.task.value == task],
                [r for r in records if r.task.value == task],
            )
            for task in tasks
        },
        confusion=confusion_matrix(truth, predicted, labels=list(range(len(LABELS)))).tolist(),
    )


def _metrics(
    examples: Sequence[GroundingExample], scores: Sequence[GroundingScore], records: Sequence[RagTruthRecord]
) -> SplitMetrics:
    from sklearn.metrics import accuracy_score, f1_score, roc_auc_score

    truth = [LABELS.index(e.label) for e in examples]
    predicted = [LABELS.index(s.label) for s in scores]
    worst: dict[str, float] = {}
    for example, score in zip(examples, scores):
        worst[example.record_id] = max(worst.get(example.record_id, 0.0), score.not_supported)
    hallucinated = [r.label for r in records]
    return SplitMetrics(
        sentences=len(examples),
        responses=len(records),
        hallucinated_responses=sum(hallucinated),
        accuracy=accuracy_score(truth, predicted),
        macro_f1=f1_score(truth, predicted, labels=list(range(len(LABELS))), average="macro", zero_division=0),
        sentence_auroc=roc_auc_score([t != 0 for t in truth], [s.not_supported for s in scores]),
        # A response with no checkable sentence has nothing unsupported in it: score 0.
        response_auroc=roc_auc_score(hallucinated, [worst.get(r.id, 0.0) for r in records]),
        lexical_response_auroc=roc_auc_score(hallucinated, [lexical_novelty(r.answer, r.passages) for r in records]),
    )


def evaluate_on_dev(
    data_dir: Path,
    cache_dir: Path,
    model_dir: Path,
    max_length: int,
    supported_share: float,
    *,
    threads: int = 2,
) -> GroundingEvaluation:
    """Score every dev sentence with the model in ``model_dir``; write ``dev_metrics.json`` beside it.

    The per-sentence probabilities are kept under ``cache_dir/predictions`` for later
    comparisons (e.g. fp32 checkpoint vs the committed fp16 weights).
    """
    import numpy as np
    import torch

    torch.set_num_threads(threads)
    dev_path = prepare(data_dir, cache_dir / "data", "dev", max_length, supported_share)
    examples = read_examples(dev_path)
    _, records = split_dev(load_ragtruth(data_dir))
    model = GroundingModel.load(model_dir)
    scores = predict_examples(model, examples)
    folder = cache_dir / "predictions"
    folder.mkdir(parents=True, exist_ok=True)
    np.save(folder / f"dev-{_fingerprint(model_dir)}.npy",
            np.array([[getattr(s, label.value) for label in LABELS] for s in scores], dtype=np.float32))
    evaluation = evaluate_scores(str(model_dir), examples, scores, records)
    (model_dir / "dev_metrics.json").write_text(evaluation.model_dump_json(indent=2) + "\n")
    return evaluation


def _fingerprint(model_dir: Path) -> str:
    digest = hashlib.sha256((model_dir / "model.safetensors").read_bytes()).hexdigest()
    return digest[:12]
