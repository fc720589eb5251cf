"""Bad requests get a 4xx in OpenAI's error shape that says what to fix; never a 500."""

from __future__ import annotations

import json
import random

import httpx
import pytest
from server_helpers import API_KEY, live_server

from guard.llm.testing import register_scripted_model
from guard.server import Limits, ServerConfig

VERIFY_OK = {
    "question": "What is the capital of France?",
    "contexts": ["Paris is the capital of France.", "Berlin is the capital of Germany."],
    "answer": "Paris is the capital of France [1].",
}
LIMITS = Limits(
    max_body_bytes=8192, max_passages=3, max_passage_chars=500, max_answer_chars=400, max_tokens=64
)


@pytest.fixture(scope="module")
def server():
    register_scripted_model("errors-answer", "Paris is the capital of France [1].")
    config = ServerConfig(
        model="test/errors-answer",
        api_keys=[API_KEY],
        api_key_env=None,
        policies=["default", "medical"],
        limits=LIMITS,
        model_retries=0,
    )
    with live_server(config) as live:
        yield live


@pytest.fixture(scope="module")
def client(server):
    with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {API_KEY}"}, timeout=60) as c:
        yield c


def _error(response: httpx.Response, status: int) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body["error"]) >= {"message", "type", "code"}
    return body["error"]


# --- API keys ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer wrong"},
        {"Authorization": API_KEY},
        {"Authorization": "Basic " + API_KEY},
    ],
)
def test_v1_routes_need_a_known_bearer_key(server, headers):
    response = httpx.post(f"{server.url}/v1/verify", json=VERIFY_OK, headers=headers)
    error = _error(response, 401)
    assert error["code"] == "invalid_api_key"
    assert response.headers["www-authenticate"] == "Bearer"


def test_health_and_metrics_need_no_key(server):
    assert httpx.get(f"{server.url}/healthz").json()["status"] == "ok"
    assert httpx.get(f"{server.url}/metrics").status_code == 200


def test_a_valid_key_is_let_through(client):
    response = client.post("/v1/verify", json=VERIFY_OK)
    assert response.status_code == 200
    body = response.json()  # the typed contract: scores, judged, completed; no signals
    assert "signals" not in body and "scores" in body and isinstance(body["completed"], list)
    assert all("scores" in claim and "judged" in claim and "signals" not in claim for claim in body["claims"])


# --- size limits ---------------------------------------------------------------------------------


def test_declared_oversized_body_is_refused_with_the_limit_named(client):
    body = json.dumps({**VERIFY_OK, "answer": "x" * 10_000})
    error = _error(client.post("/v1/verify", content=body, headers={"Content-Type": "application/json"}), 413)
    assert "8192" in error["message"] and "limits.max_body_bytes" in error["message"]


def test_streamed_oversized_body_is_refused_without_a_content_length(client):
    def chunks():
        yield b'{"question": "q", "answer": "'
        for _ in range(100):
            yield b"y" * 1000
        yield b'"}'

    error = _error(
        client.post("/v1/verify", content=chunks(), headers={"Content-Type": "application/json"}), 413
    )
    assert "limits.max_body_bytes" in error["message"]


@pytest.mark.parametrize(
    "change, field, setting",
    [
        ({"contexts": ["a.", "b.", "c.", "d."]}, "contexts", "max_passages"),
        ({"contexts": ["z" * 501]}, "contexts[0]", "max_passage_chars"),
        ({"answer": "Paris. " * 100}, "answer", "max_answer_chars"),
    ],
)
def test_passage_count_and_text_length_limits_name_the_limit(client, change, field, setting):
    error = _error(client.post("/v1/verify", json={**VERIFY_OK, **change}), 422)
    assert error["code"] == "limit_exceeded"
    assert error["param"] == field
    assert f"limits.{setting}" in error["message"]


def test_chat_max_tokens_above_the_ceiling_is_refused(client):
    body = {
        "model": "ragguard",
        "messages": [{"role": "user", "content": "hi"}],
        "max_tokens": 65,
        "contexts": ["Paris is the capital of France."],
    }
    error = _error(client.post("/v1/chat/completions", json=body), 422)
    assert "limits.max_tokens" in error["message"]


# --- malformed and mistyped bodies ---------------------------------------------------------------


@pytest.mark.parametrize(
    "content, content_type, code",
    [
        (b'{"question": "q", ', "application/json", "invalid_json"),
        (b"", "application/json", "missing_body"),
        (b"question=q", "application/x-www-form-urlencoded", "invalid_body"),
        (b"[1, 2, 3]", "application/json", "invalid_body"),
    ],
)
def test_a_body_that_is_not_a_json_object_is_a_400(client, content, content_type, code):
    error = _error(client.post("/v1/verify", content=content, headers={"Content-Type": content_type}), 400)
    assert error["code"] == code


@pytest.mark.parametrize(
    "change, param",
    [
        ({"question": 3}, "question"),
        ({"contexts": "Paris is the capital."}, "contexts"),
        ({"contexts": []}, "contexts"),
        ({"answer": None}, "answer"),
        ({"verifiers": "support"}, "verifiers"),
        ({"surprise": True}, "surprise"),
    ],
)
def test_wrong_types_name_the_field(client, change, param):
    error = _error(client.post("/v1/verify", json={**VERIFY_OK, **change}), 422)
    assert error["param"] == param
    assert param in error["message"]


@pytest.mark.parametrize(
    "body, param",
    [
        ({"model": "ragguard", "messages": []}, "messages"),
        ({"model": "ragguard"}, "messages"),
        ({"model": "ragguard", "messages": [{"role": "wizard", "content": "hi"}]}, "messages.0.role"),
        ({"model": "ragguard", "messages": [{"role": "user", "content": 5}]}, "messages.0.content"),
        (
            {"model": "ragguard", "messages": [{"role": "user", "content": "hi"}], "temperature": "hot"},
            "temperature",
        ),
        (
            {"model": "ragguard", "messages": [{"role": "user", "content": "hi"}], "temperature": 9},
            "temperature",
        ),
        ({"model": "ragguard", "messages": [{"role": "user", "content": "hi"}], "n": 2}, "n"),
    ],
)
def test_chat_request_validation(client, body, param):
    error = _error(client.post("/v1/chat/completions", json=body), 422)
    assert error["param"] == param


def test_tools_are_refused_rather_than_ignored(client):
    body = {
        "model": "ragguard",
        "messages": [{"role": "user", "content": "hi"}],
        "tools": [{"type": "function", "function": {"name": "f"}}],
    }
    error = _error(client.post("/v1/chat/completions", json=body), 422)
    assert "tools" in error["message"] and "does not support" in error["message"]


# --- names -----------------------------------------------------------------------------------------


def test_unknown_policy_header_lists_the_available_ones(client):
    error = _error(client.post("/v1/verify", json=VERIFY_OK, headers={"X-Guard-Policy": "lenient"}), 404)
    assert error["code"] == "unknown_policy"
    assert "default, medical" in error["message"]


def test_unknown_verifier_is_a_client_error_naming_the_choices(client):
    error = _error(client.post("/v1/verify", json={**VERIFY_OK, "verifiers": ["oracle"]}), 400)
    assert "oracle" in error["message"] and "support" in error["message"]


def test_unknown_model_lists_the_models_served(client):
    body = {"model": "gpt-9", "messages": [{"role": "user", "content": "hi"}], "contexts": ["Paris."]}
    error = _error(client.post("/v1/chat/completions", json=body), 404)
    assert error["code"] == "model_not_found" and "ragguard" in error["message"]


def test_no_knowledge_base_and_no_contexts_says_how_to_fix_it(client):
    body = {"model": "ragguard", "messages": [{"role": "user", "content": "hi"}]}
    error = _error(client.post("/v1/chat/completions", json=body), 400)
    assert "contexts" in error["message"] and "--index" in error["message"]


def test_unknown_route_and_method_use_the_error_shape(client):
    assert _error(client.get("/v1/nothing"), 404)["type"] == "not_found"
    _error(client.get("/v1/verify"), 405)


# --- fuzz --------------------------------------------------------------------------------------------


def _junk(rng: random.Random, depth: int = 0):
    kinds = (
        ["int", "float", "str", "none", "bool", "list", "dict", "huge"]
        if depth < 2
        else ["int", "str", "none"]
    )
    kind = rng.choice(kinds)
    return {
        "int": lambda: rng.randint(-(2**70), 2**70),
        "float": lambda: rng.choice([1e308, -0.0, 3.5]),
        "str": lambda: rng.choice(
            ["", " ", "\u0000", "é" * 50, "[1]", "Paris is the capital of France [7]."]
        ),
        "none": lambda: None,
        "bool": lambda: rng.random() < 0.5,
        "list": lambda: [_junk(rng, depth + 1) for _ in range(rng.randint(0, 4))],
        "dict": lambda: {
            rng.choice(["role", "content", "text", "id"]): _junk(rng, depth + 1) for _ in range(3)
        },
        "huge": lambda: "w " * rng.randint(300, 3000),
    }[kind]()


def _fuzzed_bodies(seed: int, n: int) -> list[tuple[str, bytes]]:
    rng = random.Random(seed)
    bodies = []
    for _ in range(n):
        route = rng.choice(["/v1/verify", "/v1/chat/completions"])
        base = (
            dict(VERIFY_OK)
            if route == "/v1/verify"
            else {
                "model": "ragguard",
                "messages": [{"role": "user", "content": "hi"}],
                "contexts": ["Paris."],
            }
        )
        for key in rng.sample(sorted(base), rng.randint(1, len(base))):
            base[key] = _junk(rng)
        raw = json.dumps(base).encode()
        if rng.random() < 0.2:  # truncated or corrupted bytes
            raw = raw[: rng.randint(0, len(raw))] + bytes([rng.randint(0, 255)])
        bodies.append((route, raw))
    return bodies


def test_fuzzed_bodies_never_get_a_5xx(client):
    statuses = []
    for route, raw in _fuzzed_bodies(seed=7, n=60):
        response = client.post(route, content=raw, headers={"Content-Type": "application/json"})
        assert response.status_code < 500, (route, raw[:200], response.text)
        assert "error" in response.json() or response.status_code == 200
        statuses.append(response.status_code)
    assert {400, 422} <= set(statuses)
