"""Logged exceptions: their traceback in the JSON event, frame locals (request headers) not."""

from __future__ import annotations

import json

from guard.observability import configure_logging, get_logger


def test_a_logged_exception_carries_its_frames_but_no_locals(capsys):
    configure_logging("WARNING")
    secret = "sk-do-not-log-me"  # noqa: F841 (a local the log must not show)
    try:
        raise ValueError("boom")
    except ValueError:
        get_logger("test").exception("unhandled_error", path="/v1/chat/completions")
    event = json.loads(capsys.readouterr().err.strip().splitlines()[-1])
    [exception] = event["exception"]
    assert exception["exc_type"] == "ValueError" and exception["exc_value"] == "boom"
    assert exception["frames"][-1]["name"] == "test_a_logged_exception_carries_its_frames_but_no_locals"
    assert "sk-do-not-log-me" not in json.dumps(event)
