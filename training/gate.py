"""The relevance gate's calibration (``retrievers/gate_calibration.json``) from HotpotQA.

    ragguard train gate --out retrievers/gate_calibration.json

Each of the 100 questions is asked twice: of the pooled corpus (answerable) and of
the pooled corpus without its two supporting paragraphs (unanswerable; its eight
distractor paragraphs, written about the same entities, stay). The gate's features
come from the first retrieval try. A logistic regression per route set is fitted on
the dev half (even idx); ``python benchmarks/retrieval_gate.py`` scores the result on
the held-out half (odd idx).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from training.hotpotqa import Question, load_hotpotqa

__all__ = ["FEATURES", "ROUTE_SETS", "GateData", "gate_data", "train_gate", "without_supporting"]

ROUTE_SETS = {"bm25+dense": ["bm25", "dense"], "bm25": ["bm25"], "dense": ["dense"]}
FEATURES = {
    "bm25+dense": ["dense_top1", "dense_top2", "bm25_top1", "bm25_top2", "coverage", "agreement"],
    "bm25": ["bm25_top1", "bm25_top2", "coverage"],
    "dense": ["dense_top1", "dense_top2", "coverage"],
}


@dataclass
class GateData:
    """The questions, the pooled corpus and one example per (question, answerable or not)."""

    questions: list[Question]
    passages: list[Any]
    vectors: np.ndarray
    full: Any  # the KnowledgeBase of every passage
    examples: list[dict]

    @property
    def dev(self) -> list[dict]:
        return [d for d in self.examples if d["dev"]]

    @property
    def held_out(self) -> list[dict]:
        return [d for d in self.examples if not d["dev"]]


def gate_data() -> GateData:
    """Embed the HotpotQA corpus and take each question's first-try features, with and without support."""
    from retrievers.embedder import get_embedder
    from retrievers.knowledge_base import KnowledgeBase
    from retrievers.store import index_text

    questions, passages = load_hotpotqa()
    vectors = get_embedder().encode([index_text(p.title, p.text) for p in passages])
    full = KnowledgeBase.from_passages(passages, vectors)
    examples = [
        _features(q, full, without_supporting(q, passages, vectors), label)
        for q in questions
        for label in (1, 0)
    ]
    return GateData(questions, passages, vectors, full, examples)


def train_gate(out: Path, data: GateData | None = None) -> Path:
    """Fit one model per route set on the dev half and write the calibration to ``out``."""
    data = data or gate_data()
    models = {key: _fit(data.dev, FEATURES[key]) for key in ROUTE_SETS}
    _write_calibration(out, models, len(data.dev))
    return out


def without_supporting(question, passages, vectors):
    from retrievers.knowledge_base import KnowledgeBase

    keep = [i for i, p in enumerate(passages) if p.title not in question.supporting]
    return KnowledgeBase.from_passages([passages[i] for i in keep], vectors[keep])


def _features(question, full, minus, label: int) -> dict:
    from retrievers.config import RetrievalConfig
    from retrievers.retrieval import attempt_features

    kb = full if label == 1 else minus
    features = {key: attempt_features(kb, question.text, RetrievalConfig(routes=routes))
                for key, routes in ROUTE_SETS.items()}
    return {"idx": question.idx, "dev": question.dev, "label": label, "features": features}

def _fit(dev: list[dict], names: list[str]):
    from sklearn.linear_model import LogisticRegressionCV

    from retrievers.gate import GateModel

    key = next(k for k, v in FEATURES.items() if v == names)
    x = np.array([[d["features"][key].model_dump()[n] for n in names] for d in dev])
    y = np.array([d["label"] for d in dev])
    # The regularisation strength is chosen by 5-fold cross-validation inside the dev half.
    model = LogisticRegressionCV(Cs=[0.1, 1.0, 10.0, 100.0], cv=5, max_iter=1000).fit(x, y)
    return GateModel(features=names, coef=[float(c) for c in model.coef_[0]], intercept=float(model.intercept_[0]))


def _write_calibration(path: Path, models: dict, n_dev: int) -> None:
    payload = {
        "about": "Relevance gate: logistic regression P(answerable) per route set. Made by "
                 "`ragguard train gate` on the HotpotQA dev half "
                 f"({n_dev} examples: even-idx questions with and without their supporting paragraphs).",
        "version": 1,
        "models": {key: model.model_dump() for key, model in models.items()},
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
