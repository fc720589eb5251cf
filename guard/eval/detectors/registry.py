"""Detector names and the factories that build them (a registry, not an if/elif chain).

Built-in entries are ``"module:factory"`` strings imported on first use, so naming
``lexical`` costs no model import. A factory takes the run's
:class:`~guard.eval.detectors.base.SharedVerification`. An unknown name is an error.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial

from guard.errors import ConfigError
from guard.eval.detectors.base import Detector, SharedVerification

__all__ = ["available_detectors", "build_detector", "register_detector"]

DetectorFactory = Callable[[SharedVerification], Detector]

_BUILTIN: dict[str, str] = {
    "lexical": "guard.eval.detectors.lexical:LexicalDetector",
    "support": "guard.eval.detectors.support:SupportDetector",
    "egc": "guard.eval.detectors.egc:EGCResponseDetector",
    "grounding": "guard.eval.detectors.grounding:GroundingDetector",
    "stacked": "guard.eval.detectors.stacked:StackedDetector",
    **{
        name: "guard.eval.detectors.franq:FranqDetector"
        for name in (
            "franq",
            "franq_uncalibrated",
            "franq_claimprob",
            "franq_paramknowledge",
            "franq_contrast",
        )
    },
}
_registered: dict[str, DetectorFactory] = {}


def register_detector(name: str, factory: DetectorFactory) -> None:
    """Make ``name`` usable in ``--detectors``; replaces a built-in of the same name."""
    _registered[name] = factory


def available_detectors() -> list[str]:
    return sorted({*_BUILTIN, *_registered})


def build_detector(name: str, shared: SharedVerification) -> Detector:
    if name in _registered:
        return _registered[name](shared)
    if name not in _BUILTIN:
        raise ConfigError(f"Unknown detector {name!r}: choose from {', '.join(available_detectors())}.")
    module_name, _, attribute = _BUILTIN[name].partition(":")
    factory = getattr(importlib.import_module(module_name), attribute)
    if module_name.endswith(".franq"):
        factory = partial(factory, name=name)
    return factory(shared)
