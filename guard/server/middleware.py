"""Pure ASGI middleware: metrics and last-resort errors, API keys, the body size limit.

They run before FastAPI reads the body, so an unauthenticated or oversized request is
turned away without its body being read, and the outermost layer records every
response (even one a bug turned into a 500) under its route template.
"""

from __future__ import annotations

import hmac
import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from guard.observability import get_logger, new_trace_id
from guard.server.http_errors import error_body, error_bytes

__all__ = [
    "PROTECTED_PREFIX",
    "ApiKeyMiddleware",
    "BodyLimitMiddleware",
    "MetricsMiddleware",
    "TrustedHostMiddleware",
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PROTECTED_PREFIX = "/v1"
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE"})
_log = get_logger(__name__)


async def _send_json(send: Send, status: int, body: bytes, headers: list[tuple[bytes, bytes]] = ()) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class MetricsMiddleware:
    """Counts and times every response by route template; turns an escaped exception into a 500."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = {"code": 500, "sent": False}

        async def recording_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"], status["sent"] = message["status"], True
            await send(message)

        try:
            await self.app(scope, receive, recording_send)
        except Exception as exc:  # noqa: BLE001 (a bug: log it whole, answer in the error shape)
            trace = new_trace_id()
            _log.exception(
                "unhandled_error", path=scope.get("path"), error_type=type(exc).__name__, trace_id=trace
            )
            if not status["sent"]:
                message = f"internal error; the server log has the details under trace {trace}"
                body = error_body(message, "server_error", "internal_error", trace_id=trace)
                await _send_json(send, 500, json.dumps(body).encode())
                status["code"] = 500
        finally:
            self._record(scope, status["code"], time.perf_counter() - started)

    @staticmethod
    def _record(scope: Scope, status: int, seconds: float) -> None:
        metrics = getattr(scope["app"].state, "metrics", None)
        if metrics is None:
            return
        route = getattr(scope.get("route"), "path", None) or "unmatched"
        method = scope["method"] if scope["method"] in _METHODS else "other"  # bounded label values
        metrics.requests.inc(route=route, method=method, status=str(status))
        metrics.request_seconds.observe(seconds, route=route)


class TrustedHostMiddleware:
    """400 unless the Host header names this server (ServerConfig.trusted_hosts).

    Keys or not: a page on another site that rebinds its DNS name to 127.0.0.1 sends its
    own name as Host, so checking it stops the browser from reaching a loopback server.
    Starlette's own middleware cuts ``[::1]:8000`` at the first colon, hence this one.
    """

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app = app
        self.hosts = hosts
        self.any = "*" in hosts
        self.suffixes = tuple(h[1:] for h in hosts if h.startswith("*."))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.any or self._trusted(_host_name(scope)):
            await self.app(scope, receive, send)
            return
        message = "unknown Host header: add the server's name to allowed_hosts in the server settings"
        await _send_json(send, 400, error_bytes(message, "invalid_request_error", "untrusted_host"))

    def _trusted(self, name: str) -> bool:
        return name in self.hosts or (bool(name) and name.endswith(self.suffixes))


def _host_name(scope: Scope) -> str:
    """The Host header's name: lower case, no port, an IPv6 address without its brackets."""
    host = dict(scope["headers"]).get(b"host", b"").decode("latin-1").strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else ""
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class ApiKeyMiddleware:
    """``Authorization: Bearer <key>`` on every /v1 route, when the server has keys."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _is_protected(scope["path"]):
            await self.app(scope, receive, send)
            return
        keys: tuple[bytes, ...] = scope["app"].state.guard.api_keys
        if keys and not _authorised(scope, keys):
            message = (
                "missing or unknown API key: send 'Authorization: Bearer <key>' with a key the server "
                "was started with (api_key_env)"
            )
            body = error_bytes(message, "invalid_request_error", "invalid_api_key")
            await _send_json(send, 401, body, [(b"www-authenticate", b"Bearer")])
            return
        await self.app(scope, receive, send)


def _is_protected(path: str) -> bool:
    return path == PROTECTED_PREFIX or path.startswith(PROTECTED_PREFIX + "/")


def _authorised(scope: Scope, keys: tuple[bytes, ...]) -> bool:
    header = dict(scope["headers"]).get(b"authorization", b"")
    scheme, _, token = header.partition(b" ")
    if scheme.lower() != b"bearer" or not token.strip():
        return False
    token = token.strip()
    # Compare against every key, always, so timing does not tell which prefix matched.
    return any([hmac.compare_digest(token, key) for key in keys])  # noqa: C419 (no short-circuit)


class BodyLimitMiddleware:
    """413 as soon as a body is known to exceed the limit: from Content-Length, or while it streams in.

    The body is read here (never more than the limit plus one chunk) and replayed to the
    app, so the app never sees a partial body and an oversized upload is not read to its end.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        limit: int = scope["app"].state.guard.config.limits.max_body_bytes
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await self._too_large(send, declared, limit)
            return
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > limit:
                await self._too_large(send, None, limit)
                return
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay(b"".join(chunks), receive), send)

    @staticmethod
    async def _too_large(send: Send, declared: int | None, limit: int) -> None:
        size = f"{declared} bytes" if declared is not None else "more than that"
        message = (
            f"request body is {size}; the limit is {limit} bytes (server setting limits.max_body_bytes): "
            "send fewer or shorter passages"
        )
        await _send_json(
            send,
            413,
            error_bytes(message, "invalid_request_error", "request_too_large"),
            [(b"connection", b"close")],
        )


def _content_length(scope: Scope) -> int | None:
    value = dict(scope["headers"]).get(b"content-length")
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # after the body: wait for the disconnect, as the server would

    return replay
