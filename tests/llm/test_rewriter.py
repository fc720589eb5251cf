import pytest

from guard.errors import GuardError, ModelError
from guard.llm import LLMQueryRewriter
from guard.llm.testing import register_scripted_model
from retrievers.rewriting import QueryRewriter


def test_is_a_query_rewriter():
    assert isinstance(LLMQueryRewriter(model="test/any"), QueryRewriter)


@pytest.mark.parametrize(
    ("raw", "query"),
    [
        ("Eiffel Tower height metres", "Eiffel Tower height metres"),
        ('Search query: "Eiffel Tower height"\nThis query is better because...', "Eiffel Tower height"),
        ("\n  New query: 'tower height Paris'  \n", "tower height Paris"),
    ],
)
def test_the_query_is_taken_from_the_answer(raw, query):
    scripted = register_scripted_model("rewrite-clean", raw)
    assert LLMQueryRewriter(model=scripted.model).rewrite("how tall eiffel", 1) == query
    assert "how tall eiffel" in scripted.calls[0][-1]["content"]


def test_later_attempts_sample_reproducibly():
    scripted = register_scripted_model("rewrite-params", "q")
    rewriter = LLMQueryRewriter(model=scripted.model, retry_temperature=0.9, max_tokens=20)
    rewriter.rewrite("x", 1)
    rewriter.rewrite("x", 3)
    first, third = scripted.params
    assert (first.temperature, first.seed, first.max_tokens) == (0.0, None, 20)
    assert (third.temperature, third.seed) == (0.9, 3)


def test_an_empty_rewrite_is_a_model_error():
    scripted = register_scripted_model("rewrite-empty", '\n  ""  \n')
    with pytest.raises(ModelError, match="came back empty"):
        LLMQueryRewriter(model=scripted.model).rewrite("x", 1)


def test_model_failure_reaches_the_caller_as_a_guard_error():
    scripted = register_scripted_model("rewrite-down", "x", failures=["timeout", "timeout"])
    with pytest.raises(GuardError, match="rewrite-down"):
        LLMQueryRewriter(model=scripted.model, retries=1).rewrite("x", 1)
