"""The stacked detector: a calibrated P(hallucinated) per response, and per claim, from cheap signals.

``StackedVerifier`` reads what the verifiers named in its artifact's ``requires`` wrote
(``support`` and ``egc``, plus ``grounding`` for an artifact with grounding features; list
them before ``stacked`` in the policy), turns it into response-level features
(:func:`response_features`) and sets ``Verification.hallucination_probability`` (and the
signal ``stacked_probability``) with the logistic-regression head for the input's kind
(:func:`input_kind`: ``qa``, ``summary`` or ``data2txt``, inferred from the question and
the shape of the context; or one pooled head). Its claim head then gives every claim a
P(hallucinated) (signal ``stacked_claim_probability``) and a flag at the head's threshold
(``stacked_claim_flagged``), which decides the sentence spans of
``Verification.unsupported_spans`` (:mod:`guard.verifiers.spans`). Everything lives in
``stacked_detector.json``: plain JSON (means, scales, coefficients, thresholds, how and on
what it was trained, the cross-validation figures; no pickle).

Response features (an undefined value, e.g. EGC on an answer with no long claim, is imputed
with the training mean, so it sits at z = 0 and says nothing):

- lexical: share of the answer's content words in no passage (the ``lexical`` baseline),
  log count of answer numbers in neither the passages nor the question, share of claims with
  and log count of the numbers/names the support verifier found in no evidence, share of
  the answer's word pairs found in no passage, a phrase saying something is absent from
  the passages ("not mentioned", "does not provide", ...);
- support: min and mean of the claims' best-sentence cosine and content overlap, share of
  claims whose cosine is under the support verifier's floor. Read from the support
  verifier's own signals, not from the labels: the grounding verifier relabels claims it
  finds contradicted and overwrites their support score;
- EGC: cov, sup, agr, conn, iso, ``defined`` and the EGC detector's probability;
- grounding: max and mean P(not supported), max P(contradicted), share of claims whose most
  likely label is not "supported" (the per-claim signals ``grounding_*``);
- structure: log #claims, log answer characters, log #passages, log context characters,
  answer / context length ratio, share of "key: value" context lines, a summarisation
  instruction, the input kind;
- generator (``VerificationInput.generator``): RAGTruth's six models by name and their
  family (llama-2, gpt, mistral), one-hot; a generator none of them matches gets NaN for
  all, so it takes the known generators' average effect. On RAGTruth the generator moves
  the base rate strongly (91-94 % of Llama-2 and Mistral Data2txt answers are hallucinated,
  29 % of GPT ones): without these features train OOF AUROC falls from 0.881 to 0.818.
  Family x EGC products exist for the ``lr_interactions`` candidate.

Claim features (:func:`claim_features`): the claim's cosine, overlap, novel terms, novel
content words (count and share), length, position (first, last, relative), whether it opens
like an add-on ("Additionally", "Overall", ...), whether it is labelled not supported, the
response head's logit, and the generator and kind one-hots.

Training (``ragguard train stacked``, code in :mod:`guard.stacking`) uses RAGTruth train
minus our dev split only; the response threshold maximises F1, the claim threshold
character-level span F1, both on out-of-fold train predictions (the claim head is trained
on the response head's OOF logits, as it meets new ones at run time). The shipped artifact
has **no grounding features**: the committed grounding model was trained on every
hallucinated sentence of train minus dev, so on the stacker's training rows its outputs are
in-sample and look far better than they are (figures in :mod:`guard.stacking.fit`). Its
grounding-feature variants are cross-validated and reported in the artifact, not shipped;
``--grounding-features`` ships one once a grounding model exists that never saw the
training rows.

Dev figures, and the format-1 detector's beside them: ``docs/DETECTION.md`` and
``benchmarks/results/stacked.json`` (``python benchmarks/stacked_results.py``).

An artifact with grounding features records the fingerprint of the grounding model they
came from: with another grounding model the verifier refuses to score (a
:class:`VerifierError`, recorded by the stage) until the detector is retrained.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from pydantic import BaseModel, Field, ValidationError, model_validator

from guard.errors import ModelError, VerifierError
from guard.verifiers.support import COS_FLOOR
from guard.verifiers.types import CLAIM_FLAG_SIGNAL, CLAIM_PROBABILITY_SIGNAL, SupportLabel, Verification

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationState
    from guard.verifiers.types import VerificationInput

__all__ = [
    "ARTIFACT_PATH",
    "BASE_FEATURES",
    "CLAIM_FEATURES",
    "EGC_FEATURES",
    "EXTENDED_FEATURES",
    "FAMILIES",
    "GENERATORS",
    "GROUNDING_PREFIX",
    "GROUNDING_SIGNALS",
    "KINDS",
    "POOLED",
    "REQUIRES",
    "ClaimHead",
    "StackedHead",
    "StackedModel",
    "StackedVerifier",
    "claim_features",
    "generator_family",
    "generator_name",
    "grounding_fingerprint",
    "head_for",
    "input_kind",
    "interaction_name",
    "known_features",
    "load_stacked",
    "response_features",
]

ARTIFACT_PATH = Path(__file__).with_name("stacked_detector.json")
FORMAT = "ragguard-stacked/2"
TRAIN_COMMAND = "ragguard train stacked"
REQUIRES = ("support", "egc", "grounding")  # the verifiers every feature together needs
GROUNDING_PREFIX = "grounding_"
GROUNDING_SIGNALS = ("grounding_supported", "grounding_unsupported", "grounding_contradicted")
FAMILIES = ("llama-2", "gpt", "mistral", "other")
# RAGTruth's six generators by name (generator_name calls any other one "other").
GENERATORS = ("gpt-4", "gpt-3.5", "mistral-7b", "llama-2-7b", "llama-2-13b", "llama-2-70b")
# What the answer is asked to do, inferred from the input (see input_kind); each kind may have its own head.
KINDS = ("qa", "summary", "data2txt")
# A claim whose best evidence sentence is less similar than this counts as weakly supported
# (the support verifier's cosine floor: below it its cosine term is 0).
LOW_COSINE = COS_FLOOR
EGC_FEATURES = ("egc_cov", "egc_sup", "egc_agr", "egc_conn", "egc_iso", "egc_probability")
_GROUNDING_FEATURES = (
    "grounding_max_not_supported",
    "grounding_mean_not_supported",
    "grounding_max_contradicted",
    "grounding_not_supported_share",
)
BASE_FEATURES = (
    "novel_word_share",
    "novel_numbers_log",
    "novel_term_claim_share",
    "novel_terms_log",
    "cosine_min",
    "cosine_mean",
    "overlap_min",
    "overlap_mean",
    "low_support_share",
    *EGC_FEATURES,
    "egc_defined",
    *_GROUNDING_FEATURES,
    "log_claims",
    "log_answer_chars",
    "log_passages",
    "log_context_chars",
    *(f"family_{family}" for family in FAMILIES),
)
# Added in format 2 (measured in guard.stacking.fit): novel word pairs, absence phrasing,
# the context's shape and the generator by name rather than family. Absolute novelty counts
# were tried and left out: no better within the CV's noise, and they tie the score to length
# (a one-sentence fabrication has few novel words).
NOVELTY_FEATURES = (
    "novel_bigram_share",
    "absence_phrase",
    "structured_share",
    "summary_instruction",
    "answer_context_ratio",
)
# The claim head's features (claim_features), plus the response head's logit for the whole answer.
RESPONSE_LOGIT = "response_logit"
CLAIM_FEATURES = (
    "claim_cosine",
    "claim_overlap",
    "claim_novel_terms_log",
    "claim_novel_words_log",
    "claim_novel_word_share",
    "claim_chars_log",
    "claim_position",
    "claim_is_first",
    "claim_is_last",
    "claim_addition",
    "claim_not_supported",
    "log_claims",
    RESPONSE_LOGIT,
    *(f"generator_{name}" for name in GENERATORS),
    *(f"kind_{kind}" for kind in KINDS),
)
EXTENDED_FEATURES = (
    *BASE_FEATURES,
    *NOVELTY_FEATURES,
    *(f"generator_{name}" for name in GENERATORS),
    *(f"kind_{kind}" for kind in KINDS),
)


def interaction_name(family: str, feature: str) -> str:
    return f"family_{family}*{feature}"


def known_features() -> tuple[str, ...]:
    """Every feature name :func:`response_features` computes."""
    products = tuple(interaction_name(f, e) for f in FAMILIES for e in EGC_FEATURES)
    return (*EXTENDED_FEATURES, *products)


def generator_family(generator: str | None) -> str:
    """The generator's family: llama-2, gpt, mistral, or other (unknown included)."""
    name = (generator or "").lower()
    if "llama" in name:
        return "llama-2"
    if "gpt" in name:
        return "gpt"
    if "mistral" in name:
        return "mistral"
    return "other"


_GENERATOR_MARKS = (
    ("gpt-4", ("gpt-4",)),
    ("gpt-3.5", ("gpt-3.5",)),
    ("mistral-7b", ("mistral", "7b")),
    ("llama-2-70b", ("llama", "70b")),
    ("llama-2-13b", ("llama", "13b")),
    ("llama-2-7b", ("llama", "7b")),
)


def generator_name(generator: str | None) -> str:
    """The RAGTruth generator ``generator`` names (see GENERATORS), or "other"."""
    name = (generator or "").lower().replace("_", "-")
    for known, marks in _GENERATOR_MARKS:
        if all(mark in name for mark in marks):
            return known
    return "other"


# "key: value" lines (or a bare "key:" that opens a nested block): a record, not prose.
_RECORD_LINE = re.compile(r"^\s*[\w\- ]{1,40}:(\s|$)")
# An instruction to summarise, not a question about one ("Summary judgment requires ...?" is QA).
_SUMMARY_INSTRUCTION = re.compile(
    r"\s*(summari[sz]e\b|(write|give|provide) a (short |brief )?summary\b)", re.IGNORECASE
)
# The answer says something is absent from the passages (often true, and then faithful).
_ABSENCE = re.compile(
    r"\b(unable to|not (?:provided|mentioned|specified|available|include)|no (?:information|mention)"
    r"|does not (?:mention|provide|specify|say|include)|cannot (?:be determined|answer))",
    re.IGNORECASE,
)
# A sentence that opens like an add-on to the answer (where RAGTruth's generators often go
# beyond the passages).
_ADDITION = re.compile(
    r"^\s*(additionally|furthermore|moreover|overall|in summary|in conclusion|it is important"
    r"|it's important|however|note that|please note)\b",
    re.IGNORECASE,
)
# A context is a record (data-to-text) when this share of its non-empty lines are "key: value".
RECORD_SHARE = 0.7
RECORD_MIN_LINES = 3  # one "Rule 56: ..." line is prose that opens with a label, not a record


def _context_lines(inp: VerificationInput) -> list[str]:
    return [line for p in inp.passages for line in p.text.splitlines() if line.strip()]


def _record_share(lines: list[str]) -> float:
    return sum(bool(_RECORD_LINE.match(line)) for line in lines) / len(lines) if lines else 0.0


def input_kind(inp: VerificationInput) -> str:
    """What the answer was asked to do: "data2txt" (the context is a record), "summary", or "qa".

    Inferred, since callers do not say: on RAGTruth train it matches the task for all Summary
    and Data2txt responses and all but a handful of QA ones (tests/verifiers/test_stacked.py).
    """
    if _SUMMARY_INSTRUCTION.match(inp.question):  # before the record test: articles hold "Key: value" lists
        return "summary"
    lines = _context_lines(inp)
    if len(lines) >= RECORD_MIN_LINES and _record_share(lines) >= RECORD_SHARE:
        return "data2txt"
    return "summary" if not inp.question.strip() else "qa"


# --- features -------------------------------------------------------------------------------------


def response_features(
    inp: VerificationInput, report: Verification, requires: Sequence[str] = REQUIRES
) -> dict[str, float]:
    """Every known feature of one response; NaN where a value is undefined.

    Reads the verdicts and signals the ``requires`` verifiers left in ``report``; raises
    :class:`VerifierError` when one of them did not run or failed. Without ``grounding``
    among them the grounding features are NaN.
    """
    check_requirements(report, requires)
    features = {
        **_lexical(inp, report),
        **_support(report),
        **_egc(report),
        **(_grounding(report) if "grounding" in requires else _no_grounding()),
        **_structure(inp, report),
    }
    features.update(_novelty(inp))
    kind = input_kind(inp)
    features.update(_generator_one_hots(inp.generator))
    for name in KINDS:
        features[f"kind_{name}"] = float(name == kind)
    for name in FAMILIES:
        for egc_feature in EGC_FEATURES:
            features[interaction_name(name, egc_feature)] = features[f"family_{name}"] * features[egc_feature]
    return features


def _generator_one_hots(generator: str | None) -> dict[str, float]:
    """The generator's name and family one-hots, each group all NaN when it is not a known one.

    NaN is imputed with the training mean (z = 0), so an unknown generator (or a known family
    with an unknown size, "llama-3-8b") gets the average effect of the known ones instead of
    an all-zero pattern no training row had.
    """
    name, family = generator_name(generator), generator_family(generator)
    return {
        **{f"generator_{n}": math.nan if name == "other" else float(n == name) for n in GENERATORS},
        **{f"family_{n}": math.nan if family == "other" else float(n == family) for n in FAMILIES},
    }


def check_requirements(report: Verification, requires: Sequence[str] = REQUIRES) -> None:
    """Raise :class:`VerifierError` naming what to fix when a required verifier's output is missing."""
    order = ", ".join(repr(n) for n in (*requires, "stacked"))
    missing = [name for name in requires if name not in report.timings]
    if missing:
        raise VerifierError(
            f"the stacked detector reads the outputs of {', '.join(missing)}, which did not run "
            f"before it: list the verifiers in this order: {order}"
        )
    failed = [f for f in report.failures if f.verifier in requires]
    if failed:
        raise VerifierError(
            f"the stacked detector cannot score: verifier {failed[0].verifier!r} failed "
            f"({failed[0].message})"
        )
    if report.egc is None:
        raise VerifierError(f"the egc verifier left no EGC report: list the verifiers in this order: {order}")
    unscored = any(not all(s in v.signals for s in GROUNDING_SIGNALS) for v in report.claims)
    if "grounding" in requires and unscored:
        raise VerifierError(
            f"some claims carry no grounding signals ({', '.join(GROUNDING_SIGNALS)}): "
            f"list the verifiers in this order: {order}"
        )


def claim_features(inp: VerificationInput, report: Verification) -> list[dict[str, float]]:
    """One feature row per claim for the claim head, all of CLAIM_FEATURES but the response logit."""
    from guard.verifiers.lexical import content_words, vocabulary

    known = vocabulary([*(p.text for p in inp.passages), inp.question])
    n = len(report.claims)
    shared = {"log_claims": math.log1p(n)}
    kind = input_kind(inp)
    shared.update({k: v for k, v in _generator_one_hots(inp.generator).items() if k.startswith("generator_")})
    shared.update({f"kind_{name}": float(name == kind) for name in KINDS})
    rows = []
    for i, verdict in enumerate(report.claims):
        text = verdict.claim.text
        content = content_words(text)
        novel = [w for w in content if w not in known.words]
        rows.append({
            **shared,
            "claim_cosine": verdict.signals["cosine"],
            "claim_overlap": verdict.signals["overlap"],
            "claim_novel_terms_log": math.log1p(verdict.signals.get("novel_terms", 0.0)),
            "claim_novel_words_log": math.log1p(len(novel)),
            "claim_novel_word_share": len(novel) / len(content) if content else 0.0,
            "claim_chars_log": math.log1p(len(text)),
            "claim_position": i / (n - 1) if n > 1 else 0.0,
            "claim_is_first": float(i == 0),
            "claim_is_last": float(i == n - 1),
            "claim_addition": float(bool(_ADDITION.match(text))),
            # "unsupported" or "contradicted": a grounding verifier only turns one into the other.
            "claim_not_supported": float(verdict.label is not SupportLabel.supported),
        })
    return rows


def _lexical(inp: VerificationInput, report: Verification) -> dict[str, float]:
    from guard.verifiers.lexical import content_overlap, numbers_in, vocabulary

    passages = vocabulary(p.text for p in inp.passages)
    known_numbers = passages.numbers | vocabulary([inp.question]).numbers
    novel_numbers = {n for n in numbers_in(inp.answer) if n not in known_numbers}
    novel = [v.signals.get("novel_terms", 0.0) for v in report.claims]
    return {
        "novel_word_share": 1.0 - content_overlap(inp.answer, passages),
        "novel_numbers_log": math.log1p(len(novel_numbers)),
        "novel_term_claim_share": _share(n > 0 for n in novel),
        "novel_terms_log": math.log1p(sum(novel)),
    }


def _novelty(inp: VerificationInput) -> dict[str, float]:
    from guard.verifiers.lexical import words

    context_bigrams = {pair for p in inp.passages for pair in itertools.pairwise(words(p.text))}
    answer_bigrams = list(itertools.pairwise(words(inp.answer)))
    context_chars = sum(len(p.text) for p in inp.passages)
    return {
        "novel_bigram_share": _share(pair not in context_bigrams for pair in answer_bigrams),
        "absence_phrase": float(bool(_ABSENCE.search(inp.answer))),
        "structured_share": _record_share(_context_lines(inp)),
        "summary_instruction": float(bool(_SUMMARY_INSTRUCTION.match(inp.question))),
        "answer_context_ratio": math.log((len(inp.answer) + 1) / (context_chars + 1)),
    }


def _support(report: Verification) -> dict[str, float]:
    # The support verifier's own signals: a later verifier (grounding) may relabel a claim and
    # overwrite its support score, and that must not leak grounding into these features.
    cosine = [v.signals["cosine"] for v in report.claims]
    overlap = [v.signals["overlap"] for v in report.claims]
    return {
        "cosine_min": min(cosine, default=math.nan),
        "cosine_mean": float(np.mean(cosine)) if cosine else math.nan,
        "overlap_min": min(overlap, default=math.nan),
        "overlap_mean": float(np.mean(overlap)) if overlap else math.nan,
        "low_support_share": _share(c < LOW_COSINE for c in cosine),
    }


def _egc(report: Verification) -> dict[str, float]:
    egc = report.egc
    features = egc.features.model_dump() if egc is not None and egc.features is not None else {}
    names = ("cov", "sup", "agr", "conn", "iso")
    out = {f"egc_{name}": float(features.get(name, math.nan)) for name in names}
    probability = egc.probability if egc is not None else None
    out["egc_probability"] = math.nan if probability is None else float(probability)
    out["egc_defined"] = float(bool(egc is not None and egc.defined))
    return out


def _no_grounding() -> dict[str, float]:
    return dict.fromkeys(_GROUNDING_FEATURES, math.nan)


def _grounding(report: Verification) -> dict[str, float]:
    rows = [[v.signals[s] for s in GROUNDING_SIGNALS] for v in report.claims]
    if not rows:
        return _no_grounding()
    probs = np.array(rows, dtype=np.float64)
    not_supported = probs[:, 1] + probs[:, 2]
    return {
        "grounding_max_not_supported": float(not_supported.max()),
        "grounding_mean_not_supported": float(not_supported.mean()),
        "grounding_max_contradicted": float(probs[:, 2].max()),
        "grounding_not_supported_share": float(np.mean(np.argmax(probs, axis=1) != 0)),
    }


def _structure(inp: VerificationInput, report: Verification) -> dict[str, float]:
    return {
        "log_claims": math.log1p(len(report.claims)),
        "log_answer_chars": math.log1p(len(inp.answer)),
        "log_passages": math.log1p(len(inp.passages)),
        "log_context_chars": math.log1p(sum(len(p.text) for p in inp.passages)),
    }


def _share(flags) -> float:
    flags = list(flags)
    return sum(flags) / len(flags) if flags else math.nan


# --- the model --------------------------------------------------------------------------------------


class StackedHead(BaseModel):
    """One logistic regression: standardise (NaN -> the training mean), then a linear logit."""

    features: list[str] = Field(min_length=1)
    mean: list[float]
    scale: list[float]
    coef: list[float]
    intercept: float

    @model_validator(mode="after")
    def _consistent(self) -> StackedHead:
        n = len(self.features)
        if not len(self.mean) == len(self.scale) == len(self.coef) == n:
            raise ValueError(
                f"features, mean, scale and coef must have one entry each per feature ({n} features; "
                f"{len(self.mean)} means, {len(self.scale)} scales, {len(self.coef)} coefficients)"
            )
        known = (*known_features(), *CLAIM_FEATURES)
        unknown = sorted(set(self.features) - set(known))
        if unknown:
            raise ValueError(f"unknown features {unknown}: this code computes {list(known)}")
        if any(not s > 0 for s in self.scale):
            raise ValueError("every scale must be positive")
        if any(not math.isfinite(v) for v in (*self.mean, *self.coef, self.intercept)):
            raise ValueError("means, coefficients and the intercept must be finite numbers")
        return self

    def vector(self, features: dict[str, float]) -> np.ndarray:
        """The standardised feature vector; an undefined (NaN) value becomes 0 (the mean)."""
        raw = np.array([features[name] for name in self.features], dtype=np.float64)
        z = (raw - np.array(self.mean)) / np.array(self.scale)
        return np.where(np.isnan(z), 0.0, z)

    def logit(self, features: dict[str, float]) -> float:
        return float(self.vector(features) @ np.array(self.coef) + self.intercept)

    def probability(self, features: dict[str, float]) -> float:
        return _sigmoid(self.logit(features))


def _sigmoid(logit: float) -> float:
    if logit >= 0:  # the two forms keep exp() from overflowing on an extreme answer
        return 1.0 / (1.0 + math.exp(-logit))
    return math.exp(logit) / (1.0 + math.exp(logit))


class ClaimHead(BaseModel):
    """Per-claim P(hallucinated) over CLAIM_FEATURES, one head per input kind or one pooled (``"all"``).

    A claim at or above ``threshold`` is flagged.
    """

    heads: dict[str, StackedHead]
    threshold: float = Field(ge=0.0, le=1.0)
    rule: str = ""  # how the threshold was chosen
    cv: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> ClaimHead:
        _check_kinds(self.heads)
        other = sorted({f for head in self.heads.values() for f in head.features} - set(CLAIM_FEATURES))
        if other:
            raise ValueError(
                f"the claim head reads claim features only ({list(CLAIM_FEATURES)}); got {other}"
            )
        return self

    def head(self, kind: str) -> StackedHead:
        return head_for(self.heads, kind)


def head_for(heads: dict[str, StackedHead], kind: str) -> StackedHead:
    """The head for input ``kind`` (one of KINDS), or the pooled one."""
    return heads.get(kind) or heads[POOLED]


def _check_kinds(heads: dict[str, StackedHead]) -> None:
    if set(heads) not in ({POOLED}, set(KINDS)):
        raise ValueError(
            f"heads must be {{{POOLED!r}: ...}} or one per input kind {list(KINDS)}; got {sorted(heads)}"
        )


POOLED = "all"  # the key of a head that serves every input kind


class StackedModel(BaseModel):
    """``stacked_detector.json``: one head for every input kind (``"all"``) or one per kind."""

    format: Literal["ragguard-stacked/2"]
    heads: dict[str, StackedHead]
    threshold: float = Field(ge=0.0, le=1.0)
    claims: ClaimHead | None = None  # per-claim flags for the unsupported spans; None: spans from labels
    requires: list[str]
    grounding_fingerprint: str  # the grounding model the grounding features came from
    command: str
    trained_on: dict[str, Any] = Field(default_factory=dict)
    cv: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> StackedModel:
        _check_kinds(self.heads)
        if not {"support", "egc"} <= set(self.requires) <= set(REQUIRES):
            raise ValueError(f"requires must hold 'support' and 'egc' and lie within {list(REQUIRES)}")
        features = {f for head in self.heads.values() for f in head.features}
        if any(f in CLAIM_FEATURES and f not in known_features() for f in features):
            raise ValueError("claim features belong to the claim head, not to a response head")
        if "grounding" not in self.requires and any(GROUNDING_PREFIX in f for f in features):
            raise ValueError("grounding features need 'grounding' in requires")
        return self

    def head(self, kind: str) -> StackedHead:
        return head_for(self.heads, kind)

    def probability(self, features: dict[str, float], kind: str) -> float:
        """P(hallucinated | features) from the head for input ``kind`` (see :func:`input_kind`)."""
        return self.head(kind).probability(features)

    def claim_probabilities(
        self, rows: list[dict[str, float]], response_logit: float, kind: str
    ) -> list[float]:
        """Per-claim P(hallucinated) from the claim head for ``kind`` (rows from :func:`claim_features`)."""
        if self.claims is None:
            return []
        head = self.claims.head(kind)
        return [head.probability({**row, RESPONSE_LOGIT: response_logit}) for row in rows]


def load_stacked(path: str | Path = ARTIFACT_PATH) -> StackedModel:
    """The trained detector; a missing or malformed artifact is a :class:`ModelError`."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ModelError(
            f"stacked detector artifact {path} is missing: train it with `{TRAIN_COMMAND}`."
        ) from None
    return _parse(str(path), data)


@lru_cache(maxsize=4)
def _parse(path: str, data: bytes) -> StackedModel:
    try:
        return StackedModel.model_validate(json.loads(data))
    except (json.JSONDecodeError, UnicodeDecodeError, ValidationError) as exc:
        raise ModelError(
            f"stacked detector artifact {path} is malformed ({exc}); retrain it with `{TRAIN_COMMAND}`."
        ) from None


def grounding_fingerprint(folder: Path | None = None) -> str:
    """SHA-256 (12 hex) of the grounding model's manifest and weights; "none" without a model.

    Default: the folder the grounding verifier loads (``$RAGGUARD_GROUNDING_MODEL`` or the committed one).
    """
    from guard.grounding.model import MANIFEST, model_dir

    folder = Path(folder) if folder is not None else model_dir()
    manifest = folder / MANIFEST
    if not manifest.is_file():
        return "none"
    files = [manifest, *sorted(p for p in folder.iterdir() if p.suffix in {".safetensors", ".onnx", ".bin"})]
    return _fingerprint(tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files))


@lru_cache(maxsize=8)
def _fingerprint(files: tuple[tuple[str, int, int], ...]) -> str:
    # Keyed by path, mtime and size: the weights are hashed once per process, not per call.
    digest = hashlib.sha256()
    for path, _, _ in files:
        digest.update(Path(path).name.encode() + Path(path).read_bytes())
    return digest.hexdigest()[:12]


# --- the verifier -------------------------------------------------------------------------------------


class StackedVerifier:
    """Sets ``Verification.hallucination_probability`` and the signal ``stacked_probability``.

    ``threshold``: the artifact's decision threshold (flag at or above it), fitted on
    RAGTruth train minus dev; ``version``: a hash of the artifact. Judges no support.
    """

    name = "stacked"
    judges_support = False
    requires: tuple[str, ...] = REQUIRES

    def __init__(self, path: str | Path = ARTIFACT_PATH) -> None:
        self.path = Path(path)
        try:
            self._model: StackedModel | None = load_stacked(self.path)
            self._error: ModelError | None = None
        except ModelError as exc:  # the stage records it when the verifier runs
            self._model, self._error = None, exc
        self.threshold: float | None = self._model.threshold if self._model else None
        # The verifiers to run before this one: what the artifact's features read.
        self.requires = tuple(self._model.requires) if self._model else REQUIRES
        self.version = (
            hashlib.sha256(self.path.read_bytes()).hexdigest()[:12] if self._model else "unavailable"
        )

    @property
    def model(self) -> StackedModel:
        if self._model is None:
            raise self._error or ModelError(f"stacked detector {self.path} could not be loaded")
        return self._model

    def run(self, inp: VerificationInput, state: VerificationState) -> None:
        model = self.model
        running = grounding_fingerprint()
        if "grounding" in model.requires and running != model.grounding_fingerprint:
            raise VerifierError(
                f"the stacked detector was trained on grounding model {model.grounding_fingerprint}, "
                f"but the grounding model in use is {running}: retrain it with `{TRAIN_COMMAND}`"
            )
        features = response_features(inp, state.report, model.requires)
        kind = input_kind(inp)
        logit = model.head(kind).logit(features)
        probability = _sigmoid(logit)
        state.report.hallucination_probability = probability
        state.report.signals["stacked_probability"] = probability
        if model.claims is None:
            return
        claim_rows = claim_features(inp, state.report)
        probabilities = model.claim_probabilities(claim_rows, logit, kind)
        for verdict, p in zip(state.report.claims, probabilities, strict=True):
            verdict.signals[CLAIM_PROBABILITY_SIGNAL] = p
            verdict.signals[CLAIM_FLAG_SIGNAL] = float(p >= model.claims.threshold)
