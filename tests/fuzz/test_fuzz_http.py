"""Standing fuzz tests (issue 13): every HTTP schema, fed generated bodies, never answers 5xx."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings, strategies as st

from guard.llm.testing import register_scripted_model
from guard.server import Limits, ServerConfig, create_app

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
TEXT = st.one_of(
    st.text(max_size=120),
    st.sampled_from(["Paris is the capital of France [1].", " ", "\x00", "[1][2][99]", ")" * 300, ""]),
)
INTS = st.one_of(st.integers(), st.integers(-(2**70), 2**70), st.sampled_from([0, -1, 2**63, 2**64]))
CONTEXT = st.one_of(
    TEXT,
    st.fixed_dictionaries({"id": TEXT, "text": TEXT}, optional={"source": TEXT, "title": TEXT | st.none()}),
    JSON,
)
MESSAGE = st.one_of(
    st.fixed_dictionaries(
        {"role": st.sampled_from(["user", "system", "assistant", "tool", "robot"]), "content": TEXT | JSON}
    ),
    JSON,
)
CHAT = st.fixed_dictionaries(
    {},
    optional={
        "model": st.sampled_from(["test/fuzz-answer", "ragguard", "gpt-4", ""]) | JSON,
        "messages": st.lists(MESSAGE, max_size=4) | JSON,
        "temperature": st.floats() | JSON,
        "max_tokens": INTS | JSON,
        "seed": INTS | JSON,
        "stop": TEXT | st.lists(TEXT, max_size=3) | JSON,
        "stream": st.booleans() | JSON,
        "n": INTS,
        "contexts": st.lists(CONTEXT, max_size=4) | JSON,
        "tools": JSON,
        "response_format": JSON,
    },
)
VERIFY = st.fixed_dictionaries(
    {},
    optional={
        "question": TEXT | JSON,
        "contexts": st.lists(CONTEXT, max_size=4) | JSON,
        "answer": TEXT | JSON,
        "generator": TEXT | JSON,
        "model": TEXT | JSON,
        "verifiers": st.lists(st.sampled_from(["support", "citations", "types", "nope", ""]), max_size=4)
        | JSON,
        "extra": JSON,
    },
)


@pytest.fixture(scope="module")
def client():
    register_scripted_model("fuzz-answer", "Paris is the capital of France [1].")
    config = ServerConfig(
        model="test/fuzz-answer",
        allowed_models=["test/fuzz-*"],
        api_key_env=None,
        allowed_hosts=["testserver"],
        warm_up=False,
        model_retries=0,
        limits=Limits(max_passage_chars=400, max_passages=4, max_answer_chars=400, max_message_chars=400),
    )
    with TestClient(
        create_app(config), raise_server_exceptions=False, headers={"Content-Type": "application/json"}
    ) as test_client:
        yield test_client


def _json(body) -> bytes:
    """JSON as a sloppy client writes it: NaN and Infinity allowed, so the server sees those too."""
    return json.dumps(body).encode()


def _no_5xx(response) -> None:
    assert response.status_code < 500, response.text[:500]


@SETTINGS
@given(body=CHAT | JSON, policy=st.sampled_from([None, "default", "nope", "\x00"]))
def test_chat_completions_never_5xx(client, body, policy):
    headers = {"X-Guard-Policy": policy} if policy else {}
    _no_5xx(client.post("/v1/chat/completions", content=_json(body), headers=headers))


@SETTINGS
@given(body=VERIFY | JSON)
def test_verify_never_5xx(client, body):
    _no_5xx(client.post("/v1/verify", content=_json(body)))


@SETTINGS
@given(
    raw=st.binary(max_size=300) | JSON.map(lambda v: json.dumps(v).encode()),
    content_type=st.sampled_from(["application/json", "text/plain", "multipart/form-data", ""]),
    path=st.sampled_from(["/v1/verify", "/v1/chat/completions", "/v1/models", "/healthz", "/metrics", "/x"]),
    method=st.sampled_from(["POST", "GET", "PUT", "DELETE", "PATCH", "BREW"]),
)
def test_any_bytes_on_any_route_never_5xx(client, raw, content_type, path, method):
    _no_5xx(client.request(method, path, content=raw, headers={"Content-Type": content_type}))
