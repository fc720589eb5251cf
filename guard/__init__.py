"""ragguard: guardrails for retrieval-augmented generation.

The public API is this list; everything else is private and may change.

>>> from guard import guarded_completion, KnowledgeBase
>>> kb = KnowledgeBase.from_directory("docs/")
>>> resp = guarded_completion(question="What is the dose of X?", knowledge_base=kb, policy="medical")
>>> resp.answer, resp.decision.action

Names are imported on first use, so that ``import guard`` (and the CLI's
``--help``) stays instant while the models and libraries behind them load only
when needed.
"""

from __future__ import annotations

import os
from importlib import import_module

# torch's OpenMP threads spin while they wait for work. On shared cores (a server next to
# other processes, CI beside a database) that made model scoring 3-5x slower (FRANQ p50
# 12.9 s -> 2.5 s measured under load). It must be set before torch is first imported,
# hence here; an explicit setting of the user's wins.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
from typing import TYPE_CHECKING, Any

__all__ = [
    "guarded_completion",
    "aguarded_completion",
    "verify",
    "averify",
    "KnowledgeBase",
    "GuardedResponse",
    "Verification",
    "ClaimVerdict",
    "Decision",
    "Action",
    "Policy",
    "load_policy",
    "RetrievalResult",
    "Passage",
    "GuardError",
    "ConfigError",
    "InputError",
    "IndexFormatError",
    "ModelError",
    "VerifierError",
]

_WHERE = {
    "guarded_completion": "guard.pipeline",
    "aguarded_completion": "guard.pipeline",
    "verify": "guard.verifiers.api",
    "averify": "guard.verifiers.api",
    "KnowledgeBase": "retrievers.knowledge_base",
    "GuardedResponse": "guard.response",
    "Verification": "guard.verifiers.types",
    "ClaimVerdict": "guard.verifiers.types",
    "Decision": "guard.decide",
    "Action": "guard.policy",
    "Policy": "guard.policy",
    "load_policy": "guard.policy",
    "RetrievalResult": "retrievers.types",
    "Passage": "retrievers.types",
    "GuardError": "guard.errors",
    "ConfigError": "guard.errors",
    "InputError": "guard.errors",
    "IndexFormatError": "guard.errors",
    "ModelError": "guard.errors",
    "VerifierError": "guard.errors",
}

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from guard.decide import Decision
    from guard.errors import ConfigError, GuardError, IndexFormatError, InputError, ModelError, VerifierError
    from guard.pipeline import aguarded_completion, guarded_completion
    from guard.policy import Action, Policy, load_policy
    from guard.response import GuardedResponse
    from guard.verifiers.api import averify, verify
    from guard.verifiers.types import ClaimVerdict, Verification
    from retrievers.knowledge_base import KnowledgeBase
    from retrievers.types import Passage, RetrievalResult


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'guard' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
