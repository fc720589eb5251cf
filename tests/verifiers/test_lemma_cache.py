"""The fact layer's parse pipeline lemmatises each (text, POS, morphology) once
(:mod:`guard.lemma_cache`): every Doc must be the stock pipeline's, byte for byte."""

from __future__ import annotations

import pytest
from test_attribute_ruler import TEXTS, _texts

from guard import language
from guard.lemma_cache import speed_up_lemmatizer

pytestmark = [
    pytest.mark.slow,  # the trained spaCy model, twice
    pytest.mark.skipif(not language.uses_trained_model(), reason="the trained spaCy model is not installed"),
]


def _stock():
    import spacy

    from guard.attribute_ruler import speed_up_attribute_ruler

    nlp = spacy.load(language.MODEL_NAME, exclude=list(language._PARSE_EXCLUDE))
    speed_up_attribute_ruler(nlp)  # tested apart (test_attribute_ruler.py): only the lemmatizer differs here
    return nlp


def test_the_parse_pipeline_uses_the_lemma_table():
    lemmatizer = language.trained_pipeline(language._PARSE_EXCLUDE).get_pipe("lemmatizer")
    assert "pipe" in vars(lemmatizer)  # the instance's, not Pipe.pipe


def test_docs_are_those_of_the_stock_pipeline():
    stock = _stock()
    fast = language.trained_pipeline(language._PARSE_EXCLUDE)
    texts = _texts() + ["", " ", "\n\n", "Take 2 tablets.\u00a0 Then wait."]
    assert len(texts) > 300
    for _ in range(2):  # first with triples unseen (the stock lemmatize runs), then from the table
        for text, a, b in zip(texts, stock.pipe(texts, batch_size=64), fast.pipe(texts, batch_size=64), strict=True):
            assert [t.lemma_ for t in a] == [t.lemma_ for t in b], text
            assert a.to_bytes() == b.to_bytes(), text


def test_one_call_and_a_pipe_agree():
    fast = language.trained_pipeline(language._PARSE_EXCLUDE)
    for text, piped in zip(TEXTS, fast.pipe(TEXTS), strict=True):
        assert [t.lemma_ for t in fast(text)] == [t.lemma_ for t in piped]


def test_other_lemmatizers_keep_the_stock_code():
    import spacy

    blank = spacy.blank("en")
    assert not speed_up_lemmatizer(blank)  # no lemmatizer
    blank.add_pipe("lemmatizer", config={"mode": "lookup"})
    assert not speed_up_lemmatizer(blank)
    assert "pipe" not in vars(blank.get_pipe("lemmatizer"))
