"""Citation validity and ALCE recall / precision, with a scripted entailment judge."""

from __future__ import annotations

import pytest

from guard.verifiers.citations import resolve_citations, score_citations
from guard.verifiers.types import Claim
from retrievers.types import Passage

PASSAGES = [Passage(id=f"p{i}", text=f"fact {i}") for i in (1, 2, 3)]


def judge_where(entailing: dict[str, set[str]]):
    """Evidence entails a claim when it holds every fact the claim needs from one of its sets."""

    def entails(claim_text: str, evidence_text: str) -> float:
        facts = set(evidence_text.split("\n\n"))
        return 1.0 if entailing.get(claim_text, set()) and entailing[claim_text] <= facts else 0.0

    return entails


def claim(text: str, citations: list[int], index: int = 0) -> Claim:
    return Claim(index=index, text=text, start=0, end=1, citations=citations)


def test_resolve_citations():
    assert resolve_citations([2, 1, 2], PASSAGES) == (["p2", "p1"], [])
    assert resolve_citations([0, 3, 4, 9], PASSAGES) == (["p3"], [0, 4, 9])
    assert resolve_citations([], PASSAGES) == ([], [])


@pytest.mark.parametrize(
    ("citations", "needs", "supported", "relevant"),
    [
        ([1], {"fact 1"}, True, 1),  # one right citation
        ([2], {"fact 1"}, False, 0),  # wrong citation
        ([1, 2], {"fact 1"}, True, 1),  # [2] is over-citation: the rest still entails
        ([1, 2], {"fact 1", "fact 2"}, True, 2),  # both needed jointly: both relevant
        ([1, 7], {"fact 1"}, True, 1),  # invalid id counts as written, never relevant
        ([7], {"fact 1"}, False, 0),  # only invalid ids: no support
        ([], {"fact 1"}, False, 0),  # no citation: recall 0 for this claim
    ],
)
def test_alce_per_claim(citations, needs, supported, relevant):
    scores = score_citations([claim("c", citations)], PASSAGES, judge_where({"c": needs}), threshold=0.5)
    found = scores.claims[0]
    assert (found.supported, found.relevant, found.written) == (supported, relevant, len(citations))
    assert scores.recall == float(supported)
    assert scores.precision == (relevant / len(citations) if citations else None)


def test_alce_over_an_answer():
    claims = [claim("a", [1], 0), claim("b", [1, 2], 1), claim("c", [], 2), claim("d", [4], 3)]
    judge = judge_where({"a": {"fact 1"}, "b": {"fact 2"}, "c": {"fact 3"}, "d": {"fact 3"}})
    scores = score_citations(claims, PASSAGES, judge, threshold=0.5)
    assert scores.recall == pytest.approx(2 / 4)
    # a:[1] relevant; b:[1] irrelevant, [2] relevant; d:[4] invalid -> 2 of 4.
    assert scores.precision == pytest.approx(2 / 4)


def test_no_claims_no_citations():
    scores = score_citations([], PASSAGES, judge_where({}), threshold=0.5)
    assert scores.recall is None and scores.precision is None
