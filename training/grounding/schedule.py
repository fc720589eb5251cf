"""The grounding trainers' learning-rate schedule and class weights, in plain Python.

Shared by the CPU trainer (:mod:`training.grounding.train`, and through it the judge's) and the
accelerator entry (:mod:`training.judge.gpu_train`), which runs where neither pydantic nor
ragguard's runtime is installed: this module imports nothing beyond the standard library.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["inverse_frequency", "lr_factor"]


def lr_factor(step: int, warmup: int, total: int) -> float:
    """Linear warm-up to 1 over ``warmup`` steps, then linear decay to 0 at ``total``."""
    if step < warmup:
        return (step + 1) / warmup
    return max(0.0, (total - step) / max(total - warmup, 1))


def inverse_frequency(counts: Sequence[int]) -> list[float]:
    """Each class weighted by its inverse frequency, normalised so a balanced set would weigh 1 each."""
    total = sum(counts)
    return [total / (len(counts) * max(n, 1)) for n in counts]
