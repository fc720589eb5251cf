"""One connection per thread for a SQL queue backend, all kept so that ``close`` reaches them.

Both backends (SQLite and PostgreSQL) open a connection lazily in each thread that
uses the queue; closing the queue must close every thread's connection, not only the
caller's, and a closed queue must refuse to open new ones.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from guard.errors import QueueError

__all__ = ["ThreadConnections"]


class _Closable(Protocol):
    def close(self) -> None: ...


C = TypeVar("C", bound=_Closable)


class ThreadConnections(Generic[C]):
    """This thread's connection, plus the list of every thread's connection for :meth:`close_all`."""

    def __init__(self, where: str) -> None:
        self._where = where
        self._local = threading.local()
        self._connections: list[C] = []
        self._guard = threading.Lock()
        self._closed = False

    def current(self) -> C | None:
        """This thread's connection, or ``None`` when it has none yet or the queue is closed."""
        conn = getattr(self._local, "conn", None)
        return None if self._closed else conn

    def forget(self) -> None:
        """Drop this thread's connection (it broke): the next call opens a new one."""
        self._local.conn = None

    def open(self, connect: Callable[[], C], *, slow: bool = False) -> C:
        """A new connection for this thread from ``connect``, kept for :meth:`close_all`.

        A ``slow`` connect (over the network) runs outside the lock, so threads connect in
        parallel and ``close_all`` does not wait on a server that does not answer.
        """
        with self._guard:
            self._raise_if_closed()
            if not slow:
                conn = connect()
                self._connections.append(conn)
        if slow:
            conn = connect()
            with self._guard:
                self._connections.append(conn)
        self._local.conn = conn
        return conn

    def close_all(self) -> None:
        with self._guard:
            self._closed = True
            connections, self._connections = self._connections, []
        for conn in connections:
            conn.close()

    def _raise_if_closed(self) -> None:
        if self._closed:
            raise QueueError(f"Review queue {self._where} is closed: open it again with open_queue().")
