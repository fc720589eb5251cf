"""The official openai client against a real uvicorn: the guard behind chat completions."""

from __future__ import annotations

import httpx
import openai
import pytest
from server_helpers import API_KEY, live_server, parse_exposition

from guard.llm.testing import register_scripted_model
from guard.server import ServerConfig

PARIS = "Paris is the capital of France."
FABRICATED = (
    "Paris is the capital of France. Paris was founded by Julius Caesar in 1852 and has 90 million people."
)
QUESTION = [{"role": "user", "content": "What is the capital of France?"}]
REFUSAL = "I don't have enough information in the provided documents to answer that."


@pytest.fixture(scope="module")
def indexes(tmp_path_factory):
    from retrievers.knowledge_base import KnowledgeBase

    root = tmp_path_factory.mktemp("indexes")
    geo = [PARIS + " It lies on the river Seine.", "Berlin is the capital of Germany.", "Madrid is in Spain."]
    clinic = [
        "Adults take 20 mg of Zelorin once a day with food.",
        "Children under 12 must not take Zelorin.",
    ]
    KnowledgeBase.from_texts(geo, show_progress=False).save(root / "geo")
    KnowledgeBase.from_texts(clinic, show_progress=False).save(root / "clinic")
    return {"geo": root / "geo", "clinic": root / "clinic"}


@pytest.fixture(scope="module")
def server(indexes):
    register_scripted_model("chat-paris", PARIS)
    config = ServerConfig(
        model="test/chat-paris",
        allowed_models=["test/chat-*"],
        knowledge_bases=indexes,
        policies=["default", "medical"],
        api_keys=[API_KEY],
        api_key_env=None,
        model_backoff_s=0.0,
    )
    with live_server(config) as live:
        yield live


@pytest.fixture(scope="module")
def client(server):
    return openai.OpenAI(base_url=f"{server.url}/v1", api_key=API_KEY, max_retries=0)


def test_openai_client_round_trip_with_guard_metadata(client):
    scripted = register_scripted_model("chat-round-trip", PARIS)
    response = client.chat.completions.create(
        model="test/chat-round-trip", messages=QUESTION, temperature=0.3, max_tokens=40
    )
    assert response.object == "chat.completion"
    assert response.id.startswith("chatcmpl-")
    assert response.model == "test/chat-round-trip"
    choice = response.choices[0]
    assert choice.message.role == "assistant" and choice.finish_reason == "stop"
    assert choice.message.content == "Paris is the capital of France [1]."  # the guard cited it
    assert response.usage.completion_tokens > 0
    guard = response.model_extra["guard"]
    assert guard["decision"] == "pass" and guard["policy"] == "default" and guard["reasons"] == []
    assert guard["verification"]["supported"] == guard["verification"]["claims"] == 1
    assert guard["retrieval"]["knowledge_base"] == "geo" and guard["retrieval"]["gate"]["passed"]
    assert response.id == f"chatcmpl-{guard['trace_id']}"
    assert guard["escalation_id"] is None
    # temperature and max_tokens reached the model
    assert scripted.params[-1].temperature == 0.3 and scripted.params[-1].max_tokens == 40


def test_knowledge_base_header_selects_the_index(client):
    geo = client.chat.completions.create(model="ragguard", messages=QUESTION)
    clinic = client.chat.completions.create(
        model="ragguard", messages=QUESTION, extra_headers={"X-Guard-Knowledge-Base": "clinic"}
    )
    assert geo.model_extra["guard"]["decision"] == "pass"
    guard = clinic.model_extra["guard"]
    assert guard["retrieval"]["knowledge_base"] == "clinic"
    assert guard["decision"] == "refuse" and clinic.choices[0].message.content == REFUSAL
    assert "insufficient_context" in {r["condition"] for r in guard["reasons"]}
    assert guard["model"]["drafts"] == 0  # the gate refused before any model call


def test_policy_header_selects_the_policy(client):
    register_scripted_model("chat-fabricating", FABRICATED)
    default = client.chat.completions.create(model="test/chat-fabricating", messages=QUESTION)
    medical = client.chat.completions.create(
        model="test/chat-fabricating", messages=QUESTION, extra_headers={"X-Guard-Policy": "medical"}
    )
    assert default.model_extra["guard"]["policy"] == "default"
    # default quotes the evidence in place of the fabrication (strip when no unit can be quoted)
    assert default.model_extra["guard"]["decision"] in {"quote", "strip"}
    assert "Caesar" not in default.choices[0].message.content
    assert medical.model_extra["guard"]["policy"] == "medical"
    assert medical.model_extra["guard"]["decision"] in {"escalate", "refuse", "strip", "quote"}
    assert "Caesar" not in medical.choices[0].message.content


def test_request_contexts_replace_the_knowledge_base(client):
    response = client.chat.completions.create(
        model="ragguard", messages=QUESTION, extra_body={"contexts": ["Madrid is in Spain.", PARIS]}
    )
    guard = response.model_extra["guard"]
    assert guard["retrieval"]["knowledge_base"] is None
    assert {p["id"] for p in guard["retrieval"]["passages"]} == {"1", "2"}
    assert guard["decision"] == "pass"


def test_stream_is_one_content_chunk_then_guard_metadata(client):
    chunks = list(client.chat.completions.create(model="ragguard", messages=QUESTION, stream=True))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "Paris is the capital of France [1]."
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert chunks[-1].model_extra["guard"]["decision"] == "pass"


def test_models_are_listed(client):
    assert {"test/chat-paris", "ragguard"} <= {m.id for m in client.models.list()}


def test_openai_client_sees_auth_and_input_errors(server, client):
    with pytest.raises(openai.AuthenticationError):
        openai.OpenAI(base_url=f"{server.url}/v1", api_key="nope", max_retries=0).models.list()
    with pytest.raises(openai.BadRequestError, match="no user turn"):
        client.chat.completions.create(
            model="ragguard", messages=[{"role": "system", "content": "Be brief."}]
        )
    with pytest.raises(openai.NotFoundError, match="available: default, medical"):
        client.chat.completions.create(
            model="ragguard", messages=QUESTION, extra_headers={"X-Guard-Policy": "x"}
        )
    with pytest.raises(openai.NotFoundError, match="available: clinic, geo"):
        client.chat.completions.create(
            model="ragguard", messages=QUESTION, extra_headers={"X-Guard-Knowledge-Base": "x"}
        )


def test_metrics_count_requests_and_decisions(server, client):
    client.chat.completions.create(model="ragguard", messages=QUESTION)
    families = parse_exposition(httpx.get(f"{server.url}/metrics").text)
    requests = {
        (s[1]["route"], s[1]["status"]): s[2] for s in families["ragguard_http_requests_total"]["samples"]
    }
    assert requests[("/v1/chat/completions", "200")] >= 1
    decisions = {(s[1]["action"], s[1]["policy"]) for s in families["ragguard_decisions_total"]["samples"]}
    assert ("pass", "default") in decisions
    stages = {s[1]["stage"] for s in families["ragguard_stage_duration_seconds"]["samples"]}
    assert {"retrieve", "generate", "verify"} <= stages
    calls = {(s[1]["model"], s[1]["outcome"]) for s in families["ragguard_model_calls_total"]["samples"]}
    assert ("test/chat-paris", "ok") in calls
