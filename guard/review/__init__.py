"""Human review of escalated answers: the durable queue, its backends and the reviewer web page.

The pipeline calls ``open_queue(path_or_url).enqueue(item_from_response(resp))`` when a
policy escalates and puts the returned id in ``resp.escalation_id``; the application
polls ``queue.get(id)`` (status and final answer) or registers a webhook; reviewers
decide in the page from ``create_review_app(queue, token)``; ``golden_export`` turns
decisions into golden-set cases.
"""

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
    "DEFAULT_LEASE_S",
    "OPEN_STATUSES",
    "EscalationItem",
    "EventKind",
    "ItemFilter",
    "ItemNotFoundError",
    "ItemStatus",
    "NewItem",
    "QueueError",
    "ReviewClaim",
    "ReviewConflictError",
    "ReviewDecision",
    "ReviewEvent",
    "ReviewPassage",
    "ReviewQueue",
    "ReviewReason",
    "Webhook",
    "create_review_app",
    "item_from_response",
    "open_queue",
]


def __getattr__(name: str):
    # The web app pulls in FastAPI and Jinja: only those who serve the page pay for them.
    if name == "create_review_app":
        from guard.review.web import create_review_app

        return create_review_app
    raise AttributeError(f"module 'guard.review' has no attribute {name!r}")
