"""Reviewer sessions, kept on the server: the cookie holds only a random session id.

Logging out deletes the session, so a copied cookie stops working at once; a
reviewer's sessions can all be ended (``revoke_reviewer``), and they end by
themselves after ``max_age_s``. They live in the review queue's database (keyed by
the sha256 of the id), so every process serving the page agrees on them; a queue
without that table keeps them in the process.

Failed logins are counted per client address and per reviewer name
(:class:`LoginThrottle`): past the budget a login is refused, right password or not,
until the window has passed.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from guard.errors import ConfigError

__all__ = ["MIN_TOKEN_CHARS", "LoginThrottle", "Session", "SessionStore", "check_token"]

MIN_TOKEN_CHARS = 16
_MAX_SESSIONS = 10_000


class Session(BaseModel):
    reviewer: str
    csrf: str
    issued_at: float


def check_token(token: str | None) -> str:
    if len(token or "") < MIN_TOKEN_CHARS:
        raise ConfigError(
            f"The review token has {len(token or '')} characters; use at least {MIN_TOKEN_CHARS} "
            "(e.g. python -c 'import secrets; print(secrets.token_urlsafe(24))')."
        )
    return token or ""


class SessionStore:
    """Sessions by cookie id. Kept in the review queue's database when it has a sessions
    table (every process serving the page sees a login and a logout), else in memory."""

    def __init__(
        self, *, max_age_s: float, clock: Callable[[], float] = time.time, queue: Any = None, realm: str = ""
    ) -> None:
        """``realm`` names the credentials sessions belong to: another token, another realm."""
        self._realm = realm
        self._max_age_s = max_age_s
        self._clock = clock
        self._db = queue if hasattr(queue, "save_session") else None
        self._sessions: dict[str, Session] = {}
        self._lock = threading.Lock()

    def issue(self, reviewer: str) -> tuple[Session, str]:
        session = Session(reviewer=reviewer, csrf=secrets.token_urlsafe(24), issued_at=self._clock())
        session_id = secrets.token_urlsafe(32)
        if self._db is not None:
            self._db.delete_sessions(issued_before=self._clock() - self._max_age_s)  # expired ones
            self._db.save_session(self._hash(session_id), reviewer, session.csrf, session.issued_at)
            return session, session_id
        with self._lock:
            if len(self._sessions) >= _MAX_SESSIONS:
                self._expire()
            self._sessions[session_id] = session
        return session, session_id

    def read(self, cookie: str | None) -> Session | None:
        """The live session ``cookie`` names, or ``None`` (missing, unknown, ended or too old)."""
        if not cookie or len(cookie) > 200:
            return None
        if self._db is not None:
            row = self._db.load_session(self._hash(cookie))
            session = None if row is None else Session(reviewer=row[0], csrf=row[1], issued_at=row[2])
            if session is not None and not self._fresh(session):
                self._db.delete_sessions(id_hash=self._hash(cookie))
                return None
            return session
        with self._lock:
            session = self._sessions.get(cookie)
            if session is not None and not self._fresh(session):
                del self._sessions[cookie]
                return None
        return session

    def revoke(self, cookie: str | None) -> None:
        if self._db is not None:
            if cookie:
                self._db.delete_sessions(id_hash=self._hash(cookie))
            return
        with self._lock:
            self._sessions.pop(cookie or "", None)

    def revoke_reviewer(self, reviewer: str) -> int:
        if self._db is not None:
            return self._db.delete_sessions(reviewer=reviewer)
        with self._lock:
            ended = [k for k, s in self._sessions.items() if s.reviewer == reviewer]
            for key in ended:
                del self._sessions[key]
        return len(ended)

    def _hash(self, session_id: str) -> str:
        return hashlib.sha256(f"{self._realm}:{session_id}".encode("utf-8", "replace")).hexdigest()

    def _fresh(self, session: Session) -> bool:
        return 0 <= self._clock() - session.issued_at <= self._max_age_s

    def _expire(self) -> None:
        self._sessions = {k: s for k, s in self._sessions.items() if self._fresh(s)}
        while len(self._sessions) >= _MAX_SESSIONS:  # still full: the oldest go first
            self._sessions.pop(next(iter(self._sessions)))




class LoginThrottle:
    """At most ``failures`` failed logins per key (address, reviewer name) in ``window_s``."""

    def __init__(
        self, failures: int = 5, window_s: float = 300.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.failures = failures
        self.window_s = window_s
        self._clock = clock
        self._times: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def wait_s(self, *keys: str) -> float:
        """Seconds until ``keys`` may try again (0: now)."""
        with self._lock:
            waits = [self._wait(key) for key in keys]
        return max(waits, default=0.0)

    def failed(self, *keys: str) -> None:
        with self._lock:
            if len(self._times) > _MAX_SESSIONS:
                self._times = {k: v for k, v in self._times.items() if self._wait(k) or v}
            for key in keys:
                self._times.setdefault(key, deque()).append(self._clock())

    def _wait(self, key: str) -> float:
        times = self._times.get(key)
        if not times:
            return 0.0
        while times and self._clock() - times[0] >= self.window_s:
            times.popleft()
        if len(times) < self.failures:
            return 0.0
        return self.window_s - (self._clock() - times[-self.failures])
