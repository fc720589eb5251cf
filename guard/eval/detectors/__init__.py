"""Response-level hallucination detectors the evaluation harness compares.

One module per detector, one protocol (:class:`Detector`), one registry.
"""

from guard.eval.detectors.base import Detector, DetectorOutput, SharedVerification
from guard.eval.detectors.registry import available_detectors, build_detector, register_detector

__all__ = [
    "Detector",
    "DetectorOutput",
    "SharedVerification",
    "available_detectors",
    "build_detector",
    "register_detector",
]
