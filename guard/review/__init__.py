"""Human review of escalated answers: the durable queue, its backends and the reviewer web page."""

from guard.review.items import (
    DECIDED_STATUSES,
    OPEN_STATUSES,
    EscalationItem,
    EventKind,
    ItemFilter,
    ItemStatus,
    NewItem,
    ReviewClaim,
    ReviewDecision,
    ReviewEvent,
    ReviewPassage,
    ReviewReason,
    Webhook,
    item_from_response,
)
from guard.review.queue import (
    DEFAULT_LEASE_S,
    ItemNotFoundError,
    QueueError,
    ReviewConflictError,
    ReviewQueue,
    open_queue,
)

__all__ = [
    "DECIDED_STATUSES",
    "OPEN_STATUSES",
    "DEFAULT_LEASE_S",
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
    "ItemNotFoundError",
    "QueueError",
    "ReviewConflictError",
    "ReviewQueue",
    "open_queue",
]
