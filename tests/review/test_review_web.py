"""The reviewer page through FastAPI's test client: access, CSRF, escaping, decisions."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from review_builders import FakeClock, make_item

from guard.errors import ConfigError
from guard.review import ItemStatus, open_queue
from guard.review.web import COOKIE_NAME, create_review_app

TOKEN = "correct-horse-battery-staple"
EVIL = "<script>alert('pwned')</script><img src=x onerror=alert(1)> The usual adult dose is 20 mg a day."


@pytest.fixture
def web_clock():
    return FakeClock(start=__import__("time").time())


@pytest.fixture
def store(tmp_path, web_clock):
    q = open_queue(tmp_path / "queue.db", clock=web_clock)
    yield q
    q.close()


@pytest.fixture
def app(store, web_clock):
    return create_review_app(store, TOKEN, clock=web_clock)


def _post_login(client: TestClient, token: str = TOKEN, reviewer: str = "alice", prefix: str = ""):
    """Log in as a browser does: fetch the form (it sets the login CSRF cookie), post it back."""
    form = client.get(f"{prefix}/login")
    data = {"token": token, "reviewer": reviewer, "csrf": _csrf(form.text)}
    return client.post(f"{prefix}/login", data=data, follow_redirects=False)


def _login(client: TestClient, reviewer: str = "alice", prefix: str = "") -> None:
    assert _post_login(client, reviewer=reviewer, prefix=prefix).status_code == 303


def _csrf(html: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


def test_nothing_escalated_is_reachable_without_the_token(app, store):
    item_id = store.enqueue(make_item())
    client = TestClient(app)
    for path in ("/", f"/items/{item_id}", "/?status=all"):
        response = client.get(path, follow_redirects=False)
        assert response.status_code == 303 and response.headers["location"] == "/login"
    assert client.get("/export.jsonl").status_code == 401
    for path in (
        f"/items/{item_id}/approve",
        f"/items/{item_id}/edit",
        f"/items/{item_id}/reject",
        f"/items/{item_id}/release",
        "/next",
        "/logout",
    ):
        assert client.post(path, data={"csrf": "x", "final_answer": "x"}).status_code == 401
    for path in ("/docs", "/openapi.json", "/redoc"):
        assert client.get(path).status_code == 404
    login = client.get("/login")
    assert login.status_code == 200 and "How should I take" not in login.text
    assert store.get(item_id).status is ItemStatus.pending


def test_a_wrong_token_or_forged_cookie_gets_no_session(app, store):
    store.enqueue(make_item())
    client = TestClient(app)
    response = _post_login(client, TOKEN + "x")
    assert response.status_code == 401 and COOKIE_NAME not in response.cookies
    _login(client)
    session_id = client.cookies[COOKIE_NAME]
    client.cookies.clear()
    client.cookies.set(COOKIE_NAME, session_id[:-4] + "AAAA")
    assert client.get("/", follow_redirects=False).status_code == 303
    other = create_review_app(store, "another-token-of-enough-length")
    stolen = TestClient(app)
    _login(stolen)
    elsewhere = TestClient(other)
    elsewhere.cookies.set(COOKIE_NAME, stolen.cookies[COOKIE_NAME])
    assert elsewhere.get("/", follow_redirects=False).status_code == 303  # sessions are per app


def test_the_session_cookie_is_httponly_strict_and_expires(app, web_clock):
    client = TestClient(app)
    response = _post_login(client)
    cookie = next(c for c in response.headers.get_list("set-cookie") if c.startswith(COOKIE_NAME + "="))
    cookie = cookie.lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/" in cookie
    assert client.get("/").status_code == 200
    web_clock.advance(13 * 3600)
    assert client.get("/", follow_redirects=False).status_code == 303


def test_posts_need_the_session_csrf_token_and_same_origin(app, store):
    item_id = store.enqueue(make_item())
    client = TestClient(app)
    _login(client)
    page = client.get(f"/items/{item_id}")
    csrf = _csrf(page.text)
    assert client.post(f"/items/{item_id}/approve", data={}).status_code == 403
    forged = csrf[:-1] + ("y" if csrf.endswith("x") else "x")  # one character off (a token may end in x)
    assert client.post(f"/items/{item_id}/approve", data={"csrf": forged}).status_code == 403
    cross = client.post(
        f"/items/{item_id}/approve", data={"csrf": csrf}, headers={"Origin": "https://evil.example"}
    )
    assert cross.status_code == 403
    opaque = client.post(f"/items/{item_id}/approve", data={"csrf": csrf}, headers={"Origin": "null"})
    assert opaque.status_code == 403
    other = TestClient(app)
    _login(other, "bob")
    assert other.post(f"/items/{item_id}/approve", data={"csrf": csrf}).status_code == 403  # not bob's
    assert store.get(item_id).status is ItemStatus.claimed  # claimed on view, never decided
    ok = client.post(
        f"/items/{item_id}/approve",
        data={"csrf": csrf},
        headers={"Origin": "http://testserver"},
        follow_redirects=False,
    )
    assert ok.status_code == 303 and store.get(item_id).status is ItemStatus.approved


def test_untrusted_passages_and_drafts_are_escaped(app, store):
    item = make_item(passage_text=EVIL)
    item.draft = item.draft.replace("80 mg", "80 mg <b onmouseover=alert(2)>")
    item_id = store.enqueue(item)
    client = TestClient(app)
    _login(client)
    response = client.get(f"/items/{item_id}")
    html = response.text
    assert "<script>alert" not in html and "<img src=x" not in html and "<b onmouseover" not in html
    assert "&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt;" in html
    assert "&lt;b onmouseover=alert(2)&gt;" in html
    policy = response.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src" not in policy
    assert response.headers["x-frame-options"] == "DENY" and response.headers["cache-control"] == "no-store"


def test_the_item_view_marks_failing_claims_beside_their_evidence(app, store):
    item_id = store.enqueue(make_item())
    client = TestClient(app)
    _login(client)
    html = client.get(f"/items/{item_id}").text
    assert '<mark class="unsupported" id="claim-1"' in html
    assert '<mark class="contradicted" id="claim-2"' in html
    assert 'id="claim-0"' not in html  # supported claims stay plain
    evidence = html[html.index('id="evidence"') :]
    assert '<mark class="evidence">The usual adult dose is 20 mg a day.</mark>' in evidence
    assert '<mark class="evidence">It can be taken with or without food.</mark>' in evidence
    assert "fabrication" in evidence and "80 mg occurs in no passage" in evidence


def test_each_flagged_claim_shows_its_deciding_rule_in_plain_words(app, store):
    item_id = store.enqueue(make_item(rules=("quantity.not_found", "limit.optional_required")))
    client = TestClient(app)
    _login(client)
    evidence = client.get(f"/items/{item_id}").text.split('id="evidence"', 1)[1]
    first = evidence[evidence.index('id="rule-1"') :].split("</p>", 1)[0]
    second = evidence[evidence.index('id="rule-2"') :].split("</p>", 1)[0]
    assert "No passage gives this number." in first and "quantity.not_found" in first
    assert "The claim requires what the passage leaves open." in second
    assert "limit.optional_required" in second


def test_a_rule_this_version_does_not_know_shows_its_id(app, store):
    # an item stored by another version, or a rule id without a description, keeps its id on the page
    item_id = store.enqueue(make_item(rules=(None, "future.rule")))
    client = TestClient(app)
    _login(client)
    html = client.get(f"/items/{item_id}").text
    assert 'id="rule-1"' not in html  # no rule recorded: nothing shown
    shown = html[html.index('id="rule-2"') :].split("</p>", 1)[0]
    assert "future.rule" in shown and "does not describe" in shown


def test_edit_and_approve_leaves_the_queue_and_reaches_the_export(app, store):
    item_id = store.enqueue(make_item())
    client = TestClient(app)
    _login(client)
    csrf = _csrf(client.get(f"/items/{item_id}").text)
    response = client.post(
        f"/items/{item_id}/edit",
        data={"csrf": csrf, "final_answer": "Take 20 mg a day [2].", "comment": "dose"},
    )
    assert response.status_code == 200 and "edited item" in response.text
    assert item_id not in client.get("/").text
    assert item_id in client.get("/?status=decided").text
    item = store.get(item_id)
    assert (item.status, item.final_answer, item.decision.reviewer) == (
        ItemStatus.edited,
        "Take 20 mg a day [2].",
        "alice",
    )
    export = client.get("/export.jsonl")
    assert export.status_code == 200 and f'"id": "review-{item_id}"' in export.text
    assert '"reference_answer": "Take 20 mg a day [2]."' in export.text


def test_an_empty_edit_is_refused_with_the_form_kept(app, store):
    item_id = store.enqueue(make_item())
    client = TestClient(app)
    _login(client)
    csrf = _csrf(client.get(f"/items/{item_id}").text)
    response = client.post(
        f"/items/{item_id}/edit", data={"csrf": csrf, "final_answer": " ", "comment": "kept"}
    )
    assert (
        response.status_code == 400 and "cannot be empty" in response.text and 'value="kept"' in response.text
    )
    assert store.get(item_id).status is ItemStatus.claimed


def test_an_item_another_reviewer_holds_is_read_only(app, store):
    item_id = store.enqueue(make_item())
    alice, bob = TestClient(app), TestClient(app)
    _login(alice)
    _login(bob, "bob")
    alice.get(f"/items/{item_id}")
    page = bob.get(f"/items/{item_id}")
    assert "alice is reviewing this item" in page.text and 'id="approve"' not in page.text
    response = bob.post(f"/items/{item_id}/reject", data={"csrf": _csrf(page.text)})
    assert response.status_code == 409 and "held by alice" in response.text
    assert store.get(item_id).status is ItemStatus.claimed


def test_queue_filters_and_review_next(app, store, web_clock):
    old = store.enqueue(make_item("old", policy="legal", conditions=("insufficient_context",)))
    web_clock.advance(600)
    new = store.enqueue(make_item("new", policy="medical"))
    client = TestClient(app)
    _login(client)

    def listed(query: str) -> set[str]:
        return set(re.findall(r'data-item-id="([0-9a-f]+)"', client.get("/" + query).text))

    assert listed("") == {old, new}
    assert listed("?policy=legal") == {old}
    assert listed("?reason=contradicted_claim") == {new}
    assert listed("?min_age_min=5") == {old}
    assert listed("?max_age_min=5") == {new}
    bad = client.get("?reason=%3Cscript%3E")
    assert bad.status_code == 400 and "<script>" not in bad.text
    csrf = _csrf(client.get("/").text)
    response = client.post("/next", data={"csrf": csrf}, follow_redirects=False)
    assert response.headers["location"] == f"/items/{old}"
    assert store.get(old).claimed_by == "alice"


def test_the_app_mounts_under_a_prefix(store):
    item_id = store.enqueue(make_item())
    server = FastAPI()
    server.mount("/review", create_review_app(store, TOKEN))
    client = TestClient(server)
    assert client.get("/review/", follow_redirects=False).headers["location"] == "/review/login"
    response = _post_login(client, prefix="/review")
    assert response.headers["location"] == "/review/"
    assert all("path=/review" in c.lower() for c in response.headers.get_list("set-cookie"))
    html = client.get(f"/review/items/{item_id}").text
    assert f'action="/review/items/{item_id}/approve"' in html and 'href="/review/export.jsonl"' in html


def test_a_short_token_is_refused(store):
    with pytest.raises(ConfigError, match="at least 16"):
        create_review_app(store, "short")
