"""Applying a decision: the text the user sees for each action (pure text surgery).

:func:`apply_action` returns the draft unchanged (pass), the refusal or holding sentence
(refuse, escalate), the draft without the claims to strip (strip), the draft with the failing
claims replaced by the evidence they were checked against, verbatim and cited (quote), or
the draft with marks after the doubtful claims and a label above it (annotate). A decision still asking to
regenerate (the pipeline could not redraft) is read as if attempts had run out, through the
same rule :func:`guard.decide.decide` uses (:meth:`guard.policy.Policy.action_for`).
"""

from __future__ import annotations

import re

from guard.decide import Decision, Quote, Reason, resolve_quotes
from guard.errors import InputError
from guard.policy import Action, Condition, Policy
from guard.verifiers.citation_markers import MARKER_PATTERN
from guard.verifiers.types import Claim, ClaimVerdict, SupportLabel, Verification

__all__ = ["apply_action", "caution_labels", "claim_mark", "quoted_evidence", "shown_cautions"]

# A run of citation markers as the claims stage parses them ([1], [2, 3], 【1】...).
_MARKERS = re.compile(rf"(?:[ \t]*(?:{MARKER_PATTERN.pattern}))+", MARKER_PATTERN.flags)
_MARK_WORDS = {
    Condition.invalid_citation: "invalid citation",
    Condition.unsupported_claim: "unsupported",
    Condition.contradicted_claim: "contradicted",
    Condition.low_hit_rate: "weak evidence",
    Condition.isolated_claim: "no matching passage",
    Condition.prompt_injection: "a source tried to give instructions",
    Condition.low_franq: "low confidence",
    Condition.unconfirmed_claim: "facts not confirmed",
    Condition.verifier_error: "not checked",
}
_EMPHASIS = re.compile(r"\*{1,3}|(?<!\w)_{1,3}|_{1,3}(?!\w)")
_BARE_LINE = re.compile(r"^\s*(?:[-*•+]|\d+[.)])?\s*$")


def apply_action(decision: Decision, answer: str, verification: Verification, policy: Policy) -> str:
    """The text the user sees for ``decision``.

    A decision still asking to regenerate (the pipeline could not redraft) is read
    as if attempts had run out: each regenerate becomes the policy's fallback.
    Strip removes the claims whose own action is strip and, when low faithfulness
    is what asks for strip, every claim not supported; quote removes the same way the
    claims its reasons target and puts in each one's place its :class:`~guard.decide.Quote`
    (``decision.quotes``; a claim without one is just removed). The claims and problems
    whose action is annotate are then marked as under annotate. An answer left with no
    claim and no quote is the refusal.
    """
    decision = _exhausted(decision, policy, verification)
    if decision.action is Action.pass_:
        return answer
    if decision.action is Action.refuse:
        return policy.refusal_text
    if decision.action is Action.escalate:
        return policy.holding_text
    claims = _ordered_claims(answer, verification)
    removed, quoted = _surgery(decision)
    quotes = {q.claim_index: quoted_evidence(q, policy) for q in decision.quotes if q.claim_index in quoted}
    if removed and not quotes and removed >= {c.index for c in claims}:
        return policy.refusal_text
    cautions = _cautions(decision, verification, removed, quoted, policy)
    text = _render(answer, claims, removed, _marks(cautions), quotes)
    label = _label(cautions, policy)
    if removed - quotes.keys() and policy.strip_notice:
        text = f"{text}\n\n{policy.strip_notice}"
    return f"{label}\n\n{text}" if label else text


def shown_cautions(decision: Decision, verification: Verification, policy: Policy) -> list[Reason]:
    """The annotate reasons the user sees with the answer of ``decision`` (marks and label), as
    :func:`apply_action` writes them: those of claims it removed are gone, and each answer-level
    figure is the one of the answer shown (:func:`_cautions`). Empty when no answer is shown."""
    decision = _exhausted(decision, policy, verification)
    if decision.action in (Action.pass_, Action.refuse, Action.escalate):
        return []
    removed, quoted = _surgery(decision)
    return _cautions(decision, verification, removed, quoted, policy)


def _surgery(decision: Decision) -> tuple[set[int], set[int]]:
    """(claims removed, of those the ones replaced by a quote)."""
    if decision.action not in (Action.strip, Action.quote):
        return set(), set()
    removed = _claims_to_remove(decision)
    return removed, {q.claim_index for q in decision.quotes if q.claim_index in removed}


def _cautions(
    decision: Decision, verification: Verification, removed: set[int], quoted: set[int], policy: Policy
) -> list[Reason]:
    """The annotate reasons left once ``removed`` claims are gone (``quoted`` ones replaced).

    An answer-level figure counted over the claims (faithfulness, citation recall) is counted
    again over the answer shown: a quote is the evidence verbatim with its citation, so it is
    supported and cited. A problem the shown answer no longer has is not reported; one that
    cannot be recounted (citation precision, the stacked detector's probability) is said to be
    the draft's. Why: a label must describe what the user reads, not the draft it came from.
    """
    shown = [r for r in decision.reasons if r.action is Action.annotate and r.claim_index not in removed]
    if not removed:
        return shown
    kept = [cv for cv in verification.claims if cv.claim.index not in removed]
    out = []
    for reason in shown:
        if reason.claim_index is not None:
            out.append(reason)
            continue
        recounted = _recount(reason.condition, kept, len(quoted), policy)
        if recounted is None:
            before = f"(in the draft, before {len(removed)} claim(s) were removed or quoted)"
            out.append(reason.model_copy(update={"detail": f"{reason.detail} {before}"}))
        elif recounted:
            out.append(reason.model_copy(update={"detail": recounted}))
    return out


def _recount(condition: Condition, kept: list[ClaimVerdict], quotes: int, policy: Policy) -> str | None:
    """The answer-level problem over the shown answer: its new detail, "" when it no longer holds,
    None when the figure cannot be recounted from the claims."""
    total = len(kept) + quotes
    if condition is Condition.low_faithfulness:
        label, limit = "faithfulness", policy.thresholds.min_faithfulness
        good = sum(cv.label is SupportLabel.supported for cv in kept)
    elif condition is Condition.low_citation_recall:
        label, limit = "citation recall", policy.thresholds.min_citation_recall
        good = sum(bool(cv.scores.citation_supported) for cv in kept)
    else:
        return None
    if limit is None or not total:
        return ""
    value = (good + quotes) / total
    if value >= limit:
        return ""
    return f"{label} of the answer shown {value:.2f} is below the minimum {limit:.2f}"


def _exhausted(decision: Decision, policy: Policy, verification: Verification) -> Decision:
    if decision.action is not Action.regenerate:
        return decision
    spent = policy.regenerate.max_attempts
    reasons = [
        r.model_copy(update={"action": policy.action_for(r.condition, attempt=spent)})
        if r.action is Action.regenerate
        else r
        for r in decision.reasons
    ]
    reasons, quotes = resolve_quotes(reasons, verification)  # the fallback may be quote
    action = max((r.action for r in reasons), key=lambda a: a.severity)
    return decision.model_copy(update={"reasons": reasons, "action": action, "quotes": quotes})


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


def _claims_to_remove(decision: Decision) -> set[int]:
    """Claims whose own action is strip or quote, and every failing claim when low faithfulness
    asks for strip or any answer-level reason asks for quote (guard.decide.resolve_quotes)."""
    by_claim = [(r.claim_index, r) for r in decision.reasons if r.claim_index is not None]
    removed = {index for index, r in by_claim if r.action in (Action.strip, Action.quote)}
    whole = [r for r in decision.reasons if r.claim_index is None]
    failing = {Condition.unsupported_claim, Condition.contradicted_claim}
    if any(r.condition is Condition.low_faithfulness and r.action is Action.strip for r in whole):
        removed |= {index for index, r in by_claim if r.condition in failing}
    if any(r.action is Action.quote for r in whole):  # the claims resolve_quotes targeted
        removed |= {index for index, r in by_claim if r.condition in (*failing, Condition.unconfirmed_claim)}
    return removed


def quoted_evidence(quote: Quote, policy: Policy) -> str:
    """'<lead>: "<unit text>" [n].': the evidence as the documents word it (a table row with its
    headers), on one line and without Markdown emphasis marks, which are markup, not words."""
    text = " ".join(_EMPHASIS.sub("", quote.unit.text).split())
    return f'{policy.quote_lead}: "{text}" [{quote.citation}].'


def claim_mark(reasons: list[Reason]) -> str:
    """The inline mark after a claim, " [⚠ unsupported; contradicted]", one word per condition
    that has one, in first-seen order; "" when none has. The final and the streamed answer both
    write it, so a claim reads the same either way."""
    words = list(dict.fromkeys(_MARK_WORDS[r.condition] for r in reasons if r.condition in _MARK_WORDS))
    return f" [⚠ {'; '.join(words)}]" if words else ""


def _marks(cautions: list[Reason]) -> dict[int, str]:
    by_claim: dict[int, list[Reason]] = {}
    for reason in cautions:
        if reason.claim_index is not None:
            by_claim.setdefault(reason.claim_index, []).append(reason)
    return {index: mark for index, reasons in by_claim.items() if (mark := claim_mark(reasons))}


def _label(cautions: list[Reason], policy: Policy) -> str:
    problems: list[str] = []
    for condition, word in _MARK_WORDS.items():
        count = sum(r.condition is condition and r.claim_index is not None for r in cautions)
        if count:
            problems.append(f"{count} claim{'s' if count > 1 else ''} marked [⚠ {word}]")
    return "\n".join(caution_labels(problems, cautions, policy))


def caution_labels(problems: list[str], cautions: list[Reason], policy: Policy) -> list[str]:
    """The label lines over an annotated answer: ``annotation_label`` with the problems found (the
    claim marks, written by the caller, then each answer-level detail), and ``doubtful_label`` for
    a ``doubtful_answer``, in place of its detail under the generic label, whose "could not be
    verified" is wrong there: both quoted values are the documents' own, what is unclear is which
    case the question means. Each label says its own thing, so with other problems both are shown.
    The rival case is not named again: the answer quotes it with its citation."""
    problems = problems + [
        r.detail for r in cautions if r.claim_index is None and r.condition is not Condition.doubtful_answer
    ]
    lines = [f"{policy.annotation_label}: {'; '.join(problems)}."] if problems else []
    if any(r.condition is Condition.doubtful_answer for r in cautions):
        lines.append(policy.doubtful_label)
    return lines


def _render(
    answer: str, claims: list[Claim], removed: set[int], marks: dict[int, str], quotes: dict[int, str]
) -> str:
    """``answer`` without the removed claims (a quoted one replaced by its quote) and with marks
    after the annotated ones."""
    drop = [False] * len(answer)
    insert: dict[int, str] = {}
    for claim in claims:
        end = _after_markers(answer, claim.end)  # markers written after the sentence belong to it
        if claim.index in removed:
            drop[claim.start : end] = [True] * (end - claim.start)
            if claim.index in quotes:
                insert[claim.start] = insert.get(claim.start, "") + quotes[claim.index]
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
