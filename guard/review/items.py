"""What the escalation queue stores: a self-contained snapshot of one escalated answer.

An item copies what a reviewer needs out of a :class:`~guard.response.GuardedResponse`
(question, passages, draft, per-claim verdicts and their evidence, policy, reasons,
holding answer) into its own small models with plain-string labels, so rows written
today still load after the verifier or policy types grow new fields or enum values.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import Enum
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from guard.response import GuardedResponse

__all__ = [
    "DECIDED_STATUSES",
    "OPEN_STATUSES",
    "EscalationItem",
    "EventKind",
    "ItemFilter",
    "ItemStatus",
    "NewItem",
    "ReviewClaim",
    "ReviewDecision",
    "ReviewEvent",
    "ReviewPassage",
    "ReviewReason",
    "Webhook",
    "item_from_response",
]


class ItemStatus(str, Enum):
    pending = "pending"  # waiting for a reviewer
    claimed = "claimed"  # a reviewer holds a lease on it (expired leases count as pending)
    approved = "approved"  # the draft stands as written
    edited = "edited"  # the reviewer wrote the final answer
    rejected = "rejected"  # nothing may be shown but a refusal


OPEN_STATUSES = (ItemStatus.pending, ItemStatus.claimed)
DECIDED_STATUSES = (ItemStatus.approved, ItemStatus.edited, ItemStatus.rejected)


class ReviewPassage(BaseModel):
    """A retrieved passage as the model saw it; ``number`` is what ``[n]`` markers cite."""

    number: int
    id: str
    text: str
    source: str = ""
    title: str | None = None


class ReviewClaim(BaseModel):
    """One claim of the draft with its verdict and the evidence the verifiers found."""

    index: int
    text: str
    start: int  # character span in the draft
    end: int
    label: str  # supported / unsupported / contradicted
    support: float
    citations: list[int] = Field(default_factory=list)
    cited_passage_ids: list[str] = Field(default_factory=list)
    best_passage_id: str | None = None
    best_sentence: str | None = None
    hallucination_type: str | None = None
    type_evidence: str | None = None
    # the rule that decided a label other than supported (ClaimVerdict.rule: "quantity.differs", ...)
    rule: str | None = None

    @property
    def flagged(self) -> bool:
        return self.label != "supported"


class ReviewReason(BaseModel):
    condition: str
    action: str
    detail: str
    claim_index: int | None = None


class NewItem(BaseModel):
    """Everything a reviewer needs to judge one escalated answer; ``trace_id`` keys it."""

    trace_id: str = Field(min_length=1)
    question: str
    draft: str
    holding_answer: str  # what the user was shown while waiting
    policy: str
    action: str = "escalate"
    reasons: list[ReviewReason] = Field(default_factory=list)
    claims: list[ReviewClaim] = Field(default_factory=list)
    passages: list[ReviewPassage] = Field(default_factory=list)
    model: str = ""
    faithfulness: float | None = None
    gate_passed: bool | None = None
    gate_relevance: float | None = None

    @property
    def conditions(self) -> list[str]:
        """The distinct conditions among the reasons, in first-seen order."""
        return list(dict.fromkeys(reason.condition for reason in self.reasons))

    def passage(self, passage_id: str | None) -> ReviewPassage | None:
        return next((p for p in self.passages if p.id == passage_id), None)


class ReviewDecision(BaseModel):
    outcome: ItemStatus  # one of DECIDED_STATUSES
    reviewer: str
    comment: str = ""
    final_answer: str | None  # None when rejected: the application shows its refusal
    decided_at: datetime


class EscalationItem(NewItem):
    id: str
    status: ItemStatus
    created_at: datetime
    claimed_by: str | None = None
    lease_expires_at: datetime | None = None
    decision: ReviewDecision | None = None

    @property
    def final_answer(self) -> str | None:
        return self.decision.final_answer if self.decision else None

    def held_by_other(self, reviewer: str, now: datetime) -> bool:
        """True while another reviewer's lease on this item runs."""
        return (
            self.status is ItemStatus.claimed
            and self.claimed_by != reviewer
            and self.lease_expires_at is not None
            and self.lease_expires_at > now
        )


class EventKind(str, Enum):
    enqueued = "enqueued"
    claimed = "claimed"
    released = "released"
    approved = "approved"
    edited = "edited"
    rejected = "rejected"
    webhook_registered = "webhook_registered"
    webhook_delivered = "webhook_delivered"
    webhook_failed = "webhook_failed"


class ReviewEvent(BaseModel):
    """One line of the append-only audit trail."""

    seq: int
    item_id: str | None  # None for queue-wide events (a webhook registered)
    kind: EventKind
    actor: str
    at: datetime
    detail: str = ""


class ItemFilter(BaseModel):
    """Which items ``ReviewQueue.list`` returns, oldest first."""

    statuses: list[ItemStatus] = Field(default_factory=list)  # empty: every status
    policy: str | None = None
    reason: str | None = None  # a condition name, e.g. "contradicted_claim"
    min_age_s: float | None = Field(None, ge=0)  # created at least this long ago
    max_age_s: float | None = Field(None, ge=0)  # created at most this long ago
    limit: int = Field(100, ge=1, le=10_000)
    offset: int = Field(0, ge=0)


class Webhook(BaseModel):
    id: str
    url: str
    secret: str
    created_at: datetime


def item_from_response(resp: GuardedResponse) -> NewItem:
    """The queue item for an escalated response: a snapshot, independent of later type changes."""
    passages = [
        ReviewPassage(number=n, id=p.id, text=p.text, source=p.source, title=p.title)
        for n, p in enumerate(resp.retrieval.passages, start=1)
    ]
    gate = resp.retrieval.gate
    return NewItem(
        trace_id=resp.trace_id,
        question=resp.question,
        draft=resp.draft,
        holding_answer=resp.answer,
        policy=resp.decision.policy,
        action=resp.decision.action.value,
        reasons=[
            ReviewReason(
                condition=r.condition.value, action=r.action.value, detail=r.detail, claim_index=r.claim_index
            )
            for r in resp.decision.reasons
        ],
        claims=[_claim(cv) for cv in resp.verification.claims],
        passages=passages,
        model=resp.model,
        faithfulness=resp.verification.faithfulness if resp.verification.claims else None,
        gate_passed=gate.passed,
        gate_relevance=gate.relevance,
    )


def _claim(cv) -> ReviewClaim:
    claim = cv.claim
    return ReviewClaim(
        index=claim.index,
        text=claim.text,
        start=claim.start,
        end=claim.end,
        label=cv.label.value,
        support=cv.support,
        citations=list(claim.citations),
        cited_passage_ids=list(cv.cited_passage_ids),
        best_passage_id=cv.best_passage_id,
        best_sentence=cv.best_sentence,
        hallucination_type=cv.hallucination_type.value if cv.hallucination_type else None,
        type_evidence=cv.type_evidence,
        rule=cv.rule,
    )


def utc_from_epoch(seconds: float | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, tz=UTC)
