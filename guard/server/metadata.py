"""The ``guard`` field of a chat completion: what the guard decided and why, in brief."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from guard.decide import Condition
from guard.server.schemas import (
    GuardMetadata,
    ModelSummary,
    PassageRef,
    RetrievalSummary,
    VerificationSummary,
)
from guard.verifiers.types import SupportLabel, UnsupportedSpan, Verification
from retrievers.types import RetrievalResult

if TYPE_CHECKING:
    from guard.response import GuardedResponse

__all__ = ["guard_metadata", "retrieval_summary", "verification_summary"]


def guard_metadata(
    response: GuardedResponse, knowledge_base: str | None, requested_model: str
) -> GuardMetadata:
    failure = next((r for r in response.decision.reasons if r.condition is Condition.model_error), None)
    return GuardMetadata(
        decision=response.decision.action,
        policy=response.decision.policy,
        reasons=response.decision.reasons,
        quotes=response.decision.quotes,
        verification=verification_summary(response.verification, response.answer),
        retrieval=retrieval_summary(response.retrieval, knowledge_base),
        model=ModelSummary(
            requested=requested_model,
            answered=response.model if response.attempts else None,
            drafts=response.attempts,
            calls=response.model_events,
            fallback_used=any(a.model != requested_model for a in response.model_events),
            failed=failure is not None,
            error=failure.detail if failure else None,
        ),
        trace_id=response.trace_id,
        escalation_id=response.escalation_id,
        timings_ms={stage: round(ms, 1) for stage, ms in response.timings.items()},
    )


def verification_summary(verification: Verification, content: str | None = None) -> VerificationSummary:
    """The verification in brief; ``content``: the text returned, which its spans are placed in."""
    labels = Counter(v.label for v in verification.claims)
    types = Counter(v.hallucination_type.value for v in verification.claims if v.hallucination_type)
    return VerificationSummary(
        claims=len(verification.claims),
        supported=labels[SupportLabel.supported],
        unsupported=labels[SupportLabel.unsupported],
        contradicted=labels[SupportLabel.contradicted],
        faithfulness=verification.faithfulness,
        citation_recall=verification.citation_recall,
        citation_precision=verification.citation_precision,
        invalid_citations=verification.invalid_citations,
        hallucination_types=dict(types),
        verifier_failures=[f"{f.verifier}: {f.message}" for f in verification.failures],
        is_refusal=verification.is_refusal,
        hallucination_probability=verification.hallucination_probability,
        unsupported_spans=_placed(verification.unsupported_spans, content) if content is not None else [],
    )


def _placed(spans: list[UnsupportedSpan], content: str) -> list[UnsupportedSpan]:
    """The spans moved to where their text lies in ``content``.

    The verified draft may differ from what is returned (annotated, claims stripped): each
    sentence span is found again by its text, searching on from the previous one, and each
    term span inside its claim's sentence; a span whose text is gone (a stripped claim) is
    left out.
    """
    sentences, cursor = {}, 0
    for span in (s for s in spans if s.granularity == "sentence"):
        start = content.find(span.text, cursor)
        if start >= 0:
            sentences[span.claim_index] = cursor = start
    placed = []
    for span in spans:
        if span.claim_index not in sentences:
            continue
        start = content.find(span.text, sentences[span.claim_index])
        if start >= 0:
            placed.append(span.model_copy(update={"start": start, "end": start + len(span.text)}))
    return placed


def retrieval_summary(retrieval: RetrievalResult, knowledge_base: str | None) -> RetrievalSummary:
    return RetrievalSummary(
        knowledge_base=knowledge_base,
        gate=retrieval.gate,
        passages=[
            PassageRef(id=p.id, source=p.source, title=p.title, score=p.score) for p in retrieval.passages
        ],
    )
