"""The fact layer: evidence units, slots read from claims and units, and their comparison.

Layer: below ``guard.verifiers`` (verifiers import it, never the reverse; the one use of
``guard.language`` for sentence splits is imported lazily inside a function).
The types every layer above shares live in :mod:`guard.facts.types`.

Public entry points (pure functions, typed in and out):

- :func:`evidence_units` cuts a passage into units and reports instruction-like text;
- :func:`find_injections` finds instruction-like text alone;
- :func:`align` picks the unit(s) a claim is about;
- :func:`judge_facts` compares a claim's slots with its aligned units and returns a
  :class:`FactVerdict` (``rule``: the :class:`FactRule` that decided a failing label);
- :class:`RuleSwitches` / :func:`switched` turn rules off or soften them (``rule_switches.yaml``).
"""

from guard.facts.align import Alignment, align
from guard.facts.compare import judge_facts
from guard.facts.injection import find_injections
from guard.facts.lexicon import Lexicon, register_lexicon
from guard.facts.rules import FactRule, RuleSwitches, switched
from guard.facts.types import (
    EvidenceUnit,
    FactLabel,
    FactVerdict,
    InjectionWarning,
    SlotKind,
    SlotMismatch,
    UnitKind,
)
from guard.facts.units import DEFAULT_MAX_UNITS, UnitsResult, evidence_units

__all__ = [
    "DEFAULT_MAX_UNITS",
    "Alignment",
    "EvidenceUnit",
    "FactLabel",
    "FactRule",
    "FactVerdict",
    "InjectionWarning",
    "Lexicon",
    "RuleSwitches",
    "SlotKind",
    "SlotMismatch",
    "UnitKind",
    "UnitsResult",
    "align",
    "evidence_units",
    "find_injections",
    "judge_facts",
    "register_lexicon",
    "switched",
]
