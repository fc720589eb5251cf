"""Per-request size limits: a request over one gets 422 naming the limit and the server setting."""

from __future__ import annotations

import hashlib
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence

from guard.server.config import Limits
from guard.server.http_errors import ApiError
from guard.server.schemas import ChatCompletionRequest, ContextPassage, VerifyRequest

__all__ = ["EscalationLimiter", "check_chat", "check_verify", "client_id"]


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


def check_verify(body: VerifyRequest, limits: Limits, verifiers: int) -> None:
    """``verifiers``: how many verifiers will run (the request's, else the policy's)."""
    _at_most(len(body.question), limits.max_message_chars, "question", "characters", "max_message_chars")
    _at_most(len(body.answer), limits.max_answer_chars, "answer", "characters", "max_answer_chars")
    if body.verifiers is not None:
        _at_most(len(body.verifiers), limits.max_verifiers, "verifiers", "entries", "max_verifiers")
    _check_contexts(body.contexts, limits)
    # Each verifier reads every passage: the work grows with their product, not with either alone.
    chars = len(body.question) + len(body.answer) + sum(len(_text(c)) for c in body.contexts)
    _at_most(
        chars * verifiers,
        limits.max_verify_work_chars,
        "contexts",
        f"characters times {verifiers} verifiers",
        "max_verify_work_chars",
    )


def _text(context: str | ContextPassage) -> str:
    return context if isinstance(context, str) else context.text


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


class EscalationLimiter:
    """At most ``per_minute`` review items per client in any sliding minute.

    A client whose requests keep escalating (a broken model, a crafted seed) would
    otherwise fill the reviewers' queue: past the budget its requests get 429 before any
    work is done. Checked before a request and counted after it, so a burst of parallel
    requests may overshoot by the number in flight.
    """

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._times: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def check(self, client: str) -> None:
        with self._lock:
            times = self._recent(client)
            if len(times) < self.per_minute:
                return
            retry = max(1, round(60.0 - (self._clock() - times[0])))
        raise ApiError(
            429,
            f"this client's requests escalated {self.per_minute} times in the last minute (server setting "
            "limits.max_escalations_per_minute); retry later",
            type="rate_limit_error",
            code="too_many_escalations",
            headers={"Retry-After": str(retry)},
        )

    def record(self, client: str) -> None:
        with self._lock:
            self._recent(client).append(self._clock())

    def _recent(self, client: str) -> deque[float]:
        times = self._times.setdefault(client, deque())
        while times and self._clock() - times[0] >= 60.0:
            times.popleft()
        if not times and len(self._times) > 10_000:  # forget idle clients, keep memory bounded
            self._times = {k: v for k, v in self._times.items() if v}
            self._times[client] = times
        return times


def client_id(authorization: str | None, address: str | None) -> str:
    """Who a request comes from: its API key (hashed, never kept in clear), else its address."""
    if authorization:
        return "key:" + hashlib.sha256(authorization.encode("utf-8", "replace")).hexdigest()[:16]
    return f"addr:{address or 'unknown'}"
