"""The one error hierarchy of ragguard.

Every error a user can meet derives from :class:`GuardError` and carries a
message that says what was wrong and how to fix it. Lower-layer exceptions are
translated at the boundary with ``raise ... from exc``.

GuardError
├── ConfigError        a policy, prompt or setting file is invalid
├── InputError         a caller passed something unusable (empty query, bad file)
├── IndexError_        an index folder is missing, broken or from another version
├── ModelError         a model could not be loaded or called
└── VerifierError      a verifier could not judge (the policy decides what then)
"""

from __future__ import annotations

__all__ = [
    "GuardError",
    "ConfigError",
    "InputError",
    "IndexFormatError",
    "ModelError",
    "VerifierError",
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
    """A model could not be loaded or its call failed after retries."""


class VerifierError(GuardError):
    """A verifier could not produce a verdict."""
