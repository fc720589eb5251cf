"""structlog configured once: JSON events on stderr, each bound to a trace id."""

from __future__ import annotations

import logging
import sys
import uuid
from contextvars import ContextVar

import structlog
from structlog.tracebacks import ExceptionDictTransformer

__all__ = ["configure_logging", "get_logger", "new_trace_id", "trace_context"]

_configured = False
_trace_id: ContextVar[str | None] = ContextVar("ragguard_trace_id", default=None)


def _add_trace_id(_logger, _name, event_dict):
    trace_id = _trace_id.get()
    if trace_id is not None:
        event_dict.setdefault("trace_id", trace_id)
    return event_dict


def configure_logging(level: str = "WARNING") -> None:
    """Configure structlog for JSON output; idempotent, later calls only change the level."""
    global _configured
    numeric = logging.getLevelName(level.upper())
    if not isinstance(numeric, int):
        numeric = logging.WARNING
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            _add_trace_id,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            # A logged exception carries its traceback as structured frames, not just exc_info: true;
            # without frame locals, which would put request headers (API keys) in the log.
            structlog.processors.ExceptionRenderer(ExceptionDictTransformer(show_locals=False)),
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=False,
    )
    _configured = True


def get_logger(name: str):
    if not _configured:
        configure_logging()
    return structlog.get_logger(name)


def new_trace_id() -> str:
    return uuid.uuid4().hex


class trace_context:
    """Bind a trace id to every log event emitted inside the ``with`` block."""

    def __init__(self, trace_id: str | None = None):
        self.trace_id = trace_id or new_trace_id()
        self._token = None

    def __enter__(self) -> str:
        self._token = _trace_id.set(self.trace_id)
        return self.trace_id

    def __exit__(self, *exc) -> None:
        _trace_id.reset(self._token)
