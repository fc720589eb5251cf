"""Refuse policies that fail open: a strict profile may not let a failure pass.

Three settings decide what happens when the guard cannot judge: ``actions.verifier_error``
(a verifier broke), ``actions.declined`` (the model gave the refusal sentence or nothing)
and ``regenerate.on_exhausted`` (redrafts ran out). Set to ``pass``, an answer nobody
checked reaches the user. A strict profile (medical, legal, or one extending them) must
not do that: :func:`check_fail_open` raises a ConfigError naming the file, the key and the
allowed values. Elsewhere it is a choice, and it is logged as a warning.

Hook (in ``guard.policy.load_policy``, after ``_check_verifiers``)::

    check_fail_open(policy, where=leaf.display)
"""

from __future__ import annotations

from guard.errors import ConfigError
from guard.observability import get_logger
from guard.policy import Action, Policy

__all__ = ["STRICT_PROFILES", "check_fail_open", "fail_open_settings", "is_strict"]

STRICT_PROFILES = frozenset({"medical", "legal"})
_log = get_logger(__name__)


def is_strict(policy: Policy) -> bool:
    """A packaged strict profile, or a policy that extends one."""
    return policy.name in STRICT_PROFILES or (policy.extends or "") in STRICT_PROFILES


def fail_open_settings(policy: Policy) -> list[str]:
    """The dotted keys of ``policy`` that let an unchecked answer through."""
    found = []
    if policy.actions.verifier_error is Action.pass_:
        found.append("actions.verifier_error")
    if policy.actions.declined is Action.pass_:
        found.append("actions.declined")
    if policy.regenerate.on_exhausted is Action.pass_:
        found.append("regenerate.on_exhausted")
    return found


def check_fail_open(policy: Policy, *, where: str, strict: bool | None = None) -> list[str]:
    """Raise for a strict policy that fails open; log a warning (and return the keys) otherwise."""
    keys = fail_open_settings(policy)
    if not keys:
        return []
    strict = is_strict(policy) if strict is None else strict
    if strict:
        raise ConfigError(
            f"{where}: {', '.join(f'{key} = pass' for key in keys)} lets an unchecked answer through, "
            f"which the strict profile {policy.name!r} may not do; use {_safer(keys)}"
        )
    _log.warning("policy.fails_open", policy=policy.name, where=where, settings=keys)
    return keys


def _safer(keys: list[str]) -> str:
    choices = {
        "actions.verifier_error": "annotate, refuse or escalate",
        "actions.declined": "refuse or escalate",
        "regenerate.on_exhausted": "annotate, strip, refuse or escalate",
    }
    return "; ".join(f"{key}: {choices[key]}" for key in keys)
