"""Add the citation a supported claim forgot, when the policy allows it.

This module rewrites the answer text itself, so that the marker, the claim
spans and the verdicts can never disagree: the pipeline gets back a new answer
and a verification whose spans point into it. A claim qualifies when it
carries no citation at all (not even an invalid one: a wrong citation is
reported, not papered over), is labelled supported, and its best passage
scores at least ``min_support``. The marker ``[n]`` goes at the end of the
sentence, before its closing punctuation ("... in 1889 [2]."), and the verdict
is flagged ``citation_added_by_guard``.

Citation recall and precision are left as measured: they describe the
generator's own citations, not the guard's repairs.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from guard.verifiers.citation_markers import format_marker
from guard.verifiers.types import ClaimVerdict, SupportLabel, Verification
from retrievers.types import Passage

__all__ = ["AutoCitation", "add_missing_citations"]

# Closing punctuation the marker goes before.
_CLOSERS = set(".!?;:…\"'”’»")


class AutoCitation(BaseModel):
    answer: str
    verification: Verification
    added: list[int] = Field(default_factory=list)  # indexes of the claims that got a citation


def add_missing_citations(
    answer: str, verification: Verification, passages: list[Passage], min_support: float
) -> AutoCitation:
    """Cite the best passage of each qualifying claim; returns the new answer and verification."""
    result = verification.model_copy(deep=True)
    numbers = {p.id: i for i, p in enumerate(passages, start=1)}
    added: list[int] = []
    shift = 0
    for verdict in result.claims:
        claim = verdict.claim
        claim.start += shift
        claim.end += shift
        number = numbers.get(verdict.best_passage_id or "") if _qualifies(verdict, min_support) else None
        if number is None:
            continue
        at = _insert_at(answer, claim.start, claim.end)
        marker = " " + format_marker(number)
        answer = answer[:at] + marker + answer[at:]
        shift += len(marker)
        claim.end += len(marker)
        claim.citations = [number]
        verdict.cited_passage_ids = [passages[number - 1].id]
        verdict.citation_added_by_guard = True
        added.append(claim.index)
    return AutoCitation(answer=answer, verification=result, added=added)


def _qualifies(verdict: ClaimVerdict, min_support: float) -> bool:
    return (
        not verdict.claim.citations
        and verdict.label is SupportLabel.supported
        and verdict.support >= min_support
        and verdict.best_passage_id is not None
    )


def _insert_at(answer: str, start: int, end: int) -> int:
    at = end
    while at > start and answer[at - 1] in _CLOSERS:
        at -= 1
    return at if at > start else end
