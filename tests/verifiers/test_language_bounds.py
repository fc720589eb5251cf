"""spaCy sees bounded input: long texts go in pieces, long non-space runs are broken.

spaCy's tokenizer strips prefixes and suffixes one character at a time, so a
single 8,000-character token of ")" cost 10 s of CPU (issue 13, High 1). These
tests pin that every text handed to spaCy is short and has no long run, and that
the spans and entities come back in the caller's offsets, exactly.
"""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from guard import language
from guard.language import entities_many, sentence_spans, sentence_spans_many


@pytest.fixture
def spacy_inputs(monkeypatch):
    """Record every text the verifiers hand to spaCy (from an empty cache: every text goes)."""
    from guard.content_cache import clear_content_caches

    clear_content_caches()
    seen: list[str] = []
    nlp = language._pipeline()
    real_pipe = nlp.pipe

    class Recorder:
        def __getattr__(self, name):
            return getattr(nlp, name)

        def pipe(self, texts, **kwargs):
            texts = list(texts)
            seen.extend(texts)
            return real_pipe(texts, **kwargs)

    monkeypatch.setattr(language, "_pipeline", lambda: Recorder())
    return seen


# A piece holds at most MAX_PIECE_CHARS of the caller's text, plus the spaces put into long runs.
_MAX_SEEN = language.MAX_PIECE_CHARS + language.MAX_PIECE_CHARS // language.MAX_RUN_CHARS


def _longest_run(text: str) -> int:
    return max((len(m.group()) for m in re.finditer(r"\S+", text)), default=0)


def test_a_long_run_of_punctuation_reaches_spacy_broken_up(spacy_inputs):
    sentence_spans(")" * 8000)
    entities_many([")" * 8000])
    assert spacy_inputs
    assert max(len(t) for t in spacy_inputs) <= language.MAX_REPEAT
    sentence_spans(")(" * 4000)
    assert max(len(t) for t in spacy_inputs) <= _MAX_SEEN
    assert max(_longest_run(t) for t in spacy_inputs) <= language.MAX_RUN_CHARS


def test_a_long_text_reaches_spacy_in_bounded_pieces(spacy_inputs):
    text = " ".join(f"Sentence number {i} is here." for i in range(600))
    sentence_spans(text)
    assert len(spacy_inputs) > 1
    assert max(len(t) for t in spacy_inputs) <= language.MAX_PIECE_CHARS


def test_an_8000_character_run_is_fast():
    language._pipeline()
    start = time.perf_counter()
    spans = sentence_spans(")" * 8000)
    entities_many([")" * 8000])
    assert time.perf_counter() - start < 2.0  # was ~13 s; measured ~0.2 s after the fix
    assert spans and spans[0][0] == 0 and spans[-1][1] == 8000


def test_spans_of_a_long_text_are_exact_and_unchanged_by_piecing():
    sentences = [f"The plant in town {i} opened in {1900 + i}." for i in range(200)]
    text = " ".join(sentences)
    spans = sentence_spans(text)
    assert [text[s:e] for s, e in spans] == sentences


def test_spans_map_back_across_broken_runs():
    url = "https://example.org/" + "a/" * 60
    text = f"See {url} for details. It opened in 1990. {')' * 300} Then it closed."
    for split_lines in (False, True):
        (spans,) = sentence_spans_many([text], split_lines)
        for s, e in spans:
            assert text[s:e] == text[s:e].strip() and text[s:e]
        assert "".join(text[s:e] for s, e in spans).replace(" ", "") == text.replace(" ", "")
        assert any(text[s:e] == "It opened in 1990." for s, e in spans)


def test_short_texts_are_split_as_before():
    text = "Paris is in France. It has 2 million people.\nBerlin is in Germany."
    assert sentence_spans(text, split_lines=True) == [(0, 19), (20, 44), (45, 66)]


def test_entities_keep_the_original_text():
    text = "x" * 200 + " Barack Obama visited Paris in 2009."
    names = {e.text for e in entities_many([text])[0]}
    assert {"Barack Obama", "Paris"} <= names or not language.uses_trained_model()


def _check_spans(text: str, spans: list[tuple[int, int]]) -> None:
    previous_end = 0
    for start, end in spans:
        assert previous_end <= start < end <= len(text)
        assert text[start:end] == text[start:end].strip()
        previous_end = end
    covered = "".join(text[s:e] for s, e in spans)
    assert "".join(covered.split()) == "".join(text.split())


_TEXT = st.lists(
    st.sampled_from(list(")(-=.a1B ") + ["\n", "Paris", "x" * 70, ")" * 90, ")(" * 50]), max_size=60
).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts=st.lists(_TEXT, min_size=1, max_size=3), split_lines=st.booleans())
def test_spans_cover_exactly_the_callers_text(texts, split_lines):
    for text, spans in zip(texts, sentence_spans_many(texts, split_lines), strict=True):
        _check_spans(text, spans)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXT)
def test_entity_texts_are_slices_of_the_callers_text(text):
    for entity in entities_many([text])[0]:
        assert entity.text and entity.text in text


def test_a_lone_surrogate_does_not_crash_spacy():
    text = "Paris \udd2d is in France. Berlin is in Germany."
    spans = sentence_spans(text)
    assert [text[s:e] for s, e in spans][-1] == "Berlin is in Germany."
    assert entities_many([text])  # no UnicodeEncodeError
