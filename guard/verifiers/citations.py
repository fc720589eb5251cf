"""Citation validity and ALCE citation recall / precision (METHODS section 2).

Citation ``n`` names the n-th passage shown to the model (1-based); any other
number is an invalid citation, reported per claim and for the answer.

With an entailment judge ``entails(claim_text, evidence_text) -> float`` and a
threshold (Gao et al. 2023, "Enabling LLMs to generate text with citations"):

- a claim is citation-supported when its valid cited passages, joined by blank
  lines, entail it;
- citation recall = citation-supported claims / all claims (a claim with no
  valid citation scores 0); None for an answer with no claim;
- a citation is relevant when the claim is citation-supported and either its
  passage alone entails the claim or the other cited passages without it do not
  (removing it breaks the joint support); invalid citations are never relevant;
- citation precision = relevant citations / all citations written; None when
  the answer cites nothing.

The judge is whatever the stage holds in ``state.judge``: the claim judge by default
(:class:`guard.verifiers.claim_judge.ClaimJudge`), the grounding model when that verifier
runs first, or a third party's. The claim judge is asked about the cited passages
themselves, as ``support`` asks about them: a claim citing the passages it was judged
against is not judged again, its citation support is its support verdict (issue 12, "one
judge"). Any other judge gets the cited texts joined by blank lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pydantic import BaseModel

from retrievers.types import Passage

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationState
    from guard.verifiers.types import Claim, VerificationInput

__all__ = [
    "CitationScores",
    "CitationVerifier",
    "ClaimCitations",
    "joined",
    "resolve_citations",
    "score_cited",
    "score_citations",
]

Entails = Callable[[str, str], float]
# The entailment question asked of cited passages, not of their joined text.
CitedEntails = Callable[[str, Sequence[Passage]], float]
_JOIN = "\n\n"  # a paragraph break: judges split evidence there, so sentences never straddle passages


def resolve_citations(numbers: Sequence[int], passages: Sequence[Passage]) -> tuple[list[str], list[int]]:
    """(ids of the passages cited, numbers that name no passage), each in written order, deduplicated."""
    cited: list[str] = []
    invalid: list[int] = []
    for n in dict.fromkeys(numbers):
        if 1 <= n <= len(passages):
            cited.append(passages[n - 1].id)
        else:
            invalid.append(n)
    return list(dict.fromkeys(cited)), invalid


class ClaimCitations(BaseModel):
    supported: bool  # the valid cited passages together entail the claim
    relevant: int  # relevant citations among those written
    written: int  # citations written, invalid ones included


class CitationScores(BaseModel):
    recall: float | None
    precision: float | None
    claims: list[ClaimCitations]


def score_citations(
    claims: Sequence[Claim], passages: Sequence[Passage], entails: Entails, threshold: float
) -> CitationScores:
    """ALCE scores with a judge of (claim text, evidence text): cited passages are joined by blank lines."""
    return score_cited(claims, passages, joined(entails), threshold)


def joined(entails: Entails) -> CitedEntails:
    """A text judge asked about cited passages: their texts joined by blank lines."""
    return lambda claim_text, cited: entails(claim_text, _JOIN.join(p.text for p in cited))


def score_cited(
    claims: Sequence[Claim], passages: Sequence[Passage], entails: CitedEntails, threshold: float
) -> CitationScores:
    """ALCE scores with a judge asked about the cited passages themselves."""
    per_claim = [_score_claim(c, passages, entails, threshold) for c in claims]
    written = sum(c.written for c in per_claim)
    return CitationScores(
        recall=sum(c.supported for c in per_claim) / len(per_claim) if per_claim else None,
        precision=sum(c.relevant for c in per_claim) / written if written else None,
        claims=per_claim,
    )


def _score_claim(
    claim: Claim, passages: Sequence[Passage], entails: CitedEntails, threshold: float
) -> ClaimCitations:
    numbers = list(dict.fromkeys(claim.citations))
    valid = [n for n in numbers if 1 <= n <= len(passages)]

    def holds(subset: list[int]) -> bool:
        return bool(subset) and entails(claim.text, [passages[n - 1] for n in subset]) >= threshold

    supported = holds(valid)
    relevant = 0
    if supported:
        for n in valid:
            rest = [m for m in valid if m != n]
            relevant += holds([n]) or not holds(rest)
    return ClaimCitations(supported=supported, relevant=relevant, written=len(numbers))


class CitationVerifier:
    """Fills citation recall / precision and, per claim, ``scores.citation_supported``."""

    name = "citations"
    judges_support = False
    requires: tuple[str, ...] = ()

    def run(self, inp: VerificationInput, state: VerificationState) -> None:
        report = state.report
        scores = score_cited(
            [v.claim for v in report.claims], inp.passages, _cited_entails(state.judge),
            state.thresholds.citation_entailment,
        )
        report.citation_recall, report.citation_precision = scores.recall, scores.precision
        for verdict, found in zip(report.claims, scores.claims, strict=True):
            verdict.scores.citation_supported = found.supported


def _cited_entails(judge: Entails) -> CitedEntails:
    """The claim judge reads the cited passages as passages (the question ``support`` asked, so
    its kept verdict answers); any other judge reads their joined text."""
    from guard.verifiers.claim_judge import ClaimJudge  # the stage's judge; imported here, not at import time

    if isinstance(judge, ClaimJudge):
        return lambda claim_text, cited: judge.entails(claim_text, [(p.id, p.text) for p in cited])
    return joined(judge)
