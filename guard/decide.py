"""The decision step: verdicts in, one action out, and the pure functions that apply it.

Verifiers only judge; this module alone reacts. :func:`decide` lists every
condition the verification triggers, maps each to the policy's action and keeps
the strictest (order in :class:`~guard.policy.Action`: pass < annotate < strip <
regenerate < refuse < escalate). :func:`apply_action` turns the decision into the
text the user sees.

A draft that is only the policy's refusal sentence (``Verification.is_refusal``,
or every claim is that sentence, or the draft is empty) is a legitimate outcome,
not a hallucination: it triggers ``declined`` alone (default action: refuse), and
the checks that would judge the refusal sentence as an unsupported claim are
skipped. A refusal sentence inside a longer answer is not a claim either. Only a
failed relevance gate is still reported, so a policy that escalates missing
evidence keeps doing so.

A claim no support judge judged (``ClaimVerdict.judged`` False: its judge crashed) is not called
unsupported: it is a ``verifier_error`` on that claim, and faithfulness is
recounted over the judged claims, so the policy's verifier_error action decides.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel, Field

from guard.errors import InputError
from guard.policy import Action, Condition, Policy
from guard.verifiers.citation_markers import MARKER_PATTERN
from guard.verifiers.refusal import is_refusal
from guard.verifiers.types import (
    Claim,
    ClaimVerdict,
    SupportLabel,
    Verification,
)
from retrievers.types import GateResult

__all__ = ["Action", "Condition", "Reason", "Decision", "decide", "decide_model_failure", "apply_action"]


class Reason(BaseModel):
    """One triggered condition, the action the policy gives it, and why."""

    condition: Condition
    action: Action
    detail: str
    claim_index: int | None = None  # Claim.index when the condition is about one claim


class Decision(BaseModel):
    action: Action
    reasons: list[Reason] = Field(default_factory=list)
    policy: str
    attempt: int = 0

    @property
    def conditions(self) -> set[Condition]:
        return {reason.condition for reason in self.reasons}

    @property
    def feedback(self) -> list[str]:
        """What a regenerated draft must fix: the details of the reasons that asked for it."""
        return [reason.detail for reason in self.reasons if reason.action is Action.regenerate]


# --- decide ---------------------------------------------------------------------------------------


def decide(
    verification: Verification, gate: GateResult | None, policy: Policy, *, attempt: int = 0
) -> Decision:
    """The strictest action among the conditions ``verification`` and ``gate`` trigger.

    ``attempt`` counts the drafts already regenerated; once it reaches
    ``policy.regenerate.max_attempts`` regenerate turns into the policy's fallback.
    """
    found = list(_findings(verification, gate, policy))
    reasons = [
        Reason(condition=c, action=policy.action_for(c, attempt=attempt), detail=d, claim_index=i)
        for c, d, i in found
    ]
    action = max((r.action for r in reasons), key=lambda a: a.severity, default=Action.pass_)
    return Decision(action=action, reasons=reasons, policy=policy.name, attempt=attempt)


def decide_model_failure(error: str, policy: Policy) -> Decision:
    """The decision when no model produced a draft (retries and the fallback exhausted)."""
    action = policy.action_for(Condition.model_error)
    reason = Reason(condition=Condition.model_error, action=action, detail=error)
    return Decision(action=action, reasons=[reason], policy=policy.name)


_Finding = tuple[Condition, str, int | None]


def _findings(verification: Verification, gate: GateResult | None, policy: Policy) -> Iterable[_Finding]:
    if gate is not None and not gate.passed:
        yield (
            Condition.insufficient_context,
            f"retrieval relevance {gate.relevance:.2f} is below the "
            f"gate threshold {gate.threshold:.2f} after {gate.attempts} attempt(s)",
            None,
        )
    if gate is not None and not gate.passed and not verification.claims:
        return  # no draft was asked for: "the model declined" would be untrue
    claims = [cv for cv in verification.claims if not is_refusal(cv.claim.text, policy.refusal_text)]
    if verification.is_refusal or not (claims or verification.failures):
        what = "the refusal sentence" if verification.is_refusal or verification.claims else "nothing"
        yield Condition.declined, f"the model answered with {what}", None
        return
    for verdict in claims:
        yield from _claim_findings(verdict, policy)
    yield from _metric_findings(verification, claims, policy)
    yield from _isolation_findings(verification, claims, policy)
    for failure in verification.failures:
        yield (
            Condition.verifier_error,
            f"verifier {failure.verifier!r} could not judge: {failure.message}",
            None,
        )


def _claim_findings(verdict: ClaimVerdict, policy: Policy) -> Iterable[_Finding]:
    index, quote = verdict.claim.index, _quote(verdict.claim.text)
    if verdict.invalid_citations:
        ids = ", ".join(str(i) for i in verdict.invalid_citations)
        yield Condition.invalid_citation, f"claim {quote} cites [{ids}], which names no passage", index
    if _unjudged(verdict):
        yield Condition.verifier_error, f"claim {quote} could not be checked", index
    elif verdict.label is SupportLabel.contradicted:
        yield Condition.contradicted_claim, f"claim {quote} is contradicted by the passages", index
    elif verdict.label is SupportLabel.unsupported:
        yield (
            Condition.unsupported_claim,
            f"claim {quote} is not supported by the passages (support {verdict.support:.2f})",
            index,
        )
    elif verdict.support < policy.thresholds.min_support:
        yield (
            Condition.unsupported_claim,
            f"claim {quote} has support {verdict.support:.2f}, below {policy.thresholds.min_support:.2f}",
            index,
        )
    hit_rate, minimum = verdict.scores.hit_rate, policy.thresholds.min_hit_rate
    if hit_rate is not None and minimum is not None and hit_rate < minimum:
        yield (
            Condition.low_hit_rate,
            f"claim {quote} is backed by a share {hit_rate:.2f} of retrieval routes, below {minimum:.2f}",
            index,
        )
    franq, minimum = verdict.scores.franq_calibrated, policy.thresholds.min_franq
    if franq is not None and minimum is not None and franq < minimum:
        yield Condition.low_franq, f"claim {quote} has FRANQ P(true) {franq:.2f}, below {minimum:.2f}", index


def _metric_findings(
    verification: Verification, claims: list[ClaimVerdict], policy: Policy
) -> Iterable[_Finding]:
    limits = policy.thresholds
    checks = [
        (
            Condition.low_faithfulness,
            "faithfulness",
            _faithfulness(verification, claims),
            limits.min_faithfulness,
            1,
        ),
        (
            Condition.low_citation_recall,
            "citation recall",
            verification.citation_recall,
            limits.min_citation_recall,
            1,
        ),
        (
            Condition.low_citation_precision,
            "citation precision",
            verification.citation_precision,
            limits.min_citation_precision,
            1,
        ),
        (
            Condition.high_hallucination_probability,
            "hallucination probability",
            verification.hallucination_probability,
            limits.max_hallucination_probability,
            -1,
        ),
    ]
    for condition, label, value, limit, direction in checks:
        if limit is None or (condition is Condition.low_faithfulness and value is None):
            continue
        if value is None:
            # The policy asks for a figure nobody measured: fail closed rather than pass it.
            yield Condition.verifier_error, f"{label} is required by the policy but was not measured", None
        elif (value - limit) * direction < 0:
            side = "below the minimum" if direction > 0 else "above the maximum"
            yield condition, f"{label} {value:.2f} is {side} {limit:.2f}", None
    per_claim = (
        (limits.min_hit_rate, "hit_rate", "retrieval hit rate"),
        (limits.min_franq, "franq_calibrated", "FRANQ P(true)"),
    )
    for limit, score, label in per_claim:
        if limit is not None and any(getattr(cv.scores, score) is None for cv in claims):
            yield Condition.verifier_error, f"{label} is required by the policy but was not measured", None


def _isolation_findings(
    verification: Verification, claims: list[ClaimVerdict], policy: Policy
) -> Iterable[_Finding]:
    """Each isolated claim, when the share of isolated claims is above ``max_isolation``."""
    limit = policy.thresholds.max_isolation
    if limit is None:
        return
    report = verification.egc
    if report is None:
        yield Condition.verifier_error, "EGC isolation is required by the policy but was not measured", None
        return
    if not report.defined or report.features is None or report.features.iso <= limit:
        return  # no claim long enough for the graph: nothing it could call isolated
    share = report.features.iso
    for verdict in claims:
        if verdict.scores.egc_isolated:
            yield (
                Condition.isolated_claim,
                f"claim {_quote(verdict.claim.text)} links to no passage in the evidence graph "
                f"(isolated share {share:.2f}, above {limit:.2f})",
                verdict.claim.index,
            )


def _unjudged(verdict: ClaimVerdict) -> bool:
    return not verdict.judged and verdict.label is not SupportLabel.contradicted


def _faithfulness(verification: Verification, claims: list[ClaimVerdict]) -> float | None:
    """The verifier's figure, recounted over judged claims when refusal sentences or unjudged
    claims are among them; ``None`` when no claim was judged (verifier_error covers that)."""
    judged = [cv for cv in claims if not _unjudged(cv)]
    if len(judged) == len(verification.claims):
        return verification.faithfulness
    return sum(cv.label is SupportLabel.supported for cv in judged) / len(judged) if judged else None


def _quote(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


# --- apply ----------------------------------------------------------------------------------------

# A run of citation markers as the claims stage parses them ([1], [2, 3], 【1】...).
_MARKERS = re.compile(rf"(?:[ \t]*(?:{MARKER_PATTERN.pattern}))+", MARKER_PATTERN.flags)
_MARK_WORDS = {
    Condition.invalid_citation: "invalid citation",
    Condition.unsupported_claim: "unsupported",
    Condition.contradicted_claim: "contradicted",
    Condition.low_hit_rate: "weak evidence",
    Condition.isolated_claim: "no matching passage",
    Condition.low_franq: "low confidence",
    Condition.verifier_error: "not checked",
}
_BARE_LINE = re.compile(r"^\s*(?:[-*•+]|\d+[.)])?\s*$")


def apply_action(decision: Decision, answer: str, verification: Verification, policy: Policy) -> str:
    """The text the user sees for ``decision``.

    A decision still asking to regenerate (the pipeline could not redraft) is read
    as if attempts had run out: each regenerate becomes the policy's fallback.
    Strip removes the claims whose own action is strip and, when low faithfulness
    is what asks for strip, every claim not supported; the claims and problems
    whose action is annotate are then marked as under annotate.
    """
    decision = _exhausted(decision, policy)
    if decision.action is Action.pass_:
        return answer
    if decision.action is Action.refuse:
        return policy.refusal_text
    if decision.action is Action.escalate:
        return policy.holding_text
    claims = _ordered_claims(answer, verification)
    removed = _claims_to_strip(decision) if decision.action is Action.strip else set()
    if removed and removed >= {c.index for c in claims}:
        return policy.refusal_text
    text = _render(answer, claims, removed, _marks(decision, removed))
    label = _label(decision, removed, policy)
    if removed and policy.strip_notice:
        text = f"{text}\n\n{policy.strip_notice}"
    return f"{label}\n\n{text}" if label else text


def _exhausted(decision: Decision, policy: Policy) -> Decision:
    if decision.action is not Action.regenerate:
        return decision
    fallback = policy.regenerate.on_exhausted
    reasons = [
        r.model_copy(update={"action": fallback}) if r.action is Action.regenerate else r
        for r in decision.reasons
    ]
    action = max((r.action for r in reasons), key=lambda a: a.severity)
    return decision.model_copy(update={"reasons": reasons, "action": action})


def _ordered_claims(answer: str, verification: Verification) -> list[Claim]:
    claims = sorted((cv.claim for cv in verification.claims), key=lambda c: c.start)
    end = 0
    for claim in claims:
        if claim.start < end or claim.end > len(answer) or claim.start > claim.end:
            raise InputError(
                f"claim {claim.index} spans {claim.start}..{claim.end}, which does not fit an answer of "
                f"{len(answer)} characters or overlaps the previous claim; verify the same answer text"
            )
        end = claim.end
    return claims


def _claims_to_strip(decision: Decision) -> set[int]:
    by_claim = [(r.claim_index, r) for r in decision.reasons if r.claim_index is not None]
    removed = {index for index, r in by_claim if r.action is Action.strip}
    if any(r.condition is Condition.low_faithfulness and r.action is Action.strip for r in decision.reasons):
        failing = {Condition.unsupported_claim, Condition.contradicted_claim}
        removed |= {index for index, r in by_claim if r.condition in failing}
    return removed


def _marks(decision: Decision, removed: set[int]) -> dict[int, str]:
    words: dict[int, list[str]] = {}
    for reason in decision.reasons:
        index = reason.claim_index
        if index is None or index in removed or reason.action is not Action.annotate:
            continue
        word = _MARK_WORDS[reason.condition]
        if word not in words.setdefault(index, []):
            words[index].append(word)
    return {index: f" [⚠ {'; '.join(w)}]" for index, w in words.items()}


def _label(decision: Decision, removed: set[int], policy: Policy) -> str:
    shown = [r for r in decision.reasons if r.action is Action.annotate and r.claim_index not in removed]
    if not shown:
        return ""
    problems: list[str] = []
    for condition, word in _MARK_WORDS.items():
        count = sum(r.condition is condition and r.claim_index is not None for r in shown)
        if count:
            problems.append(f"{count} claim{'s' if count > 1 else ''} marked [⚠ {word}]")
    problems += [r.detail for r in shown if r.claim_index is None]
    return f"{policy.annotation_label}: {'; '.join(problems)}."


def _render(answer: str, claims: list[Claim], removed: set[int], marks: dict[int, str]) -> str:
    """``answer`` without the removed claims and with marks after the annotated ones."""
    drop = [False] * len(answer)
    insert: dict[int, str] = {}
    for claim in claims:
        end = _after_markers(answer, claim.end)  # markers written after the sentence belong to it
        if claim.index in removed:
            drop[claim.start : end] = [True] * (end - claim.start)
        elif claim.index in marks:
            insert[end] = insert.get(end, "") + marks[claim.index]
    lines, start = [], 0
    for line in answer.split("\n"):
        stop = start + len(line)
        kept = _kept_line(answer, start, stop, drop, insert)
        if kept is not None:
            lines.append(kept)
        start = stop + 1
    text = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n") if removed else text


def _after_markers(answer: str, position: int) -> int:
    match = _MARKERS.match(answer, position)
    return match.end() if match else position


def _kept_line(answer: str, start: int, stop: int, drop: list[bool], insert: dict[int, str]) -> str | None:
    pieces = [insert.get(i, "") + (answer[i] if not drop[i] else "") for i in range(start, stop)]
    text = "".join(pieces) + insert.get(stop, "")
    if not any(drop[start:stop]):
        return text
    if _BARE_LINE.match(_MARKERS.sub("", text)):
        return None  # the line held only removed claims
    original = answer[start:stop]
    return _tidy(text, indent=original[: len(original) - len(original.lstrip())])


def _tidy(line: str, indent: str) -> str:
    """Mend the seams a removal leaves in one line: spaces, stray punctuation, empty brackets."""
    body = re.sub(r"[ \t]+", " ", line.strip())
    body = re.sub(r"\(\s*\)", "", body)
    body = re.sub(r"([.,;:!?])(?: +[.,;:])+(?= |$)", r"\1", body)
    body = re.sub(r" +([.,;:!?)])", r"\1", body)
    body = re.sub(r"^((?:[-*•+]|\d+[.)]) )?[.,;:] *", r"\1", body)
    return indent + re.sub(r" {2,}", " ", body).strip()
