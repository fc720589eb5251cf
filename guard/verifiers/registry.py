"""Verifier names and the factories that build them.

Adding a verifier is one file holding a class that follows
:class:`guard.verifiers.stage.Verifier` plus one line in ``_BUILTIN`` (or a call
to :func:`register_verifier` from outside the package). Built-in entries are
``"module:Class"`` strings imported on first use, so a verifier with a heavy
model costs nothing until a policy names it. A factory takes keyword settings
(a policy's ``verifier_settings``, e.g. ``stacked: {path: my_detector.json}``) and
is called once per policy (:meth:`guard.policy.Policy.verification_settings`),
not per request. An unknown name is a configuration error, never a silent skip.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from guard.errors import ConfigError

if TYPE_CHECKING:
    from guard.verifiers.stage import Verifier

__all__ = ["DEFAULT_VERIFIERS", "available_verifiers", "build_verifier", "register_verifier"]

VerifierFactory = Callable[..., "Verifier"]

# The one default list: verify() without verifiers, a policy without a verifiers key,
# policies/default.yaml and `ragguard verify` without --verifiers / --policy all run it.
# Run in this order: support sets the per-claim verdicts, citations reads the judge, egc
# builds the evidence graph, stacked turns support + EGC + lexical scores into
# hallucination_probability, types reads the labels the others left. Timed by
# benchmarks/verify_latency.py (5 passages, 5 claims, 2 cores; figures in docs/DETECTION.md); the grounding model
# and FRANQ cost more and are opt-in (a policy's verifiers, or verify(verifiers=...)).
DEFAULT_VERIFIERS: tuple[str, ...] = ("support", "citations", "egc", "stacked", "types")

_BUILTIN: dict[str, str] = {
    "support": "guard.verifiers.support:SupportVerifier",
    "citations": "guard.verifiers.citations:CitationVerifier",
    "types": "guard.verifiers.hallucination_types:TypeVerifier",
    "egc": "guard.verifiers.egc:EGCVerifier",
    "cross_route": "guard.verifiers.cross_route:CrossRouteVerifier",
    "franq": "guard.verifiers.franq:FranqVerifier",
    "stacked": "guard.verifiers.stacked.verifier:StackedVerifier",
    "grounding": "guard.verifiers.grounding:GroundingVerifier",
}
_registered: dict[str, VerifierFactory] = {}


def register_verifier(name: str, factory: VerifierFactory) -> None:
    """Make ``name`` usable in policies; replaces a built-in of the same name."""
    _registered[name] = factory


def available_verifiers() -> list[str]:
    return sorted({*_BUILTIN, *_registered})


def build_verifier(name: str, **settings: Any) -> Verifier:
    """A fresh verifier for ``name``, built with ``settings`` (its factory's keyword arguments)."""
    if name in _registered:
        return _call(name, _registered[name], settings)
    if name not in _BUILTIN:
        raise ConfigError(
            f"Unknown verifier {name!r}: choose from {', '.join(available_verifiers())}, "
            "or register it with guard.verifiers.register_verifier()."
        )
    module_name, _, class_name = _BUILTIN[name].partition(":")
    return _call(name, getattr(importlib.import_module(module_name), class_name), settings)


def _call(name: str, factory: VerifierFactory, settings: dict[str, Any]) -> Verifier:
    try:
        return factory(**settings)
    except TypeError as exc:
        if not settings:
            raise
        raise ConfigError(
            f"verifier {name!r} does not take the settings {sorted(settings)}: {exc}"
        ) from None
