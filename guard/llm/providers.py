"""In-process models registered as litellm custom providers.

A backend is a plain object with ``generate(model, messages, params) -> Generation``;
:class:`BackendProvider` adapts it to litellm's ``CustomLLM`` so that ``"<provider>/<model>"``
goes through ``litellm.completion`` / ``acompletion`` like any hosted model, streamed too
(``stream=True``): a backend with ``stream(model, messages, params)`` (the embedded model)
yields text pieces as it decodes them, then its Generation; one with ``pieces(text)`` (the
scripted test models: one piece per word) has its answer split after the fact; any other
streams its whole answer as one piece. Backends raise
plain exceptions: ``TimeoutError`` becomes ``litellm.Timeout`` (retried), any other
non-litellm exception becomes a non-retried ``litellm.APIError``; litellm exceptions pass
through as they are (the scripted test models raise them on purpose).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import openai

from guard.llm._litellm import import_litellm
from guard.llm.local_model import LocalChatBackend
from guard.llm.types import Generation, GenerationParams

litellm = import_litellm()

__all__ = [
    "BackendProvider",
    "ChatBackend",
    "params_from_litellm",
    "register_backend",
    "register_local_model",
]

# Parameters litellm forwards that an in-process backend may read or safely ignore.
_IGNORED_PARAMS = {"max_retries", "num_retries", "stream", "stream_options"}
_SUPPORTED_PARAMS = {"max_tokens", "max_completion_tokens", "temperature", "stop", "seed"}


def params_from_litellm(optional_params: dict[str, Any], timeout: Any) -> GenerationParams:
    unsupported = set(optional_params) - _SUPPORTED_PARAMS - _IGNORED_PARAMS
    if unsupported:
        raise ValueError(
            f"unsupported parameter(s) {sorted(unsupported)} for an in-process model; "
            f"supported: {sorted(_SUPPORTED_PARAMS)}"
        )
    stop = optional_params.get("stop") or []
    return GenerationParams(
        max_tokens=optional_params.get("max_tokens") or optional_params.get("max_completion_tokens"),
        temperature=optional_params.get("temperature") or 0.0,
        stop=[stop] if isinstance(stop, str) else list(stop),
        seed=optional_params.get("seed"),
        timeout=float(timeout) if isinstance(timeout, (int, float)) else None,
    )


class ChatBackend(Protocol):
    def generate(
        self, model: str, messages: list[dict[str, Any]], params: GenerationParams
    ) -> Generation: ...


class BackendProvider(litellm.CustomLLM):
    """litellm's view of a :class:`ChatBackend`."""

    def __init__(self, provider: str, backend: ChatBackend) -> None:
        super().__init__()
        self.provider = provider
        self.backend = backend

    def completion(self, *, model, messages, model_response, optional_params, timeout=None, **_):
        return self._respond(model, messages, model_response, optional_params, timeout)

    async def acompletion(self, *, model, messages, model_response, optional_params, timeout=None, **_):
        # Backends are synchronous (CPU-bound torch); keep the event loop free meanwhile.
        return await asyncio.to_thread(
            self._respond, model, messages, model_response, optional_params, timeout
        )

    def streaming(self, *, model, messages, model_response, optional_params, timeout=None, **_):
        for item in self._items(model, messages, optional_params, timeout):
            yield _chunk(item)

    async def astreaming(self, *, model, messages, model_response, optional_params, timeout=None, **_):
        loop = asyncio.get_running_loop()
        handoff: asyncio.Queue[Any] = asyncio.Queue()
        stop = threading.Event()

        def work() -> None:  # in a worker thread: backends are synchronous (CPU-bound torch)
            try:
                items = self._items(model, messages, optional_params, timeout)
                try:
                    for item in items:
                        loop.call_soon_threadsafe(handoff.put_nowait, item)
                        if stop.is_set():
                            break
                finally:
                    items.close()  # a backend generating token by token stops here
            except BaseException as exc:
                loop.call_soon_threadsafe(handoff.put_nowait, exc)
            loop.call_soon_threadsafe(handoff.put_nowait, _END)

        threading.Thread(target=work, name=f"{self.provider}-stream", daemon=True).start()
        try:
            while (item := await handoff.get()) is not _END:
                if isinstance(item, BaseException):
                    raise item
                yield _chunk(item)
                await asyncio.sleep(0)  # let concurrent streams interleave, as network streams do
        finally:
            stop.set()

    def _items(self, model, messages, optional_params, timeout) -> Iterator[str | Generation]:
        """Text pieces, then the Generation: as the backend streams them, or split after the fact."""
        try:
            params = params_from_litellm(optional_params, timeout)
            stream = getattr(self.backend, "stream", None)
            if stream is not None:
                yield from stream(model, messages, params)
                return
            generation = self.backend.generate(model, messages, params)
        except Exception as exc:
            raise self._mapped(exc, model) from exc
        split = getattr(self.backend, "pieces", None)
        yield from split(generation.text) if split else [generation.text]
        yield generation

    def _generate(self, model, messages, optional_params, timeout) -> Generation:
        try:
            params = params_from_litellm(optional_params, timeout)
            return self.backend.generate(model, messages, params)
        except Exception as exc:
            raise self._mapped(exc, model) from exc

    def _mapped(self, exc: Exception, model: str) -> Exception:
        if isinstance(exc, openai.OpenAIError):  # every litellm error derives from the openai SDK's
            return exc
        if isinstance(exc, TimeoutError):
            return litellm.Timeout(message=str(exc), model=model, llm_provider=self.provider)
        message = f"{type(exc).__name__}: {exc}"
        return litellm.APIError(status_code=500, message=message, llm_provider=self.provider, model=model)

    def _respond(self, model, messages, model_response, optional_params, timeout):
        started = time.perf_counter()
        generation = self._generate(model, messages, optional_params, timeout)
        model_response.choices[0].message.content = generation.text
        model_response.choices[0].finish_reason = generation.finish_reason
        model_response.model = f"{self.provider}/{model}"
        model_response.usage = litellm.Usage(
            prompt_tokens=generation.prompt_tokens,
            completion_tokens=generation.completion_tokens,
            total_tokens=generation.prompt_tokens + generation.completion_tokens,
        )
        model_response._response_ms = (time.perf_counter() - started) * 1000
        return model_response


_END = object()


def _chunk(item: str | Generation) -> dict[str, Any]:
    """litellm's ``GenericStreamingChunk``: a text piece, or the closing one with usage."""
    if isinstance(item, str):
        return {"text": item, "is_finished": False, "finish_reason": "", "usage": None, "index": 0}
    usage = {
        "prompt_tokens": item.prompt_tokens,
        "completion_tokens": item.completion_tokens,
        "total_tokens": item.prompt_tokens + item.completion_tokens,
    }
    return {"text": "", "is_finished": True, "finish_reason": item.finish_reason, "usage": usage, "index": 0}


def register_backend(provider: str, backend: ChatBackend) -> None:
    """Route ``"<provider>/..."`` model strings to ``backend`` (replacing any earlier one)."""
    entries = [item for item in litellm.custom_provider_map if item["provider"] != provider]
    entries.append({"provider": provider, "custom_handler": BackendProvider(provider, backend)})
    litellm.custom_provider_map = entries
    from litellm.utils import custom_llm_setup

    custom_llm_setup()


def register_local_model(cache_dir: Path | None = None, *, replace: bool = False) -> None:
    """Serve ``local/smollm2-135m-instruct`` through litellm (weights load on the first call).

    ``guard.llm.complete`` calls this itself; call it before using ``litellm.completion``
    directly, or with ``replace=True`` to read converted weights from another ``cache_dir``.
    """
    if replace or not any(item["provider"] == "local" for item in litellm.custom_provider_map):
        register_backend("local", LocalChatBackend(cache_dir))
