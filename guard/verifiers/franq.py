"""FRANQ: faithfulness-aware uncertainty of each claim (METHODS.md section 6, seed 001).

Per claim ``c`` of an answer to question ``x`` with retrieved passages ``r``::

    ClaimProb(c)      = mean over c's tokens of log p(y_t | y_<t, x, r)
    ParamKnowledge(c) = mean over c's tokens of log p(y_t | y_<t, x)
    Contrast(c)       = ClaimProb(c) - ParamKnowledge(c)
    P(factual)        = P_faith * f1(ClaimProb) + (1 - P_faith) * f2(ParamKnowledge)

Log-probs come from teacher forcing with the embedded local LM: the whole answer is scored
once as the reply to (question + passages) and once as the reply to the question alone, so
the cost is two forward passes per answer whatever its number of claims. A claim's tokens
are the tokens whose character span overlaps a character of the claim outside its citation
markers (markers are the guard's bookkeeping, not content; a token that mixes a marker with
claim text, such as ``"]."``, still counts). When the local LM did not write the answer
(a hosted model, or the generator is unknown) it reads the answer as a proxy scorer, and
``Verification.scores.franq_proxy`` says so.

Cost: the with-retrieval pass (passages + question + answer) is most of it. The two passes
share no prefix worth caching (their prompts differ from the system line on; what they share
is the answer, which follows different contexts, so its keys and values differ), and the
claims already share both passes, so the saving is in the arithmetic: :class:`LocalScorer`
scores in bfloat16 where the CPU computes it natively (about 40 % less CPU per pass; token
log-probs within about 0.02 nats on average of float32).

When question, passages and answer do not fit the scorer's context window, the passages are
cut (each keeps its head; the token budget is shared evenly, a short passage passing its
unused share on), never the answer; ``franq_passages_truncated`` records it. An answer that
does not fit even without passages is a :class:`VerifierError`: the stage records it.

``f1`` and ``f2`` are either ``exp`` (uncalibrated) or isotonic maps fitted on labelled
claims (``franq_calibration.json``, made by ``ragguard train franq``, code in ``training/franq.py``):
``f1`` on claims judged faithful (P_faith >= 0.5), ``f2`` on the others, each in the direction
its training data shows (``training.franq.fit_calibration`` says why that matters on RAGTruth).

P_faith comes from :func:`faithfulness`, from the estimator the calibration was fitted with
(``FranqCalibration.p_faith_source``): ``support`` (the support score the ``support``
verifier wrote, run it before ``franq``; computed here with the same judge otherwise) or
``grounding`` (the trained grounding model in ``guard/grounding/model``). The maps and the
faithful / unfaithful split depend on that estimator, so switching is a refit, which names
the new source in the artifact: ``ragguard train franq refaith --source grounding`` then
``fit``. A calibration that names ``grounding`` while no grounding weights exist is a
:class:`VerifierError`, never a silent fallback.
"""

from __future__ import annotations

import copy
import json
import math
import threading
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

import numpy as np
from pydantic import BaseModel, Field, model_validator

from guard.errors import ConfigError, VerifierError
from guard.verifiers.artifacts import load_artifact
from guard.verifiers.citation_markers import find_markers, removal_spans
from guard.verifiers.types import Claim, ClaimScores, ClaimVerdict
from prompts.delimiting import format_passages, neutralise
from retrievers.types import Passage

if TYPE_CHECKING:
    from guard.llm.types import TokenScores
    from guard.verifiers.stage import VerificationState
    from guard.verifiers.types import VerificationInput

__all__ = [
    "CALIBRATION_PATH",
    "FAITHFUL_THRESHOLD",
    "ClaimLogprobs",
    "FranqCalibration",
    "FranqVerifier",
    "IsotonicMap",
    "LocalScorer",
    "Measurement",
    "PFaithSource",
    "ScoringPrecision",
    "TokenScorer",
    "claim_token_indices",
    "default_precision",
    "faithfulness",
    "load_calibration",
    "measure",
    "retrieval_messages",
]

CALIBRATION_PATH = Path(__file__).resolve().parent / "franq_calibration.json"
PFaithSource = Literal["support", "grounding"]
ScoringPrecision = Literal["bfloat16", "float32"]
# A claim at or above this P_faith counts as faithful when the calibration maps are fitted.
FAITHFUL_THRESHOLD = 0.5

_WITH_RETRIEVAL = "Answer the question using the passages."
_WITHOUT_RETRIEVAL = "Answer the question."
_NO_PASSAGES = "(no passages were found)"
# Tokens kept free besides prompt and answer: rendering joins text, so counts can shift a little.
_SLACK_TOKENS = 8


class TokenScorer(Protocol):
    """What FRANQ needs from a white-box LM: chat rendering, token counts and teacher forcing."""

    model: str  # the model string a generator would carry, e.g. "local/smollm2-135m-instruct"
    context_limit: int  # tokens of prompt + continuation it reads at most

    def render(self, messages: Sequence[dict[str, str]]) -> str: ...

    def token_offsets(self, text: str) -> list[tuple[int, int]]: ...

    def score(self, messages: Sequence[dict[str, str]], continuation: str) -> TokenScores: ...


class LocalScorer:
    """The embedded SmolLM2 (:func:`guard.llm.local_model.get_local_lm`) as FRANQ's scorer.

    ``precision``: ``bfloat16`` scores with a bfloat16 copy of the model (made once per process,
    about 270 MB): on a CPU that computes bfloat16 natively (AVX512-BF16 or AMX) a pass takes
    about 40 % less CPU than in float32, and token log-probs move by about 0.02 nats on average
    (at most about 0.15), so claim means and P(factual) barely move (tests/verifiers/
    test_franq_model.py bounds it). ``float32`` scores with the shared model itself. Default:
    bfloat16 where the CPU has native support, float32 elsewhere (emulated bfloat16 is slower).
    """

    def __init__(self, lm: Any = None, precision: ScoringPrecision | None = None) -> None:
        if lm is None:
            from guard.llm.local_model import get_local_lm

            lm = get_local_lm()
        from guard.llm.local_model import LOCAL_MODEL

        self._lm = lm
        self.model = LOCAL_MODEL
        self.context_limit = int(lm.model.config.max_position_embeddings)
        self.precision: ScoringPrecision = precision or default_precision()
        self._scoring = lm if self.precision == "float32" else _bfloat16_copy(lm)

    def render(self, messages: Sequence[dict[str, str]]) -> str:
        return self._lm.render_chat(messages)

    def token_offsets(self, text: str) -> list[tuple[int, int]]:
        encoded = self._lm.tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
        return [tuple(span) for span in encoded["offset_mapping"]]

    def score(self, messages: Sequence[dict[str, str]], continuation: str) -> TokenScores:
        return self._scoring.score(messages, continuation)


def default_precision() -> ScoringPrecision:
    """``bfloat16`` when the CPU computes it natively (Linux flags avx512_bf16 or amx_bf16)."""
    return "bfloat16" if _native_bfloat16() else "float32"


@lru_cache(maxsize=1)
def _native_bfloat16() -> bool:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:  # not Linux: no cheap way to know, and emulated bfloat16 is slower than float32
        return False
    lines = [line for line in text.splitlines() if line.startswith("flags")]
    flags = {flag for line in lines for flag in line.split(":", 1)[1].split()}
    return bool({"avx512_bf16", "amx_bf16"} & flags)


_half_lock = threading.Lock()
_half_models: dict[int, tuple[Any, Any]] = {}  # id(lm) -> (lm, its bfloat16 twin); lm kept alive


def _bfloat16_copy(lm: Any) -> Any:
    """A :class:`~guard.llm.local_model.LocalLM` over a bfloat16 copy of ``lm``'s model, one per ``lm``.

    A copy, not a cast in place: the model is shared with generation, which stays in float32.
    """
    with _half_lock:
        entry = _half_models.get(id(lm))
        if entry is None:
            import torch

            from guard.llm.local_model import LocalLM

            half = copy.deepcopy(lm.model).to(torch.bfloat16).eval()
            entry = _half_models[id(lm)] = (lm, LocalLM(half, lm.tokenizer, lm.load_report))
        return entry[1]


class ClaimLogprobs(BaseModel):
    """The two mean log-probs of one claim and how many tokens they average."""

    claim_prob: float
    param_knowledge: float
    n_tokens: int

    @property
    def contrast(self) -> float:
        return self.claim_prob - self.param_knowledge


class Measurement(BaseModel):
    """Both scoring passes over one answer, read per claim."""

    claims: list[ClaimLogprobs]
    passages_truncated: bool
    prompt_tokens: int  # of the with-retrieval prompt, after any truncation


def retrieval_messages(question: str, passages: Sequence[Passage]) -> list[dict[str, str]]:
    """The prompt of the with-retrieval pass: passages delimited as the answer prompt does."""
    body = format_passages(passages) or _NO_PASSAGES
    return [
        {"role": "system", "content": _WITH_RETRIEVAL},
        {"role": "user", "content": f"{body}\nQuestion: {neutralise(question.strip())}"},
    ]


def question_messages(question: str) -> list[dict[str, str]]:
    """The prompt of the without-retrieval pass."""
    return [
        {"role": "system", "content": _WITHOUT_RETRIEVAL},
        {"role": "user", "content": f"Question: {neutralise(question.strip())}"},
    ]


def measure(
    scorer: TokenScorer, question: str, passages: Sequence[Passage], answer: str, claims: Sequence[Claim]
) -> Measurement:
    """ClaimProb and ParamKnowledge of each claim: one forward pass per condition."""
    answer_tokens = len(scorer.token_offsets(answer))
    bare = question_messages(question)
    bare_tokens = len(scorer.token_offsets(scorer.render(bare)))
    if bare_tokens + answer_tokens + _SLACK_TOKENS > scorer.context_limit:
        raise VerifierError(
            f"the answer is {answer_tokens} tokens and the question prompt {bare_tokens}; the FRANQ "
            f"scorer {scorer.model} reads at most {scorer.context_limit}: shorten the answer or "
            "leave 'franq' out of the policy's verifiers for such answers"
        )
    budget = scorer.context_limit - answer_tokens - _SLACK_TOKENS
    messages, truncated, prompt_tokens = _fit_passages(scorer, question, list(passages), budget)
    with_r = scorer.score(messages, answer)
    without_r = scorer.score(bare, answer)
    if with_r.token_ids != without_r.token_ids:
        raise VerifierError("the two FRANQ passes tokenised the answer differently; cannot pair their tokens")
    markers = removal_spans(answer, find_markers(answer))
    out = []
    for claim in claims:
        indices = claim_token_indices(with_r.offsets, claim, markers)
        out.append(
            ClaimLogprobs(
                claim_prob=float(np.mean([with_r.logprobs[i] for i in indices])),
                param_knowledge=float(np.mean([without_r.logprobs[i] for i in indices])),
                n_tokens=len(indices),
            )
        )
    return Measurement(claims=out, passages_truncated=truncated, prompt_tokens=prompt_tokens)


def claim_token_indices(
    offsets: Sequence[tuple[int, int]], claim: Claim, markers: Sequence[tuple[int, int]]
) -> list[int]:
    """Tokens overlapping a character of ``claim`` that lies outside every marker span."""
    pieces = _claim_pieces(claim.start, claim.end, markers)
    indices = [i for i, (s, e) in enumerate(offsets) if any(s < pe and e > ps for ps, pe in pieces)]
    if not indices:
        raise VerifierError(f"claim {claim.index} ({claim.text[:60]!r}) covers no token of the scored answer")
    return indices


def _claim_pieces(start: int, end: int, markers: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """``[start, end)`` minus the marker spans, as disjoint ordered pieces."""
    pieces, pos = [], start
    for m_start, m_end in sorted(markers):
        if m_end <= pos or m_start >= end:
            continue
        if m_start > pos:
            pieces.append((pos, m_start))
        pos = max(pos, m_end)
    if pos < end:
        pieces.append((pos, end))
    return pieces


def _fit_passages(
    scorer: TokenScorer, question: str, passages: list[Passage], budget: int
) -> tuple[list[dict[str, str]], bool, int]:
    """The with-retrieval prompt within ``budget`` tokens, cutting passage tails if needed."""
    messages = retrieval_messages(question, passages)
    used = len(scorer.token_offsets(scorer.render(messages)))
    if used <= budget:
        return messages, False, used
    overhead = len(scorer.token_offsets(scorer.render(retrieval_messages(question, []))))
    available = budget - overhead
    for _ in range(4):  # rendering can add a few tokens around each cut: shrink and retry
        if available <= 0:
            break
        cut = _truncate_passages(scorer, passages, available)
        messages = retrieval_messages(question, cut)
        used = len(scorer.token_offsets(scorer.render(messages)))
        if used <= budget:
            return messages, True, used
        available -= used - budget
    # No room for any passage text: score with the question alone in the "retrieval" slot
    # would fake the condition, so refuse instead.
    raise VerifierError(
        f"no passage text fits the FRANQ scorer's {scorer.context_limit}-token window beside the "
        "answer: shorten the answer"
    )


def _truncate_passages(scorer: TokenScorer, passages: list[Passage], available: int) -> list[Passage]:
    """Each passage's head, the budget shared evenly and unused shares passed on (water-filling)."""
    offsets = [scorer.token_offsets(p.text) for p in passages]
    shares = _water_fill([len(o) for o in offsets], available)
    out = []
    for passage, spans, share in zip(passages, offsets, shares):
        if share <= 0:
            continue
        text = passage.text if share >= len(spans) else passage.text[: spans[share - 1][1]]
        out.append(passage.model_copy(update={"text": text}))
    return out


def _water_fill(sizes: list[int], available: int) -> list[int]:
    shares = [0] * len(sizes)
    left, open_ = available, sorted(range(len(sizes)), key=lambda i: sizes[i])
    while open_:
        fair = left // len(open_)
        i = open_[0]
        if sizes[i] <= fair:
            shares[i], left = sizes[i], left - sizes[i]
            open_.pop(0)
            continue
        for j in open_:
            shares[j] = fair
        break
    return shares


class IsotonicMap(BaseModel):
    """A fitted isotonic regression, as its thresholds: linear in between, clipped outside.

    That is exactly ``sklearn.isotonic.IsotonicRegression(out_of_bounds="clip").predict``.
    ``increasing`` is the direction the fit chose (see ``training.franq.fit_calibration``).
    """

    x: list[float]
    y: list[float]
    increasing: bool = True

    @model_validator(mode="after")
    def _monotone(self) -> IsotonicMap:
        if not self.x or len(self.x) != len(self.y):
            raise ValueError("an isotonic map needs as many y thresholds as x thresholds, at least one")
        ys = self.y if self.increasing else self.y[::-1]
        if any(b < a for a, b in pairwise(self.x)) or any(b < a for a, b in pairwise(ys)):
            direction = "non-decreasing" if self.increasing else "non-increasing"
            raise ValueError(f"isotonic thresholds must be non-decreasing in x and {direction} in y")
        if not all(0.0 <= v <= 1.0 for v in self.y):
            raise ValueError("isotonic map outputs must be probabilities in [0, 1]")
        return self

    def __call__(self, value: float) -> float:
        return float(np.interp(value, self.x, self.y))


class FranqCalibration(BaseModel):
    """The condition-calibrated maps and where they came from."""

    f1_claim_prob: IsotonicMap  # faithful claims: ClaimProb -> P(factual)
    f2_param_knowledge: IsotonicMap  # unfaithful claims: ParamKnowledge -> P(factual)
    faithful_threshold: float = FAITHFUL_THRESHOLD
    p_faith_source: PFaithSource  # the estimator the maps were fitted with, and so must be read with
    n_faithful: int
    n_unfaithful: int
    provenance: dict[str, str] = Field(default_factory=dict)  # data, scorer, command


def load_calibration(path: str | Path | None = None) -> FranqCalibration:
    """The calibration maps (default: the committed ``franq_calibration.json``), cached per file version."""
    return load_artifact(
        CALIBRATION_PATH if path is None else path,
        FranqCalibration,
        what="FRANQ calibration",
        command="ragguard train franq fit --out PATH (from a ragguard checkout)",
    ).value


def uncalibrated(claim_prob: float, param_knowledge: float, p_faith: float) -> float:
    """P(factual) with f1 = f2 = exp (a mean log-prob read as a geometric-mean probability)."""
    return p_faith * math.exp(claim_prob) + (1.0 - p_faith) * math.exp(param_knowledge)


def calibrated(
    calibration: FranqCalibration, claim_prob: float, param_knowledge: float, p_faith: float
) -> float:
    """P(factual) with the condition-calibrated isotonic maps."""
    return p_faith * calibration.f1_claim_prob(claim_prob) + (1.0 - p_faith) * calibration.f2_param_knowledge(
        param_knowledge
    )


# --- P_faith -----------------------------------------------------------------------------

def grounding_model() -> Any | None:
    """The configured grounding model (:func:`guard.grounding.model.shared_model`); ``None`` while there is none."""
    from guard.grounding.model import MANIFEST, model_dir, shared_model

    folder = model_dir()
    if not ((folder / MANIFEST).is_file() or (folder / "config.json").is_file()):
        return None
    return shared_model(folder)


def faithfulness(inp: VerificationInput, state: VerificationState, source: PFaithSource) -> list[float]:
    """P_faith per claim from ``source``: the one place that computes the faithfulness estimate.

    ``support``: the support score, read from the verdicts when the ``support`` verifier
    already judged them, computed with the same judge otherwise. ``grounding``: P(supported)
    from the grounding model, each claim against its own evidence window.
    """
    verdicts = state.report.claims
    if source == "grounding":
        model = grounding_model()
        if model is None:
            raise VerifierError(
                "the FRANQ calibration was fitted with P_faith from the grounding model, but "
                "guard/grounding/model holds no grounding.json: restore the weights, or refit with "
                "`ragguard train franq refaith --source support` and `ragguard train franq fit`"
            )
        return [
            s.supported for s in model.score_claims([v.claim.text for v in verdicts], state.passage_texts)
        ]
    if state.support_judged():
        return [v.support for v in verdicts]
    judge = state.evidence
    return [judge.score(v.claim.text, _evidence_for(v, inp)) for v in verdicts]


def _evidence_for(verdict: ClaimVerdict, inp: VerificationInput) -> list[str]:
    by_id = {p.id: p.text for p in inp.passages}
    cited = [by_id[i] for i in verdict.cited_passage_ids if i in by_id]
    return cited or [p.text for p in inp.passages]


# --- the verifier ------------------------------------------------------------------------


class FranqVerifier:
    """Writes the FRANQ scores per claim and the response-level minimum; judges no support.

    Per claim (``ClaimVerdict.scores``): ``franq_claim_prob``, ``franq_param_knowledge``,
    ``franq_contrast``, ``franq_p_faith``, ``franq_uncalibrated``, ``franq_calibrated``.
    Per response (``Verification.scores``): ``franq_calibrated_min`` and
    ``franq_uncalibrated_min`` (the least factual claim decides), ``franq_proxy`` (the
    local LM scored another model's answer), ``franq_passages_truncated``, and
    ``franq_faith_grounding`` (P_faith came from the grounding model).
    """

    name = "franq"
    judges_support = False
    requires: tuple[str, ...] = ()

    def __init__(
        self,
        scorer: TokenScorer | None = None,
        calibration: FranqCalibration | None = None,
        precision: ScoringPrecision | None = None,
    ) -> None:
        if precision not in (None, "bfloat16", "float32"):
            raise ConfigError(
                f"verifier_settings.franq.precision = {precision!r}: use bfloat16 or float32 "
                "(default: bfloat16 where the CPU computes it natively)"
            )
        self._scorer = scorer
        self._calibration = calibration
        self._precision = precision

    @property
    def scorer(self) -> TokenScorer:
        if self._scorer is None:
            self._scorer = LocalScorer(precision=self._precision)
        return self._scorer

    @property
    def calibration(self) -> FranqCalibration:
        return self._calibration if self._calibration is not None else load_calibration()

    def run(self, inp: VerificationInput, state: VerificationState) -> None:
        verdicts = state.report.claims
        scorer = self.scorer
        state.report.scores.franq_proxy = is_proxy(inp.generator, scorer.model)
        if not verdicts:
            return
        calibration = self.calibration  # fail before the costly passes when it is missing
        measured = measure(scorer, inp.question, inp.passages, inp.answer, [v.claim for v in verdicts])
        source = calibration.p_faith_source
        p_faith = faithfulness(inp, state, source)
        values = [
            _write_scores(verdict.scores, calibration, logprobs, faith)
            for verdict, logprobs, faith in zip(verdicts, measured.claims, p_faith, strict=True)
        ]
        scores = state.report.scores
        scores.franq_calibrated_min = min(c for c, _ in values)
        scores.franq_uncalibrated_min = min(u for _, u in values)
        scores.franq_passages_truncated = bool(measured.passages_truncated)
        scores.franq_faith_grounding = source == "grounding"


def is_proxy(generator: str | None, scorer_model: str) -> bool:
    """True unless the answer's generator is the scorer itself (with or without its prefix)."""
    if not generator:
        return True
    return generator.strip().lower() not in {scorer_model.lower(), scorer_model.split("/", 1)[-1].lower()}


def _write_scores(
    scores: ClaimScores, calibration: FranqCalibration, logprobs: ClaimLogprobs, p_faith: float
) -> tuple[float, float]:
    """Write one claim's FRANQ scores; returns its (calibrated, uncalibrated) P(true)."""
    cp, pk = logprobs.claim_prob, logprobs.param_knowledge
    scores.franq_claim_prob, scores.franq_param_knowledge = cp, pk
    scores.franq_contrast, scores.franq_p_faith = logprobs.contrast, p_faith
    scores.franq_uncalibrated = uncalibrated(cp, pk, p_faith)
    scores.franq_calibrated = calibrated(calibration, cp, pk, p_faith)
    return scores.franq_calibrated, scores.franq_uncalibrated


def dump_calibration(calibration: FranqCalibration, path: str | Path) -> None:
    """Write ``calibration`` as indented JSON (small: the isotonic thresholds only)."""
    Path(path).write_text(json.dumps(calibration.model_dump(mode="json"), indent=1) + "\n", encoding="utf-8")
