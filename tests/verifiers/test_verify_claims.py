"""Claims: sentence spans that map back to the answer, and the citations each one carries."""

from __future__ import annotations

import pytest

from guard.verifiers.citation_markers import strip_markers
from guard.verifiers.claims import extract_claims

pytestmark = pytest.mark.slow  # loads the spaCy English pipeline

ANSWERS = [
    "The Eiffel Tower was completed in 1889 [1]. It is 330 metres tall [1, 2].",
    "Foo bar is open at 3 p.m. on Monday. [2] Baz is here [1][3]. More text 【1】.",
    "[1] A leading marker. Then a sentence without one.",
    "Ranges work [1-3]. Really!",
    "Plain text with no citation at all and no final period",
    "Line one [1].\n\nLine two [2].\n- item three [3]",
]


@pytest.mark.parametrize("answer", ANSWERS)
def test_spans_map_back_exactly(answer):
    claims = extract_claims(answer)
    assert claims
    for claim in claims:
        written = answer[claim.start : claim.end]
        assert strip_markers(written).strip() == claim.text
        assert written == written.strip()
    spans = [(c.start, c.end) for c in claims]
    assert spans == sorted(spans)
    assert all(a_end <= b_start for (_, a_end), (b_start, _) in zip(spans, spans[1:]))


def test_citations_per_claim():
    claims = extract_claims(ANSWERS[0])
    assert [c.text for c in claims] == ["The Eiffel Tower was completed in 1889.", "It is 330 metres tall."]
    assert [c.citations for c in claims] == [[1], [1, 2]]


def test_trailing_marker_belongs_to_the_sentence_before():
    answer = "Foo bar. [2] Baz."
    claims = extract_claims(answer)
    assert [(c.text, c.citations) for c in claims] == [("Foo bar.", [2]), ("Baz.", [])]
    assert answer[claims[0].start : claims[0].end] == "Foo bar. [2]"
    assert answer[claims[1].start : claims[1].end] == "Baz."


def test_mixed_markers():
    claims = extract_claims(ANSWERS[1])
    assert [c.citations for c in claims] == [[2], [1, 3], [1]]
    assert claims[0].text == "Foo bar is open at 3 p.m. on Monday."  # the senter keeps "3 p.m." whole


def test_leading_marker_goes_to_the_first_sentence():
    claims = extract_claims(ANSWERS[2])
    assert claims[0].citations == [1] and claims[0].start == 0
    assert claims[1].citations == []


def test_range_expands():
    assert extract_claims(ANSWERS[3])[0].citations == [1, 2, 3]


@pytest.mark.parametrize("answer", ["", "   ", "[1][2]", "[1]. [2].", " . ! "])
def test_marker_or_punctuation_only_gives_no_claim(answer):
    assert extract_claims(answer) == []


def test_indexes_are_consecutive():
    claims = extract_claims("Alpha is first [1]. [2]\n\n[3]\n\nBeta is second. Gamma is third.")
    assert [c.index for c in claims] == [0, 1, 2]
    assert [c.text for c in claims] == ["Alpha is first.", "Beta is second.", "Gamma is third."]
    assert claims[0].citations == [1, 2, 3]


def test_fallback_without_the_model(monkeypatch):
    import spacy
    from structlog.testing import capture_logs

    from guard import language

    def missing(name, **kwargs):
        raise OSError(f"[E050] Can't find model '{name}'")

    monkeypatch.setattr(spacy, "load", missing)
    monkeypatch.setattr(language, "_nlp", None)
    monkeypatch.setattr(language, "_trained", False)
    with capture_logs() as logs:
        claims = extract_claims("The tower opened in 1889 [1]. It is tall [2].")
    assert [(c.text, c.citations) for c in claims] == [
        ("The tower opened in 1889.", [1]),
        ("It is tall.", [2]),
    ]
    assert not language.uses_trained_model()
    assert language.entities_many(["Gustave Eiffel built it."]) == [[]]
    assert [e["event"] for e in logs] == ["spacy_model_missing"]
    assert logs[0]["log_level"] == "warning"
