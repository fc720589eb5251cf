"""Issue 13: connection strings redacted by a parser, queue files private, NUL stored safely."""

from __future__ import annotations

import os
import stat

import pytest
from review_builders import make_item

from guard.review import open_queue
from guard.review.postgres_queue import redact_url


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://alice:hunter2@db.example:5432/rq",
        "postgresql://alice:hun%40ter2@db.example/rq",
        "postgresql://alice:hunter2@db.example/rq?sslmode=require",
        "postgresql://alice@db.example/rq?password=hunter2",
        "postgresql://alice@db.example/rq?sslmode=require&password=hunter2&application_name=x",
        "postgres://db.example/rq?user=alice&PASSWORD=hunter2",
        "host=db.example user=alice password=hunter2 dbname=rq",
        "host=db.example password = 'hunter2 with spaces' dbname=rq",
        "postgresql://alice:hunter2@[::1]:5432/rq",
        "postgresql:///rq?host=/var/run/postgresql&password=hunter2",
    ],
)
def test_every_password_form_is_redacted(url):
    shown = redact_url(url)
    assert "hunter2" not in shown and "hun%40ter2" not in shown
    assert "db.example" in shown or "::1" in shown or "/var/run" in shown


def test_a_url_without_a_password_is_left_readable():
    assert redact_url("postgresql://alice@db.example:5432/rq") == "postgresql://alice@db.example:5432/rq"


def test_an_unparseable_target_is_hidden_rather_than_echoed():
    assert "hunter2" not in redact_url("postgresql://alice:hunter2@db.example:notaport/rq")
    assert "hunter2" not in redact_url("password='hunter2")


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_sqlite_queue_and_its_folder_are_private(tmp_path):
    path = tmp_path / "new-folder" / "queue.sqlite"
    old = os.umask(0o022)
    try:
        queue = open_queue(str(path))
        queue.enqueue(make_item())
        assert _mode(path.parent) == 0o700
        for name in ("queue.sqlite", "queue.sqlite-wal", "queue.sqlite-shm"):
            assert (path.parent / name).exists()
            assert _mode(path.parent / name) == 0o600, name
        queue.close()
    finally:
        os.umask(old)


def test_an_existing_queue_file_is_made_private(tmp_path):
    path = tmp_path / "queue.sqlite"
    open_queue(str(path)).close()
    os.chmod(path, 0o644)
    open_queue(str(path)).close()
    assert _mode(path) == 0o600


def test_a_nul_character_is_stored_safely(target):
    queue = open_queue(target)
    try:
        item = make_item().model_copy(update={"question": "What is\x00 the dose?"})
        item_id = queue.enqueue(item)
        stored = queue.get(item_id)
        assert stored.question.replace("\ufffd", "\x00") == "What is\x00 the dose?"
    finally:
        queue.close()


def test_redaction_keeps_the_rest_of_the_url():
    shown = redact_url("postgresql:///rq?host=/var/run/postgresql&password=hunter2")
    assert shown == "postgresql:///rq?host=/var/run/postgresql&password=***"
    assert redact_url("postgresql://a:b@db/x?sslmode=require") == "postgresql://a:***@db/x?sslmode=require"


def test_approving_an_item_without_a_draft_is_a_clear_error(queue):
    from guard.errors import InputError

    item_id = queue.enqueue(make_item().model_copy(update={"draft": "  ", "claims": []}))
    with pytest.raises(InputError, match="no draft"):
        queue.approve(item_id, "alice")
    assert queue.get(item_id).decision is None


@pytest.mark.parametrize("url", ["http://[bad", "http://", "https://exa mple.com/x", "http:///path-only"])
def test_a_malformed_webhook_url_is_refused_at_registration(queue, url):
    from guard.errors import InputError

    with pytest.raises(InputError, match="Webhook URL"):
        queue.register_webhook(url, "s" * 16)


def test_a_webhook_that_cannot_be_delivered_never_undoes_or_breaks_a_decision(queue, monkeypatch):
    import guard.review.sql_queue as sql_queue

    queue.register_webhook("http://127.0.0.1:9/hook", "s" * 16)

    def explode(*_args, **_kwargs):
        raise ValueError("a bug in delivery")

    monkeypatch.setattr(sql_queue, "deliver", explode)
    item_id = queue.enqueue(make_item())
    decided = queue.reject(item_id, "alice")
    assert decided.status.value == "rejected"
    assert queue.flush_webhooks(30)
    assert any(e.kind.value == "webhook_failed" for e in queue.events(item_id))


def test_a_decision_does_not_wait_for_a_slow_webhook(queue):
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    release = threading.Event()
    received = []

    class Slow(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            release.wait(10)
            received.append(1)
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    try:
        queue.register_webhook(f"http://127.0.0.1:{server.server_address[1]}/hook", "s" * 16)
        item_id = queue.enqueue(make_item())
        queue.reject(item_id, "alice")  # returns while the hook still holds the request
        assert received == []
        release.set()
        assert queue.flush_webhooks(30) and received == [1]
    finally:
        release.set()
        server.shutdown()
        server.server_close()


def test_a_crash_before_delivery_loses_no_notification(target, monkeypatch):
    import guard.review.sql_queue as sql_queue

    sent = []
    monkeypatch.setattr(sql_queue, "deliver", lambda hook, item, _s: sent.append(item.id) or _ok())
    first = open_queue(target)
    first.register_webhook("http://127.0.0.1:9/hook", "s" * 16)
    item_id = first.enqueue(make_item())
    monkeypatch.setattr(first._outbox, "wake", lambda: None)  # the process dies before delivering
    first.reject(item_id, "alice")
    first.close()
    assert sent == []
    second = open_queue(target)  # a restart delivers what the outbox holds
    try:
        assert second.flush_webhooks(30)
        assert sent == [item_id]
    finally:
        second.close()


def _ok():
    from guard.review.webhooks import DeliveryResult

    return DeliveryResult(delivery_id="d", ok=True, attempts=1, status_code=200)
