"""The fact layer's parse pipeline matches its attribute-ruler patterns per token kind
(:mod:`guard.attribute_ruler`): every annotation must be that of the stock pipeline."""

from __future__ import annotations

import pytest

from guard import language

pytestmark = [
    pytest.mark.slow,  # the trained spaCy model, twice
    pytest.mark.skipif(not language.uses_trained_model(), reason="the trained spaCy model is not installed"),
]

# Text that reaches the rules that test more than a tag: contractions and multi-token patterns
# ("ain't", "gonna", "y'all", "c'mon", "let's"), pronoun cases by dependency, "there is", spaces,
# conjunctions read as "but"/"so", negations, auxiliaries; plus plain prose with figures.
TEXTS = [
    "Y'all gonna come, ain't nothin' gonna stop us; c'mon, let's go!",
    "I gave it to you, and you gave it to me, but it was not mine.",
    "There is a cat.  \n\n It  is here; there were two of them, so they had left.",
    "He wouldn't have done it if she hadn't asked, although they'd said they'd got ta go.",
    "Take 2 tablets every 6 hours. Do not take more than 8 tablets in 24 hours.\n\tAsk a pharmacist.",
    "The Eiffel Tower was completed in 1889 by Gustave Eiffel's company for the World's Fair in Paris.",
    "Dr. Maria Lopez, who joined Acme Corp. in March 2019, was not allowed to approve the $2.5 million budget.",
    "WHAT IS THAT? That which we call a rose; those that were there did what they could.",
]


def _stock():
    import spacy

    return spacy.load(language.MODEL_NAME, exclude=list(language._PARSE_EXCLUDE))


def _annotations(doc) -> list[tuple]:
    return [(t.text, t.tag_, t.pos_, str(t.morph), t.lemma_, t.dep_, t.head.i) for t in doc]


def _texts() -> list[str]:
    from batch_cases import ragtruth_items

    texts = list(TEXTS)
    try:
        items = ragtruth_items(per_task=4)
    except pytest.skip.Exception:
        items = []
    for item in items:
        texts += [item.answer, item.question, *(c if isinstance(c, str) else c.text for c in item.contexts)]
    spans = language.sentence_spans_many(texts)
    sentences = [text[s:e] for text, found in zip(texts, spans, strict=True) for s, e in found]
    return sentences + [s.lower() for s in sentences[:200]] + [s.upper() for s in sentences[:50]]


def test_the_parse_pipeline_uses_the_kind_matcher():
    ruler = language.trained_pipeline(language._PARSE_EXCLUDE).get_pipe("attribute_ruler")
    assert "match" in vars(ruler)  # the instance's, not AttributeRuler.match


def test_annotations_and_matches_are_those_of_the_stock_pipeline():
    stock = _stock()
    fast = language.trained_pipeline(language._PARSE_EXCLUDE)
    texts = _texts()
    assert len(texts) > 300
    for _ in range(2):  # first with kinds unseen (the Matcher runs), then with them known
        for text, a, b in zip(texts, stock.pipe(texts, batch_size=64), fast.pipe(texts, batch_size=64), strict=True):
            assert _annotations(a) == _annotations(b), text
    # the match lists themselves, on the stock pipeline's documents
    stock_ruler, fast_ruler = stock.get_pipe("attribute_ruler"), fast.get_pipe("attribute_ruler")
    for doc in stock.pipe(TEXTS):
        assert fast_ruler.match(doc) == stock_ruler.match(doc)
