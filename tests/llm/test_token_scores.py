import pytest
from pydantic import ValidationError

from guard.errors import InputError
from guard.llm import TokenScores

# "Paris is big. 日" with the byte-level split of 日 into three tokens sharing one character
TEXT = "Paris is big. 日"
SCORES = TokenScores(
    model="m",
    continuation=TEXT,
    token_ids=[1, 2, 3, 4, 5, 6, 7],
    logprobs=[-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0],
    offsets=[(0, 5), (5, 8), (8, 12), (12, 13), (13, 15), (14, 15), (14, 15)],
)


def test_tokens_are_the_text_they_encode():
    assert SCORES.tokens == ["Paris", " is", " big", ".", " 日", "日", "日"]


@pytest.mark.parametrize(
    ("start", "end", "indices"),
    [(0, 5, [0]), (6, 12, [1, 2]), (0, 13, [0, 1, 2, 3]), (14, 15, [4, 5, 6]), (0, None, list(range(7)))],
)
def test_a_character_span_maps_onto_the_tokens_it_touches(start, end, indices):
    assert SCORES.token_indices(start, end) == indices


def test_mean_logprob_of_a_span():
    assert SCORES.mean_logprob(6, 12) == pytest.approx(-2.5)
    assert SCORES.mean_logprob() == pytest.approx(-4.0)


@pytest.mark.parametrize(("start", "end"), [(3, 3), (-1, 4), (0, 99)])
def test_spans_outside_the_text_are_refused(start, end):
    with pytest.raises(InputError, match="not inside the continuation"):
        SCORES.token_indices(start, end)


def test_lengths_must_agree():
    with pytest.raises(ValidationError, match="one entry per token"):
        TokenScores(model="m", continuation="ab", token_ids=[1], logprobs=[-1.0, -2.0], offsets=[(0, 2)])
