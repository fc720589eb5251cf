"""What ``guarded_completion`` returns."""

from __future__ import annotations

from pydantic import BaseModel, Field

from guard.decide import Action, Decision
from guard.llm.types import Attempt
from guard.verifiers.types import Verification
from retrievers.types import RetrievalResult

__all__ = ["GuardedResponse"]


class GuardedResponse(BaseModel):
    """The answer the guard stands behind, and everything that led to it.

    ``answer`` is what to show: the draft as is (pass), annotated, stripped, or the
    policy's refusal / holding text. ``draft`` is the model's last draft (with any
    citations the guard added), kept for audit and review.
    """

    answer: str
    draft: str
    question: str
    decision: Decision
    verification: Verification
    retrieval: RetrievalResult
    model: str
    usage: dict[str, int] = Field(default_factory=dict)
    attempts: int = 0  # drafts generated (0 when the gate refused before any model call)
    model_events: list[Attempt] = Field(default_factory=list)  # retries, fallbacks, errors
    timings: dict[str, float] = Field(default_factory=dict)  # milliseconds per stage
    trace_id: str
    escalation_id: str | None = None

    @property
    def refused(self) -> bool:
        return self.decision.action is Action.refuse
