"""Per-request size limits: a request over one gets 422 naming the limit and the server setting."""

from __future__ import annotations

from collections.abc import Sequence

from guard.server.config import Limits
from guard.server.http_errors import ApiError
from guard.server.schemas import ChatCompletionRequest, ContextPassage, VerifyRequest

__all__ = ["check_chat", "check_verify"]


def check_chat(body: ChatCompletionRequest, limits: Limits) -> None:
    _at_most(len(body.messages), limits.max_messages, "messages", "entries", "max_messages")
    for i, message in enumerate(body.messages):
        _at_most(
            len(message.text()),
            limits.max_message_chars,
            f"messages[{i}].content",
            "characters",
            "max_message_chars",
        )
    if body.token_limit is not None:
        _at_most(body.token_limit, limits.max_tokens, "max_tokens", "tokens", "max_tokens")
    if body.contexts is not None:
        _check_contexts(body.contexts, limits)


def check_verify(body: VerifyRequest, limits: Limits) -> None:
    _at_most(len(body.question), limits.max_message_chars, "question", "characters", "max_message_chars")
    _at_most(len(body.answer), limits.max_answer_chars, "answer", "characters", "max_answer_chars")
    if body.verifiers is not None:
        _at_most(len(body.verifiers), limits.max_verifiers, "verifiers", "entries", "max_verifiers")
    _check_contexts(body.contexts, limits)


def _check_contexts(contexts: Sequence[str | ContextPassage], limits: Limits) -> None:
    _at_most(len(contexts), limits.max_passages, "contexts", "passages", "max_passages")
    for i, context in enumerate(contexts):
        text = context if isinstance(context, str) else context.text
        _at_most(len(text), limits.max_passage_chars, f"contexts[{i}]", "characters", "max_passage_chars")


def _at_most(value: int, limit: int, field: str, unit: str, setting: str) -> None:
    if value > limit:
        raise ApiError(
            422,
            f"{field} has {value} {unit}; the limit is {limit} (server setting limits.{setting})",
            code="limit_exceeded",
            param=field,
        )
