"""The ``guard`` field of a chat completion: what the guard decided and why, in brief.

Also the answer a request gets when every model failed: the pipeline raises ModelError
before any decision exists, so the server decides here, from the policy, what the user
sees (see :func:`model_failure`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from guard.decide import Action, Condition, Decision, Reason, apply_action
from guard.errors import ModelError
from guard.llm.types import Attempt
from guard.policy import Policy
from guard.server.schemas import (
    GuardMetadata,
    ModelSummary,
    PassageRef,
    RetrievalSummary,
    VerificationSummary,
)
from guard.verify.types import SupportLabel, Verification
from retrievers.types import RetrievalResult

if TYPE_CHECKING:
    from guard.response import GuardedResponse

__all__ = ["FailedCompletion", "guard_metadata", "model_failure"]

# A failed model leaves no draft to annotate or pass: only these actions mean anything then.
_FAILURE_ACTIONS = (Action.refuse, Action.escalate)


def guard_metadata(
    response: GuardedResponse, knowledge_base: str | None, requested_model: str
) -> GuardMetadata:
    return GuardMetadata(
        decision=response.decision.action,
        policy=response.decision.policy,
        reasons=response.decision.reasons,
        verification=verification_summary(response.verification),
        retrieval=retrieval_summary(response.retrieval, knowledge_base),
        model=ModelSummary(
            requested=requested_model,
            answered=response.model if response.attempts else None,
            drafts=response.attempts,
            calls=response.model_events,
            fallback_used=any(a.model != requested_model for a in response.model_events),
        ),
        trace_id=response.trace_id,
        escalation_id=response.escalation_id,
        timings_ms={stage: round(ms, 1) for stage, ms in response.timings.items()},
    )


def verification_summary(verification: Verification) -> VerificationSummary:
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
    )


def retrieval_summary(retrieval: RetrievalResult, knowledge_base: str | None) -> RetrievalSummary:
    return RetrievalSummary(
        knowledge_base=knowledge_base,
        gate=retrieval.gate,
        passages=[
            PassageRef(id=p.id, source=p.source, title=p.title, score=p.score) for p in retrieval.passages
        ],
    )


class FailedCompletion:
    """What the user gets when no model could draft an answer."""

    def __init__(self, answer: str, metadata: GuardMetadata) -> None:
        self.answer = answer
        self.metadata = metadata


def model_failure(error: ModelError, policy: Policy, requested_model: str, trace_id: str) -> FailedCompletion:
    """The policy's failure behaviour for a model that failed for good (retries and fallback spent).

    The condition is ``verifier_error`` (the guard could not produce anything to check);
    its action is the policy's, except that pass and annotate need a draft and so
    become refuse.
    """
    action = policy.actions.verifier_error
    if action not in _FAILURE_ACTIONS:
        action = Action.refuse
    reason = Reason(
        condition=Condition.verifier_error, action=action, detail=f"no answer could be drafted: {error}"
    )
    decision = Decision(action=action, reasons=[reason], policy=policy.name)
    calls: list[Attempt] = list(getattr(error, "attempts", []))
    metadata = GuardMetadata(
        decision=action,
        policy=policy.name,
        reasons=[reason],
        model=ModelSummary(
            requested=requested_model,
            calls=calls,
            fallback_used=any(a.model != requested_model for a in calls),
            failed=True,
            error=str(error),
        ),
        trace_id=trace_id,
    )
    return FailedCompletion(apply_action(decision, "", Verification(), policy), metadata)
