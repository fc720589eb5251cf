"""The escalation queue's contract, its errors and the factory that opens a backend.

Two backends keep the same contract: SQLite (one file, zero set-up, several threads
or processes on one machine) and PostgreSQL (several guard processes on several
machines). :func:`open_queue` picks one from a path or a URL.

Life of an item: ``enqueue`` (pending) → ``claim`` (claimed, with a lease that
expires back to pending) → ``approve`` / ``edit`` / ``reject`` (final). Every change
is one transaction and appends to the audit trail (``events``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol, runtime_checkable

# The queue's errors live in the one hierarchy (guard.errors); re-exported here for callers of this module.
from guard.errors import ConfigError, ItemNotFoundError, QueueError, ReviewConflictError
from guard.review.items import EscalationItem, ItemFilter, ItemStatus, NewItem, ReviewEvent, Webhook

__all__ = [
    "DEFAULT_LEASE_S",
    "ItemNotFoundError",
    "QueueError",
    "ReviewConflictError",
    "ReviewQueue",
    "open_queue",
]

# Long enough to read an item and its passages, short enough that an abandoned tab
# does not hide an item for long.
DEFAULT_LEASE_S = 15 * 60.0

_PG_SCHEMES = ("postgresql://", "postgres://")
_SQLITE_SCHEME = "sqlite:///"


@runtime_checkable
class ReviewQueue(Protocol):
    """What the pipeline, the server and the review app use; both backends implement it."""

    def enqueue(self, item: NewItem) -> str:
        """Store ``item`` and return its id; the same ``trace_id`` again returns the first id."""
        ...

    def get(self, item_id: str) -> EscalationItem:
        """The item with its status and, once decided, the reviewer's final answer."""
        ...

    def get_by_trace(self, trace_id: str) -> EscalationItem | None: ...

    def list_items(self, where: ItemFilter | None = None) -> list[EscalationItem]:
        """Items matching ``where``, oldest first."""
        ...

    def counts(self) -> dict[ItemStatus, int]: ...

    def claim(
        self, reviewer: str, *, item_id: str | None = None, lease_s: float = DEFAULT_LEASE_S
    ) -> EscalationItem | None:
        """Hold ``item_id`` (or the oldest open item) for ``lease_s`` seconds.

        ``None`` when nothing is free: no open item, or ``item_id`` is decided or held by
        another reviewer. Claiming an item one already holds renews the lease.
        """
        ...

    def release(self, item_id: str, reviewer: str) -> EscalationItem: ...

    def approve(self, item_id: str, reviewer: str, *, comment: str = "") -> EscalationItem: ...

    def edit(
        self, item_id: str, reviewer: str, final_answer: str, *, comment: str = ""
    ) -> EscalationItem: ...

    def reject(self, item_id: str, reviewer: str, *, comment: str = "") -> EscalationItem: ...

    def events(self, item_id: str | None = None) -> list[ReviewEvent]:
        """The audit trail, oldest first: one item's, or the whole queue's."""
        ...

    def register_webhook(self, url: str, secret: str) -> Webhook:
        """POST every decision to ``url``, signed with ``secret`` (see ``guard.review.webhooks``)."""
        ...

    def webhooks(self) -> list[Webhook]: ...

    def flush_webhooks(self, timeout_s: float = 60.0) -> bool:
        """Wait for pending webhook deliveries (a background worker sends them)."""
        ...

    def close(self) -> None: ...


def open_queue(target: str | Path, *, clock: Callable[[], float] | None = None, **options) -> ReviewQueue:
    """The queue at ``target``: a ``postgresql://`` URL, a ``sqlite:///`` URL or a file path.

    ``clock`` (seconds since the epoch) replaces ``time.time`` in tests; ``options`` go to
    the backend (e.g. ``webhook_attempts``).
    """
    text = str(target).strip()
    if not text:
        raise ConfigError("The review queue location is empty: give a file path or a postgresql:// URL.")
    if text.startswith(_PG_SCHEMES):
        from guard.review.postgres_queue import PostgresQueue

        return PostgresQueue(text, clock=clock, **options)
    if text.startswith(_SQLITE_SCHEME):
        text = text[len(_SQLITE_SCHEME) - 1 :]
    elif "://" in text:
        scheme = text.split("://", 1)[0]
        raise ConfigError(
            f"Review queue URL scheme {scheme!r} is not supported: use a file path, "
            "sqlite:///path/to/queue.db or postgresql://user@host/db."
        )
    from guard.review.sqlite_queue import SqliteQueue

    return SqliteQueue(Path(text), clock=clock, **options)
