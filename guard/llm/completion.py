"""``complete`` / ``acomplete``: one chat call through litellm, with retries and a fallback.

Transient failures (timeouts, rate limits, 5xx, dropped connections) are retried with
exponential backoff and jitter; any other failure is final for that model. When the
primary model fails for good, the fallback model (if any) gets the same treatment. When
every model has failed, :class:`~guard.errors.ModelError` says which model, what error and
how many attempts; its ``attempts`` attribute holds the typed record of each call.

The core is async and always runs on one private event-loop thread: ``complete`` blocks on
it (so a sync caller works inside or outside a running loop) and ``acomplete`` awaits it
from the caller's loop, so litellm's cached async clients and its logging worker always
meet the loop they were made on.

``astream`` is the streamed twin: an async iterator of text deltas, read from the model's
loop and handed to the caller's. Retries and the fallback apply until the first piece of
text arrives; after that a failure is final (the caller may already have shown the text).
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import AsyncIterable, AsyncIterator, Callable, Coroutine, Iterator, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, Field, ValidationError

from guard.errors import InputError, ModelError
from guard.llm.types import Attempt, AttemptOutcome, Completion, Usage
from guard.observability import get_logger

__all__ = ["ModelStream", "RetryPolicy", "acomplete", "astream", "complete", "iterate_sync", "run_sync"]

_log = get_logger(__name__)
T = TypeVar("T")


class RetryPolicy(BaseModel):
    """How hard to try one model: ``retries`` extra calls, waits from ``backoff_s`` doubling to ``max_backoff_s``."""

    retries: int = Field(2, ge=0, le=10)
    backoff_s: float = Field(0.5, ge=0.0)
    max_backoff_s: float = Field(8.0, ge=0.0)


class _EmptyAnswer(Exception):
    """The provider answered without any text (e.g. only a tool call)."""


class _ModelFailed(Exception):
    def __init__(self, model: str, attempts: list[Attempt], error: BaseException) -> None:
        super().__init__(model)
        self.model = model
        self.attempts = attempts
        self.error = error

    def describe(self) -> str:
        n = len(self.attempts)
        return f"'{self.model}' failed after {n} attempt{'s' * (n != 1)} ({_error_text(self.error)})"


async def acomplete(
    messages: Sequence[dict[str, Any]],
    model: str,
    *,
    temperature: float = 0.0,
    max_tokens: int = 512,
    timeout: float = 60.0,
    retries: int = 2,
    backoff_s: float = 0.5,
    max_backoff_s: float = 8.0,
    fallback_model: str | None = None,
    **litellm_kwargs: Any,
) -> Completion:
    """Ask ``model`` (any litellm model string) to answer ``messages``.

    ``timeout`` bounds each call; ``retries`` extra calls follow transient errors, waiting
    ``backoff_s``, then doubling up to ``max_backoff_s``. ``fallback_model`` is tried the same
    way once the primary has failed for good. Other keyword arguments go to litellm as they
    are (``api_base``, ``api_key``, ``seed``, ``stop``...). Raises ModelError.
    """
    request = _Request.build(
        messages,
        model,
        fallback_model,
        litellm_kwargs,
        temperature=temperature,
        max_tokens=max_tokens,
        timeout=timeout,
        retries=retries,
        backoff_s=backoff_s,
        max_backoff_s=max_backoff_s,
    )
    return await _on_model_loop(_run(request))


def complete(
    messages: Sequence[dict[str, Any]],
    model: str,
    *,
    temperature: float = 0.0,
    max_tokens: int = 512,
    timeout: float = 60.0,
    retries: int = 2,
    backoff_s: float = 0.5,
    max_backoff_s: float = 8.0,
    fallback_model: str | None = None,
    **litellm_kwargs: Any,
) -> Completion:
    """Synchronous :func:`acomplete`, usable inside or outside a running event loop."""
    request = _Request.build(
        messages,
        model,
        fallback_model,
        litellm_kwargs,
        temperature=temperature,
        max_tokens=max_tokens,
        timeout=timeout,
        retries=retries,
        backoff_s=backoff_s,
        max_backoff_s=max_backoff_s,
    )
    return run_sync(_run(request))


def astream(
    messages: Sequence[dict[str, Any]],
    model: str,
    *,
    temperature: float = 0.0,
    max_tokens: int = 512,
    timeout: float = 60.0,
    retries: int = 2,
    backoff_s: float = 0.5,
    max_backoff_s: float = 8.0,
    fallback_model: str | None = None,
    **litellm_kwargs: Any,
) -> ModelStream:
    """:func:`acomplete`, streamed: ``async for delta in astream(...)`` yields the answer's text.

    Arguments are checked at once (InputError); the call starts when iteration does. Once
    the stream is exhausted, ``.completion`` holds the whole answer with usage and attempts.
    Iteration raises ModelError when no model could answer, or when the answering one fails
    mid-stream (no retry then: part of its text has been handed out).
    """
    request = _Request.build(
        messages,
        model,
        fallback_model,
        litellm_kwargs,
        temperature=temperature,
        max_tokens=max_tokens,
        timeout=timeout,
        retries=retries,
        backoff_s=backoff_s,
        max_backoff_s=max_backoff_s,
    )
    return ModelStream(request)


class ModelStream:
    """The text deltas of one streamed model call; ``completion`` is set when the stream ends."""

    def __init__(self, request: _Request) -> None:
        self._request = request
        self.completion: Completion | None = None

    def __aiter__(self) -> AsyncIterator[str]:
        return self._deltas()

    async def _deltas(self) -> AsyncIterator[str]:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str | Completion | BaseException] = asyncio.Queue()

        def put(item: str | Completion | BaseException) -> None:
            loop.call_soon_threadsafe(queue.put_nowait, item)

        # litellm's clients live on the model loop: the call runs there and hands pieces over.
        future = asyncio.run_coroutine_threadsafe(_stream(self._request, put), _background_loop())
        try:
            while True:
                item = await queue.get()
                if isinstance(item, Completion):
                    self.completion = item
                    return
                if isinstance(item, BaseException):
                    raise item
                yield item
        finally:
            future.cancel()  # the caller stopped early (or the stream ended): free the model call


_Put = Callable[[Any], None]


async def _stream(request: _Request, put: _Put) -> None:
    started = time.perf_counter()
    failures: list[_ModelFailed] = []
    for model in request.models:
        attempts: list[Attempt] = []
        try:
            stream, first = await _open_with_retries(
                request.messages, model, request.call, request.policy, attempts
            )
        except _ModelFailed as failed:
            failures.append(failed)
            continue
        try:
            text, usage, finish = await _relay(stream, first, put)
        except Exception as exc:  # mid-stream: final, whatever its kind
            attempts[-1] = _attempt(model, attempts[-1].number, AttemptOutcome.error, started, exc)
            put(_model_error([*failures, _ModelFailed(model, attempts, exc)]))
            return
        finally:
            await _close(stream)
        put(
            Completion(
                text=text,
                model=model,
                usage=usage,
                finish_reason=finish,
                fallback_used=bool(failures),
                attempts=[a for f in failures for a in f.attempts] + attempts,
                elapsed_s=time.perf_counter() - started,
            )
        )
        return
    put(_model_error(failures))


async def _open_with_retries(
    messages: list[dict[str, Any]],
    model: str,
    call: dict[str, Any],
    policy: RetryPolicy,
    attempts: list[Attempt],
) -> tuple[Any, Any]:
    """The model's stream and its first chunk: until text flows, errors are retried as in ``_run``."""
    return await _with_retries(
        model, policy, attempts, lambda transient: _open_once(messages, model, call, attempts, transient)
    )


async def _with_retries(
    model: str,
    policy: RetryPolicy,
    attempts: list[Attempt],
    once: Callable[[tuple[type[BaseException], ...]], Coroutine[Any, Any, T]],
) -> T:
    """``once(transient)`` until it returns, retrying the model's transient errors with backoff;
    the one retry loop of completions and of streams (before their first chunk)."""
    from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_exponential_jitter

    transient = _transient_for(model)
    retrying = AsyncRetrying(
        stop=stop_after_attempt(policy.retries + 1),
        wait=wait_exponential_jitter(
            initial=policy.backoff_s, max=policy.max_backoff_s, jitter=policy.backoff_s
        ),
        retry=retry_if_exception_type(transient),
        reraise=True,
    )
    try:
        async for attempt in retrying:
            with attempt:
                return await once(transient)
    except Exception as exc:
        raise _ModelFailed(model, attempts, exc) from exc
    raise AssertionError("unreachable: tenacity either returns or re-raises")


async def _open_once(
    messages: list[dict[str, Any]],
    model: str,
    call: dict[str, Any],
    attempts: list[Attempt],
    transient: tuple[type[BaseException], ...],
) -> tuple[Any, Any]:
    from guard.llm._litellm import import_litellm
    from guard.llm.providers import register_local_model

    litellm = import_litellm()
    register_local_model()
    started = time.perf_counter()
    number = len(attempts) + 1
    stream = None
    try:
        stream = await litellm.acompletion(
            model=model,
            messages=messages,
            stream=True,
            stream_options={"include_usage": True},
            **{"num_retries": 0, "max_retries": 0, **call},
        )
        first = await anext(aiter(stream), None)
    except Exception as exc:
        if stream is not None:
            await _close(stream)
        # litellm wraps any failure before the first chunk as a (transient) mid-stream
        # fallback error; the error underneath says whether a retry can help.
        exc = getattr(exc, "original_exception", None) or exc
        outcome = AttemptOutcome.transient_error if isinstance(exc, transient) else AttemptOutcome.error
        attempts.append(_attempt(model, number, outcome, started, exc))
        _log.warning("llm.stream_failed", model=model, attempt=number, error=type(exc).__name__)
        raise exc
    attempts.append(_attempt(model, number, AttemptOutcome.ok, started))
    _log.info("llm.stream", model=model, attempt=number, first_chunk_s=round(attempts[-1].elapsed_s, 3))
    return stream, first


async def _relay(stream: Any, first: Any, put: _Put) -> tuple[str, Usage, str | None]:
    """Hand each text delta to ``put``; the whole text, the usage and the finish reason."""
    pieces: list[str] = []
    usage, finish = Usage(), None
    chunk = first
    iterator = aiter(stream)
    while chunk is not None:
        if getattr(chunk, "usage", None) is not None:
            usage = _usage(chunk)
        if chunk.choices:
            delta = chunk.choices[0].delta.content
            finish = chunk.choices[0].finish_reason or finish
            if delta:
                pieces.append(delta)
                put(delta)
        chunk = await anext(iterator, None)
    return "".join(pieces), usage, finish


async def _close(stream: Any) -> None:
    closer = getattr(stream, "aclose", None)
    if closer is not None:
        try:
            await closer()
        except Exception:  # closing is best effort: the answer (or its error) is already known
            _log.debug("llm.stream_close_failed")


def _transient_for(model: str) -> tuple[type[BaseException], ...]:
    from guard.llm._litellm import import_litellm, transient_errors
    from guard.llm.local_model import LOCAL_PROVIDER

    transient = transient_errors()
    if model.startswith(f"{LOCAL_PROVIDER}/"):
        # The embedded model runs on this machine's CPU: a generation that ran out of time
        # will run out again, so a retry would only multiply the wait.
        transient = tuple(t for t in transient if t is not import_litellm().Timeout)
    return transient


class _Request(BaseModel):
    messages: list[dict[str, Any]]
    models: list[str]  # the primary, then the fallback if any
    call: dict[str, Any]  # what litellm gets besides model and messages
    policy: RetryPolicy

    @classmethod
    def build(
        cls,
        messages: Sequence[dict[str, Any]],
        model: str,
        fallback_model: str | None,
        litellm_kwargs: dict[str, Any],
        *,
        temperature: float,
        max_tokens: int,
        timeout: float,
        retries: int,
        backoff_s: float,
        max_backoff_s: float,
    ) -> _Request:
        _check_messages(messages)
        if not model:
            raise InputError(
                "model is empty: pass a litellm model string such as 'local/smollm2-135m-instruct'"
            )
        try:
            policy = RetryPolicy(retries=retries, backoff_s=backoff_s, max_backoff_s=max_backoff_s)
        except ValidationError as exc:
            raise InputError(
                f"invalid retry settings: {exc.errors()[0]['loc'][0]} {exc.errors()[0]['msg']}"
            ) from exc
        return cls(
            messages=list(messages),
            models=[model] if fallback_model is None else [model, fallback_model],
            call=dict(litellm_kwargs, temperature=temperature, max_tokens=max_tokens, timeout=timeout),
            policy=policy,
        )


async def _run(request: _Request) -> Completion:
    started = time.perf_counter()
    failures: list[_ModelFailed] = []
    for model in request.models:
        try:
            result = await _complete_with_retries(request.messages, model, request.call, request.policy)
        except _ModelFailed as failed:
            failures.append(failed)
            continue
        earlier = [a for f in failures for a in f.attempts]
        return result.model_copy(
            update={
                "attempts": earlier + result.attempts,
                "fallback_used": bool(failures),
                "elapsed_s": time.perf_counter() - started,
            }
        )
    raise _model_error(failures)


async def _complete_with_retries(
    messages: list[dict[str, Any]], model: str, call: dict[str, Any], policy: RetryPolicy
) -> Completion:
    attempts: list[Attempt] = []
    return await _with_retries(
        model, policy, attempts, lambda transient: _call_once(messages, model, call, attempts, transient)
    )


async def _call_once(
    messages: list[dict[str, Any]],
    model: str,
    call: dict[str, Any],
    attempts: list[Attempt],
    transient: tuple[type[BaseException], ...],
) -> Completion:
    from guard.llm._litellm import import_litellm
    from guard.llm.providers import register_local_model

    litellm = import_litellm()
    register_local_model()
    started = time.perf_counter()
    number = len(attempts) + 1
    try:
        # The retry loop is ours: litellm and the openai SDK must not retry underneath it.
        response = await litellm.acompletion(
            model=model, messages=messages, **{"num_retries": 0, "max_retries": 0, **call}
        )
        text = response.choices[0].message.content
        if text is None:
            raise _EmptyAnswer(f"{model} answered without text content")
    except Exception as exc:
        outcome = AttemptOutcome.transient_error if isinstance(exc, transient) else AttemptOutcome.error
        attempts.append(_attempt(model, number, outcome, started, exc))
        _log.warning("llm.call_failed", model=model, attempt=number, error=type(exc).__name__)
        raise
    attempts.append(_attempt(model, number, AttemptOutcome.ok, started))
    _log.info("llm.call", model=model, attempt=number, seconds=round(attempts[-1].elapsed_s, 3))
    return Completion(
        text=text,
        model=model,
        usage=_usage(response),
        finish_reason=response.choices[0].finish_reason,
        attempts=attempts,
    )


def _attempt(
    model: str, number: int, outcome: AttemptOutcome, started: float, exc: BaseException | None = None
) -> Attempt:
    return Attempt(
        model=model,
        number=number,
        outcome=outcome,
        error_type=type(exc).__name__ if exc else None,
        error=_error_text(exc) if exc else None,
        elapsed_s=time.perf_counter() - started,
    )


def _usage(response: Any) -> Usage:
    usage = getattr(response, "usage", None)
    return Usage(
        prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
        completion_tokens=getattr(usage, "completion_tokens", 0) or 0,
    )


def _error_text(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    name = type(exc).__name__
    # litellm's messages already start with "litellm.<Name>:".
    return text[:300] if text.startswith(f"litellm.{name}") else f"{name}: {text[:300]}"


def _model_error(failures: list[_ModelFailed]) -> ModelError:
    tried = "; then fallback ".join(f.describe() for f in failures)
    hint = (
        "Check the model name and its credentials (api_key / api_base), "
        "or raise timeout= / retries=, or set fallback_model="
    )
    return ModelError(f"model call failed: {tried}. {hint}.", attempts=[a for f in failures for a in f.attempts])


def _check_messages(messages: Sequence[dict[str, Any]]) -> None:
    if not messages:
        raise InputError("messages is empty: pass at least one {'role': 'user', 'content': ...} message")
    for i, message in enumerate(messages):
        if not isinstance(message, dict) or "role" not in message or "content" not in message:
            raise InputError(f"message {i} must be a dict with 'role' and 'content'; got {message!r:.120}")


_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def run_sync(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to completion on the module's event-loop thread and return its result.

    Works from plain code and from inside a running event loop (which it blocks meanwhile);
    contextvars such as the trace id follow the call.
    """
    loop = _background_loop()
    if _running_loop() is loop:
        coroutine.close()
        raise RuntimeError("run_sync() was called from its own event loop: await the async function instead")
    return asyncio.run_coroutine_threadsafe(coroutine, loop).result()


def iterate_sync(items: AsyncIterable[T]) -> Iterator[T]:
    """Iterate an async iterable from plain code: it runs, in one task, on the module's loop.

    One task for the whole iteration keeps its context (the trace id) intact between
    items; stopping early (``break``, ``close()``) cancels it.
    """
    if _running_loop() is _background_loop():
        raise RuntimeError("iterate_sync() was called from its own event loop: use async for instead")
    handoff: queue.Queue[tuple[str, Any]] = queue.Queue()

    async def pump() -> None:
        iterator = aiter(items)
        try:
            async for item in iterator:
                handoff.put(("item", item))
        except Exception as exc:
            handoff.put(("error", exc))
        else:
            handoff.put(("done", None))
        finally:
            closer = getattr(iterator, "aclose", None)
            if closer is not None:
                await closer()  # an async generator's cleanup runs here, in this task

    future = asyncio.run_coroutine_threadsafe(pump(), _background_loop())
    try:
        while True:
            kind, value = handoff.get()
            if kind == "done":
                return
            if kind == "error":
                raise value
            yield value
    finally:
        future.cancel()


async def _on_model_loop(coroutine: Coroutine[Any, Any, T]) -> T:
    """Await ``coroutine`` on the module's loop, whatever loop the caller runs.

    litellm binds its async HTTP clients and its logging worker to the loop of the first
    call; a caller's short-lived loop (``asyncio.run`` per request) would strand them.
    """
    loop = _background_loop()
    if _running_loop() is loop:
        return await coroutine
    return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coroutine, loop))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _background_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _loop_lock:
        if _loop is None:
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="ragguard-llm-loop", daemon=True).start()
        return _loop
