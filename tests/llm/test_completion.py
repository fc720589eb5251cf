import asyncio
import contextvars

import pytest

from guard.errors import InputError, ModelError
from guard.llm import AttemptOutcome, acomplete, complete, run_sync
from guard.llm.testing import register_scripted_model

MESSAGES = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Capital of France?"}]
FAST = {"backoff_s": 0.001, "max_backoff_s": 0.002}


def test_scripted_answer_goes_through_litellm():
    scripted = register_scripted_model("paris", "Paris is the capital of France [1].")
    result = complete(MESSAGES, scripted.model, temperature=0.3, max_tokens=20, stop=["\n"], seed=4)
    assert result.text == "Paris is the capital of France [1]."
    assert result.model == "test/paris"
    assert result.usage.prompt_tokens == 5 and result.usage.completion_tokens == 7
    assert result.finish_reason == "stop" and not result.fallback_used
    assert [(a.model, a.outcome) for a in result.attempts] == [("test/paris", AttemptOutcome.ok)]
    assert scripted.calls == [MESSAGES]
    params = scripted.params[0]
    assert (params.temperature, params.max_tokens, params.stop, params.seed) == (0.3, 20, ["\n"], 4)


def test_responses_in_order_or_from_a_callable():
    listed = register_scripted_model("listed", ["first", "second"])
    assert [complete(MESSAGES, listed.model).text for _ in range(2)] == ["first", "second"]
    with pytest.raises(ModelError, match="ran out of responses"):
        complete(MESSAGES, listed.model, **FAST)
    echo = register_scripted_model("echo", lambda messages: messages[-1]["content"].upper())
    assert complete(MESSAGES, echo.model).text == "CAPITAL OF FRANCE?"


def test_transient_errors_are_retried_with_growing_waits():
    flaky = register_scripted_model("flaky", "ok", failures=["timeout", "rate_limit", "server_error"])
    result = complete(MESSAGES, flaky.model, retries=3, backoff_s=0.02, max_backoff_s=1.0)
    assert result.text == "ok"
    assert [a.error_type for a in result.attempts] == [
        "Timeout",
        "RateLimitError",
        "InternalServerError",
        None,
    ]
    assert [a.number for a in result.attempts] == [1, 2, 3, 4]
    # waits of 0.02, 0.04 and 0.08 s (plus jitter) separate the four calls
    assert result.elapsed_s >= 0.14


def test_exhausted_retries_raise_an_actionable_model_error():
    down = register_scripted_model("down", "never", failures=["unavailable"] * 5)
    with pytest.raises(ModelError) as caught:
        complete(MESSAGES, down.model, retries=2, **FAST)
    message = str(caught.value)
    assert "'test/down' failed after 3 attempts" in message
    assert "ServiceUnavailableError" in message and "fallback_model=" in message
    assert len(caught.value.attempts) == 3 and len(down.calls) == 3


def test_permanent_errors_are_not_retried():
    denied = register_scripted_model("denied", "never", failures=["auth"])
    with pytest.raises(ModelError, match=r"'test/denied' failed after 1 attempt \(.*AuthenticationError"):
        complete(MESSAGES, denied.model, retries=4, **FAST)
    assert len(denied.calls) == 1


@pytest.mark.parametrize("failure", ["timeout", "bad_request"])
def test_fallback_answers_when_the_primary_fails(failure):
    primary = register_scripted_model("primary", "never", failures=[failure] * 3)
    backup = register_scripted_model("backup", "from the backup")
    result = complete(MESSAGES, primary.model, retries=2, fallback_model=backup.model, **FAST)
    assert (result.text, result.model, result.fallback_used) == ("from the backup", "test/backup", True)
    assert result.attempts[-1].model == "test/backup"
    assert {a.model for a in result.attempts[:-1]} == {"test/primary"}


def test_both_models_failing_names_both():
    register_scripted_model("dead1", "x", failures=["timeout"] * 9)
    register_scripted_model("dead2", "x", failures=["server_error"] * 9)
    with pytest.raises(ModelError) as caught:
        complete(MESSAGES, "test/dead1", retries=1, fallback_model="test/dead2", **FAST)
    assert "'test/dead1' failed after 2 attempts" in str(caught.value)
    assert "then fallback 'test/dead2' failed after 2 attempts" in str(caught.value)
    assert len(caught.value.attempts) == 4


def test_unknown_model_and_unsupported_parameters_fail_loudly():
    with pytest.raises(ModelError, match="no scripted model 'test/ghost'"):
        complete(MESSAGES, "test/ghost", **FAST)
    register_scripted_model("plain", "x")
    with pytest.raises(ModelError, match=r"unsupported parameter\(s\) \['tools'\]"):
        complete(MESSAGES, "test/plain", tools=[{"type": "function", "function": {"name": "f"}}], **FAST)


@pytest.mark.parametrize(
    ("messages", "model", "error"),
    [
        ([], "test/plain", "messages is empty"),
        ([{"content": "x"}], "test/plain", "message 0"),
        (MESSAGES, "", "model is empty"),
    ],
)
def test_bad_input_is_an_input_error(messages, model, error):
    with pytest.raises(InputError, match=error):
        complete(messages, model)


def test_bad_retry_settings_are_an_input_error():
    with pytest.raises(InputError, match="invalid retry settings: retries"):
        complete(MESSAGES, "test/plain", retries=-1)


def test_async_core_and_sync_wrapper_inside_a_running_loop():
    scripted = register_scripted_model("async", ["a", "b"])

    async def both():
        first = await acomplete(MESSAGES, scripted.model)
        second = complete(MESSAGES, scripted.model)  # a sync call made from async code still works
        return first.text, second.text

    assert asyncio.run(both()) == ("a", "b")


def test_run_sync_carries_context_variables():
    marker = contextvars.ContextVar("marker", default="unset")

    async def read():
        return marker.get()

    token = marker.set("trace-42")
    try:
        assert run_sync(read()) == "trace-42"
    finally:
        marker.reset(token)
