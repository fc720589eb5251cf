"""The spaCy work the verifiers do, done once and only with the components it needs.

- The sentence / entity pipeline runs without the shared ``tok2vec`` (only the tagger and
  the parser listen to it; the senter and the NER have their own layers): its splits and
  entities must be those of the pipeline with it.
- :func:`guard.language.parse` gives the fact layer one parse per text (roles and predicates
  read the same Doc), batched parses equal to one-by-one ``nlp(text)`` calls.
"""

from __future__ import annotations

import pytest

from guard import language
from guard.content_cache import clear_content_caches

TEXTS = [
    "The Eiffel Tower was completed in 1889 by Gustave Eiffel's company for the World's Fair in Paris.",
    "Dr. Maria Lopez, who joined Acme Corp. in March 2019, was not allowed to approve the $2.5 million budget.",
    "Take 2 tablets every 6 hours. Do not take more than 8 tablets in 24 hours.\nAsk a pharmacist first.",
    "The Seine flows through Paris into the English Channel at Le Havre, 777 km from its source.",
]

pytestmark = pytest.mark.skipif(not language.uses_trained_model(), reason="the trained spaCy model is not installed")


def _with_shared_tok2vec():
    import spacy

    nlp = spacy.load(language.MODEL_NAME, exclude=["parser", "tagger", "attribute_ruler", "lemmatizer"])
    nlp.enable_pipe("senter")
    return nlp


def test_sentence_and_entity_pipeline_has_no_unused_tok2vec():
    assert "tok2vec" not in language._pipeline().pipe_names


def test_splits_and_entities_equal_those_with_the_shared_tok2vec():
    full = _with_shared_tok2vec()
    assert "tok2vec" in full.pipe_names
    clear_content_caches()
    spans = language.sentence_spans_many(TEXTS)
    entities = language.entities_many(TEXTS)
    for text, got_spans, got_entities in zip(TEXTS, spans, entities, strict=True):
        want_spans = [(s.start_char, s.end_char) for s in full(text, disable=["ner"]).sents]
        assert [(s, e) for s, e in got_spans] == [(s, e) for s, e in language._trimmed_spans(text, want_spans)]
        assert [(e.text, e.label) for e in got_entities] == [
            (e.text, e.label_) for e in full(text, disable=["senter"]).ents
        ]


def test_batched_parse_equals_one_call_per_text():
    nlp = language.trained_pipeline(("ner", "senter"))
    clear_content_caches()
    docs = language.parse_many(TEXTS)
    for text, doc in zip(TEXTS, docs, strict=True):
        alone = nlp(text)
        assert [(t.text, t.tag_, t.pos_, t.dep_, t.head.i, t.lemma_) for t in doc] == [
            (t.text, t.tag_, t.pos_, t.dep_, t.head.i, t.lemma_) for t in alone
        ]


def test_a_text_is_parsed_once(monkeypatch):
    clear_content_caches()
    parsed: list[str] = []
    real = language._parse_texts

    def counting(nlp, texts):
        parsed.extend(texts)
        return real(nlp, texts)

    monkeypatch.setattr(language, "_parse_texts", counting)
    first = language.parse(TEXTS[0])
    assert language.parse(TEXTS[0]) is first
    language.parse_many(TEXTS[:2])
    assert parsed == [TEXTS[0], TEXTS[1]]


def test_roles_and_predicates_share_one_parse(monkeypatch):
    from guard.facts.predicates import predicates
    from guard.facts.roles import frames

    text = "The committee approved the plan that the mayor had rejected in 2021."
    clear_content_caches()
    frames.cache_clear()
    predicates.cache_clear()
    parsed: list[str] = []
    real = language._parse_texts
    monkeypatch.setattr(language, "_parse_texts", lambda nlp, texts: parsed.extend(texts) or real(nlp, texts))
    frames(text)
    predicates(text)
    assert parsed == [text]


def test_tags_from_the_parse_pipeline_are_those_of_a_tagger_only_pipeline():
    # guard.facts.terms reads nouns from tagged(): the same as loading the tagger alone
    tagger = language.trained_pipeline(("parser", "ner", "lemmatizer", "senter"))
    texts = TEXTS + ["Yes, lounge access is covered for flights of 6 hours or more.", "Yes, it removes microplastics."]
    for text in texts:
        assert [(t.idx, t.tag_, t.pos_) for t in language.tagged(text)] == [(t.idx, t.tag_, t.pos_) for t in tagger(text)]
    assert "parser" in language.trained_pipeline(language._PARSE_EXCLUDE).pipe_names  # untouched


def test_nouns_load_no_second_pipeline(monkeypatch):
    from guard.facts.terms import nouns

    language.trained_pipeline(language._PARSE_EXCLUDE)  # the fact layer's pipeline, loaded first
    loaded = []
    monkeypatch.setattr(language, "_load_trained", lambda exclude: loaded.append(exclude))
    nouns.cache_clear()
    assert nouns("Yes, the filter also removes microplastics.") == ((9, "filter"), (29, "microplastics"))
    assert loaded == []
