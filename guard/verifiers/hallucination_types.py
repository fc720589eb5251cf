"""Why a claim failed: one hallucination type per failing claim, with its evidence (METHODS 7).

Rules, first match wins:

1. contradiction: a verifier labelled the claim ``contradicted``; the evidence is
   the contradicting sentence (its ``best_sentence``).
2. context loss: the relevance gate failed, or there was no passage at all; the
   answer had nothing to stand on, whatever the claim says.
3. fabrication: the claim names a number, date or entity that appears in no
   passage (nor in the question); the evidence names them.
4. over-inference: nothing novel and at least ``over_inference_overlap`` of its
   content words come from the passages, yet no passage sentence supports it:
   built from the evidence, saying more than the evidence.
5. fabrication again: little of the claim comes from the passages; the
   evidence lists the content words found in no passage.

Claims left unjudged by a failed verifier get no type: nothing was judged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from guard.verifiers.lexical import content_overlap, unknown_words
from guard.verifiers.types import ClaimVerdict, HallucinationType, SupportLabel

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationState
    from guard.verifiers.types import VerificationInput

__all__ = ["TypeVerifier", "classify"]

_MAX_LISTED = 5


class TypeVerifier:
    name = "types"
    judges_support = False
    requires: tuple[str, ...] = ()

    def run(self, inp: VerificationInput, state: VerificationState) -> None:
        for verdict in state.report.claims:
            if verdict.label is SupportLabel.supported or not verdict.judged:
                continue
            verdict.hallucination_type, verdict.type_evidence = classify(verdict, inp, state)


def classify(
    verdict: ClaimVerdict, inp: VerificationInput, state: VerificationState
) -> tuple[HallucinationType, str]:
    if verdict.mismatch is not None and verdict.label is SupportLabel.contradicted:
        return _from_mismatch(verdict, [])  # the fact layer named the slot: the clearest evidence there is
    if verdict.label is SupportLabel.contradicted:
        source = f" (passage {verdict.best_passage_id})" if verdict.best_passage_id else ""
        return (
            HallucinationType.contradiction,
            f"contradicted by{source}: {verdict.best_sentence or 'unknown'}",
        )
    if inp.gate is not None and not inp.gate.passed:
        gate = inp.gate
        return HallucinationType.context_loss, (
            f"relevance gate failed: relevance {gate.relevance:.2f} < threshold {gate.threshold:.2f} "
            f"after {gate.attempts} attempt(s)"
        )
    if not inp.passages:
        return HallucinationType.context_loss, "no passage was retrieved"
    text = verdict.claim.text
    novel = state.evidence.novel(text, state.passage_texts)
    if verdict.mismatch is not None:
        return _from_mismatch(verdict, novel)
    if novel:
        return HallucinationType.fabrication, f"not in any passage: {_listed(novel)}"
    known = state.evidence.known(state.passage_texts)
    overlap = content_overlap(text, known)
    if overlap >= state.thresholds.over_inference_overlap:
        return HallucinationType.over_inference, (
            f"{overlap:.0%} of its content words are in the passages but no passage sentence supports it; "
            f"closest: {verdict.best_sentence or 'none'}"
        )
    return (
        HallucinationType.fabrication,
        f"content found in no passage: {_listed(unknown_words(text, known))}",
    )


def _from_mismatch(verdict: ClaimVerdict, novel: list[str]) -> tuple[HallucinationType, str]:
    """Conflict when the evidence binds another value; fabrication when no unit has the slot
    (with the claim's other numbers and names that no passage mentions)."""
    mismatch = verdict.mismatch
    assert mismatch is not None
    where = f" (passage {mismatch.evidence.passage_id}: {mismatch.evidence.text})" if mismatch.evidence else ""
    if verdict.label is SupportLabel.contradicted:
        return HallucinationType.contradiction, f"{mismatch.explanation}{where}"
    also = f"; not in any passage: {_listed(novel)}" if novel else ""
    return HallucinationType.fabrication, f"{mismatch.explanation}{where}{also}"


def _listed(items: list[str]) -> str:
    shown = ", ".join(items[:_MAX_LISTED])
    return shown + (f" (+{len(items) - _MAX_LISTED} more)" if len(items) > _MAX_LISTED else "")
