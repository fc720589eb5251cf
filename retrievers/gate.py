"""The relevance gate: P(the retrieved passages can answer the query), from route scores.

A logistic regression over a few features of one retrieval attempt, fitted by
``ragguard train gate`` (training/gate.py) on the dev parts of three sources: HotpotQA
questions asked of a corpus with and without their supporting paragraphs, the golden
questions asked of the example knowledge base, and the labelled drafts' questions asked
of their own few contexts. Its coefficients live in ``gate_calibration.json`` beside
this file, one model per set of routes, so the gate needs no training at run time and
its output is a probability. The file also records ``answerable_threshold``, the
threshold at which 97% of the answerable dev questions of each source pass: the
packaged profiles' ``gate_threshold`` (the gate only stops what the documents clearly do
not cover; the verifiers judge the rest).

Features (all about 0..1):
- ``dense_top1``, ``dense_top2``: cosine of the best and second-best dense passage;
- ``bm25_top1``, ``bm25_top2``: BM25 score over the sum of the query terms' largest
  possible contributions (1 = every query term as strong as it gets anywhere; a term
  missing from the corpus counts with what it would add if one passage held it);
- ``coverage``: weighted share of the question's content words found in the top 3
  fused passages together; ``best_coverage``: the same share in the best one of them
  (an answer usually sits in one passage). Words match by their Porter2 stem
  ("dosed" finds "dose"); numbers are left out (a question's "I'm 62" is the asker's
  value, which a document states as a range). A word weighs its idf, capped at the idf
  of a word one passage holds: a word the corpus lacks counts as much as the rarest word
  it has, not more, so that over a handful of caller-given contexts (where idf cannot
  tell rare from common) every content word counts alike;
- ``agreement``: share of the top 5 passages that both routes return.

Corpus-size-dependent features (``*_top2``, ``agreement``; ``bm25_top1`` depends on
it too through idf) make a model fitted on a 1,000-passage corpus misjudge a single
caller-given context: calibration version 2 (training/gate.FEATURES) uses ``dense_top1``,
``coverage`` and ``best_coverage`` only. The others are still computed for calibrations
that name them.

:func:`missing_terms` names the question's content words that the passages handed on
do not mention: a gate refusal says what was looked for and not found.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Callable

from pydantic import BaseModel, ConfigDict

from guard.errors import ConfigError
from guard.stemming import stem as _stem
from retrievers.bm25 import BM25Route
from retrievers.fusion import FusedHit
from retrievers.routes import RouteHits
from retrievers.tokenization import tokenize

__all__ = [
    "GateFeatures", "GateModel", "RelevanceGate", "gate_features", "missing_terms", "CALIBRATION_FILE",
    "CALIBRATION_VERSION",
]

CALIBRATION_FILE = Path(__file__).with_name("gate_calibration.json")
# 2: stemmed, capped-idf coverage and best_coverage (version 1 coverage was exact words, uncapped idf).
CALIBRATION_VERSION = 2
_TOP_FUSED = 3
_AGREEMENT_DEPTH = 5


class GateFeatures(BaseModel):
    model_config = ConfigDict(extra="forbid")

    dense_top1: float = 0.0
    dense_top2: float = 0.0
    bm25_top1: float = 0.0
    bm25_top2: float = 0.0
    coverage: float = 0.0
    best_coverage: float = 0.0
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
        if data.get("version") != CALIBRATION_VERSION:
            raise ValueError(
                f"calibration version {data.get('version')!r}, this ragguard reads version {CALIBRATION_VERSION}"
            )
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
    asked = _content_terms(question if question is not None else query)
    texts = [row_text(hit.row) for hit in fused[:_TOP_FUSED]]
    coverage, best = _coverage(asked, texts, bm25)
    features = GateFeatures(coverage=coverage, best_coverage=best)
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


def missing_terms(question: str, texts: list[str]) -> list[str]:
    """The question's content words (as asked, first occurrence order) that no text mentions."""
    found = set().union(*(_stems(t) for t in texts)) if texts else set()
    return [word for word, stem in _content_terms(question).items() if stem not in found]


def _content_terms(text: str) -> dict[str, str]:
    """Content word -> its stem: the tokenizer's non-stop words without bare numbers."""
    return {t: _stem(t) for t in tokenize(text) if not t.isdigit()}


def _stems(text: str) -> set[str]:
    return {_stem(t) for t in tokenize(text)}


def _coverage(terms: dict[str, str], texts: list[str], bm25: BM25Route) -> tuple[float, float]:
    """(weighted share of ``terms`` found in all ``texts`` together, in the best single text)."""
    if not terms or not texts:
        return 0.0, 0.0
    cap = math.log(1.0 + (bm25.num_docs - 0.5) / 1.5)  # idf of a word one passage holds
    weights = {stem: min(bm25.idf(word), cap) for word, stem in terms.items()}
    total = sum(weights.values())
    if total <= 0:
        return 0.0, 0.0
    per_text = [_stems(t) for t in texts]
    union = set().union(*per_text)

    def share(found: set[str]) -> float:
        return sum(w for stem, w in weights.items() if stem in found) / total

    return share(union), max(share(found) for found in per_text)
