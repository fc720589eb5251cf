"""The reviewer page in a real headless browser: Debian's chromium driven by Playwright.

The app runs under uvicorn on a free loopback port in a thread. A reviewer logs in,
opens an item whose passage carries script, edits and approves it, and sees it leave
the queue and appear in the export. Needs /usr/bin/chromium (see conftest.chromium_path).
"""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest
import uvicorn
from review_builders import make_item

from guard.review import ItemStatus, open_queue
from guard.review.web import create_review_app

TOKEN = "browser-test-token-0123456789"
HOSTILE = (
    "<script>window.__pwned = 'script'</script>"
    "<img src=x onerror=\"window.__pwned = 'img'\"> The usual adult dose is 20 mg a day."
)
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def live_app(tmp_path):
    """(base URL, queue) of the review app served by uvicorn on 127.0.0.1."""
    queue = open_queue(tmp_path / "queue.db")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_review_app(queue, TOKEN), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", queue
    server.should_exit = True
    thread.join(timeout=20)
    sock.close()
    queue.close()


def test_a_reviewer_edits_and_approves_an_item_in_chromium(live_app, chromium_path, tmp_path):
    from playwright.sync_api import sync_playwright

    base, queue = live_app
    other = queue.enqueue(make_item("other-trace"))
    item_id = queue.enqueue(make_item("browser-trace", passage_text=HOSTILE))
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=chromium_path, headless=True, args=CHROMIUM_FLAGS
        )
        try:
            page = context.new_page()
            page.set_default_timeout(20_000)
            dialogs: list[str] = []
            page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))

            page.goto(base + "/")
            assert page.url == base + "/login"
            page.fill("#reviewer", "alice")
            page.fill("#token", TOKEN)
            page.click("#login")
            page.wait_for_selector("#items")
            assert page.locator("tr[data-item-id]").count() == 2

            page.click(f'tr[data-item-id="{item_id}"] a')
            page.wait_for_selector("#draft")
            assert (
                page.locator("#draft mark.contradicted").inner_text()
                == "It must never be taken with food [1]."
            )
            assert (
                page.locator("#draft mark.unsupported").inner_text()
                == "Adults may take up to 80 mg a day [2]."
            )
            assert "<script>" in page.locator("#evidence").inner_text()  # shown as text
            assert page.evaluate("window.__pwned === undefined") and dialogs == []
            page.screenshot(path=str(tmp_path / "item.png"), full_page=True)

            page.fill("#final-answer", "Take 20 mg once a day, with or without food [1][2].")
            page.fill("#edit-comment", "dose and food corrected")
            page.click("#save-edit")
            page.wait_for_selector("#notice")
            assert page.locator(f'tr[data-item-id="{item_id}"]').count() == 0  # left the queue
            assert page.locator(f'tr[data-item-id="{other}"]').count() == 1

            export = page.request.get(base + "/export.jsonl")
            assert export.ok
            rows = [json.loads(line) for line in export.text().splitlines()]
        finally:
            context.close()
    assert [(r["id"], r["expect"], r["reference_answer"]) for r in rows] == [
        (f"review-{item_id}", "answer", "Take 20 mg once a day, with or without food [1][2].")
    ]
    assert "alice" in rows[0]["notes"] and "dose and food corrected" in rows[0]["notes"]
    decided = queue.get(item_id)
    assert decided.status is ItemStatus.edited and decided.decision.reviewer == "alice"
