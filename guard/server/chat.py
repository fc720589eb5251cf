"""``POST /v1/chat/completions``: the guarded pipeline behind OpenAI's chat completion API.

The answer is the guard's (passed, annotated, stripped, refused or held for review); the
``guard`` field says which and why. The knowledge base and policy come from the server
settings or the ``X-Guard-Knowledge-Base`` / ``X-Guard-Policy`` headers; a request may
instead bring its own passages in ``contexts`` (openai client: ``extra_body=``).

``stream=true`` is served as server-sent events in OpenAI's ``chat.completion.chunk``
format: a first chunk with the role, one chunk per sentence the guard released (each
verified before it is sent; :mod:`guard.streaming` has the semantics, strict profiles hold
the whole answer until it is decided), then a closing chunk with ``finish_reason``,
``usage`` and ``guard`` (the same metadata as a non-streamed answer), then ``data: [DONE]``.
A model that fails before any text leaves is answered as without streaming (502 when the
server says so); errors in the request are plain HTTP errors, before the stream starts.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import StreamingResponse

from guard.decide import Condition
from guard.observability import get_logger
from guard.policy import Policy
from guard.response import GuardedResponse
from guard.server.http_errors import ApiError
from guard.server.limits import check_chat, client_id
from guard.server.metadata import guard_metadata
from guard.server.schemas import (
    AssistantMessage,
    ChatChoice,
    ChatCompletion,
    ChatCompletionRequest,
    ChatUsage,
    ContextPassage,
    GuardMetadata,
)
from guard.server.state import GuardState
from retrievers.types import Passage

if TYPE_CHECKING:
    from guard.streaming import GuardedChunk

__all__ = ["router"]

router = APIRouter()
_log = get_logger(__name__)


@router.post("/v1/chat/completions", response_model=ChatCompletion, response_model_exclude_none=False)
async def chat_completions(
    body: ChatCompletionRequest,
    request: Request,
    x_guard_policy: str | None = Header(None),
    x_guard_knowledge_base: str | None = Header(None),
) -> Any:
    guard: GuardState = request.app.state.guard
    check_chat(body, guard.config.limits)
    policy = guard.policy(x_guard_policy)
    model = guard.model(body.model)
    evidence, kb_name = _evidence(guard, body, x_guard_knowledge_base)
    client = client_id(request.headers.get("authorization"), request.client.host if request.client else None)
    assert guard.escalations is not None
    guard.escalations.check(client)
    if body.stream:
        return await _streamed(request, guard, body, policy, model, evidence, kb_name, client)
    async with guard.admission.slot():
        answer, usage, metadata = await _guarded(guard, body, policy, model, evidence, kb_name, client)
    _record(request, metadata)
    return ChatCompletion(
        id=f"chatcmpl-{metadata.trace_id}",
        created=int(time.time()),
        model=metadata.model.answered or model,
        choices=[ChatChoice(message=AssistantMessage(content=answer))],
        usage=usage,
        guard=metadata,
    )


async def _guarded(
    guard: GuardState,
    body: ChatCompletionRequest,
    policy: Policy,
    model: str,
    evidence: dict[str, Any],
    kb_name: str | None,
    client: str,
) -> tuple[str, ChatUsage, GuardMetadata]:
    from guard.pipeline import aguarded_completion

    response = await aguarded_completion(**_pipeline_arguments(guard, body, policy, model, evidence))
    if response.escalation_id is not None and guard.escalations is not None:
        guard.escalations.record(client)
    if _fails_request(guard, response, policy, model):
        raise _model_failed(response)
    return response.answer, _usage(response), guard_metadata(response, kb_name, model)


def _pipeline_arguments(
    guard: GuardState, body: ChatCompletionRequest, policy: Policy, model: str, evidence: dict[str, Any]
) -> dict[str, Any]:
    """What the pipeline is called with, streamed or not."""
    return {
        "messages": [m.model_dump(exclude_none=True) for m in body.messages],
        "model": model,
        "policy": policy,
        "review_queue": guard.review_queue,
        **evidence,
        **_sampling(body),
        **guard.model_kwargs(),
    }


def _fails_request(guard: GuardState, response: GuardedResponse, policy: Policy, model: str) -> bool:
    """A response no model could draft is logged; the server's setting decides whether it is an error."""
    if Condition.model_error not in response.decision.conditions:
        return False
    _log.warning("server.model_failed", policy=policy.name, model=model, trace_id=response.trace_id)
    return guard.config.on_model_failure == "error"


def _model_failed(response: GuardedResponse) -> ApiError:
    detail = next(r.detail for r in response.decision.reasons if r.condition is Condition.model_error)
    events = [a.model_dump(mode="json") for a in response.model_events]
    return ApiError(
        502,
        detail,
        type="model_error",
        code="model_failed",
        # An escalating policy has already queued the request for review: say where.
        extra={
            "model_events": events,
            "trace_id": response.trace_id,
            "escalation_id": response.escalation_id,
        },
    )


def _evidence(
    guard: GuardState, body: ChatCompletionRequest, kb_header: str | None
) -> tuple[dict[str, Any], str | None]:
    if body.contexts is not None:
        if kb_header:
            raise ApiError(
                400,
                "give either contexts or the X-Guard-Knowledge-Base header, not both",
                code="two_evidence_sources",
            )
        return {"contexts": [_passage(i, c) for i, c in enumerate(body.contexts, start=1)]}, None
    name, kb = guard.knowledge_base(kb_header)
    return {"knowledge_base": kb}, name


def _passage(number: int, context: str | ContextPassage) -> Passage:
    if isinstance(context, str):
        return Passage(id=str(number), text=context)
    return Passage(id=context.id, text=context.text, source=context.source, title=context.title)


def _sampling(body: ChatCompletionRequest) -> dict[str, Any]:
    given = {
        "temperature": body.temperature,
        "max_tokens": body.token_limit,
        "stop": body.stop,
        "seed": body.seed,
    }
    return {key: value for key, value in given.items() if value is not None}


def _usage(response: GuardedResponse) -> ChatUsage:
    usage = response.usage
    return ChatUsage(
        prompt_tokens=usage.get("prompt_tokens", 0),
        completion_tokens=usage.get("completion_tokens", 0),
        total_tokens=usage.get("total_tokens", 0),
    )


def _record(request: Request, metadata: GuardMetadata) -> None:
    metrics = request.app.state.metrics
    metrics.decisions.inc(action=metadata.decision.value, policy=metadata.policy)
    metrics.observe_stages({k: v for k, v in metadata.timings_ms.items()})
    for call in metadata.model.calls:
        metrics.model_calls.inc(model=call.model, outcome=call.outcome.value)
    if metadata.model.failed:
        metrics.model_failures.inc(policy=metadata.policy)


async def _streamed(
    request: Request,
    guard: GuardState,
    body: ChatCompletionRequest,
    policy: Policy,
    model: str,
    evidence: dict[str, Any],
    kb_name: str | None,
    client: str,
) -> StreamingResponse:
    """Start the guarded stream; the first chunk is awaited here, so early failures stay HTTP errors."""
    from guard.pipeline import aguarded_completion

    held = AsyncExitStack()  # the admission slot, held until the stream's last byte
    await held.enter_async_context(guard.admission.slot())
    try:
        arguments = _pipeline_arguments(guard, body, policy, model, evidence)
        stream = await aguarded_completion(**arguments, stream=True)
        chunks = aiter(stream)
        first = await anext(chunks)
        if first.final and _fails_request(guard, first.response, policy, model):
            await chunks.aclose()
            raise _model_failed(first.response)
    except BaseException:
        await held.aclose()
        raise
    head = _Head(model=model, kb_name=kb_name, client=client, escalations=guard.escalations)
    events = _events(request, first, chunks, held, head)
    return StreamingResponse(events, media_type="text/event-stream")


class _Head:
    """What every chunk of one stream repeats."""

    def __init__(self, model: str, kb_name: str | None, client: str, escalations: Any = None) -> None:
        self.id = f"chatcmpl-{uuid.uuid4().hex}"
        self.created = int(time.time())
        self.model = model
        self.kb_name = kb_name
        self.client = client
        self.escalations = escalations  # the per-client escalation limiter: a streamed escalation counts too

    def chunk(self, delta: dict[str, Any], finish_reason: str | None = None, **extra: Any) -> bytes:
        body = {
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
            **extra,
        }
        return f"data: {json.dumps(body)}\n\n".encode()


async def _events(
    request: Request,
    first: GuardedChunk,
    chunks: AsyncIterator[GuardedChunk],
    held: AsyncExitStack,
    head: _Head,
) -> AsyncIterator[bytes]:
    try:
        yield head.chunk({"role": "assistant", "content": ""})
        chunk = first
        while True:
            if chunk.text:
                yield head.chunk({"content": chunk.text})
            if chunk.final:
                break
            chunk = await anext(chunks)
        response = chunk.response
        if response.escalation_id is not None and head.escalations is not None:
            head.escalations.record(head.client)
        metadata = guard_metadata(response, head.kb_name, head.model)
        _record(request, metadata)
        yield head.chunk(
            {}, "stop", usage=_usage(response).model_dump(), guard=metadata.model_dump(mode="json")
        )
        yield b"data: [DONE]\n\n"
    finally:
        await chunks.aclose()  # a client that left stops the model and the checks
        await held.aclose()
