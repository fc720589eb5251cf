"""What one slot check found: the unit of account between the checks and the verdict.

Each check (quantity_check, date_check, name_check, flip_check, and the binding checks that
give a :class:`~guard.facts.types.SlotMismatch`) returns an :class:`Outcome`; ``compare``
keeps the most serious one as the claim's verdict.
"""

from __future__ import annotations

from guard.facts.quantities import Quantity
from guard.facts.types import FactLabel, SlotMismatch

__all__ = ["Outcome"]


class Outcome:
    """What one slot check found; the verdict keeps the most serious."""

    def __init__(
        self,
        label: FactLabel,
        mismatch: SlotMismatch | None = None,
        inference: str | None = None,
        operands: tuple[Quantity, ...] = (),
    ):
        self.label, self.mismatch, self.inference = label, mismatch, inference
        self.operands = operands  # the values an inference combined
        self.value: Quantity | None = None  # the claim quantity this outcome is about
