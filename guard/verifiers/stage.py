"""The verification stage: claims first, then each named verifier in turn.

A verifier reads the input and the state and writes its findings into
``state.report`` (per-claim verdicts, response-level metrics, signals). It
returns nothing; it may raise. The stage runs each one on a snapshot basis: a
verifier that raises leaves no half-written findings (the report is restored),
is recorded in ``Verification.failures``, and, when it judges support, every
claim is marked unsupported with ``signals["unjudged"] = 1``: a guard must not
let a claim look supported because its judge crashed. What happens next is the
policy's call, not the stage's.

Before any verifier runs, every claim is ``unsupported`` with support 0.0, so a
claim no verifier judged never looks supported either. Faithfulness is
supported claims / all claims, and 1.0 for an answer with no claim (nothing in
it is unsupported; ``claims == []`` and ``is_refusal`` tell the policy why). Last,
the spans of the answer left unsupported are marked (:mod:`guard.verifiers.spans`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from guard.observability import get_logger
from guard.verifiers.citations import resolve_citations
from guard.verifiers.claims import extract_claims
from guard.verifiers.refusal import is_refusal
from guard.verifiers.registry import DEFAULT_VERIFIERS, build_verifier
from guard.verifiers.spans import unsupported_spans
from guard.verifiers.support import EmbeddingJudge, EntailmentJudge
from guard.verifiers.types import (
    UNJUDGED_SIGNAL,
    Claim,
    ClaimVerdict,
    SupportLabel,
    Verification,
    VerificationInput,
    VerifierFailure,
    VerifyThresholds,
)

__all__ = ["VerificationState", "Verifier", "run_verification"]

_log = get_logger(__name__)


@dataclass
class VerificationState:
    """What verifiers share during one run: the report being filled and the judges."""

    inp: VerificationInput
    thresholds: VerifyThresholds
    report: Verification
    _evidence: EmbeddingJudge | None = field(default=None, repr=False)
    _judge: EntailmentJudge | None = field(default=None, repr=False)

    @property
    def evidence(self) -> EmbeddingJudge:
        """The embedding + lexical judge with this request's caches, prepared in one batch."""
        if self._evidence is None:
            judge = EmbeddingJudge(self.inp.question, self.thresholds.novelty_penalty)
            judge.prepare([v.claim.text for v in self.report.claims], [p.text for p in self.inp.passages])
            self._evidence = judge
        return self._evidence

    @property
    def judge(self) -> EntailmentJudge:
        """The entailment judge for citation checks; a stronger verifier may replace it."""
        return self._judge if self._judge is not None else self.evidence

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
    """One check over the claims. ``judges_support``: its failure leaves claims unjudged."""

    name: str
    judges_support: bool

    def run(self, inp: VerificationInput, state: VerificationState) -> None: ...


def run_verification(
    inp: VerificationInput,
    verifiers: Sequence[str] | None = None,
    thresholds: VerifyThresholds | None = None,
) -> Verification:
    """Split the answer into claims, run the named verifiers in order, and report."""
    started = time.perf_counter()
    names = list(DEFAULT_VERIFIERS if verifiers is None else verifiers)
    built = [build_verifier(name) for name in names]  # unknown names fail before any work
    state = VerificationState(inp, thresholds or VerifyThresholds(), _initial_report(inp, names))
    state.report.timings["claims"] = _ms_since(started)
    for verifier in built:
        _run_one(verifier, inp, state)
    report = state.report
    report.faithfulness = _faithfulness(report.claims)
    judged = any(v.judges_support for v in built)
    report.unsupported_spans = unsupported_spans(inp.answer, report, state.novel_terms, judged=judged)
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
    return Verification(claims=verdicts, verifiers=names, invalid_citations=invalid, is_refusal=refused)


def _initial_verdict(claim: Claim, inp: VerificationInput) -> ClaimVerdict:
    cited, invalid = resolve_citations(claim.citations, inp.passages)
    return ClaimVerdict(
        claim=claim,
        label=SupportLabel.unsupported,
        support=0.0,
        cited_passage_ids=cited,
        invalid_citations=invalid,
    )


def _run_one(verifier: Verifier, inp: VerificationInput, state: VerificationState) -> None:
    started = time.perf_counter()
    snapshot, judge = state.report.model_copy(deep=True), state._judge
    try:
        verifier.run(inp, state)
    except Exception as exc:  # any crash is a verdict of "could not judge"
        state.report, state._judge = snapshot, judge
        message = f"{type(exc).__name__}: {exc}"
        state.report.failures.append(VerifierFailure(verifier=verifier.name, message=message))
        if verifier.judges_support:
            _mark_unjudged(state.report, verifier.name)
        _log.error("verifier_failed", verifier=verifier.name, error=message)
    state.report.timings[verifier.name] = _ms_since(started)


def _mark_unjudged(report: Verification, name: str) -> None:
    for verdict in report.claims:
        if verdict.label is not SupportLabel.contradicted:
            verdict.label = SupportLabel.unsupported
        verdict.support = 0.0
        verdict.signals[UNJUDGED_SIGNAL] = 1.0
        verdict.type_evidence = f"not judged: verifier {name!r} failed"


def _faithfulness(verdicts: list[ClaimVerdict]) -> float:
    if not verdicts:
        return 1.0
    return sum(v.label is SupportLabel.supported for v in verdicts) / len(verdicts)


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
