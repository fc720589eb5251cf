"""The verification stage: claims first, then each named verifier in turn.

A verifier reads the input and the state and writes its findings into
``state.report`` (per-claim verdicts and ``ClaimVerdict.scores``, response-level
metrics and ``Verification.scores``). It returns nothing; it may raise. The stage
runs each one on a snapshot basis: a verifier that raises leaves no half-written
findings (the report is restored), is recorded in ``Verification.failures``, and,
when it judges support, every claim is marked unsupported and ``judged=False``
with a note: a guard must not let a claim look supported because its judge
crashed. A verifier that finishes is listed in ``Verification.completed``; one that
judges support marks every claim ``judged``. What happens next is the policy's
call, not the stage's.

Each run has a deadline (``VerificationSettings.deadline_s``, default 10 s): it is
checked before each verifier, and verifiers check it inside their loops
(:meth:`VerificationState.check_deadline`). Past it, the verifier that noticed and
every one after it are recorded as failures ("deadline exceeded after X s"), so
the policy's ``verifier_error`` action applies: the stage fails closed.

Before any verifier runs, every claim is ``unsupported`` with support 0.0, so a
claim no verifier judged never looks supported either. Faithfulness is
supported claims / all claims, and 1.0 for an answer with no claim (nothing in
it is unsupported; ``claims == []`` and ``is_refusal`` tell the policy why). Last,
the spans of the answer left unsupported are marked (:mod:`guard.verifiers.spans`).
"""

from __future__ import annotations

import dataclasses
import pickle
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from guard.errors import VerifierError
from guard.language import sentence_spans_many
from guard.observability import get_logger
from guard.verifiers.citations import resolve_citations
from guard.verifiers.claim_judge import ClaimJudge, units_of
from guard.verifiers.claims import extract_claims
from guard.verifiers.refusal import is_refusal
from guard.verifiers.registry import DEFAULT_VERIFIERS, build_verifier
from guard.verifiers.spans import unsupported_spans
from guard.verifiers.support import EmbeddingJudge, EntailmentJudge, paragraphs
from guard.verifiers.types import (
    Claim,
    ClaimVerdict,
    SupportLabel,
    Verification,
    VerificationInput,
    VerifierFailure,
    VerifyThresholds,
)
from guard.verifiers.verdict import JudgeRule

__all__ = [
    "DEFAULT_DEADLINE_S",
    "DeadlineExceeded",
    "VerificationSettings",
    "VerificationState",
    "Verifier",
    "build_settings",
    "load_models",
    "run_verification",
]

_log = get_logger(__name__)
# Seconds one verification may take before the remaining verifiers are recorded as failures.
DEFAULT_DEADLINE_S = 10.0


class DeadlineExceeded(VerifierError):
    """The verification ran past its deadline; the stage records it as the verifier's failure."""


@dataclass
class VerificationState:
    """What verifiers share during one run: the report being filled and the judges."""

    inp: VerificationInput
    thresholds: VerifyThresholds
    report: Verification
    deadline_s: float = DEFAULT_DEADLINE_S
    started: float = field(default_factory=time.perf_counter)
    _evidence: EmbeddingJudge | None = field(default=None, repr=False)
    _judge: EntailmentJudge | None = field(default=None, repr=False)
    _claim_judge: ClaimJudge | None = field(default=None, repr=False)
    # claims a support judge abstained on (text it cannot read): they stay judged=False
    abstained: set[int] = field(default_factory=set)

    def elapsed_s(self) -> float:
        return time.perf_counter() - self.started

    def past_deadline(self) -> bool:
        return self.elapsed_s() > self.deadline_s

    def check_deadline(self) -> None:
        """Raise :class:`DeadlineExceeded` once the run is past its deadline (cheap: call it in loops)."""
        if self.past_deadline():
            raise DeadlineExceeded(_deadline_message(self))

    def support_judged(self) -> bool:
        """Did the ``support`` verifier complete, leaving every claim judged?"""
        report = self.report
        return "support" in report.completed and all(v.judged for v in report.claims)

    @property
    def evidence(self) -> EmbeddingJudge:
        """The embedding + lexical judge with this request's caches, prepared in one batch."""
        if self._evidence is None:
            judge = EmbeddingJudge(self.inp.question, self.thresholds.novelty_penalty)
            claims = [v.claim.text for v in self.report.claims]
            # Every passage's paragraphs split in one spaCy call, kept by content: the
            # evidence units below and the judge's sentences read the same splits.
            sentence_spans_many([part for p in self.inp.passages for part in paragraphs(p.text)])
            units = [u.text for p in self.inp.passages for u in units_of(p.id, p.text).units]
            judge.prepare(claims, [p.text for p in self.inp.passages], extra_texts=units)
            self._evidence = judge
        return self._evidence

    @property
    def claim_judge(self) -> ClaimJudge:
        """The one claim judge (evidence units, facts, embedding score) every verifier asks: one
        per request, so a verdict asked for again (ALCE on the passages ``support`` judged) is
        the one already given. Rules alone: the guarded claim calibrator is opt-in (a tie on val,
        a small loss on RAGTruth sentences, docs/DETECTION.md)."""
        if self._claim_judge is None:
            self._claim_judge = ClaimJudge(self.evidence, self.thresholds.support)
        return self._claim_judge

    @property
    def judge(self) -> EntailmentJudge:
        """The entailment judge for citation checks and route hit rates: the claim judge, so a
        citation supports a claim exactly when the claim's own verdict would say so. A
        third-party verifier may replace it."""
        return self._judge if self._judge is not None else self.claim_judge

    @judge.setter
    def judge(self, judge: EntailmentJudge) -> None:
        self._judge = judge

    @property
    def passage_texts(self) -> list[str]:
        return [p.text for p in self.inp.passages]

    def novel_terms(self, claim_text: str) -> list[str]:
        """Numbers and names of the claim that no passage nor the question mentions."""
        if self._evidence is None:  # the lexical half needs no embedding: don't prepare one
            self._evidence = EmbeddingJudge(self.inp.question, self.thresholds.novelty_penalty)
        return self._evidence.novel(claim_text, self.passage_texts)


@runtime_checkable
class Verifier(Protocol):
    """One check over the claims.

    ``judges_support``: it labels claims, so its failure leaves them unjudged.
    ``requires``: the verifiers whose output it reads; they must run (and be listed) before it.
    """

    name: str
    judges_support: bool
    requires: tuple[str, ...]

    def run(self, inp: VerificationInput, state: VerificationState) -> None: ...


def requirements(verifier: Verifier) -> tuple[str, ...]:
    """``verifier.requires``; a third-party verifier written before ``requires`` existed has none."""
    return tuple(getattr(verifier, "requires", ()))


@dataclass(frozen=True)
class VerificationSettings:
    """The verifiers of one policy, built once, with the thresholds and deadline they run under."""

    verifiers: tuple[Verifier, ...]
    thresholds: VerifyThresholds = field(default_factory=VerifyThresholds)
    deadline_s: float = DEFAULT_DEADLINE_S
    # The policy's refusal sentence: an answer that is only this is a refusal, not a claim.
    refusal_text: str | None = None

    @property
    def names(self) -> list[str]:
        return [v.name for v in self.verifiers]


def build_settings(
    names: Sequence[str] | None = None,
    thresholds: VerifyThresholds | None = None,
    *,
    deadline_s: float = DEFAULT_DEADLINE_S,
    options: dict[str, dict[str, Any]] | None = None,
    refusal_text: str | None = None,
) -> VerificationSettings:
    """Build the named verifiers (default :data:`DEFAULT_VERIFIERS`) and load their models.

    ``options``: keyword settings per verifier name, given to its factory. Unknown names
    fail here, before any request.
    """
    chosen = list(DEFAULT_VERIFIERS if names is None else names)
    options = options or {}
    verifiers = tuple(build_verifier(name, **options.get(name, {})) for name in chosen)
    for verifier in verifiers:
        _prepare(verifier)
    return VerificationSettings(
        verifiers=verifiers,
        thresholds=thresholds or VerifyThresholds(),
        deadline_s=deadline_s,
        refusal_text=refusal_text,
    )


def load_models(settings: VerificationSettings) -> None:
    """Load the verifiers' models now (settings built elsewhere, e.g. sent to a Ray worker)."""
    for verifier in settings.verifiers:
        _prepare(verifier)


def _prepare(verifier: Verifier) -> None:
    """Load the verifier's models before any request (optional ``prepare()``).

    A model that cannot be loaded is not an error here: the verifier fails when it runs,
    and the stage records that failure like any other (the policy's verifier_error applies).
    """
    prepare = getattr(verifier, "prepare", None)
    if prepare is None:
        return
    try:
        prepare()
    except Exception as exc:  # noqa: BLE001 - reported when the verifier runs
        _log.warning("verifier_prepare_failed", verifier=verifier.name, error=f"{type(exc).__name__}: {exc}")


def run_verification(
    inp: VerificationInput,
    verifiers: VerificationSettings | Sequence[str] | None = None,
    thresholds: VerifyThresholds | None = None,
) -> Verification:
    """Split the answer into claims, run the verifiers in order, and report.

    ``verifiers``: built settings (a policy's :meth:`~guard.policy.Policy.verification_settings`),
    or names to build now (default :data:`DEFAULT_VERIFIERS`); ``thresholds`` overrides the
    settings' thresholds when given.
    """
    if not isinstance(verifiers, VerificationSettings):
        verifiers = build_settings(verifiers, thresholds)  # unknown names fail before any work
    elif thresholds is not None:
        verifiers = dataclasses.replace(verifiers, thresholds=thresholds)
    settings = verifiers
    started = time.perf_counter()  # the deadline counts the request's work, not loading models
    for verifier in settings.verifiers:
        _begin(verifier, inp)
    state = VerificationState(
        inp, settings.thresholds, _initial_report(inp, settings.names), settings.deadline_s, started
    )
    state.report.timings["claims"] = _ms_since(started)
    for verifier in settings.verifiers:
        if state.past_deadline():
            _fail(verifier, state, _deadline_message(state))
            continue
        _run_one(verifier, inp, state)
    report = state.report
    report.faithfulness = _faithfulness(report.claims)
    report.unsupported_spans = unsupported_spans(inp.answer, report, state.novel_terms)
    report.timings["total"] = _ms_since(started)
    _log.info(
        "verification",
        claims=len(report.claims),
        faithfulness=round(report.faithfulness, 3),
        failures=[f.verifier for f in report.failures],
        timings_ms={k: round(v, 1) for k, v in report.timings.items()},
    )
    return report


def _initial_report(inp: VerificationInput, names: list[str]) -> Verification:
    verdicts = [_initial_verdict(claim, inp) for claim in extract_claims(inp.answer)]
    invalid = sorted({n for v in verdicts for n in v.invalid_citations})
    refused = bool(inp.refusal_text) and is_refusal(inp.answer, inp.refusal_text or "")
    return Verification(
        claims=verdicts, verifiers=names, invalid_citations=invalid, is_refusal=refused,
        passage_ids=[p.id for p in inp.passages],
    )


def _initial_verdict(claim: Claim, inp: VerificationInput) -> ClaimVerdict:
    cited, invalid = resolve_citations(claim.citations, inp.passages)
    return ClaimVerdict(
        claim=claim,
        label=SupportLabel.unsupported,
        support=0.0,
        cited_passage_ids=cited,
        invalid_citations=invalid,
    )


def _begin(verifier: Verifier, inp: VerificationInput) -> None:
    """The verifier's optional ``begin(inp)``: background work it can start before the claims
    are known (EGC embeds the passages on the second core). Never fails the request: a
    failure here is met again when the verifier runs."""
    begin = getattr(verifier, "begin", None)
    if begin is None:
        return
    try:
        begin(inp)
    except Exception as exc:  # noqa: BLE001 - the verifier's run() meets and reports it
        _log.warning("verifier_begin_failed", verifier=verifier.name, error=f"{type(exc).__name__}: {exc}")


def _run_one(verifier: Verifier, inp: VerificationInput, state: VerificationState) -> None:
    started = time.perf_counter()
    snapshot, judge = _snapshot(state.report), state._judge
    try:
        verifier.run(inp, state)
    except DeadlineExceeded as exc:
        state.report, state._judge = _restore(snapshot), judge
        _fail(verifier, state, str(exc))
    except Exception as exc:  # any crash is a verdict of "could not judge"
        state.report, state._judge = _restore(snapshot), judge
        _fail(verifier, state, f"{type(exc).__name__}: {exc}")
    else:
        state.report.completed.append(verifier.name)
        if verifier.judges_support:
            for verdict in state.report.claims:
                if verdict.claim.index not in state.abstained:
                    verdict.judged, verdict.note = True, None
    state.report.timings[verifier.name] = _ms_since(started)


def _snapshot(report: Verification) -> bytes | Verification:
    """The report as it was before a verifier ran, to restore if it fails.

    Pickled: a quarter of the CPU of ``model_copy(deep=True)`` (0.08 against 0.3 ms for a
    five-claim report, taken before every verifier), and only a failure pays for the copy
    back. A report that will not pickle (a third-party verifier's value) is deep-copied.
    """
    try:
        return pickle.dumps(report, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - the slower copy always works
        return report.model_copy(deep=True)


def _restore(snapshot: bytes | Verification) -> Verification:
    return pickle.loads(snapshot) if isinstance(snapshot, bytes) else snapshot


def _fail(verifier: Verifier, state: VerificationState, message: str) -> None:
    state.report.failures.append(VerifierFailure(verifier=verifier.name, message=message))
    if verifier.judges_support:
        _mark_unjudged(state.report, verifier.name)
    _log.error("verifier_failed", verifier=verifier.name, error=message)


def _deadline_message(state: VerificationState) -> str:
    return f"deadline exceeded after {state.elapsed_s():.1f} s (the limit is {state.deadline_s:g} s)"


def _mark_unjudged(report: Verification, name: str) -> None:
    for verdict in report.claims:
        if verdict.label is not SupportLabel.contradicted:
            verdict.label = SupportLabel.unsupported
            verdict.rule = JudgeRule.verifier_failed.value
        verdict.support = 0.0
        verdict.judged = False
        verdict.note = f"not judged: verifier {name!r} failed"


def _faithfulness(verdicts: list[ClaimVerdict]) -> float:
    if not verdicts:
        return 1.0
    return sum(v.label is SupportLabel.supported for v in verdicts) / len(verdicts)


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
