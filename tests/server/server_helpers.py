"""Test helpers: a real uvicorn on 127.0.0.1 serving ``create_app(config)`` from a thread, and a
strict reader of the Prometheus text format."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

API_KEY = "test-key-1"


class LiveServer:
    def __init__(self, app) -> None:
        import uvicorn

        self.app = app
        self.server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=0, log_level="error", lifespan="on")
        )
        self.thread = threading.Thread(target=self.server.run, name="test-uvicorn", daemon=True)

    @property
    def port(self) -> int:
        return self.server.servers[0].sockets[0].getsockname()[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout_s: float = 120.0) -> None:
        self.thread.start()
        deadline = time.monotonic() + timeout_s
        while not self.server.started:
            if not self.thread.is_alive():
                raise RuntimeError("the test server exited during start-up (see the log above)")
            if time.monotonic() > deadline:
                raise TimeoutError("the test server did not start in time")
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


@contextmanager
def live_server(config) -> Iterator[LiveServer]:
    from guard.server import create_app

    server = LiveServer(create_app(config))
    server.start()
    try:
        yield server
    finally:
        server.stop()


_NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
_LABEL = r'[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*"'
_SAMPLE = re.compile(rf"^({_NAME})(\{{{_LABEL}(?:,{_LABEL})*\}})? (\S+)$")
_META = re.compile(rf"^# (HELP|TYPE) ({_NAME}) (.*)$")


def parse_exposition(text: str) -> dict[str, dict]:
    """A strict reader of the text format: families with their type and samples; raises on any bad line."""
    assert text.endswith("\n")
    families: dict[str, dict] = {}
    current = None
    for line in text.splitlines():
        meta = _META.match(line)
        if meta:
            kind, name, rest = meta.groups()
            family = families.setdefault(name, {"samples": []})
            if kind == "TYPE":
                assert rest in {"counter", "gauge", "histogram", "summary", "untyped"}, line
                family["type"] = rest
            current = name
            continue
        sample = _SAMPLE.match(line)
        assert sample, f"not a valid exposition line: {line!r}"
        name, labels, value = sample.groups()
        base = re.sub(r"_(bucket|sum|count)$", "", name) if name not in families else name
        assert base == current, f"sample {name} outside its family {current}"
        float(value)  # +Inf, NaN and numbers all parse
        pairs = dict(re.findall(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"', labels or ""))
        families[base]["samples"].append((name, pairs, float(value)))
    return families
