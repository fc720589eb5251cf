"""Errors at the HTTP boundary, in the OpenAI error shape ``{"error": {message, type, param, code}}``.

The guard's error tree is translated here, once: a caller's mistake (InputError,
ConfigError, a validation error, malformed JSON) is a 4xx that says what to fix; a
model that failed for good is a 502 with the record of every call; anything else is
a 500, which only a bug should produce.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from guard.errors import ConfigError, GuardError, InputError, ModelError
from guard.observability import get_logger, new_trace_id
from guard.server.admission import Overloaded

__all__ = ["ApiError", "error_body", "error_bytes", "install_error_handlers", "internal_error"]

_log = get_logger(__name__)
_MAX_LISTED = 5


class ApiError(Exception):
    """An HTTP error with an OpenAI-shaped body."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        type: str = "invalid_request_error",
        code: str | None = None,
        param: str | None = None,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.type = type
        self.code = code
        self.param = param
        self.extra = extra or {}
        self.headers = headers or {}

    def response(self) -> JSONResponse:
        body = error_body(self.message, self.type, self.code, self.param, **self.extra)
        return JSONResponse(body, status_code=self.status, headers=self.headers)


def error_body(
    message: str, type: str, code: str | None = None, param: str | None = None, **extra: Any
) -> dict:
    return {"error": {"message": message, "type": type, "param": param, "code": code, **extra}}


def error_bytes(message: str, type: str, code: str | None = None) -> bytes:
    return json.dumps(error_body(message, type, code)).encode()


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(GuardError, _guard_error)
    app.add_exception_handler(Overloaded, _overloaded)


async def _api_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return exc.response()


async def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return validation_error(exc.errors()).response()


def validation_error(errors: Any) -> ApiError:
    """400 for a body that is not JSON (or is missing); 422 naming each bad field otherwise."""
    errors = list(errors)
    broken = next((e for e in errors if e.get("type") == "json_invalid"), None)
    if broken is not None:
        where = broken.get("ctx", {}).get("error", "")
        return ApiError(
            400, f"the request body is not valid JSON ({where}); send a JSON object", code="invalid_json"
        )
    whole_body = [
        e for e in errors if tuple(e.get("loc", ())) == ("body",) and e.get("type") in _NOT_AN_OBJECT
    ]
    if any(e.get("type") == "missing" for e in whole_body):
        return ApiError(400, "the request body is missing: send a JSON object", code="missing_body")
    if whole_body:
        return ApiError(
            400,
            "the request body must be a JSON object sent with 'Content-Type: application/json'",
            code="invalid_body",
        )
    by_field: dict[str, list[str]] = {}
    for error in errors:  # a union reports once per branch: one line per field instead
        messages = by_field.setdefault(_field(error), [])
        if _message(error) not in messages:
            messages.append(_message(error))
    problems = [f"{field}: {' or '.join(msgs)}" for field, msgs in list(by_field.items())[:_MAX_LISTED]]
    more = f" (and {len(by_field) - _MAX_LISTED} more)" if len(by_field) > _MAX_LISTED else ""
    param = next(iter(by_field), None)
    return ApiError(
        422, "invalid request: " + "; ".join(problems) + more, code="invalid_request", param=param
    )


_NOT_AN_OBJECT = {"missing", "model_attributes_type", "model_type", "dict_type"}


def _field(error: dict[str, Any]) -> str:
    loc = [str(part) for part in error.get("loc", ()) if part != "body" and not _is_type_tag(part)]
    return ".".join(loc) or "body"


def _is_type_tag(part: object) -> bool:
    """pydantic names the branch of a union in ``loc`` ('str', 'list[ContentPart]'); no field is called so."""
    return isinstance(part, str) and (part in _TYPE_TAGS or "[" in part or part.startswith("function-"))


_TYPE_TAGS = {"str", "int", "float", "bool", "list", "dict", "none", "ContentPart", "ContextPassage"}


def _message(error: dict[str, Any]) -> str:
    if error.get("type") == "extra_forbidden":
        return "unknown field"
    return str(error.get("msg", "invalid"))


async def _http_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    kind = "not_found" if exc.status_code == 404 else "invalid_request_error"
    return ApiError(exc.status_code, str(exc.detail), type=kind, headers=dict(exc.headers or {})).response()


async def _guard_error(_request: Request, exc: Exception) -> JSONResponse:
    return guard_error(exc).response()


def guard_error(exc: Exception) -> ApiError:
    if isinstance(exc, InputError):
        return ApiError(400, str(exc), code="invalid_input")
    if isinstance(exc, ConfigError):
        return ApiError(400, str(exc), code="invalid_setting")
    if isinstance(exc, ModelError):
        attempts = [a.model_dump(mode="json") for a in getattr(exc, "attempts", [])]
        return ApiError(
            502, str(exc), type="model_error", code="model_failed", extra={"model_events": attempts}
        )
    return internal_error(exc)


def internal_error(exc: BaseException) -> ApiError:
    """A 500 that names only a trace id: the error (which may quote a database, a path or a
    connection string) goes to the log under that id, never to the caller."""
    trace = new_trace_id()
    _log.error("internal_error", error_type=type(exc).__name__, error=str(exc), trace_id=trace, exc_info=exc)
    return ApiError(
        500,
        f"internal error; the server log has the details under trace {trace}",
        type="server_error",
        code="internal_error",
        extra={"trace_id": trace},
    )


async def _overloaded(_request: Request, exc: Exception) -> JSONResponse:
    return ApiError(
        503, str(exc), type="overloaded", code="overloaded", headers={"Retry-After": "1"}
    ).response()
