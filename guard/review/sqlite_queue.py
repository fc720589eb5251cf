"""The SQLite backend: one file, zero set-up, safe for several threads and processes on one machine.

The file runs in WAL mode so readers never wait for the writer. Every change runs
in ``BEGIN IMMEDIATE``, which takes the write lock up front: two claims cannot both
read an item as free, and a busy writer makes others wait (``busy_timeout_s``)
rather than fail. ``synchronous=FULL`` makes an acknowledged enqueue survive a
crash of the process and of the machine.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from guard.review.connections import ThreadConnections
from guard.review.queue import QueueError
from guard.review.sql_queue import SqlQueue, Transaction, schema_statements

__all__ = ["SqliteQueue"]

_APPEND_ONLY = [
    f"""CREATE TRIGGER IF NOT EXISTS events_append_only_{op.lower()} BEFORE {op} ON events
    BEGIN SELECT RAISE(ABORT, 'the review audit trail is append-only'); END"""
    for op in ("UPDATE", "DELETE")
]


class SqliteQueue(SqlQueue):
    def __init__(
        self,
        path: Path,
        *,
        clock: Callable[[], float] | None = None,
        synchronous: str = "FULL",
        busy_timeout_s: float = 30.0,
        **delivery,
    ):
        super().__init__(clock=clock, **delivery)
        self.path = Path(path)
        self._synchronous = synchronous
        self._busy_timeout_s = busy_timeout_s
        self._connections: ThreadConnections[sqlite3.Connection] = ThreadConnections(str(self.path))
        self._write_lock = threading.Lock()
        _private_file(self.path)
        with self._transaction(write=True) as tx:
            for statement in schema_statements(json_type="TEXT", serial="INTEGER PRIMARY KEY AUTOINCREMENT"):
                tx.run(statement)
            for statement in _APPEND_ONLY:
                tx.run(statement)
            self._check_version(tx, str(self.path))
        self._resume_deliveries()

    def __repr__(self) -> str:
        return f"SqliteQueue({str(self.path)!r})"

    def close(self) -> None:
        self._outbox.stop()
        self._connections.close_all()

    @contextmanager
    def _transaction(self, *, write: bool) -> Iterator[Transaction]:
        if not write:
            with self._begin(write=False) as tx:
                yield tx
            return
        # Writers of this process queue on a lock, which hands over at once; SQLite's own
        # busy handler (for other processes) sleeps and retries, which wastes most of the time.
        with self._write_lock, self._begin(write=True) as tx:
            yield tx

    @contextmanager
    def _begin(self, *, write: bool) -> Iterator[Transaction]:
        conn = self._connection()
        try:
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.Error as exc:
            raise QueueError(f"Review queue {self.path} is unavailable: {exc}") from exc
        try:
            yield Transaction(conn.cursor())
        except sqlite3.Error as exc:
            _rollback(conn)
            raise QueueError(f"Review queue {self.path} failed: {exc}") from exc
        except BaseException:
            _rollback(conn)
            raise
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            _rollback(conn)
            raise QueueError(f"Review queue {self.path} could not commit: {exc}") from exc

    def _connection(self) -> sqlite3.Connection:
        conn = self._connections.current()
        return conn if conn is not None else self._connections.open(self._connect)

    def _connect(self) -> sqlite3.Connection:
        try:
            # Autocommit at the driver level: transactions are the explicit BEGIN/COMMIT above.
            # check_same_thread is off only so that close() may close every thread's connection.
            conn = sqlite3.connect(
                self.path, timeout=self._busy_timeout_s, isolation_level=None, check_same_thread=False
            )
            mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            conn.execute(f"PRAGMA synchronous={self._synchronous}")
            conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as exc:
            raise QueueError(f"Cannot open review queue {self.path}: {exc}") from exc
        if str(mode).lower() != "wal":
            conn.close()
            raise QueueError(
                f"Review queue {self.path} cannot use WAL mode (got {mode!r}); put it on a local disk."
            )
        return conn


def _private_file(path: Path) -> None:
    """Create the queue file 0600 (in a 0700 folder when the folder is new).

    It holds questions, passages, drafts and webhook secrets. SQLite gives the -wal and
    -shm files the database file's mode, so making the file private first covers them;
    the chmods also tighten a queue created before this rule. A folder that already
    existed is the caller's and keeps its mode.
    """
    folder = path.parent
    try:
        if not folder.exists():
            folder.mkdir(parents=True, mode=0o700)
            os.chmod(folder, 0o700)  # mkdir's mode passes through the umask
        os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
        for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            if name.exists():
                os.chmod(name, 0o600)
    except OSError as exc:
        raise QueueError(f"Cannot create review queue {path} (mode 600 in its folder): {exc}") from exc


def _rollback(conn: sqlite3.Connection) -> None:
    try:
        conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass  # no transaction left to undo (SQLite already rolled back on the error)
