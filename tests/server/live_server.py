"""A real uvicorn on 127.0.0.1 (a free port) serving ``create_app(config)`` from a thread."""

from __future__ import annotations

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
