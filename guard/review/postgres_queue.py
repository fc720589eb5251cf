"""The PostgreSQL backend, for several guard and review processes sharing one queue.

``claim`` selects with ``FOR UPDATE SKIP LOCKED``: concurrent reviewers each lock a
different row instead of queueing behind one another, and the status re-check after
the lock means a row claimed meanwhile is skipped. Decisions lock their row with
``FOR UPDATE``. The tables live in the first schema of the connection's
``search_path`` (set ``options=-csearch_path=NAME`` in the URL to choose one).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from guard.review.connections import ThreadConnections
from guard.review.queue import QueueError
from guard.review.sql_queue import SqlQueue, Transaction, schema_statements

__all__ = ["PostgresQueue", "redact_url"]

# pg_advisory_xact_lock key: processes that start together create the schema one at a time.
_SCHEMA_LOCK = 0x7261677175657565

_APPEND_ONLY = [
    """CREATE OR REPLACE FUNCTION ragguard_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the review audit trail is append-only'; END $$""",
    """CREATE OR REPLACE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION ragguard_events_append_only()""",
    """CREATE OR REPLACE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION ragguard_events_append_only()""",
]


_HIDDEN = "***"
_UNREADABLE = "<connection string hidden: it does not parse>"


def redact_url(url: str) -> str:
    """``url`` without its password, for messages and logs.

    Every form libpq reads is covered: ``user:password@`` in a URL, ``?password=`` in its
    query, and ``password=...`` in a key=value string (quoted or not). A string that does
    not parse is hidden whole rather than guessed at.
    """
    if "://" in url:
        return _redact_uri(url)
    try:
        params = conninfo_to_dict(url)
    except psycopg.Error:
        return _UNREADABLE
    if not any(_is_password(key) for key in params):
        return url
    return make_conninfo("", **{k: _HIDDEN if _is_password(k) else v for k, v in params.items()})


def _redact_uri(url: str) -> str:
    try:
        parts = urlsplit(url)
    except ValueError:
        return _UNREADABLE
    userinfo, at, hosts = parts.netloc.rpartition("@")
    user, colon, _password = userinfo.partition(":")
    netloc = f"{user}{colon and ':' + _HIDDEN}{at}{hosts}"
    query = parse_qsl(parts.query, keep_blank_values=True)
    if any(_is_password(key) for key, _ in query):
        shown = urlencode([(k, _HIDDEN if _is_password(k) else v) for k, v in query], safe="/:*")
    else:
        shown = parts.query
    # Not urlunsplit: it drops the empty host of postgresql:///db (a Unix socket).
    return f"{parts.scheme}://{netloc}{parts.path}" + (f"?{shown}" if shown else "") + (
        f"#{parts.fragment}" if parts.fragment else ""
    )


def _is_password(key: str) -> bool:
    return key.strip().lower() == "password"


class _NulSafeTransaction(Transaction):
    """PostgreSQL text and JSONB cannot hold U+0000: store it as U+FFFD rather than lose the row."""

    def _execute(self, sql: str, params: Sequence[Any]) -> None:
        super()._execute(sql, [_without_nul(p) if isinstance(p, str) else p for p in params])


def _without_nul(text: str) -> str:
    if "\x00" not in text and "\\u0000" not in text:
        return text
    # A NUL inside JSON text is the escape \u0000 (an even number of backslashes before it is
    # escaped backslashes, not an escape).
    if text.startswith(("{", "[")):  # the JSON payload columns
        text = _JSON_NUL.sub(lambda m: m.group(1) + "\\ufffd", text)
    return text.replace("\x00", "\ufffd")


_JSON_NUL = re.compile(r"(?<!\\)((?:\\\\)*)\\u0000")


class PostgresQueue(SqlQueue):
    _claim_lock = " FOR UPDATE SKIP LOCKED"
    _update_lock = " FOR UPDATE"

    def __init__(
        self,
        url: str,
        *,
        clock: Callable[[], float] | None = None,
        connect_timeout_s: float = 5.0,
        **delivery,
    ):
        super().__init__(clock=clock, **delivery)
        self.url = url
        self._where = redact_url(url)
        self._connect_timeout_s = connect_timeout_s
        self._connections: ThreadConnections[psycopg.Connection] = ThreadConnections(self._where)
        with self._transaction(write=True) as tx:
            tx.run("SELECT pg_advisory_xact_lock(?)", (_SCHEMA_LOCK,))
            for statement in schema_statements(
                json_type="JSONB", serial="BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
            ):
                tx.run(statement)
            for statement in _APPEND_ONLY:
                tx.run(statement)
            self._check_version(tx, self._where)
        self._resume_deliveries()

    def __repr__(self) -> str:
        return f"PostgresQueue({self._where!r})"

    def close(self) -> None:
        self._outbox.stop()
        self._connections.close_all()

    @contextmanager
    def _transaction(self, *, write: bool) -> Iterator[Transaction]:
        # Both kinds run at READ COMMITTED; writes take row locks where they need them.
        conn = self._connection()
        try:
            with conn.transaction(), conn.cursor() as cursor:
                yield _NulSafeTransaction(cursor, placeholder="%s")
        except psycopg.Error as exc:
            if conn.broken or conn.closed:
                self._connections.forget()  # reconnect on the next call
            raise QueueError(f"Review queue {self._where} failed: {exc}".strip()) from exc

    def _connection(self) -> psycopg.Connection:
        conn = self._connections.current()
        if conn is not None and not conn.closed:
            return conn
        return self._connections.open(self._connect, slow=True)

    def _connect(self) -> psycopg.Connection:
        try:
            return psycopg.connect(
                self.url, autocommit=True, connect_timeout=max(1, round(self._connect_timeout_s))
            )
        except psycopg.Error as exc:
            raise QueueError(
                f"Cannot connect to review queue {self._where}: {exc}. Check that the server runs "
                "and the URL's host, port, user and database."
            ) from exc
