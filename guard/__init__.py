"""ragguard: guardrails for retrieval-augmented generation.

The public API is this list; everything else is private and may change.

>>> from guard import guarded_completion, KnowledgeBase
>>> kb = KnowledgeBase.from_directory("docs/")
>>> resp = guarded_completion(question="What is the dose of X?", knowledge_base=kb, policy="medical")
>>> resp.answer, resp.decision.action

Names are imported on first use, so that ``import guard`` (and the CLI's
``--help``) stays instant while the models and libraries behind them load only
when needed. Importing it changes nothing in ``os.environ`` (see ``guard._openmp``).

What is API: the names in ``__all__`` below, ``guard.review`` (the escalation queue and its
web page), ``guard.verifiers.registry.register_verifier`` (also exported here) and the
``ragguard`` command line. Every other module is private, whether or not its name starts
with an underscore: it may change or move without notice. (The repository curates
``__all__`` rather than renaming modules: see "Public API" in README.md.)
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__all__ = [
    "guarded_completion",
    "aguarded_completion",
    "verify",
    "averify",
    "verify_batch",
    "averify_batch",
    "VerifyItem",
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
    "Retriever",
    "SupportLabel",
    "UnsupportedSpan",
    "Condition",
    "Reason",
    "ReviewQueue",
    "register_verifier",
    "GuardError",
    "ConfigError",
    "InputError",
    "IndexFormatError",
    "ModelError",
    "VerifierError",
    "QueueError",
    "ItemNotFoundError",
    "ReviewConflictError",
]

_WHERE = {
    "guarded_completion": "guard.pipeline",
    "aguarded_completion": "guard.pipeline",
    "verify": "guard.verifiers.api",
    "averify": "guard.verifiers.api",
    "verify_batch": "guard.verifiers.batch",
    "averify_batch": "guard.verifiers.batch",
    "VerifyItem": "guard.verifiers.batch",
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
    "Retriever": "guard.pipeline",
    "SupportLabel": "guard.verifiers.types",
    "UnsupportedSpan": "guard.verifiers.types",
    "Condition": "guard.policy",
    "Reason": "guard.decide",
    "ReviewQueue": "guard.review.queue",
    "register_verifier": "guard.verifiers.registry",
    "GuardError": "guard.errors",
    "ConfigError": "guard.errors",
    "InputError": "guard.errors",
    "IndexFormatError": "guard.errors",
    "ModelError": "guard.errors",
    "VerifierError": "guard.errors",
    "QueueError": "guard.errors",
    "ItemNotFoundError": "guard.errors",
    "ReviewConflictError": "guard.errors",
}

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from guard.decide import Decision, Reason
    from guard.errors import (
        ConfigError,
        GuardError,
        IndexFormatError,
        InputError,
        ItemNotFoundError,
        ModelError,
        QueueError,
        ReviewConflictError,
        VerifierError,
    )
    from guard.pipeline import Retriever, aguarded_completion, guarded_completion
    from guard.policy import Action, Condition, Policy, load_policy
    from guard.response import GuardedResponse
    from guard.review.queue import ReviewQueue
    from guard.verifiers.api import averify, verify
    from guard.verifiers.batch import VerifyItem, averify_batch, verify_batch
    from guard.verifiers.registry import register_verifier
    from guard.verifiers.types import ClaimVerdict, SupportLabel, UnsupportedSpan, Verification
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
