"""What both adapters share: the framework model as a pipeline generator, and checking a given answer."""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel

from guard.actions import apply_action
from guard.decide import Decision, decide
from guard.llm.types import Generation, GenerationParams
from guard.policy import Policy, load_policy
from guard.verifiers.api import verify
from guard.verifiers.types import Verification
from retrievers.types import Passage

__all__ = ["CheckedAnswer", "acheck_answer", "check_answer", "register_chat_function"]

PROVIDER = "integration"
# (messages, params) -> the answer text; called in a worker thread.
ChatFunction = Callable[[list[dict[str, Any]], GenerationParams], str]


class CheckedAnswer(BaseModel):
    """An answer checked against its sources: ``answer`` is what to show after the policy's action."""

    answer: str
    draft: str  # the answer as given
    question: str
    decision: Decision
    verification: Verification


def check_answer(question: str, passages: Sequence[Passage], answer: str, policy: str | Policy = "default",
                 generator: str | None = None) -> CheckedAnswer:
    """Verify ``answer`` with the policy's verifiers and apply its decision.

    Nobody can redraft an answer that was written elsewhere: a regenerate decision takes the
    policy's ``regenerate.on_exhausted`` action, as when the pipeline's attempts run out.
    """
    profile = policy if isinstance(policy, Policy) else load_policy(policy)
    verification = verify(
        question=question,
        contexts=list(passages),
        answer=answer,
        generator=generator,
        settings=profile.verification_settings(),
    )
    decision = decide(verification, None, profile, attempt=profile.regenerate.max_attempts)
    return CheckedAnswer(
        answer=apply_action(decision, answer, verification, profile),
        draft=answer,
        question=question,
        decision=decision,
        verification=verification,
    )


async def acheck_answer(question: str, passages: Sequence[Passage], answer: str,
                        policy: str | Policy = "default", generator: str | None = None) -> CheckedAnswer:
    """:func:`check_answer` in a worker thread (verification is CPU-bound)."""
    return await asyncio.to_thread(check_answer, question, passages, answer, policy, generator)


class _FunctionBackend:
    """Serves ``integration/<name>`` from registered chat functions."""

    def __init__(self) -> None:
        self.functions: dict[str, ChatFunction] = {}

    def generate(self, model: str, messages: list[dict[str, Any]], params: GenerationParams) -> Generation:
        function = self.functions.get(model)
        if function is None:
            raise ValueError(
                f"no model '{PROVIDER}/{model}' is registered; wrap the model in an adapter first"
            )
        text = function(messages, params)
        prompt_words = sum(len(str(m.get("content", "")).split()) for m in messages)
        return Generation(text=text, prompt_tokens=prompt_words, completion_tokens=len(text.split()))


_backend = _FunctionBackend()
_numbers = itertools.count(1)
_lock = threading.Lock()


def register_chat_function(kind: str, function: ChatFunction) -> str:
    """Route a new ``integration/<kind>-<n>`` model string to ``function``; returns the string."""
    from guard.llm.providers import register_backend

    with _lock:
        name = f"{kind}-{next(_numbers)}"
        _backend.functions[name] = function
        register_backend(PROVIDER, _backend)
    return f"{PROVIDER}/{name}"
