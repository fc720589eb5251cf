"""One judge (issue 12 item 3): ALCE's citation support is the claim's own support verdict, not a
second run of the claim judge on the same evidence."""

from __future__ import annotations

import pytest

import guard.verifiers.claim_judge as claim_judge
from guard.verifiers import verify
from guard.verifiers.types import Claim, SupportLabel
from retrievers.types import Passage

PASSAGES = [
    "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 as the "
    "entrance arch to the World's Fair.",
    "The Louvre is the world's most-visited museum. It opened in 1793 with an exhibition of 537 paintings.",
    "Paris is the capital of France. About 2.1 million people live in the city proper.",
]
ANSWER = (
    "The Eiffel Tower was completed in 1889 [1]. "
    "The Louvre opened in 1850 [2]. "
    "About 2.1 million people live in Paris [3]."
)
PLAIN = ["support", "citations"]


@pytest.fixture
def judged(monkeypatch) -> list[str]:
    """The claim texts the claim judge read facts for, one entry per judgement made."""
    calls: list[str] = []
    read = claim_judge.judge_read

    def counting(claim_text, *args, **kwargs):
        calls.append(claim_text)
        return read(claim_text, *args, **kwargs)

    monkeypatch.setattr(claim_judge, "judge_read", counting)
    return calls


def test_citations_reuse_the_support_verdict(judged):
    report = verify(question="Tell me about Paris.", contexts=PASSAGES, answer=ANSWER, verifiers=PLAIN)
    labels = [v.label for v in report.claims]
    # both paths are met: a supported claim (ALCE asks twice: all cited, then each alone) and one that is not
    assert labels[0] is SupportLabel.supported and labels[1] is not SupportLabel.supported
    # each claim cites the one passage support judged it against: one judgement per claim, not
    # one more per citation subset ALCE asks about
    assert sorted(judged) == sorted(v.claim.text for v in report.claims)
    for verdict in report.claims:
        assert verdict.scores.citation_supported is (verdict.label is SupportLabel.supported)
    assert report.citation_recall == pytest.approx(sum(v is SupportLabel.supported for v in labels) / 3)


def test_a_second_verify_judges_again(judged):
    """The kept verdicts are the request's: the next request judges its claims anew."""
    for _ in range(2):
        verify(question="Tell me about Paris.", contexts=PASSAGES, answer=ANSWER, verifiers=PLAIN)
    assert len(judged) == 2 * 3


def test_the_claim_judge_is_asked_about_cited_passages_not_their_joined_text():
    from guard.verifiers.citations import score_cited

    asked: list[list[str]] = []

    def entails(claim_text: str, cited) -> float:
        asked.append([p.id for p in cited])
        return 1.0

    passages = [Passage(id=f"p{i}", text=f"fact {i}") for i in (1, 2)]
    claim = Claim(index=0, text="c", start=0, end=1, citations=[2, 1])
    scores = score_cited([claim], passages, entails, threshold=0.5)
    assert scores.claims[0].supported and scores.claims[0].relevant == 2
    assert asked[0] == ["p2", "p1"]  # in written order, as support resolves them
