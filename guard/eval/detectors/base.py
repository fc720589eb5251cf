"""What every detector is: a name, a version, a threshold, and a score per response.

A detector reads one :class:`~guard.eval.records.EvalRecord` and returns a
:class:`DetectorOutput`: P(hallucinated) (or, for a detector that is not
probabilistic, a score where higher means more likely hallucinated), the answer
spans it marks as hallucinated (when it marks any), and extra named numbers.
``probability=None`` is an abstention and carries its reason; it is never replaced
by a made-up score.

Detectors that read the verification stage share one :func:`guard.verifiers.verify`
call per response through :class:`SharedVerification`: the harness plans the union
of the verifiers the detectors still to score need, and the first detector to ask
runs it.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from guard.eval.records import EvalRecord
from guard.eval.thresholds import ThresholdInfo

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationSettings
    from guard.verifiers.types import Verification

__all__ = [
    "Detector",
    "DetectorOutput",
    "SharedVerification",
    "failure_of",
    "sentences_by_label",
    "unsupported_sentences",
    "verifier_order",
]

# The eval's verification deadline: generous, since a measurement must not depend on the load.
EVAL_DEADLINE_S = 3600.0
# The order verifiers run in when several detectors need them: support first, since
# FRANQ reads its scores as P_faith when no grounding model is committed.
_VERIFIER_ORDER = ("support", "citations", "types", "egc", "cross_route", "franq")


class DetectorOutput(BaseModel):
    probability: float | None  # None: abstained, see ``reason``
    spans: list[tuple[int, int]] | None = None  # None: this detector marks no spans
    extra: dict[str, float] = Field(default_factory=dict)
    reason: str | None = None  # why the detector abstained


@runtime_checkable
class Detector(Protocol):
    """One response-level hallucination detector."""

    name: str
    version: str  # changes whenever its scores would: keys the result cache
    probabilistic: bool  # the score is meant as a probability: ECE is reported
    # Verifiers a shared verify() call must run for it; None: it never reads a verification.
    verifiers: tuple[str, ...] | None

    def unavailable(self) -> str | None:
        """Why this detector cannot run here (missing model or artifact), or None when it can."""
        ...

    def threshold(self) -> ThresholdInfo:
        """The decision threshold fixed on training data, or value None with the reason."""
        ...

    def score(self, record: EvalRecord) -> DetectorOutput: ...


def verifier_order(names: Iterable[str]) -> list[str]:
    """``names`` deduplicated, in the order the verification stage should run them."""
    unique = set(names)
    known = [n for n in _VERIFIER_ORDER if n in unique]
    return known + sorted(unique - set(_VERIFIER_ORDER))


class SharedVerification:
    """One verify() per response, shared by every detector that reads it.

    :meth:`prefetch` verifies a batch of responses at once (:func:`guard.verify_batch`: the
    passages they share are split and embedded once); :meth:`get` then hands each one out,
    and falls back to a single ``verify()`` for a response or a verifier set not prefetched.
    """

    def __init__(self) -> None:
        self._key: tuple[str, str] | None = None
        self._verifiers: tuple[str, ...] = ()
        self._result: Verification | None = None
        self.seconds = 0.0  # time of the last verification (a prefetched one: its share of the batch)
        self._ready: dict[tuple[str, str], tuple[tuple[str, ...], Verification, float]] = {}
        self._built: dict[tuple[str, ...], VerificationSettings] = {}

    def _settings(self, names: tuple[str, ...]) -> VerificationSettings:
        """The verifiers ``names``, built once per run (not per response), with the measurement deadline.

        A serving deadline would turn a response verified on a busy machine into a verifier
        failure (an abstention), so the figures would depend on the machine's load.
        """
        if names not in self._built:
            from guard.verifiers.stage import build_settings

            self._built[names] = build_settings(list(names), deadline_s=EVAL_DEADLINE_S)
        return self._built[names]

    def prefetch(self, records: Sequence[EvalRecord], plans: Sequence[Iterable[str]]) -> None:
        """Verify ``records`` (each with the verifiers of its plan) in batches, for :meth:`plan` to find."""
        from guard.verifiers.batch import VerifyItem, verify_batch

        self._ready.clear()
        groups: dict[tuple[str, ...], list[EvalRecord]] = {}
        for record, plan in zip(records, plans, strict=True):
            verifiers = tuple(verifier_order(plan))
            if verifiers:
                groups.setdefault(verifiers, []).append(record)
        for verifiers, group in groups.items():
            items = [VerifyItem(question=r.question, contexts=r.contexts, answer=r.answer, generator=r.model)
                     for r in group]
            started = time.perf_counter()
            reports = list(verify_batch(items, settings=self._settings(verifiers), batch_size=len(items)))
            share = (time.perf_counter() - started) / len(group)
            for record, report in zip(group, reports, strict=True):
                self._ready[(record.id, record.content_hash())] = (verifiers, report, share)

    def plan(self, record: EvalRecord, verifiers: Iterable[str]) -> None:
        """The verifiers the next verification of ``record`` runs (a superset of each reader's)."""
        self._key = (record.id, record.content_hash())
        self._verifiers = tuple(verifier_order(verifiers))
        self._result = None
        self.seconds = 0.0
        ready = self._ready.get(self._key)
        if ready is not None and ready[0] == self._verifiers:
            _, self._result, self.seconds = ready

    def get(self, record: EvalRecord, needs: Sequence[str]) -> Verification:
        """The verification of ``record`` with at least the verifiers ``needs``."""
        key = (record.id, record.content_hash())
        if key != self._key:
            self.plan(record, needs)
        elif not set(needs) <= set(self._verifiers):
            self.plan(record, [*self._verifiers, *needs])  # a reader the plan missed: widen and rerun
        if self._result is None:
            from guard.verifiers.api import verify

            started = time.perf_counter()
            self._result = verify(
                question=record.question,
                contexts=record.contexts,
                answer=record.answer,
                generator=record.model,
                settings=self._settings(self._verifiers),
            )
            self.seconds = time.perf_counter() - started
        return self._result


def failure_of(verification: Verification, needs: Sequence[str]) -> str | None:
    """The first failure of a verifier in ``needs``, as an abstention reason."""
    for failure in verification.failures:
        if failure.verifier in needs:
            return f"verifier {failure.verifier} failed: {failure.message}"
    return None


def unsupported_sentences(verification: Verification) -> list[tuple[int, int]]:
    """The sentence spans the verification marks (``Verification.unsupported_spans``), in order."""
    return [(s.start, s.end) for s in verification.unsupported_spans if s.granularity == "sentence"]


def sentences_by_label(verification: Verification, answer: str) -> list[tuple[int, int]]:
    """The sentence spans of the claims not labelled supported, whatever a claim head flagged."""
    from guard.verifiers.spans import unsupported_spans

    spans = unsupported_spans(answer, verification, lambda _text: [], use_flags=False)
    return [(s.start, s.end) for s in spans if s.granularity == "sentence"]
