"""Reviewer sessions: a cookie signed with a key derived from the review token.

The cookie holds the reviewer's name, a per-session CSRF token and the time it was
issued, signed with HMAC-SHA256. Nothing is stored server-side, so changing the
review token ends every session at once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable

from pydantic import BaseModel, ValidationError

from guard.errors import ConfigError

__all__ = ["MIN_TOKEN_CHARS", "Session", "SessionSigner"]

MIN_TOKEN_CHARS = 16
_KEY_LABEL = b"ragguard-review-session-v1"


class Session(BaseModel):
    reviewer: str
    csrf: str
    issued_at: float


class SessionSigner:
    def __init__(self, token: str, *, max_age_s: float, clock: Callable[[], float] = time.time):
        if len(token or "") < MIN_TOKEN_CHARS:
            raise ConfigError(
                f"The review token has {len(token or '')} characters; use at least {MIN_TOKEN_CHARS} "
                "(e.g. python -c 'import secrets; print(secrets.token_urlsafe(24))')."
            )
        self._token = token.encode("utf-8")
        self._key = hmac.new(self._token, _KEY_LABEL, hashlib.sha256).digest()
        self._max_age_s = max_age_s
        self._clock = clock

    def token_matches(self, candidate: str) -> bool:
        return hmac.compare_digest(candidate.encode("utf-8"), self._token)

    def issue(self, reviewer: str) -> tuple[Session, str]:
        session = Session(reviewer=reviewer, csrf=secrets.token_urlsafe(24), issued_at=self._clock())
        # Unpadded, so the cookie value needs no quoting.
        body = base64.urlsafe_b64encode(session.model_dump_json().encode("utf-8")).decode("ascii").rstrip("=")
        return session, f"{body}.{self._signature(body)}"

    def read(self, cookie: str | None) -> Session | None:
        """The session in ``cookie``, or ``None`` when it is missing, forged or too old."""
        if not cookie or "." not in cookie:
            return None
        body, signature = cookie.rsplit(".", 1)
        if not (body.isascii() and signature.isascii()) or not hmac.compare_digest(
            signature, self._signature(body)
        ):
            return None
        try:
            session = Session.model_validate(
                json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
            )
        except (ValueError, ValidationError):
            return None
        age = self._clock() - session.issued_at
        return session if 0 <= age <= self._max_age_s else None

    def _signature(self, body: str) -> str:
        return hmac.new(self._key, body.encode("ascii"), hashlib.sha256).hexdigest()
