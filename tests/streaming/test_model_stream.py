"""guard.llm.astream: streamed model calls through litellm, retries until the first chunk, the fallback."""

from __future__ import annotations

import asyncio

import pytest

from guard.errors import ModelError
from guard.llm.completion import astream, complete, iterate_sync
from guard.llm.testing import register_scripted_model
from guard.llm.types import AttemptOutcome

ASK = [{"role": "user", "content": "What is the capital of France?"}]


async def _read(stream):
    return [delta async for delta in stream]


def test_scripted_model_streams_word_by_word_with_usage():
    scripted = register_scripted_model("astream-words", "Paris is the capital [1]. It lies on the Seine.")
    stream = astream(ASK, scripted.model)
    deltas = asyncio.run(_read(stream))
    assert deltas[:3] == ["Paris ", "is ", "the "] and "".join(deltas) == stream.completion.text
    assert stream.completion.text == "Paris is the capital [1]. It lies on the Seine."
    assert stream.completion.usage.completion_tokens == 10 and stream.completion.finish_reason == "stop"


def test_a_transient_error_before_the_first_chunk_is_retried():
    scripted = register_scripted_model("astream-flaky", "ok.", failures=["rate_limit"])
    stream = astream(ASK, scripted.model, backoff_s=0.0)
    assert asyncio.run(_read(stream)) == ["ok."]
    assert [a.outcome for a in stream.completion.attempts] == [AttemptOutcome.transient_error, AttemptOutcome.ok]


def test_a_final_error_raises_model_error_and_the_fallback_answers():
    broken = register_scripted_model("astream-auth", "never", failures=["auth", "auth"])
    with pytest.raises(ModelError, match="astream-auth.*AuthenticationError"):
        asyncio.run(_read(astream(ASK, broken.model)))
    backup = register_scripted_model("astream-backup", "Paris.")
    stream = astream(ASK, broken.model, fallback_model=backup.model)
    assert asyncio.run(_read(stream)) == ["Paris."]
    assert stream.completion.model == backup.model and stream.completion.fallback_used


def test_sync_iteration_and_stopping_early():
    scripted = register_scripted_model("astream-sync", "one two three four five")
    pieces = iterate_sync(astream(ASK, scripted.model))
    assert next(pieces) == "one "
    pieces.close()  # the model call is cancelled, nothing hangs
    assert list(iterate_sync(astream(ASK, scripted.model))) == ["one ", "two ", "three ", "four ", "five"]


@pytest.mark.slow
def test_embedded_model_streams_tokens_and_matches_the_whole_answer():
    model = "local/smollm2-135m-instruct"
    stream = astream(ASK, model, max_tokens=24, timeout=600)
    deltas = asyncio.run(_read(stream))
    assert len(deltas) > 3, "the embedded model hands out text as it decodes it"
    assert "".join(deltas) == complete(ASK, model, max_tokens=24, timeout=600).text
    assert stream.completion.usage.completion_tokens > 0
