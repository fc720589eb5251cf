"""Provider faults over HTTP: retried, then the fallback model, then the policy's model_error action."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
from server_helpers import API_KEY, live_server

from guard.llm.testing import register_scripted_model
from guard.server import Limits, ReviewSettings, ServerConfig

PARIS = "Paris is the capital of France."
CONTEXTS = [PARIS, "Berlin is the capital of Germany."]
REFUSAL = "I don't have enough information in the provided documents to answer that."
REVIEW_TOKEN = "reviewer-token-0123456789"
HEADERS = {"Authorization": f"Bearer {API_KEY}"}


def _ask(server, model: str, **headers: str) -> httpx.Response:
    body = {"model": model, "messages": [{"role": "user", "content": "What is the capital of France?"}],
            "contexts": CONTEXTS}  # fmt: skip
    return httpx.post(
        f"{server.url}/v1/chat/completions", json=body, headers={**HEADERS, **headers}, timeout=60
    )


def _outcomes(guard: dict) -> list[tuple[str, str]]:
    return [(c["model"], c["outcome"]) for c in guard["model"]["calls"]]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    import os

    os.environ["RAGGUARD_TEST_REVIEW_TOKEN"] = REVIEW_TOKEN
    queue = tmp_path_factory.mktemp("review") / "queue.sqlite"
    register_scripted_model("faults-primary", PARIS)
    config = ServerConfig(
        model="test/faults-primary",
        fallback_model="test/faults-backup",
        allowed_models=["test/faults-*"],
        policies=["default", "medical"],
        api_keys=[API_KEY],
        api_key_env=None,
        model_retries=2,
        model_backoff_s=0.0,
        review=ReviewSettings(queue=str(queue), token_env="RAGGUARD_TEST_REVIEW_TOKEN"),
    )
    try:
        with live_server(config) as live:
            yield live
    finally:
        del os.environ["RAGGUARD_TEST_REVIEW_TOKEN"]


def test_transient_failures_are_retried(server):
    register_scripted_model("faults-flaky", PARIS, failures=["timeout", "rate_limit"])
    response = _ask(server, "test/faults-flaky")
    assert response.status_code == 200
    guard = response.json()["guard"]
    assert _outcomes(guard) == [
        ("test/faults-flaky", "transient_error"),
        ("test/faults-flaky", "transient_error"),
        ("test/faults-flaky", "ok"),
    ]
    assert guard["decision"] == "pass" and not guard["model"]["fallback_used"]


def test_a_model_that_keeps_failing_falls_back(server):
    register_scripted_model("faults-down", PARIS, failures=["server_error"] * 3)
    register_scripted_model("faults-backup", PARIS)
    response = _ask(server, "test/faults-down")
    assert response.status_code == 200
    body = response.json()
    guard = body["guard"]
    assert _outcomes(guard)[-1] == ("test/faults-backup", "ok")
    assert [o for _, o in _outcomes(guard)[:3]] == ["transient_error"] * 3
    assert guard["model"]["fallback_used"] and guard["model"]["answered"] == "test/faults-backup"
    assert body["model"] == "test/faults-backup"
    assert guard["decision"] == "pass"


def test_a_non_transient_error_goes_straight_to_the_fallback(server):
    register_scripted_model("faults-denied", PARIS, failures=["auth"])
    register_scripted_model("faults-backup", PARIS)
    guard = _ask(server, "test/faults-denied").json()["guard"]
    assert _outcomes(guard) == [("test/faults-denied", "error"), ("test/faults-backup", "ok")]


def test_when_the_fallback_fails_too_the_policy_refuses(server):
    register_scripted_model("faults-down", PARIS, failures=["server_error"] * 3)
    register_scripted_model("faults-backup", PARIS, failures=["unavailable"] * 3)
    response = _ask(server, "test/faults-down")
    assert response.status_code == 200
    body = response.json()
    guard = body["guard"]
    assert body["choices"][0]["message"]["content"] == REFUSAL
    assert guard["decision"] == "refuse"
    assert [r["condition"] for r in guard["reasons"]] == ["model_error"]
    assert "faults-down" in guard["reasons"][0]["detail"] and "faults-backup" in guard["reasons"][0]["detail"]
    assert guard["model"]["failed"] and guard["model"]["drafts"] == 0 and len(guard["model"]["calls"]) == 6


def test_medical_escalates_a_model_failure_into_the_review_queue(server):
    from guard.review import open_queue

    register_scripted_model("faults-down", PARIS, failures=["server_error"] * 3)
    register_scripted_model("faults-backup", PARIS, failures=["server_error"] * 3)
    response = _ask(server, "test/faults-down", **{"X-Guard-Policy": "medical"})
    guard = response.json()["guard"]
    assert guard["decision"] == "escalate" and guard["escalation_id"]
    assert "qualified reviewer" in response.json()["choices"][0]["message"]["content"]
    queue = open_queue(server.app.state.guard.config.review.queue)
    try:
        assert queue.get(guard["escalation_id"]).id == guard["escalation_id"]
    finally:
        queue.close()


def test_the_review_page_is_mounted_behind_its_own_token(server):
    page = httpx.get(f"{server.url}/review/", follow_redirects=False)
    assert page.status_code == 303 and page.headers["location"].endswith("/review/login")
    assert httpx.get(f"{server.url}/review/login").status_code == 200
    assert httpx.get(f"{server.url}/healthz").json()["review"] is True


# --- a server that reports model failures as errors, and sheds load ----------------------------------


@pytest.fixture(scope="module")
def strict_server():
    def slow(_messages):
        time.sleep(1.0)
        return PARIS

    register_scripted_model("strict-slow", slow)
    register_scripted_model("strict-backup", PARIS)
    config = ServerConfig(
        model="test/strict-slow",
        fallback_model="test/strict-backup",
        allowed_models=["test/strict-*"],
        on_model_failure="error",
        api_keys=[API_KEY],
        api_key_env=None,
        model_retries=1,
        model_backoff_s=0.0,
        limits=Limits(max_in_flight=1, max_queue=1),
    )
    with live_server(config) as live:
        yield live


def test_on_model_failure_error_gives_502_with_the_model_events(strict_server):
    register_scripted_model("strict-down", PARIS, failures=["timeout"] * 2)
    register_scripted_model("strict-backup", PARIS, failures=["rate_limit"] * 2)
    response = _ask(strict_server, "test/strict-down")
    assert response.status_code == 502
    error = response.json()["error"]
    assert error["type"] == "model_error" and error["code"] == "model_failed"
    assert [(e["model"], e["outcome"]) for e in error["model_events"]] == [
        ("test/strict-down", "transient_error"),
        ("test/strict-down", "transient_error"),
        ("test/strict-backup", "transient_error"),
        ("test/strict-backup", "transient_error"),
    ]


def test_requests_beyond_the_queue_get_503_and_retry_after(strict_server):
    async def burst() -> list[httpx.Response]:
        body = {"model": "ragguard", "messages": [{"role": "user", "content": "Capital of France?"}],
                "contexts": CONTEXTS}  # fmt: skip
        async with httpx.AsyncClient(base_url=strict_server.url, headers=HEADERS, timeout=60) as client:
            return await asyncio.gather(*(client.post("/v1/chat/completions", json=body) for _ in range(4)))

    responses = asyncio.run(burst())
    statuses = sorted(r.status_code for r in responses)
    assert statuses.count(200) >= 2 and 503 in statuses, statuses  # one running, one queued, the rest shed
    shed = next(r for r in responses if r.status_code == 503)
    assert shed.headers["retry-after"] == "1"
    assert shed.json()["error"]["code"] == "overloaded" and "retry" in shed.json()["error"]["message"]
