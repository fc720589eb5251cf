"""Scripted models for tests and demos: canned answers through the real litellm path.

>>> scripted = register_scripted_model("drafts", ["Paris is the capital [1].", "It has 2M people [1]."])
>>> complete(messages, scripted.model).text        # model string "test/drafts"
'Paris is the capital [1].'

``failures`` makes the first calls fail with litellm's own exception classes, so that
retries, backoff and fallbacks can be exercised without a network:
``register_scripted_model("flaky", "ok", failures=["timeout", "rate_limit"])`` fails twice
(retried) and then answers "ok".

Streamed (``stream=True``), a scripted answer arrives one word at a time.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from typing import Any, Literal

from guard.llm._litellm import import_litellm
from guard.llm.providers import register_backend
from guard.llm.types import Generation, GenerationParams

__all__ = [
    "SCRIPTED_PROVIDER",
    "Failure",
    "ScriptedModel",
    "clear_scripted_models",
    "register_scripted_model",
]

SCRIPTED_PROVIDER = "test"

# transient kinds are retried by guard.llm.complete; the others are final.
Failure = Literal["timeout", "rate_limit", "server_error", "unavailable", "connection", "auth", "bad_request"]
Responder = Callable[[list[dict[str, Any]]], str]


class ScriptedModel:
    """A registered scripted model; ``calls`` records the messages of every call, failed ones too."""

    def __init__(
        self, name: str, responses: str | Sequence[str] | Responder, failures: Sequence[Failure]
    ) -> None:
        self.name = name
        self.model = f"{SCRIPTED_PROVIDER}/{name}"
        self._responses = responses
        self._failures = list(failures)
        self._answered = 0
        self.calls: list[list[dict[str, Any]]] = []
        self.params: list[GenerationParams] = []
        self._lock = threading.Lock()

    def answer(self, messages: list[dict[str, Any]], params: GenerationParams) -> str:
        with self._lock:
            self.calls.append(messages)
            self.params.append(params)
            if self._failures:
                raise _litellm_error(self._failures.pop(0), self.model)
            return self._next_response(messages)

    def _next_response(self, messages: list[dict[str, Any]]) -> str:
        if isinstance(self._responses, str):
            return self._responses
        if callable(self._responses):
            return self._responses(messages)
        if self._answered >= len(self._responses):
            raise RuntimeError(
                f"scripted model '{self.model}' ran out of responses ({len(self._responses)} given); "
                "register it with more responses or a callable"
            )
        self._answered += 1
        return self._responses[self._answered - 1]


class _ScriptedBackend:
    def __init__(self) -> None:
        self.models: dict[str, ScriptedModel] = {}

    def generate(self, model: str, messages: list[dict[str, Any]], params: GenerationParams) -> Generation:
        scripted = self.models.get(model)
        if scripted is None:
            known = sorted(self.models) or ["none registered"]
            raise ValueError(f"no scripted model '{SCRIPTED_PROVIDER}/{model}'; registered: {known}")
        text = scripted.answer(messages, params)
        prompt_words = sum(len(str(m.get("content", "")).split()) for m in messages)
        return Generation(text=text, prompt_tokens=prompt_words, completion_tokens=len(text.split()))


    @staticmethod
    def pieces(text: str) -> list[str]:
        """Streamed one word (with the spaces after it) at a time, as a tokenising model would."""
        return re.findall(r"\s+|\S+\s*", text) if text else []


_backend = _ScriptedBackend()


def register_scripted_model(
    name: str,
    responses: str | Sequence[str] | Responder,
    *,
    failures: Sequence[Failure] = (),
) -> ScriptedModel:
    """Serve ``"test/<name>"``: one fixed answer, a list used in order, or ``callable(messages)``.

    The first ``len(failures)`` calls raise the named litellm errors. Registering a name again
    replaces the earlier model.
    """
    name = name.removeprefix(f"{SCRIPTED_PROVIDER}/")
    scripted = ScriptedModel(name, responses, failures)
    _backend.models[name] = scripted
    register_backend(SCRIPTED_PROVIDER, _backend)
    return scripted


def clear_scripted_models() -> None:
    _backend.models.clear()


def _litellm_error(kind: Failure, model: str) -> Exception:
    litellm = import_litellm()
    message = f"scripted {kind} from {model}"
    where = {"model": model, "llm_provider": SCRIPTED_PROVIDER}
    errors: dict[str, Callable[[], Exception]] = {
        "timeout": lambda: litellm.Timeout(message=message, **where),
        "rate_limit": lambda: litellm.RateLimitError(message=message, **where),
        "server_error": lambda: litellm.InternalServerError(message=message, **where),
        "unavailable": lambda: litellm.ServiceUnavailableError(message=message, **where),
        "connection": lambda: litellm.APIConnectionError(message=message, **where),
        "auth": lambda: litellm.AuthenticationError(message=message, **where),
        "bad_request": lambda: litellm.BadRequestError(message=message, **where),
    }
    if kind not in errors:
        raise ValueError(f"unknown failure kind {kind!r}; allowed: {sorted(errors)}")
    return errors[kind]()
