"""Where the answer is unsupported: character spans of its claims and terms, for highlighting.

Run once after every verifier (the final labels and flags decide), two granularities:

- ``sentence``: where the stacked verifier's claim head ran (``scores.stacked_flagged``
  set), each claim it flagged, whatever its label; elsewhere each
  claim whose label is not ``supported``. On RAGTruth dev the flags mark far fewer
  characters for the same hits (docs/DETECTION.md). The span is the claim's span in the
  answer without the citation markers that open or close it (with the spaces around
  them, and the full stop after closing ones), since the markers are the model's
  evidence pointers, not its claim;
- ``term``: inside each claim not labelled ``supported``, flagged or not (a number the
  passages never mention is worth a highlight of its own), every occurrence of a number
  or name that neither the passages nor the question mention (:func:`guard.verifiers.lexical.novel_terms`,
  the fabrication signature the ``types`` verifier also reports). Numbers are matched
  by their normalised value ("1,000" = "1000"); names as whole words. Digits inside a
  citation marker are never a term.

A claim left unjudged (a verifier that judges support failed, or none ran) gets a
sentence span with reason "not judged" and no probability, and no term spans:
nothing looked at it. A refusal, or an answer with no claim, has no span.

``probability`` is the claim's P(hallucinated): the stacked claim head's when it ran,
else the grounding model's P(not supported) (``scores.grounding``: P(unsupported) +
P(contradicted)) when the grounding verifier wrote it, else ``1 - support``. Term
spans carry their claim's probability and label.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from guard.verifiers.citation_markers import Marker, find_markers
from guard.verifiers.lexical import number_spans, numbers_in
from guard.verifiers.types import (
    ClaimVerdict,
    SupportLabel,
    UnsupportedSpan,
    Verification,
)

__all__ = ["unsupported_spans"]

_NOT_JUDGED = "not judged"
_STOPS = ".!?;:。！？"

NovelTerms = Callable[[str], list[str]]  # claim text -> its numbers and names found in no evidence


def unsupported_spans(
    answer: str, report: Verification, novel_terms: NovelTerms, *, use_flags: bool = True
) -> list[UnsupportedSpan]:
    """The sentence and term spans of ``answer`` that ``report`` does not support.

    ``novel_terms`` is only called for judged, not-supported claims; a claim no support
    judge judged (``ClaimVerdict.judged`` False) is marked "not judged".
    ``use_flags=False`` chooses the sentences by label even where the stacked claim head
    flagged claims (reasons and probabilities still name what ran).
    """
    if report.is_refusal:
        return []
    markers = find_markers(answer)
    sentences: list[UnsupportedSpan] = []
    terms: list[UnsupportedSpan] = []
    for verdict in report.claims:
        unsupported = verdict.label is not SupportLabel.supported
        marked = _marked(verdict, use_flags)
        if not (marked or unsupported):
            continue
        unjudged = not verdict.judged
        sentence = _sentence_span(answer, verdict, markers, unjudged)
        if sentence is None:
            continue
        if marked:
            sentences.append(sentence)
        if unsupported and not unjudged:
            terms.extend(_term_spans(answer, sentence, verdict, markers, novel_terms(verdict.claim.text)))
    return sorted([*sentences, *_merged(answer, terms)], key=lambda s: (s.start, -s.end))


def _marked(verdict: ClaimVerdict, use_flags: bool) -> bool:
    """Whether the claim gets a sentence span: the stacked claim head's flag where it ran, else its label."""
    if use_flags and verdict.scores.stacked_flagged is not None:
        return verdict.scores.stacked_flagged
    return verdict.label is not SupportLabel.supported


def _claim_probability(verdict: ClaimVerdict) -> float:
    """P(hallucinated) of a judged claim: the stacked claim head's, the grounding model's, or 1 - support."""
    scores = verdict.scores
    if scores.stacked_probability is not None:
        return min(max(scores.stacked_probability, 0.0), 1.0)
    if scores.grounding is not None:
        return scores.grounding.not_supported
    return min(max(1.0 - verdict.support, 0.0), 1.0)


def _reason(verdict: ClaimVerdict) -> str:
    if verdict.scores.stacked_flagged is not None and verdict.scores.stacked_probability is not None:
        return f"stacked claim detector: P(hallucinated) {verdict.scores.stacked_probability:.2f}"
    if verdict.label is SupportLabel.contradicted:
        where = f"passage {verdict.best_passage_id}" if verdict.best_passage_id else "a passage"
        return f"contradicted by {where}"
    return "claim unsupported"


def _sentence_span(
    answer: str, verdict: ClaimVerdict, markers: list[Marker], unjudged: bool
) -> UnsupportedSpan | None:
    start, end = _without_edge_markers(answer, verdict.claim.start, verdict.claim.end, markers)
    if start >= end:
        return None
    return UnsupportedSpan(
        start=start,
        end=end,
        text=answer[start:end],
        claim_index=verdict.claim.index,
        label=verdict.label,
        granularity="sentence",
        reason=_NOT_JUDGED if unjudged else _reason(verdict),
        probability=None if unjudged else _claim_probability(verdict),
    )


def _without_edge_markers(answer: str, start: int, end: int, markers: list[Marker]) -> tuple[int, int]:
    """``[start, end)`` shrunk past whitespace and the citation markers at either edge.

    "Paris is big [1][2]." loses " [1][2]." (the full stop goes with the markers: a
    span is one piece), "[1] Paris is big." loses "[1] ".
    """
    opening = {m.start: m.end for m in markers if start <= m.start and m.end <= end}
    closing = {m.end: m.start for m in markers if start <= m.start and m.end <= end}
    while True:
        start, end = _stripped(answer, start, end)
        if start in opening:
            start = opening[start]
            continue
        before_stop = end - 1 if end > start and answer[end - 1] in _STOPS else end
        tail = _stripped(answer, start, before_stop)[1]
        if tail in closing:
            end = closing[tail]
            continue
        return start, end


def _stripped(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _term_spans(
    answer: str,
    sentence: UnsupportedSpan,
    verdict: ClaimVerdict,
    markers: list[Marker],
    novel: Sequence[str],
) -> list[UnsupportedSpan]:
    if not novel:
        return []
    numbers = set(numbers_in(verdict.claim.text))
    novel_numbers = {term for term in novel if term in numbers}
    found = [
        (sentence.start + s, sentence.start + e, "number not in any passage")
        for s, e, value in number_spans(sentence.text)
        if value in novel_numbers
    ]
    for name in (term for term in novel if term not in numbers):
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
        found.extend(
            (sentence.start + m.start(), sentence.start + m.end(), "name not in any passage")
            for m in pattern.finditer(sentence.text)
        )
    return [
        UnsupportedSpan(
            start=s,
            end=e,
            text=answer[s:e],
            claim_index=sentence.claim_index,
            label=sentence.label,
            granularity="term",
            reason=reason,
            probability=sentence.probability,
        )
        for s, e, reason in found
        if not any(m.start < e and s < m.end for m in markers)
    ]


def _merged(answer: str, terms: list[UnsupportedSpan]) -> list[UnsupportedSpan]:
    """Overlapping term spans as one ("Boeing 747" and its novel "747" highlight once)."""
    out: list[UnsupportedSpan] = []
    for term in sorted(terms, key=lambda t: (t.start, -t.end)):
        last = out[-1] if out else None
        if last is None or term.start >= last.end:
            out.append(term)
            continue
        if term.end > last.end:
            reason = last.reason if term.reason == last.reason else "number and name not in any passage"
            out[-1] = last.model_copy(
                update={"end": term.end, "text": answer[last.start : term.end], "reason": reason}
            )
    return out
