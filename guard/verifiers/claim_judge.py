"""The one claim judge: evidence units, the fact layer and the embedding score, read together.

Every verifier that asks "does this evidence support this claim?" asks this judge: the
support verifier for each claim's verdict, ALCE citation recall and precision (the cited
passages, alone and together), and cross-route hit rates (each route's passages). So a
citation counts as supporting exactly when the claim's own verdict would be supported
against it, and two models that disagree never both decide (issue 12, "one judge").

For a claim and some passages the judge

1. cuts each passage into evidence units (:func:`guard.facts.evidence_units`: sentences,
   table rows with their headers, list items with their lead-in), leaving out
   instruction-like text ("ignore previous instructions", fake delimiters): that text is
   reported as an injection and is never evidence, for the embedding score either;
2. scores the claim against the remaining text with the embedding + lexical judge
   (:class:`guard.verifiers.support.EmbeddingJudge`);
3. reads the claim's facts against its aligned units (:func:`guard.facts.judge_facts`,
   with the claim-to-unit cosines), and
4. combines both into one label (:func:`guard.verifiers.verdict.combine`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from guard.facts import FactVerdict, InjectionWarning, UnitsResult, evidence_units, judge_facts
from guard.facts.types import EvidenceUnit
from guard.verifiers.support import Assessment, EmbeddingJudge
from guard.verifiers.types import SupportLabel
from guard.verifiers.verdict import combine

__all__ = ["ClaimJudge", "ClaimJudgement", "units_of"]


class ClaimJudgement(NamedTuple):
    label: SupportLabel
    support: float
    fact: FactVerdict
    assessment: Assessment
    reason: str | None


@lru_cache(maxsize=4096)
def units_of(passage_id: str, text: str) -> UnitsResult:
    """A passage's evidence units, cached by content: retrieval serves the same passages again."""
    return evidence_units(passage_id, text)


def without_injections(text: str, warnings: Sequence[InjectionWarning]) -> str:
    """``text`` less the instruction-like stretches (blanked, so nothing else moves)."""
    if not warnings:
        return text
    chars = list(text)
    for warning in warnings:
        chars[warning.start : warning.end] = " " * (warning.end - warning.start)
    return "".join(chars)


class ClaimJudge:
    """Judges claims against passages for one request (its embedding caches are the request's)."""

    def __init__(self, evidence: EmbeddingJudge, threshold: float) -> None:
        self.evidence = evidence
        self.threshold = threshold

    def judge(self, claim_text: str, passages: Sequence[tuple[str, str]]) -> ClaimJudgement:
        """The claim's verdict against ``passages`` given as (passage id, text) pairs."""
        found = [units_of(pid, text) for pid, text in passages]
        clean = [without_injections(text, f.warnings) for (_, text), f in zip(passages, found, strict=True)]
        assessment = self.evidence.assess(claim_text, clean)
        units: list[EvidenceUnit] = [u for f in found for u in f.units]
        similarities = self.evidence.cosines(claim_text, [u.text for u in units])
        fact = judge_facts(claim_text, units, similarities)
        judged = combine(fact, assessment.support, self.threshold)
        return ClaimJudgement(judged.label, judged.support, fact, assessment, judged.reason)

    def __call__(self, claim_text: str, evidence_text: str) -> float:
        """ALCE's entailment question on joined evidence: 1.0 when the verdict is supported, else 0.0."""
        judgement = self.judge(claim_text, [("evidence", evidence_text)])
        return 1.0 if judgement.label is SupportLabel.supported else 0.0

    def injections(self, passages: Sequence[tuple[str, str]]) -> list[InjectionWarning]:
        return [w for pid, text in passages for w in units_of(pid, text).warnings]
