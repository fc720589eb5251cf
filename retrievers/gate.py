"""The relevance gate: P(the retrieved passages can answer the query), from route scores.

A logistic regression over a few features of one retrieval attempt, fitted by
``ragguard train gate`` (training/gate.py) on HotpotQA questions asked of a corpus
with their supporting paragraphs (answerable) and without them (unanswerable).
Its coefficients live in ``gate_calibration.json`` beside this file, one model per
set of routes, so the gate needs no training at run time and its output is a
probability: a ``gate_threshold`` of 0.5 means "more likely answerable than not" on
that data; the default 0.2 lets 95% of answerable questions through.

Features (all about 0..1):
- ``dense_top1``, ``dense_top2``: cosine of the best and second-best dense passage;
- ``bm25_top1``, ``bm25_top2``: BM25 score over the sum of the query terms' largest
  possible contributions (1 = every query term as strong as it gets anywhere; a term
  missing from the corpus counts with what it would add if one passage held it);
- ``coverage``: idf-weighted share of the query's terms found in the top 3 fused
  passages (a term found nowhere in the corpus counts with df = 0);
- ``agreement``: share of the top 5 passages that both routes return.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Callable

from pydantic import BaseModel, ConfigDict

from guard.errors import ConfigError
from retrievers.bm25 import BM25Route
from retrievers.fusion import FusedHit
from retrievers.routes import RouteHits
from retrievers.tokenization import tokenize

__all__ = ["GateFeatures", "GateModel", "RelevanceGate", "gate_features", "CALIBRATION_FILE"]

CALIBRATION_FILE = Path(__file__).with_name("gate_calibration.json")
_TOP_FUSED = 3
_AGREEMENT_DEPTH = 5


class GateFeatures(BaseModel):
    model_config = ConfigDict(extra="forbid")

    dense_top1: float = 0.0
    dense_top2: float = 0.0
    bm25_top1: float = 0.0
    bm25_top2: float = 0.0
    coverage: float = 0.0
    agreement: float = 0.0


class GateModel(BaseModel):
    """One fitted logistic regression: P = sigmoid(intercept + sum coef_i * feature_i)."""

    model_config = ConfigDict(extra="forbid")

    features: list[str]
    coef: list[float]
    intercept: float

    def probability(self, features: GateFeatures) -> float:
        values = features.model_dump()
        z = self.intercept + sum(c * values[name] for name, c in zip(self.features, self.coef))
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


class RelevanceGate:
    """Scores an attempt with the model fitted for the routes that produced it."""

    def __init__(self, models: dict[str, GateModel]) -> None:
        self.models = models

    @classmethod
    def from_file(cls, path: Path = CALIBRATION_FILE) -> "RelevanceGate":
        return _load_gate(str(path))

    def relevance(self, features: GateFeatures, routes: set[str]) -> float:
        key = "+".join(sorted(routes))
        model = self.models.get(key)
        if model is None:
            raise ConfigError(
                f"The gate calibration has no model for routes {key!r}; it has {sorted(self.models)}. "
                "Refit it with `ragguard train gate --out PATH` (from a ragguard checkout)."
            )
        return model.probability(features)


@lru_cache(maxsize=4)
def _load_gate(path: str) -> RelevanceGate:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        models = {key: GateModel(**value) for key, value in data["models"].items()}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ConfigError(
            f"Gate calibration {path} is missing or invalid ({exc}); "
            "restore it from the repository or refit it with `ragguard train gate --out PATH`."
        ) from exc
    for key, model in models.items():
        unknown = set(model.features) - set(GateFeatures.model_fields)
        if unknown or len(model.coef) != len(model.features):
            raise ConfigError(
                f"Gate calibration {path}, model {key!r}: features {sorted(unknown) or model.features} do not "
                f"match the {len(model.coef)} coefficients or are unknown (allowed: {list(GateFeatures.model_fields)})."
            )
    return RelevanceGate(models)


def gate_features(
    query: str,
    hits: dict[str, RouteHits],
    fused: list[FusedHit],
    bm25: BM25Route,
    row_text: Callable[[int], str],
    question: str | None = None,
) -> GateFeatures:
    """Features of one attempt; ``hits`` is keyed by base route name ("bm25", "dense").

    ``question`` is the query as first asked, when ``query`` is a rewrite of it:
    coverage is then measured on the question's terms, so that words a rewrite
    borrowed from the top passages cannot cover themselves.
    """
    terms = sorted(set(tokenize(query)))
    dense = hits.get("dense")
    lexical = hits.get("bm25")
    asked = sorted(set(tokenize(question))) if question is not None else terms
    features = GateFeatures(coverage=_coverage(asked, fused, bm25, row_text))
    if dense is not None and len(dense):
        features.dense_top1 = float(dense.scores[0])
        features.dense_top2 = float(dense.scores[1]) if len(dense) > 1 else 0.0
    if lexical is not None and len(lexical):
        best = sum(bm25.max_term_score(t) for t in terms)
        if best > 0:
            features.bm25_top1 = min(1.0, float(lexical.scores[0]) / best)
            features.bm25_top2 = min(1.0, float(lexical.scores[1]) / best) if len(lexical) > 1 else 0.0
    if dense is not None and lexical is not None:
        both = set(dense.rows[:_AGREEMENT_DEPTH].tolist()) & set(lexical.rows[:_AGREEMENT_DEPTH].tolist())
        features.agreement = len(both) / _AGREEMENT_DEPTH
    return features


def _coverage(terms: list[str], fused: list[FusedHit], bm25: BM25Route, row_text: Callable[[int], str]) -> float:
    if not terms:
        return 0.0
    found: set[str] = set()
    for hit in fused[:_TOP_FUSED]:
        found.update(tokenize(row_text(hit.row)))
    weights = {t: bm25.idf(t) for t in terms}
    total = sum(weights.values())
    return sum(w for t, w in weights.items() if t in found) / total if total > 0 else 0.0
