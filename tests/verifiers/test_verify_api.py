"""verify() / averify() end to end with the real embedder and spaCy, and auto-citation."""

from __future__ import annotations

import asyncio

import pytest

from guard.errors import InputError
from guard.verifiers import add_missing_citations, averify, verify
from guard.verifiers.citation_markers import strip_markers
from guard.verifiers.types import HallucinationType, SupportLabel
from retrievers.types import Passage

pytestmark = pytest.mark.slow

CONTEXTS = [
    "The Eiffel Tower was completed in 1889. It is 330 metres tall.",
    "Paris is the capital of France. About 2.1 million people live in the city proper.",
    "The Louvre, in Paris, is the world's most-visited museum. It opened in 1793.",
]
ANSWER = (
    "The Eiffel Tower was completed in 1889 [1]. "
    "The Louvre opened in 1793. "
    "It was founded by Napoleon Bonaparte in 1802 [3]. "
    "About 2.1 million people live in Paris [2][5]."
)


@pytest.fixture(scope="module")
def report():
    return verify(question="What are facts about Paris landmarks?", contexts=CONTEXTS, answer=ANSWER)


def test_end_to_end(report):
    labels = [v.label for v in report.claims]
    assert labels == [
        SupportLabel.supported,
        SupportLabel.supported,
        SupportLabel.unsupported,
        SupportLabel.supported,
    ]
    assert report.faithfulness == pytest.approx(3 / 4)
    assert [v.cited_passage_ids for v in report.claims] == [["1"], [], ["3"], ["2"]]
    assert report.claims[1].best_passage_id == "3"  # uncited: judged against every passage
    assert report.invalid_citations == [5] and report.claims[3].invalid_citations == [5]
    fabricated = report.claims[2]
    assert fabricated.hallucination_type is HallucinationType.fabrication
    assert "Napoleon Bonaparte" in fabricated.type_evidence and "1802" in fabricated.type_evidence
    # Claims 0 and 3 are citation-supported; the uncited and the fabricated ones are not.
    assert report.citation_recall == pytest.approx(2 / 4)
    # [1] and [2] relevant; [3] cites a claim it does not support; [5] names no passage.
    assert report.citation_precision == pytest.approx(2 / 4)
    assert report.failures == [] and report.verifiers == ["support", "citations", "egc", "stacked", "types"]
    assert 0.0 <= report.hallucination_probability <= 1.0  # the default set includes the stacked detector
    assert set(report.timings) == {"claims", "support", "citations", "egc", "stacked", "types", "total"}


def test_report_is_json_round_trippable(report):
    assert type(report).model_validate_json(report.model_dump_json()) == report


def test_averify_matches_verify(report):
    again = asyncio.run(
        averify(question="What are facts about Paris landmarks?", contexts=CONTEXTS, answer=ANSWER)
    )
    assert again.model_dump(exclude={"timings"}) == report.model_dump(exclude={"timings"})


def test_passages_keep_their_ids():
    passages = [Passage(id="doc-7#2", text=CONTEXTS[0])]
    result = verify(question="When?", contexts=passages, answer="It was completed in 1889 [1].")
    assert result.claims[0].cited_passage_ids == ["doc-7#2"]
    assert result.claims[0].best_passage_id == "doc-7#2"


def test_zero_claim_answer():
    result = verify(question="When?", contexts=CONTEXTS, answer=" [1] ")
    assert result.claims == [] and result.faithfulness == 1.0
    assert result.citation_recall is None and result.citation_precision is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"contexts": "one string"}, "not a single string"),
        ({"contexts": [3]}, r"contexts\[0\] is a int"),
        ({"answer": None}, "answer must be a str"),
    ],
)
def test_bad_input(kwargs, message):
    args = {"question": "q", "contexts": CONTEXTS, "answer": "a"} | kwargs
    with pytest.raises(InputError, match=message):
        verify(**args)


def test_auto_citation_rewrites_answer_and_spans(report):
    fixed = add_missing_citations(
        ANSWER, report, [Passage(id=str(i), text=t) for i, t in enumerate(CONTEXTS, 1)], 0.6
    )
    assert fixed.added == [1]
    assert "The Louvre opened in 1793 [3]. It was founded" in fixed.answer
    verdict = fixed.verification.claims[1]
    assert verdict.citation_added_by_guard and verdict.claim.citations == [3]
    assert verdict.cited_passage_ids == ["3"]
    for v in fixed.verification.claims:  # every span still points at its claim in the new answer
        assert strip_markers(fixed.answer[v.claim.start : v.claim.end]) == v.claim.text
    assert not report.claims[1].citation_added_by_guard  # the input is left as it was


def test_auto_citation_respects_the_threshold(report):
    fixed = add_missing_citations(
        ANSWER, report, [Passage(id=str(i), text=t) for i, t in enumerate(CONTEXTS, 1)], 1.01
    )
    assert fixed.added == [] and fixed.answer == ANSWER
