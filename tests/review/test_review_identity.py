"""Issue 13, Medium 4: reviewers' own credentials, server-side sessions, login rate limit,
failed logins logged, login CSRF."""

from __future__ import annotations

import os
import re
import stat

import pytest
from fastapi.testclient import TestClient
from review_builders import FakeClock, make_item
from structlog.testing import capture_logs

from guard.errors import InputError
from guard.review import open_queue
from guard.review.reviewers import ReviewerFile
from guard.review.sessions import LoginThrottle
from guard.review.web import COOKIE_NAME, create_review_app

ALICE_PW = "alice-password-123"
BOB_PW = "bob-password-4567"


@pytest.fixture
def reviewers(tmp_path) -> ReviewerFile:
    file = ReviewerFile(tmp_path / "reviewers.json")
    file.add("alice", ALICE_PW)
    file.add("bob", BOB_PW)
    return file


@pytest.fixture
def store(tmp_path):
    q = open_queue(tmp_path / "queue.db", clock=FakeClock(start=__import__("time").time()))
    yield q
    q.close()


@pytest.fixture
def app(store, reviewers):
    return create_review_app(store, reviewers=reviewers)


def _csrf(html: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


def _login(client: TestClient, reviewer: str, password: str, **headers: str):
    form = client.get("/login")
    data = {"reviewer": reviewer, "token": password, "csrf": _csrf(form.text)}
    return client.post("/login", data=data, headers=headers, follow_redirects=False)


def test_the_reviewers_file_holds_argon2_hashes_only_and_is_private(reviewers):
    text = reviewers.path.read_text()
    assert ALICE_PW not in text and text.count("$argon2id$") == 2
    assert stat.S_IMODE(os.stat(reviewers.path).st_mode) == 0o600
    assert reviewers.verify("alice", ALICE_PW) and not reviewers.verify("alice", BOB_PW)
    assert not reviewers.verify("carol", ALICE_PW)


def test_weak_passwords_and_odd_names_are_refused(reviewers):
    with pytest.raises(InputError, match="at least"):
        reviewers.add("carol", "short")
    with pytest.raises(InputError, match="reviewer name"):
        reviewers.add("<script>", ALICE_PW)


def test_a_reviewer_cannot_log_in_under_another_name(app):
    client = TestClient(app)
    assert _login(client, "bob", ALICE_PW).status_code == 401
    assert COOKIE_NAME not in client.cookies
    assert _login(client, "alice", ALICE_PW).status_code == 303


def test_decisions_carry_the_checked_identity(app, store):
    item_id = store.enqueue(make_item())
    client = TestClient(app)
    _login(client, "alice", ALICE_PW)
    page = client.get(f"/items/{item_id}")
    client.post(f"/items/{item_id}/reject", data={"csrf": _csrf(page.text), "comment": "no"})
    assert store.get(item_id).decision.reviewer == "alice"


def test_logout_ends_the_session_on_the_server(app):
    client = TestClient(app)
    _login(client, "alice", ALICE_PW)
    copied = client.cookies[COOKIE_NAME]
    page = client.get("/")
    client.post("/logout", data={"csrf": _csrf(page.text)})
    thief = TestClient(app)
    thief.cookies.set(COOKIE_NAME, copied)
    assert thief.get("/", follow_redirects=False).status_code == 303


def test_removing_a_reviewer_ends_their_sessions(app, reviewers):
    client = TestClient(app)
    _login(client, "bob", BOB_PW)
    assert client.get("/", follow_redirects=False).status_code == 200
    reviewers.remove("bob")
    assert client.get("/", follow_redirects=False).status_code == 303


def test_failed_logins_are_limited_and_logged(store, reviewers):
    app = create_review_app(store, reviewers=reviewers, login_throttle=LoginThrottle(failures=5, window_s=60))
    client = TestClient(app)
    with capture_logs() as logs:
        for _ in range(5):
            assert _login(client, "alice", "wrong-password-000").status_code == 401
        refused = _login(client, "alice", ALICE_PW)
    assert refused.status_code == 429 and "Too many failed logins" in refused.text
    assert COOKIE_NAME not in client.cookies
    failed = [e for e in logs if e["event"] == "review.login_failed"]
    assert len(failed) == 5 and failed[0]["reviewer"] == "alice" and "client" in failed[0]


def test_the_throttle_forgets_after_its_window():
    clock = FakeClock(start=0.0)
    throttle = LoginThrottle(failures=2, window_s=60, clock=clock)
    throttle.failed("a")
    throttle.failed("a")
    assert throttle.wait_s("a") > 0 and throttle.wait_s("b") == 0
    clock.advance(61)
    assert throttle.wait_s("a") == 0


def test_a_login_without_the_forms_csrf_token_is_refused(app):
    client = TestClient(app)
    response = client.post(
        "/login", data={"reviewer": "alice", "token": ALICE_PW, "csrf": "guess"}, follow_redirects=False
    )
    assert response.status_code == 403 and COOKIE_NAME not in client.cookies


def test_a_cross_origin_login_is_refused(app):
    client = TestClient(app)
    response = _login(client, "alice", ALICE_PW, origin="https://evil.example")
    assert response.status_code == 403 and COOKIE_NAME not in client.cookies


def test_the_shared_token_mode_warns_that_names_are_not_checked(store):
    with capture_logs() as logs:
        create_review_app(store, "a-shared-token-of-enough-length")
    assert any(e["event"] == "review.shared_token" for e in logs)


def test_sessions_are_shared_by_every_process_over_one_queue(tmp_path, reviewers):
    first_queue = open_queue(tmp_path / "shared.db")
    second_queue = open_queue(tmp_path / "shared.db")  # as a second server process would
    try:
        one = TestClient(create_review_app(first_queue, reviewers=reviewers))
        two = TestClient(create_review_app(second_queue, reviewers=reviewers))
        _login(one, "alice", ALICE_PW)
        cookie = one.cookies[COOKIE_NAME]
        two.cookies.set(COOKIE_NAME, cookie)
        assert two.get("/", follow_redirects=False).status_code == 200
        import sqlite3

        with sqlite3.connect(tmp_path / "shared.db") as db:
            stored = db.execute("SELECT id_hash FROM sessions").fetchall()
        assert stored and cookie not in str(stored)  # only a hash of the id is kept
        page = one.get("/")
        one.post("/logout", data={"csrf": _csrf(page.text)})
        assert two.get("/", follow_redirects=False).status_code == 303  # logout ended it everywhere
    finally:
        first_queue.close()
        second_queue.close()
