"""Cutting texts into plain and marked pieces for the review page; the template escapes each piece.

Nothing here builds HTML: the page marks a piece by wrapping its escaped text, so
a passage or draft holding markup is shown as text, never run.
"""

from __future__ import annotations

from pydantic import BaseModel

from guard.review.items import ReviewClaim

__all__ = ["Segment", "draft_segments", "sentence_segments"]


class Segment(BaseModel):
    text: str
    claim: ReviewClaim | None = None  # the claim this piece of the draft is
    marked: bool = False  # the piece to highlight (a flagged claim, the best sentence)


def draft_segments(draft: str, claims: list[ReviewClaim]) -> list[Segment]:
    """``draft`` cut at its claims' spans; flagged claims are marked.

    A span that does not fit the draft or overlaps the previous one is ignored (the
    claim is still listed beside the draft), so a bad span never hides text.
    """
    segments: list[Segment] = []
    cursor = 0
    for claim in sorted(claims, key=lambda c: (c.start, c.end)):
        if not (cursor <= claim.start < claim.end <= len(draft)):
            continue
        if claim.start > cursor:
            segments.append(Segment(text=draft[cursor : claim.start]))
        segments.append(Segment(text=draft[claim.start : claim.end], claim=claim, marked=claim.flagged))
        cursor = claim.end
    if cursor < len(draft):
        segments.append(Segment(text=draft[cursor:]))
    return segments


def sentence_segments(passage: str, sentence: str | None) -> list[Segment]:
    """``passage`` with ``sentence`` (the verifier's best evidence) marked where it occurs."""
    where = passage.find(sentence) if sentence else -1
    if where < 0 or not sentence:
        return [Segment(text=passage)]
    end = where + len(sentence)
    pieces = [
        Segment(text=passage[:where]),
        Segment(text=passage[where:end], marked=True),
        Segment(text=passage[end:]),
    ]
    return [piece for piece in pieces if piece.text]
