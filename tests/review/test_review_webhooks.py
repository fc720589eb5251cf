"""Decision webhooks against a real HTTP server on 127.0.0.1, on both backends."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from review_builders import make_item

from guard.errors import InputError
from guard.review import EventKind, ItemStatus
from guard.review.webhooks import DELIVERY_HEADER, SIGNATURE_HEADER, sign, verify_signature

SECRET = "s3cret-s3cret-s3cret"


class Receiver:
    """Records each POST; answers with the next status of ``replies`` (then 200)."""

    def __init__(self, replies: list[int] | None = None):
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.replies = list(replies or [])
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append((dict(self.headers), body))
                self.send_response(receiver.replies.pop(0) if receiver.replies else 200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    made: list[Receiver] = []

    def start(replies=None):
        made.append(Receiver(replies))
        return made[-1]

    yield start
    for r in made:
        r.close()


def test_a_decision_is_posted_signed_and_recorded(queue, receiver):
    hook = receiver()
    queue.register_webhook(hook.url, SECRET)
    item_id = queue.enqueue(make_item())
    queue.edit(item_id, "alice", "Take 20 mg once a day.", comment="dose fixed")
    assert queue.flush_webhooks(30)
    assert len(hook.requests) == 1
    headers, body = hook.requests[0]
    assert verify_signature(SECRET, body, headers[SIGNATURE_HEADER])
    assert not verify_signature("another-secret-entirely", body, headers[SIGNATURE_HEADER])
    payload = json.loads(body)
    assert payload["item_id"] == item_id and payload["trace_id"] == "trace-1"
    assert payload["status"] == "edited" and payload["final_answer"] == "Take 20 mg once a day."
    assert payload["reviewer"] == "alice" and payload["delivery_id"] == headers[DELIVERY_HEADER]
    delivered = [e for e in queue.events(item_id) if e.kind is EventKind.webhook_delivered]
    assert len(delivered) == 1 and "HTTP 200 after 1 attempt" in delivered[0].detail
    assert hook.url in delivered[0].detail and SECRET not in delivered[0].detail


def test_server_errors_are_retried(queue, receiver):
    hook = receiver([503, 500])
    queue.register_webhook(hook.url, SECRET)
    item_id = queue.enqueue(make_item())
    queue.approve(item_id, "alice")
    assert queue.flush_webhooks(30)
    assert len(hook.requests) == 3
    assert len({h[DELIVERY_HEADER] for h, _ in hook.requests}) == 1  # one delivery, retried
    (event,) = [e for e in queue.events(item_id) if e.kind.value.startswith("webhook")]
    assert event.kind is EventKind.webhook_delivered and "after 3 attempt(s)" in event.detail


def test_a_failed_delivery_is_recorded_and_the_decision_stands(queue, receiver):
    refusing = receiver([400])
    down = receiver()
    down.close()  # nothing listens there any more
    queue.register_webhook(refusing.url, SECRET)
    queue.register_webhook(down.url, SECRET)
    item_id = queue.enqueue(make_item())
    queue.reject(item_id, "alice")
    assert queue.get(item_id).status is ItemStatus.rejected
    assert queue.flush_webhooks(60)
    failed = {
        e.detail.split()[0]: e.detail for e in queue.events(item_id) if e.kind is EventKind.webhook_failed
    }
    assert set(failed) == {refusing.url, down.url}
    assert "HTTP 400 after 1 attempt" in failed[refusing.url]  # a 4xx is final
    assert "ConnectError" in failed[down.url] and "after 4 attempt(s)" in failed[down.url]  # retried


def test_webhook_registration_checks_its_input(queue):
    with pytest.raises(InputError, match="http"):
        queue.register_webhook("ftp://example/hook", SECRET)
    with pytest.raises(InputError, match="16 characters"):
        queue.register_webhook("http://127.0.0.1/hook", "short")
    hook = queue.register_webhook("http://127.0.0.1:9/hook", SECRET)
    assert queue.webhooks() == [hook]
    assert queue.events()[-1].kind is EventKind.webhook_registered


def test_signature_is_hmac_sha256_of_the_body():
    import hashlib
    import hmac

    body = b'{"a":1}'
    assert sign("k" * 16, body) == "sha256=" + hmac.new(b"k" * 16, body, hashlib.sha256).hexdigest()
    assert not verify_signature("k" * 16, body, None)
