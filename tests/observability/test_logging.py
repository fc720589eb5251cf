"""Logged exceptions: their traceback in the JSON event, frame locals (request headers) not."""

from __future__ import annotations

import json

import structlog

from guard.observability import configure_logging


def _render(event: dict) -> dict:
    """``event`` through the configured processor chain (not through stderr: other tests log there)."""
    for processor in structlog.get_config()["processors"]:
        event = processor(None, "error", event)
    return json.loads(event)


def test_a_logged_exception_carries_its_frames_but_no_locals():
    configure_logging("WARNING")
    secret = "sk-do-not-log-me"  # noqa: F841 (a local the log must not show)
    try:
        raise ValueError("boom")
    except ValueError:
        event = _render({"event": "unhandled_error", "path": "/v1/chat/completions", "exc_info": True})
    [exception] = event["exception"]
    assert exception["exc_type"] == "ValueError" and exception["exc_value"] == "boom"
    assert exception["frames"][-1]["name"] == "test_a_logged_exception_carries_its_frames_but_no_locals"
    assert "sk-do-not-log-me" not in json.dumps(event)
