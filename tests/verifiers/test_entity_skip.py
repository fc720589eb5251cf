"""Claims are tagged by the NER only when their entities can change their novel terms.

:func:`guard.language.entity_word_pieces` promises every letter run an entity of the text
could hold; :func:`guard.verifiers.support.needs_entities` skips the NER when all of them are
known. These tests check the promise against the NER itself (on RAGTruth answers and on
texts whose tokens cut letter runs), and that the novel terms are those computed with the
entities.
"""

from __future__ import annotations

import re

import pytest

from guard import language
from guard.verifiers.lexical import novel_terms, vocabulary
from guard.verifiers.support import EmbeddingJudge, needs_entities

pytestmark = pytest.mark.skipif(not language.uses_trained_model(), reason="the trained spaCy model is not installed")

TEXTS = [
    "Gustave Eiffel's company cannot build the tower, and Paris gonna host the World's Fair in 1889.",
    "Dr. Maria Lopez joined Acme Corp. in March 2019 and wasn't allowed to approve the $2.5 million budget.",
    "The U.S. Department of Energy (DOE) said Mon-Fri hours apply; Let's meet at St. Mary's.",
    "NASA's Artemis II crew, led by Reid Wiseman, flies around the Moon in 2025.",
    "The Seine flows through Paris into the English Channel at Le Havre, 777 km from its source.",
]


def _claims() -> list[str]:
    from batch_cases import ragtruth_items

    from guard.verifiers.claims import extract_claims_many

    items = ragtruth_items(per_task=8)
    return [c.text for found in extract_claims_many([i.answer for i in items]) for c in found]


def test_every_entity_word_is_among_the_pieces():
    texts = TEXTS + _claims()
    checked = 0
    for text, entities in zip(texts, language.entities_many(texts), strict=True):
        pieces = language.entity_word_pieces(text)
        if pieces is None:
            continue
        for entity in entities:
            for run in re.findall(r"[A-Za-z]+", entity.text):
                assert run.lower() in pieces, (text, entity, pieces)
                checked += 1
    assert checked > 100  # the check ran on real entities


def test_letter_runs_cut_by_tokens_give_their_pieces():
    pieces = language.entity_word_pieces("They cannot go.")
    assert {"cannot", "can", "not", "they", "go"} <= set(pieces)


def test_text_spacy_sees_edited_or_not_ascii_must_be_tagged():
    assert language.entity_word_pieces("Zoë Müller visited Zürich.") is None
    assert language.entity_word_pieces("A" * 80 + " is a long run.") is None
    assert language.entity_word_pieces("Wait" + "-" * 20 + " here.") is None


def test_novel_terms_without_the_tagging_are_the_same():
    claims = TEXTS + _claims()
    evidence = [
        "Gustave Eiffel's company built the tower for the World's Fair in Paris in 1889.",
        "Maria Lopez joined Acme Corp in March 2019. The budget was 2.5 million dollars.",
    ]
    known = vocabulary(evidence)
    everything = vocabulary(claims)  # every claim word known: the NER is skipped for most
    skipped = 0
    for claim, entities in zip(claims, language.entities_many(claims), strict=True):
        for vocab in (known, everything):
            if not needs_entities(claim, vocab):
                skipped += 1
                assert novel_terms(claim, [], vocab) == novel_terms(claim, entities, vocab)
    assert skipped > 20


def test_the_judge_tags_a_claim_only_when_asked_against_evidence_that_lacks_its_words():
    judge = EmbeddingJudge("Who built it?")
    claim = "Gustave Eiffel built the tower in Paris."
    assert judge.novel(claim, ["Gustave Eiffel built the tower in Paris in 1889."]) == []
    assert claim not in judge._entities  # all its words known: no NER run
    assert judge.novel(claim, ["The tower in Paris was built in 1889."]) == ["Gustave Eiffel"]
    assert claim in judge._entities


def test_a_claim_whose_only_unknown_words_are_stop_words_is_not_tagged():
    # novel_terms drops stop words from every entity, so an unknown one cannot make a term novel
    known = vocabulary(["Gustave Eiffel built the tower in Paris."])
    claim = "Nevertheless, Gustave Eiffel built the tower in Paris."
    assert "nevertheless" not in known.words
    assert not needs_entities(claim, known)
    assert not needs_entities(claim.replace("Nevertheless", "Thereafter"), known)
    assert needs_entities(claim.replace("Nevertheless", "Reportedly"), known)  # not a stop word
    assert novel_terms(claim, [], known) == novel_terms(claim, language.entities_many([claim])[0], known)
