"""What one slot check found: the unit of account between the checks and the verdict.

Each check (quantity_check, date_check, name_check, flip_check, and the binding checks that
give a :class:`~guard.facts.types.SlotMismatch`) returns an :class:`Outcome`; ``compare``
keeps the most serious one as the claim's verdict. A contradicted or unsupported outcome names
the check that found it (``rule``, a :class:`~guard.facts.rules.FactRule`), so the verdict can
say which rule decided and the rule switches can drop or soften it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from guard.facts.quantities import Quantity
from guard.facts.types import FactLabel, SlotMismatch

if TYPE_CHECKING:
    from guard.facts.rules import FactRule

__all__ = ["Outcome"]


class Outcome:
    """What one slot check found; the verdict keeps the most serious."""

    def __init__(
        self,
        label: FactLabel,
        mismatch: SlotMismatch | None = None,
        inference: str | None = None,
        operands: tuple[Quantity, ...] = (),
        rule: FactRule | None = None,
    ):
        self.label, self.mismatch, self.inference = label, mismatch, inference
        self.operands = operands  # the values an inference combined
        self.value: Quantity | None = None  # the claim quantity this outcome is about
        self.rule = rule  # the check that found it; set on every contradicted or unsupported outcome

    def softened(self) -> Outcome:
        """This contradiction read as unsupported (a rule whose binding is a guess: rule_switches.yaml)."""
        out = Outcome(FactLabel.unsupported, self.mismatch, self.inference, self.operands, self.rule)
        out.value = self.value
        return out
