"""Reviewer credentials: one argon2id hash per reviewer, in a private JSON file.

``ragguard review add-reviewer NAME --reviewers FILE`` writes a hash; the review page
checks a login against it, so a reviewer acts only in their own name. The file is
re-read when it changes, so adding or removing a reviewer needs no restart, and a
removed reviewer's sessions end at their next request.
"""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from guard.errors import ConfigError, InputError

__all__ = ["MIN_PASSWORD_CHARS", "ReviewerFile"]

MIN_PASSWORD_CHARS = 12
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$")
_hasher = PasswordHasher()  # argon2id with the library's current defaults
# Checked when the name is unknown, so a wrong name costs as long as a wrong password.
_DUMMY_HASH = _hasher.hash("ragguard-no-such-reviewer")


class ReviewerFile:
    """``{"reviewers": {name: argon2 hash}}`` at ``path``, written 0600."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._stamp: tuple[int, int] | None = None
        self._hashes: dict[str, str] = {}

    def add(self, name: str, password: str) -> None:
        """Add ``name`` (or replace their password)."""
        if not _NAME.match(name):
            raise InputError(
                f"reviewer name {name!r}: use 1-64 letters, digits, '_', '.', '@' or '-', starting with a "
                "letter or digit"
            )
        if len(password) < MIN_PASSWORD_CHARS:
            raise InputError(
                f"the password has {len(password)} characters; use at least {MIN_PASSWORD_CHARS}"
            )
        with self._lock:
            hashes = dict(self._read())
            hashes[name] = _hasher.hash(password)
            self._write(hashes)

    def remove(self, name: str) -> bool:
        with self._lock:
            hashes = dict(self._read())
            if hashes.pop(name, None) is None:
                return False
            self._write(hashes)
            return True

    def names(self) -> list[str]:
        with self._lock:
            return sorted(self._read())

    def exists(self, name: str) -> bool:
        with self._lock:
            return name in self._read()

    def verify(self, name: str, password: str) -> bool:
        with self._lock:
            stored = self._read().get(name)
        try:
            return _hasher.verify(stored or _DUMMY_HASH, password) and stored is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def _read(self) -> dict[str, str]:
        try:
            info = self.path.stat()
        except FileNotFoundError:
            self._stamp, self._hashes = None, {}
            return self._hashes
        stamp = (info.st_mtime_ns, info.st_size)
        if stamp != self._stamp:
            self._hashes = self._parse()
            self._stamp = stamp
        return self._hashes

    def _parse(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"{self.path}: cannot read the reviewers file ({exc})") from None
        reviewers = data.get("reviewers") if isinstance(data, dict) else None
        if not isinstance(reviewers, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in reviewers.items()
        ):
            raise ConfigError(
                f"{self.path}: expected {{\"reviewers\": {{name: hash}}}}; write it with "
                "`ragguard review add-reviewer`"
            )
        return reviewers

    def _write(self, hashes: dict[str, str]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({"reviewers": hashes}, out, indent=2, sort_keys=True)
        os.chmod(temporary, 0o600)
        os.replace(temporary, self.path)
        self._stamp = None
