"""Issue 13 (Medium): bounded request fields, no internals in a 5xx, bounded metrics labels,
bounded /v1/verify cost, no CDN docs pages, only known Host names, escalations rate-limited."""

from __future__ import annotations

import os

import httpx
import pytest
from server_helpers import API_KEY, live_server

from guard.llm.testing import register_scripted_model
from guard.server import Limits, ReviewSettings, ServerConfig

OTHER_KEY = "test-key-2"
PARIS = "Paris is the capital of France."
VERIFY_OK = {
    "question": "What is the capital of France?",
    "contexts": [PARIS, "Berlin is the capital of Germany."],
    "answer": "Paris is the capital of France [1].",
}


def _chat(model: str = "test/hard-answer", **extra) -> dict:
    return {
        "model": model,
        "messages": [{"role": "user", "content": "What is the capital of France?"}],
        "contexts": [PARIS],
        **extra,
    }


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    os.environ["RAGGUARD_TEST_HARD_TOKEN"] = "reviewer-token-0123456789"
    register_scripted_model("hard-answer", PARIS)
    config = ServerConfig(
        model="test/hard-answer",
        allowed_models=["test/hard-*"],
        api_keys=[API_KEY, OTHER_KEY],
        api_key_env=None,
        policies=["default", "medical"],
        model_retries=0,
        model_backoff_s=0.0,
        warm_up=False,
        limits=Limits(max_escalations_per_minute=2),
        review=ReviewSettings(
            queue=str(tmp_path_factory.mktemp("q") / "queue.sqlite"), token_env="RAGGUARD_TEST_HARD_TOKEN"
        ),
    )
    try:
        with live_server(config) as live:
            yield live
    finally:
        del os.environ["RAGGUARD_TEST_HARD_TOKEN"]


def _client(server, key: str = API_KEY) -> httpx.Client:
    return httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {key}"}, timeout=120)


def _error(response: httpx.Response, status: int) -> dict:
    assert response.status_code == status, response.text
    return response.json()["error"]


# --- request fields -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [2**70, -(2**70), 2**64])
def test_a_seed_the_backend_cannot_take_is_a_422(server, seed):
    with _client(server) as client:
        error = _error(client.post("/v1/chat/completions", json=_chat(seed=seed)), 422)
    assert error["param"] == "seed"


def test_a_seed_in_range_is_accepted(server):
    with _client(server) as client:
        assert client.post("/v1/chat/completions", json=_chat(seed=2**63 - 1)).status_code == 200


@pytest.mark.parametrize(
    "body",
    [
        _chat(messages=[{"role": "user", "content": "capital\x00 of France?"}]),
        _chat(contexts=["Paris\x00 is the capital of France."]),
    ],
)
def test_a_nul_character_in_a_chat_request_is_a_422(server, body):
    with _client(server) as client:
        error = _error(client.post("/v1/chat/completions", json=body), 422)
    assert "NUL" in error["message"]


@pytest.mark.parametrize("field", ["question", "answer"])
def test_a_nul_character_in_a_verify_request_is_a_422(server, field):
    with _client(server) as client:
        body = {**VERIFY_OK, field: VERIFY_OK[field] + "\x00"}
        error = _error(client.post("/v1/verify", json=body), 422)
    assert error["param"] == field and "NUL" in error["message"]


def test_a_whitespace_only_question_is_refused_by_verify(server):
    with _client(server) as client:
        error = _error(client.post("/v1/verify", json={**VERIFY_OK, "question": " \n\t "}), 422)
    assert error["param"] == "question"


def test_duplicate_passage_ids_are_refused(server):
    contexts = [{"id": "a", "text": PARIS}, {"id": "a", "text": "Berlin is the capital of Germany."}]
    with _client(server) as client:
        error = _error(client.post("/v1/verify", json={**VERIFY_OK, "contexts": contexts}), 422)
        assert "duplicate" in error["message"] and "'a'" in error["message"]
        error = _error(client.post("/v1/chat/completions", json=_chat(contexts=contexts)), 422)
        assert "duplicate" in error["message"]


# --- /v1/verify cost ------------------------------------------------------------------------------


def test_duplicate_verifiers_are_refused(server):
    with _client(server) as client:
        body = {**VERIFY_OK, "verifiers": ["support", "support"]}
        error = _error(client.post("/v1/verify", json=body), 422)
    assert error["param"] == "verifiers" and "support" in error["message"]


def test_verifier_count_is_bounded_by_default():
    assert Limits().max_verifiers <= 8


def test_the_total_work_a_verify_request_asks_for_is_bounded(server):
    config = server.app.state.guard.config
    budget = config.limits.max_verify_work_chars
    many = ["x " * (config.limits.max_passage_chars // 2)] * config.limits.max_passages
    assert sum(map(len, many)) * 2 > budget  # the test asks for more than the budget
    with _client(server) as client:
        body = {**VERIFY_OK, "contexts": many, "verifiers": ["support", "citations"]}
        error = _error(client.post("/v1/verify", json=body), 422)
    assert "max_verify_work_chars" in error["message"]


# --- 5xx bodies -----------------------------------------------------------------------------------


def test_a_500_says_nothing_of_the_internals(server, monkeypatch):
    from guard.review.queue import QueueError
    from guard.server import batching

    def broken(_items, _settings):
        raise QueueError("Review queue postgresql://u@db/x?password=hunter2 failed: relation items")

    monkeypatch.setattr(batching, "_verify_many", broken)
    with _client(server) as client:
        response = client.post("/v1/verify", json=VERIFY_OK)
    error = _error(response, 500)
    assert "hunter2" not in response.text and "relation" not in response.text
    assert "QueueError" not in response.text
    assert error["trace_id"] and error["trace_id"] in error["message"]


# --- metrics --------------------------------------------------------------------------------------


def test_unknown_http_methods_share_one_metrics_label(server):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for i in range(20):
            client.request(f"WEIRD{i}", "/healthz")
        text = client.get("/metrics").text
    assert "WEIRD" not in text
    assert 'method="other"' in text


# --- docs and hosts -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_the_cdn_docs_pages_are_off_by_default(server, path):
    assert httpx.get(server.url + path).status_code == 404


def test_docs_pages_can_be_turned_on():
    from guard.server import create_app

    app = create_app(ServerConfig(api_docs=True, warm_up=False))
    assert app.docs_url == "/docs"


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.1.evil.example"])
def test_an_unknown_host_header_is_refused(server, host):
    response = httpx.get(server.url + "/healthz", headers={"Host": host})
    _error(response, 400)


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "[::1]"])
def test_loopback_host_names_are_accepted(server, host):
    response = httpx.get(server.url + "/healthz", headers={"Host": f"{host}:{server.port}"})
    assert response.status_code == 200


def test_configured_host_names_are_accepted(tmp_path):
    config = ServerConfig(allowed_hosts=["guard.example.com"], warm_up=False)
    assert "guard.example.com" in config.trusted_hosts() and "localhost" in config.trusted_hosts()


# --- escalations ----------------------------------------------------------------------------------


def test_escalations_are_rate_limited_per_client(server):
    register_scripted_model("hard-down", PARIS, failures=["server_error"] * 1000)
    headers = {"X-Guard-Policy": "medical"}
    with _client(server) as client:
        for _ in range(2):
            response = client.post("/v1/chat/completions", json=_chat("test/hard-down"), headers=headers)
            assert response.json()["guard"]["decision"] == "escalate"
        error = _error(client.post("/v1/chat/completions", json=_chat("test/hard-down"), headers=headers), 429)
        assert "max_escalations_per_minute" in error["message"]
    with _client(server, OTHER_KEY) as other:
        response = other.post("/v1/chat/completions", json=_chat("test/hard-down"), headers=headers)
        assert response.json()["guard"]["decision"] == "escalate"


def test_a_lone_surrogate_is_a_422_not_a_verifier_failure(server):
    raw = b'{"question": "q?", "contexts": ["Paris is in France."], "answer": "Paris \\ud800 is in France."}'
    with _client(server) as client:
        response = client.post("/v1/verify", content=raw, headers={"Content-Type": "application/json"})
    error = _error(response, 422)
    assert error["param"] == "answer" and "surrogate" in error["message"]
