"""Streamed chat completions: sentence chunks as server-sent events, read by the official openai client."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import openai
import pytest
from server_helpers import API_KEY, live_server

from guard.llm.testing import register_scripted_model
from guard.server import ServerConfig

ZELORIN = [{"role": "user", "content": "What is the usual adult dose of Zelorin?"}]
LEAFLET = [
    "Adults: the usual dose of Zelorin is 20 mg (one tablet) once a day, in the morning.",
    "Never take more than 40 mg of Zelorin in one day.",
    "Zelorin lowers blood pressure and is used to treat high blood pressure in adults.",
]
TRUE_1 = "The usual adult dose of Zelorin is 20 mg once a day [1]. "
FABRICATED = "Zelorin was discovered by Dr. Hans Gruber in Vienna in 1987 and cures migraines in 94% of patients [1]. "
TRUE_2 = "Never take more than 40 mg of Zelorin in one day [2]."


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from retrievers.knowledge_base import KnowledgeBase

    root = tmp_path_factory.mktemp("stream-server")
    KnowledgeBase.from_texts(LEAFLET, show_progress=False).save(root / "leaflet")
    strip = root / "strip-unsupported.yaml"
    # No strip notice: this test pins the streamed sentences exactly.
    strip.write_text(
        "name: strip-unsupported\nextends: default\nstrip_notice: null\nactions:\n  unsupported_claim: strip\n"
    )
    register_scripted_model("stream-default", TRUE_1)
    config = ServerConfig(
        model="test/stream-default",
        allowed_models=["test/stream-*"],
        knowledge_bases={"leaflet": root / "leaflet"},
        policies={"default": "default", "strip": str(strip)},
        api_keys=[API_KEY],
        api_key_env=None,
        model_backoff_s=0.0,
    )
    with live_server(config) as live:
        yield live


@pytest.fixture(scope="module")
def client(server):
    return openai.OpenAI(base_url=f"{server.url}/v1", api_key=API_KEY, max_retries=0, timeout=600)


def _read(stream):
    chunks = list(stream)
    contents = [c.choices[0].delta.content for c in chunks if c.choices and c.choices[0].delta.content]
    return chunks, contents


@pytest.mark.slow
def test_a_stripped_middle_sentence_never_reaches_the_client(client):
    register_scripted_model("stream-three", TRUE_1 + FABRICATED + TRUE_2)
    chunks, contents = _read(
        client.chat.completions.create(
            model="test/stream-three", messages=ZELORIN, stream=True, extra_headers={"X-Guard-Policy": "strip"}
        )
    )
    assert contents == [TRUE_1, TRUE_2]
    assert all("Gruber" not in (c.choices[0].delta.content or "") for c in chunks if c.choices)
    assert chunks[0].choices[0].delta.role == "assistant"
    assert all(c.object == "chat.completion.chunk" and c.id == chunks[0].id for c in chunks)
    closing = chunks[-1]
    assert closing.choices[0].finish_reason == "stop"
    guard = closing.model_extra["guard"]
    assert guard["decision"] == "strip" and guard["policy"] == "strip-unsupported"
    assert guard["verification"]["claims"] == 3 and guard["verification"]["unsupported"] == 1
    assert closing.usage.completion_tokens > 0


CONTRADICTING = "The usual adult dose of Zelorin is 80 mg twice a day [1]. "


@pytest.mark.slow
def test_under_default_a_contradicted_middle_sentence_never_reaches_the_client(client):
    """Issue 16's must-hold over HTTP: the default policy strips a contradicted claim."""
    register_scripted_model("stream-contradicted-http", TRUE_1 + CONTRADICTING + TRUE_2)
    chunks, contents = _read(
        client.chat.completions.create(model="test/stream-contradicted-http", messages=ZELORIN, stream=True)
    )
    assert all("80 mg" not in text for text in contents)
    assert any("20 mg" in text for text in contents)
    guard = chunks[-1].model_extra["guard"]
    assert guard["policy"] == "default" and guard["verification"]["contradicted"] >= 1


@pytest.mark.slow
def test_eight_concurrent_streams_never_mix(client):
    def ask(i: int) -> tuple[int, list[str], dict]:
        draft = f"Locker {i} holds the blue box number {i} [1]. The key to locker {i} is kept at desk {i} [1]."
        register_scripted_model(f"stream-mix-{i}", draft)
        chunks, contents = _read(
            client.chat.completions.create(
                model=f"test/stream-mix-{i}",
                messages=[{"role": "user", "content": f"What does locker {i} hold, and where is its key?"}],
                stream=True,
                extra_body={"contexts": [f"Locker {i} holds the blue box number {i}. Its key is kept at desk {i}."]},
            )
        )
        return i, contents, chunks[-1].model_extra["guard"]

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(ask, range(8)))
    trace_ids = set()
    for i, contents, guard in results:
        text = "".join(contents).split("\n\n⚠")[0]  # the sentences, without any closing label
        assert text.startswith(f"Locker {i} holds the blue box number {i} [1]. "), text
        numbers = {int(word) for word in text.replace("[1]", "").replace(".", " ").split() if word.isdigit()}
        assert numbers == {i}, f"stream {i} carries another stream's text: {text!r}"
        assert guard["model"]["answered"] == f"test/stream-mix-{i}"
        trace_ids.add(guard["trace_id"])
    assert len(trace_ids) == 8


@pytest.mark.slow
def test_request_errors_come_before_the_stream(client):
    with pytest.raises(openai.NotFoundError, match="available: default, strip"):
        client.chat.completions.create(
            model="ragguard", messages=ZELORIN, stream=True, extra_headers={"X-Guard-Policy": "nope"}
        )
