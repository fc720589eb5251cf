"""The queue's operations, written once in SQL that SQLite and PostgreSQL both speak.

Backends supply connections, transactions and the two places where the dialects
differ: the placeholder and the row locks of ``claim``/decisions (``FOR UPDATE SKIP
LOCKED`` on PostgreSQL; SQLite needs none because ``BEGIN IMMEDIATE`` serialises
writers). Times are seconds since the epoch from the queue's clock, so leases and
ages mean the same on both backends and tests can move time.

A claimed item whose lease ran out is pending again: it is claimable, listed and
counted as pending, without a write to release it.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import httpx

from guard.errors import InputError
from guard.observability import get_logger
from guard.review.items import (
    DECIDED_STATUSES,
    EscalationItem,
    EventKind,
    ItemFilter,
    ItemStatus,
    NewItem,
    ReviewDecision,
    ReviewEvent,
    Webhook,
    utc_from_epoch,
)
from guard.review.queue import DEFAULT_LEASE_S, ItemNotFoundError, QueueError, ReviewConflictError
from guard.review.webhooks import DeliveryResult, DeliverySettings, deliver

__all__ = ["SCHEMA_VERSION", "SqlQueue", "Transaction", "schema_statements"]

SCHEMA_VERSION = "1"
_MAX_TEXT = 50_000
_MAX_NAME = 200
_ITEM_COLUMNS = "id, status, created_at, claimed_by, lease_expires, payload, decision"

_log = get_logger("guard.review")


def schema_statements(*, json_type: str, serial: str) -> list[str]:
    """The tables and indexes; ``json_type`` and ``serial`` are the dialect's spellings."""
    return [
        f"""CREATE TABLE IF NOT EXISTS items (
            id TEXT PRIMARY KEY,
            trace_id TEXT NOT NULL UNIQUE,
            status TEXT NOT NULL,
            policy TEXT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL,
            claimed_by TEXT,
            lease_expires DOUBLE PRECISION,
            decided_at DOUBLE PRECISION,
            reviewer TEXT,
            payload {json_type} NOT NULL,
            decision {json_type})""",
        # Claims seek the oldest pending item and the few expired leases through these two.
        "CREATE INDEX IF NOT EXISTS items_status_created ON items (status, created_at, id)",
        "CREATE INDEX IF NOT EXISTS items_status_lease ON items (status, lease_expires)",
        "CREATE INDEX IF NOT EXISTS items_policy_created ON items (policy, created_at)",
        "CREATE INDEX IF NOT EXISTS items_created ON items (created_at)",
        """CREATE TABLE IF NOT EXISTS item_reasons (
            item_id TEXT NOT NULL REFERENCES items (id),
            reason TEXT NOT NULL,
            PRIMARY KEY (item_id, reason))""",
        "CREATE INDEX IF NOT EXISTS item_reasons_reason ON item_reasons (reason, item_id)",
        f"""CREATE TABLE IF NOT EXISTS events (
            seq {serial},
            item_id TEXT,
            kind TEXT NOT NULL,
            actor TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            detail TEXT NOT NULL)""",
        "CREATE INDEX IF NOT EXISTS events_item ON events (item_id, seq)",
        """CREATE TABLE IF NOT EXISTS webhooks (
            id TEXT PRIMARY KEY,
            url TEXT NOT NULL,
            secret TEXT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL)""",
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        # One row per (decided item, webhook), written in the decision's transaction: a crash
        # between the decision and its delivery loses no notification. lease_until keeps two
        # processes from delivering one row at once; delivered_at marks it done (sent or given up).
        """CREATE TABLE IF NOT EXISTS outbox (
            item_id TEXT NOT NULL REFERENCES items (id),
            webhook_id TEXT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL,
            lease_until DOUBLE PRECISION,
            delivered_at DOUBLE PRECISION,
            PRIMARY KEY (item_id, webhook_id))""",
        "CREATE INDEX IF NOT EXISTS outbox_pending ON outbox (delivered_at, created_at)",
        # Reviewer sessions, shared by every process serving the page; keyed by the sha256 of
        # the cookie's random id, so reading the database does not give anyone a session.
        """CREATE TABLE IF NOT EXISTS sessions (
            id_hash TEXT PRIMARY KEY,
            reviewer TEXT NOT NULL,
            csrf TEXT NOT NULL,
            issued_at DOUBLE PRECISION NOT NULL)""",
        "CREATE INDEX IF NOT EXISTS sessions_reviewer ON sessions (reviewer)",
    ]


class Transaction:
    """One open transaction: run statements with ``?`` placeholders, read rows as tuples."""

    def __init__(self, cursor: Any, placeholder: str = "?"):
        self._cursor = cursor
        self._placeholder = placeholder

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        self._execute(sql, params)
        return [tuple(row) for row in self._cursor.fetchall()] if self._cursor.description else []

    def one(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        self._execute(sql, params)
        row = self._cursor.fetchone() if self._cursor.description else None
        return None if row is None else tuple(row)

    def run(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._execute(sql, params)

    def _execute(self, sql: str, params: Sequence[Any]) -> None:
        if self._placeholder != "?":
            sql = sql.replace("?", self._placeholder)
        self._cursor.execute(sql, tuple(params))


class SqlQueue:
    """Every :class:`~guard.review.queue.ReviewQueue` operation; subclasses own the connections."""

    # Row locks for the claim query and for a decision; empty where transactions serialise.
    _claim_lock = ""
    _update_lock = ""

    def __init__(
        self,
        *,
        clock: Callable[[], float] | None = None,
        webhook_attempts: int = 4,
        webhook_wait_s: float = 0.5,
        webhook_timeout_s: float = 5.0,
    ):
        self._clock = clock or time.time
        self._delivery = DeliverySettings(
            attempts=webhook_attempts, wait_s=webhook_wait_s, timeout_s=webhook_timeout_s
        )
        self._outbox = _OutboxWorker(self)

    # --- backend hooks -------------------------------------------------------------------------

    @contextmanager
    def _transaction(self, *, write: bool) -> Iterator[Transaction]:  # pragma: no cover - abstract
        raise NotImplementedError
        yield

    def close(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # --- schema --------------------------------------------------------------------------------

    def _check_version(self, tx: Transaction, where: str) -> None:
        tx.run(
            "INSERT INTO meta (key, value) VALUES ('schema_version', ?) ON CONFLICT (key) DO NOTHING",
            (SCHEMA_VERSION,),
        )
        found = tx.one("SELECT value FROM meta WHERE key = 'schema_version'")
        if found is None or found[0] != SCHEMA_VERSION:
            raise QueueError(
                f"Review queue {where} has schema version {found[0] if found else None!r}, this ragguard "
                f"reads version {SCHEMA_VERSION!r}: use a new queue location or the matching ragguard."
            )

    # --- enqueue and read ----------------------------------------------------------------------

    def enqueue(self, item: NewItem) -> str:
        now = self._clock()
        new_id = uuid.uuid4().hex
        with self._transaction(write=True) as tx:
            inserted = tx.one(
                "INSERT INTO items (id, trace_id, status, policy, created_at, updated_at, payload) "
                "VALUES (?, ?, 'pending', ?, ?, ?, ?) ON CONFLICT (trace_id) DO NOTHING RETURNING id",
                (new_id, item.trace_id, item.policy, now, now, item.model_dump_json()),
            )
            if inserted is None:
                existing = tx.one("SELECT id FROM items WHERE trace_id = ?", (item.trace_id,))
                assert existing is not None  # the conflict that skipped the insert is this row
                return existing[0]
            for reason in item.conditions:
                tx.run("INSERT INTO item_reasons (item_id, reason) VALUES (?, ?)", (new_id, reason))
            detail = f"policy {item.policy}; reasons: {', '.join(item.conditions) or 'none'}"
            self._append_event(tx, new_id, EventKind.enqueued, "guard", now, detail)
        return new_id

    def get(self, item_id: str) -> EscalationItem:
        with self._transaction(write=False) as tx:
            return self._load(tx, item_id, self._clock())

    def get_by_trace(self, trace_id: str) -> EscalationItem | None:
        with self._transaction(write=False) as tx:
            row = tx.one(f"SELECT {_ITEM_COLUMNS} FROM items WHERE trace_id = ?", (trace_id,))
        return None if row is None else _item_from_row(row, self._clock())

    def list_items(self, where: ItemFilter | None = None) -> list[EscalationItem]:
        where = where or ItemFilter()
        now = self._clock()
        clauses, params = _filter_clauses(where, now)
        sql = f"SELECT {_ITEM_COLUMNS} FROM items"
        if clauses:
            sql += " WHERE " + " AND ".join(clauses)
        sql += " ORDER BY created_at, id LIMIT ? OFFSET ?"
        with self._transaction(write=False) as tx:
            rows = tx.rows(sql, [*params, where.limit, where.offset])
        return [_item_from_row(row, now) for row in rows]

    def counts(self) -> dict[ItemStatus, int]:
        sql = (
            "SELECT CASE WHEN status = 'claimed' AND lease_expires <= ? THEN 'pending' ELSE status END, "
            "COUNT(*) FROM items GROUP BY 1"
        )
        with self._transaction(write=False) as tx:
            rows = tx.rows(sql, (self._clock(),))
        found = {ItemStatus(status): int(n) for status, n in rows}
        return {status: found.get(status, 0) for status in ItemStatus}

    def events(self, item_id: str | None = None) -> list[ReviewEvent]:
        sql = "SELECT seq, item_id, kind, actor, at, detail FROM events"
        params: tuple = ()
        if item_id is not None:
            sql, params = sql + " WHERE item_id = ?", (item_id,)
        with self._transaction(write=False) as tx:
            rows = tx.rows(sql + " ORDER BY seq", params)
        return [
            ReviewEvent(
                seq=seq, item_id=iid, kind=EventKind(kind), actor=actor, at=utc_from_epoch(at), detail=detail
            )
            for seq, iid, kind, actor, at, detail in rows
        ]

    # --- claims --------------------------------------------------------------------------------

    def claim(
        self, reviewer: str, *, item_id: str | None = None, lease_s: float = DEFAULT_LEASE_S
    ) -> EscalationItem | None:
        reviewer = _name(reviewer, "reviewer")
        if lease_s <= 0:
            raise InputError(f"lease_s must be positive seconds, got {lease_s}.")
        now = self._clock()
        with self._transaction(write=True) as tx:
            if item_id is None:
                row = self._next_free(tx, now)
            else:
                # One's own claim is renewed; another reviewer's live lease is not taken over.
                row = tx.one(
                    "SELECT id FROM items WHERE id = ? AND (status = 'pending' OR (status = 'claimed' "
                    f"AND (lease_expires <= ? OR claimed_by = ?))){self._claim_lock}",
                    (item_id, now, reviewer),
                )
            if row is None:
                return None
            tx.run(
                "UPDATE items SET status = 'claimed', claimed_by = ?, lease_expires = ?, updated_at = ? "
                "WHERE id = ?",
                (reviewer, now + lease_s, now, row[0]),
            )
            self._append_event(tx, row[0], EventKind.claimed, reviewer, now, f"lease {lease_s:g} s")
            return self._load(tx, row[0], now)

    def _next_free(self, tx: Transaction, now: float) -> tuple | None:
        """The oldest item that is pending or whose lease ran out.

        Two index seeks rather than one OR query, which would read every claimed row.
        """
        pending = tx.one(
            f"SELECT id, created_at FROM items WHERE status = 'pending' ORDER BY created_at, id LIMIT 1"
            f"{self._claim_lock}"
        )
        expired = tx.one(
            "SELECT id, created_at FROM items WHERE status = 'claimed' AND lease_expires <= ? "
            f"ORDER BY created_at, id LIMIT 1{self._claim_lock}",
            (now,),
        )
        found = [row for row in (pending, expired) if row is not None]
        return min(found, key=lambda row: (row[1], row[0])) if found else None

    def release(self, item_id: str, reviewer: str) -> EscalationItem:
        reviewer = _name(reviewer, "reviewer")
        now = self._clock()
        with self._transaction(write=True) as tx:
            status, holder, _lease = self._lock_row(tx, item_id)
            if status != ItemStatus.claimed.value or holder != reviewer:
                raise ReviewConflictError(
                    f"Item {item_id} is {status}"
                    + (f" and held by {holder}" if holder else "")
                    + f", not held by {reviewer}: only the reviewer holding an item can release it."
                )
            tx.run(
                "UPDATE items SET status = 'pending', claimed_by = NULL, lease_expires = NULL, "
                "updated_at = ? WHERE id = ?",
                (now, item_id),
            )
            self._append_event(tx, item_id, EventKind.released, reviewer, now, "")
            return self._load(tx, item_id, now)

    # --- decisions -----------------------------------------------------------------------------

    def approve(self, item_id: str, reviewer: str, *, comment: str = "") -> EscalationItem:
        return self._decide(item_id, reviewer, ItemStatus.approved, None, comment)

    def edit(self, item_id: str, reviewer: str, final_answer: str, *, comment: str = "") -> EscalationItem:
        text = _text(final_answer, "final_answer").strip()
        if not text:
            raise InputError("An edited answer cannot be empty: write the answer, or reject the item.")
        return self._decide(item_id, reviewer, ItemStatus.edited, text, comment)

    def reject(self, item_id: str, reviewer: str, *, comment: str = "") -> EscalationItem:
        return self._decide(item_id, reviewer, ItemStatus.rejected, None, comment)

    def _decide(
        self, item_id: str, reviewer: str, outcome: ItemStatus, edited: str | None, comment: str
    ) -> EscalationItem:
        reviewer = _name(reviewer, "reviewer")
        comment = _text(comment, "comment").strip()
        now = self._clock()
        with self._transaction(write=True) as tx:
            status, holder, lease = self._lock_row(tx, item_id)
            _check_decidable(item_id, reviewer, status, holder, lease, now)
            draft = self._load(tx, item_id, now).draft
            if outcome is ItemStatus.approved and not draft.strip():
                raise InputError(
                    f"Item {item_id} has no draft to approve (the model gave none): edit it with the answer "
                    "to send, or reject it."
                )
            final = {ItemStatus.approved: draft, ItemStatus.edited: edited}.get(outcome)
            decision = ReviewDecision(
                outcome=outcome,
                reviewer=reviewer,
                comment=comment,
                final_answer=final,
                decided_at=utc_from_epoch(now),
            )
            tx.run(
                "UPDATE items SET status = ?, claimed_by = NULL, lease_expires = NULL, decided_at = ?, "
                "reviewer = ?, decision = ?, updated_at = ? WHERE id = ?",
                (outcome.value, now, reviewer, decision.model_dump_json(), now, item_id),
            )
            self._append_event(tx, item_id, EventKind(outcome.value), reviewer, now, comment)
            tx.run(
                "INSERT INTO outbox (item_id, webhook_id, created_at) SELECT ?, id, ? FROM webhooks",
                (item_id, now),
            )
            item = self._load(tx, item_id, now)
        self._outbox.wake()  # delivered by the worker: a slow or broken hook never delays a decision
        return item

    def _lock_row(self, tx: Transaction, item_id: str) -> tuple[str, str | None, float | None]:
        row = tx.one(
            f"SELECT status, claimed_by, lease_expires FROM items WHERE id = ?{self._update_lock}", (item_id,)
        )
        if row is None:
            raise ItemNotFoundError(f"No review item has id {item_id!r}: list the queue to find ids.")
        return row  # type: ignore[return-value]

    # --- webhooks ------------------------------------------------------------------------------

    def register_webhook(self, url: str, secret: str) -> Webhook:
        url = _webhook_url(url)
        if len(secret) < 16:
            raise InputError(
                "A webhook secret must have at least 16 characters (use e.g. secrets.token_hex())."
            )
        now = self._clock()
        hook = Webhook(id=uuid.uuid4().hex, url=url, secret=secret, created_at=utc_from_epoch(now))
        with self._transaction(write=True) as tx:
            tx.run(
                "INSERT INTO webhooks (id, url, secret, created_at) VALUES (?, ?, ?, ?)",
                (hook.id, url, secret, now),
            )
            self._append_event(tx, None, EventKind.webhook_registered, "admin", now, url)
        return hook

    def webhooks(self) -> list[Webhook]:
        with self._transaction(write=False) as tx:
            rows = tx.rows("SELECT id, url, secret, created_at FROM webhooks ORDER BY created_at, id")
        return [Webhook(id=i, url=u, secret=s, created_at=utc_from_epoch(c)) for i, u, s, c in rows]

    # --- reviewer sessions (guard.review.sessions.SessionStore) ---------------------------------

    def save_session(self, id_hash: str, reviewer: str, csrf: str, issued_at: float) -> None:
        with self._transaction(write=True) as tx:
            tx.run(
                "INSERT INTO sessions (id_hash, reviewer, csrf, issued_at) VALUES (?, ?, ?, ?)",
                (id_hash, reviewer, csrf, issued_at),
            )

    def load_session(self, id_hash: str) -> tuple[str, str, float] | None:
        with self._transaction(write=False) as tx:
            row = tx.one("SELECT reviewer, csrf, issued_at FROM sessions WHERE id_hash = ?", (id_hash,))
        return None if row is None else (str(row[0]), str(row[1]), float(row[2]))

    def delete_sessions(self, *, id_hash: str | None = None, reviewer: str | None = None,
                        issued_before: float | None = None) -> int:  # fmt: skip
        """Delete one session, a reviewer's, or those issued before a time; returns how many."""
        where, params = [], []
        for column, op, value in (("id_hash", "=", id_hash), ("reviewer", "=", reviewer),
                                  ("issued_at", "<", issued_before)):  # fmt: skip
            if value is not None:
                where.append(f"{column} {op} ?")
                params.append(value)
        if not where:
            return 0
        with self._transaction(write=True) as tx:
            found = tx.one(f"SELECT COUNT(*) FROM sessions WHERE {' OR '.join(where)}", params)
            tx.run(f"DELETE FROM sessions WHERE {' OR '.join(where)}", params)
        return int(found[0]) if found else 0

    def flush_webhooks(self, timeout_s: float = 60.0) -> bool:
        """Wait until every pending delivery is done (sent or given up); False on timeout."""
        return self._outbox.flush(timeout_s)

    def _resume_deliveries(self) -> None:
        """Start delivering what a previous process left in the outbox (called once opened)."""
        with self._transaction(write=False) as tx:
            pending = tx.one("SELECT 1 FROM outbox WHERE delivered_at IS NULL LIMIT 1")
        if pending is not None:
            self._outbox.wake()

    def _claim_deliveries(self, limit: int = 20) -> list[tuple[str, str]]:
        now = self._clock()
        with self._transaction(write=True) as tx:
            rows = tx.rows(
                "SELECT item_id, webhook_id FROM outbox WHERE delivered_at IS NULL AND "
                f"(lease_until IS NULL OR lease_until < ?) ORDER BY created_at LIMIT {int(limit)}"
                f"{self._claim_lock}",
                (now,),
            )
            for item_id, webhook_id in rows:
                tx.run(
                    "UPDATE outbox SET lease_until = ? WHERE item_id = ? AND webhook_id = ?",
                    (now + _DELIVERY_LEASE_S, item_id, webhook_id),
                )
        return [(str(i), str(w)) for i, w in rows]

    def _deliver_one(self, item_id: str, webhook_id: str) -> None:
        hook = next((h for h in self.webhooks() if h.id == webhook_id), None)
        if hook is not None:
            item = self.get(item_id)
            try:
                result = deliver(hook, item, self._delivery)
            except Exception as exc:  # noqa: BLE001 (a delivery bug must not stop the worker)
                error = f"{type(exc).__name__}: {exc}"
                result = DeliveryResult(delivery_id="-", ok=False, attempts=0, error=error)
            if not result.ok:
                _log.warning("review_webhook_failed", item_id=item_id, url=hook.url, error=result.error)
        with self._transaction(write=True) as tx:
            if hook is not None:
                kind = EventKind.webhook_delivered if result.ok else EventKind.webhook_failed
                self._append_event(tx, item_id, kind, "webhook", self._clock(), result.describe(hook.url))
            tx.run(
                "UPDATE outbox SET delivered_at = ? WHERE item_id = ? AND webhook_id = ?",
                (self._clock(), item_id, webhook_id),
            )

    def _pending_deliveries(self) -> int:
        with self._transaction(write=False) as tx:
            row = tx.one("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL")
        return int(row[0]) if row else 0

    # --- shared helpers ------------------------------------------------------------------------

    def _load(self, tx: Transaction, item_id: str, now: float) -> EscalationItem:
        row = tx.one(f"SELECT {_ITEM_COLUMNS} FROM items WHERE id = ?", (item_id,))
        if row is None:
            raise ItemNotFoundError(f"No review item has id {item_id!r}: list the queue to find ids.")
        return _item_from_row(row, now)

    @staticmethod
    def _append_event(
        tx: Transaction, item_id: str | None, kind: EventKind, actor: str, at: float, detail: str
    ) -> None:
        tx.run(
            "INSERT INTO events (item_id, kind, actor, at, detail) VALUES (?, ?, ?, ?, ?)",
            (item_id, kind.value, actor, at, detail),
        )


def _item_from_row(row: tuple, now: float) -> EscalationItem:
    item_id, status, created_at, claimed_by, lease_expires, payload, decision = row
    fields = _json(payload)
    expired = status == ItemStatus.claimed.value and (lease_expires is None or lease_expires <= now)
    if expired:
        status, claimed_by, lease_expires = ItemStatus.pending.value, None, None
    return EscalationItem.model_validate(
        {
            **fields,
            "id": item_id,
            "status": status,
            "created_at": utc_from_epoch(created_at),
            "claimed_by": claimed_by,
            "lease_expires_at": utc_from_epoch(lease_expires),
            "decision": _json(decision) if decision is not None else None,
        }
    )


def _json(value: Any) -> dict:
    # SQLite hands back text; PostgreSQL's jsonb arrives parsed.
    return json.loads(value) if isinstance(value, (str, bytes)) else value


def _filter_clauses(where: ItemFilter, now: float) -> tuple[list[str], list[Any]]:
    clauses: list[str] = []
    params: list[Any] = []
    if where.statuses:
        parts = []
        for status in dict.fromkeys(where.statuses):
            if status is ItemStatus.pending:
                parts.append("(status = 'pending' OR (status = 'claimed' AND lease_expires <= ?))")
                params.append(now)
            elif status is ItemStatus.claimed:
                parts.append("(status = 'claimed' AND lease_expires > ?)")
                params.append(now)
            else:
                parts.append("status = ?")
                params.append(status.value)
        clauses.append("(" + " OR ".join(parts) + ")")
    if where.policy:
        clauses.append("policy = ?")
        params.append(where.policy)
    if where.reason:
        clauses.append("EXISTS (SELECT 1 FROM item_reasons r WHERE r.item_id = items.id AND r.reason = ?)")
        params.append(where.reason)
    if where.min_age_s is not None:
        clauses.append("created_at <= ?")
        params.append(now - where.min_age_s)
    if where.max_age_s is not None:
        clauses.append("created_at >= ?")
        params.append(now - where.max_age_s)
    return clauses, params


def _check_decidable(
    item_id: str, reviewer: str, status: str, holder: str | None, lease: float | None, now: float
) -> None:
    if status in {s.value for s in DECIDED_STATUSES}:
        raise ReviewConflictError(f"Item {item_id} was already {status}; a decision is final.")
    if status == ItemStatus.claimed.value and holder != reviewer and lease is not None and lease > now:
        raise ReviewConflictError(
            f"Item {item_id} is held by {holder} for {lease - now:.0f} more seconds: "
            "wait for the lease to end or pick another item."
        )


def _name(value: str, what: str) -> str:
    value = (value or "").strip()
    if not value or len(value) > _MAX_NAME:
        raise InputError(f"{what} must be 1 to {_MAX_NAME} characters, got {len(value)}.")
    return value


_DELIVERY_LEASE_S = 300.0  # a delivery (all its retries) claimed by a process that died is retried after this


class _OutboxWorker:
    """One daemon thread per queue that delivers the outbox; started on the first decision.

    Each delivery retries with back-off (tenacity, in :func:`deliver`); when it succeeds
    or gives up, the row is marked done and the audit trail records which.
    """

    def __init__(self, queue: SqlQueue) -> None:
        self._queue = queue
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._stop = False
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def wake(self) -> None:
        with self._lock:
            if self._stop:
                return
            self._idle.clear()
            self._wake.set()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="ragguard-webhooks", daemon=True)
                self._thread.start()

    def flush(self, timeout_s: float) -> bool:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self._idle.wait(timeout=0.05) and self._queue._pending_deliveries() == 0:
                return True
            if self._thread is None:
                self.wake()
        return False

    def stop(self, timeout_s: float = 5.0) -> None:
        with self._lock:
            self._stop = True
            thread = self._thread
        self._wake.set()
        if thread is not None:
            thread.join(timeout=timeout_s)

    def _run(self) -> None:
        while not self._stop:
            self._wake.wait(timeout=5.0)
            self._wake.clear()
            try:
                while not self._stop:
                    batch = self._queue._claim_deliveries()
                    if not batch:
                        break
                    for item_id, webhook_id in batch:
                        self._queue._deliver_one(item_id, webhook_id)
            except Exception as exc:  # noqa: BLE001 (a closed or broken queue: log, keep the thread alive)
                _log.warning("review_outbox_error", error=f"{type(exc).__name__}: {exc}")
            if not self._wake.is_set():
                self._idle.set()


def _text(value: str, what: str) -> str:
    if len(value) > _MAX_TEXT:
        raise InputError(f"{what} has {len(value)} characters; at most {_MAX_TEXT} are stored.")
    return value


def _webhook_url(url: str) -> str:
    url = url.strip()
    if not url.startswith(("http://", "https://")):
        raise InputError(f"Webhook URL {url!r} must start with http:// or https://.")
    try:
        parts = urlsplit(url)
        parsed = httpx.URL(url)
        _ = parts.port  # a port that is not a number raises here
    except (ValueError, httpx.InvalidURL) as exc:
        raise InputError(f"Webhook URL {url!r} does not parse ({exc}).") from None
    if not parts.hostname or not parsed.host or any(c.isspace() for c in url):
        raise InputError(
            f"Webhook URL {url!r} names no valid host: give e.g. https://hooks.example.com/ragguard."
        )
    return url
