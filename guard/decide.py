"""The decision step: verdicts in, one action out.

Verifiers only judge; this module alone reacts. :func:`decide` lists every
condition the verification triggers, maps each to the policy's action and keeps
the strictest (order in :class:`~guard.policy.Action`: pass < annotate < strip <
regenerate < refuse < escalate). Turning the decision into the text the user sees
is :func:`guard.actions.apply_action`; what a redraft must fix is
:func:`regeneration_feedback`. The regenerate budget is one rule,
:meth:`~guard.policy.Policy.action_for`: once ``attempt`` reaches
``regenerate.max_attempts``, regenerate is the policy's ``on_exhausted`` action.

A draft that is only the policy's refusal sentence (``Verification.is_refusal``,
or every claim is that sentence, or the draft is empty) is a legitimate outcome,
not a hallucination: it triggers ``declined`` alone (default action: refuse), and
the checks that would judge the refusal sentence as an unsupported claim are
skipped. A refusal sentence inside a longer answer is not a claim either. Only a
failed relevance gate is still reported, so a policy that escalates missing
evidence keeps doing so.

The quote action (:func:`resolve_quotes`) is resolved here too, so the decision records
what the user will see: each claim a quote reason targets gets the evidence unit it was
checked against and that unit's citation number (a :class:`Quote`); a claim-level quote
reason whose claim has no unit to quote falls back to :data:`~guard.policy.QUOTE_FALLBACK`
(strip), and its detail says so.

A claim judged supported is an ``unconfirmed_claim`` when the policy asks more of it before its
wording is shown: the fact layer did not confirm it (:func:`confirmed`: no number, date or name
it could match, so "supported" rests on wording) and its support is under
``min_unconfirmed_support``, or the learned judge's P(supported) is under ``min_learned_support``,
or the policy's ``confirmation`` checks find a number, name or word of scope ("every", "once",
"per month", "can", a leading "yes") in it that the evidence it was checked against lacks, or a
person or body given a role that no evidence unit of the answer names (:mod:`guard.policy_wording`).
The verdict itself is unchanged (one judge); every packaged profile quotes such claims.

A claim no support judge judged (``ClaimVerdict.judged`` False: its judge crashed) is not called
unsupported: it is a ``verifier_error`` on that claim, and faithfulness is
recounted over the judged claims, so the policy's verifier_error action decides.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, Field

from guard.facts.types import EvidenceUnit, FactLabel, UnitKind
from guard.policy import QUOTE_FALLBACK, Action, Condition, Policy
from guard.policy_wording import aligned_units, missing_actors, missing_scope_words, missing_terms
from guard.verifiers.refusal import is_refusal
from guard.verifiers.types import (
    ClaimVerdict,
    SupportLabel,
    Verification,
)
from retrievers.types import GateResult

__all__ = [
    "Action",
    "Condition",
    "Reason",
    "Quote",
    "Decision",
    "confirmed",
    "decide",
    "resolve_quotes",
    "decide_model_failure",
    "with_doubt",
    "regeneration_feedback",
]


class Reason(BaseModel):
    """One triggered condition, the action the policy gives it, and why."""

    condition: Condition
    action: Action
    detail: str
    claim_index: int | None = None  # Claim.index when the condition is about one claim


class Quote(BaseModel):
    """What the quote action shows instead of a claim: an evidence unit, verbatim, and its citation."""

    claim_index: int  # Claim.index of the claim it replaces
    unit: EvidenceUnit
    citation: int  # 1-based passage number of the unit (Verification.passage_ids)


class Decision(BaseModel):
    action: Action
    reasons: list[Reason] = Field(default_factory=list)
    policy: str
    attempt: int = 0
    template_echo: int = 0  # prompt-echo units cut from the draft before verification (guard.verifiers.echo)
    # The claims the quote action replaces and with what (at most one claim per unit).
    quotes: list[Quote] = Field(default_factory=list)

    @property
    def conditions(self) -> set[Condition]:
        return {reason.condition for reason in self.reasons}


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
    reasons, quotes = resolve_quotes(reasons, verification)
    action = max((r.action for r in reasons), key=lambda a: a.severity, default=Action.pass_)
    return Decision(action=action, reasons=reasons, policy=policy.name, attempt=attempt, quotes=quotes)


def resolve_quotes(reasons: list[Reason], verification: Verification) -> tuple[list[Reason], list[Quote]]:
    """The quotes the quote reasons ask for, and the reasons with unquotable claims' fallback.

    A claim-level quote reason targets its claim; an answer-level one (low faithfulness, say)
    targets every claim with an unsupported or contradicted reason, as strip does. The unit
    quoted is the one the claim disagrees with (``mismatch.evidence``) when there is one, else
    the best aligned unit (``evidence[0]``), never a heading; it must lie in a passage the
    verification numbered. A unit already quoted for an earlier claim is not quoted twice: the
    later claim is removed. A claim-level quote reason with nothing to quote becomes
    :data:`~guard.policy.QUOTE_FALLBACK`.
    """
    targets = _quote_targets(reasons)
    if not targets:
        return reasons, []
    verdicts = {cv.claim.index: cv for cv in verification.claims}
    numbers = {pid: n for n, pid in enumerate(verification.passage_ids, start=1)}
    quotes: dict[int, Quote] = {}
    covered: set[int] = set()  # claims whose unit was quoted for an earlier claim
    seen: set[tuple[str, int]] = set()
    for index in sorted(targets):
        unit = _quotable_unit(verdicts[index]) if index in verdicts else None
        if unit is None or unit.passage_id not in numbers:
            continue
        key = (unit.passage_id, unit.index)
        if key in seen:
            covered.add(index)
            continue
        seen.add(key)
        quotes[index] = Quote(claim_index=index, unit=unit, citation=numbers[unit.passage_id])
    resolved = [
        r.model_copy(update={
            "action": QUOTE_FALLBACK,
            "detail": f"{r.detail}; no evidence unit to quote, so the claim is removed",
        })
        if r.action is Action.quote and r.claim_index is not None
        and r.claim_index not in quotes and r.claim_index not in covered
        else r
        for r in reasons
    ]
    return resolved, list(quotes.values())


_FAILING = (Condition.unsupported_claim, Condition.contradicted_claim, Condition.unconfirmed_claim)


def _quote_targets(reasons: list[Reason]) -> set[int]:
    targets = {r.claim_index for r in reasons if r.action is Action.quote and r.claim_index is not None}
    if any(r.action is Action.quote and r.claim_index is None for r in reasons):
        targets |= {r.claim_index for r in reasons if r.condition in _FAILING and r.claim_index is not None}
    return targets


def _quotable_unit(verdict: ClaimVerdict) -> EvidenceUnit | None:
    mismatch = verdict.mismatch
    candidates = ([mismatch.evidence] if mismatch is not None and mismatch.evidence is not None else [])
    candidates += verdict.evidence
    return next((u for u in candidates if u.kind is not UnitKind.heading and u.text.strip()), None)


def decide_model_failure(error: str, policy: Policy) -> Decision:
    """The decision when no model produced a draft (retries and the fallback exhausted)."""
    action = policy.action_for(Condition.model_error)
    reason = Reason(condition=Condition.model_error, action=action, detail=error)
    return Decision(action=action, reasons=[reason], policy=policy.name)


def decide_unanswerable(missing: str, policy: Policy) -> Decision:
    """The decision when the evidence holds no unit that answers the question (evidence-first answering)."""
    action = policy.action_for(Condition.insufficient_context)
    reason = Reason(condition=Condition.insufficient_context, action=action, detail=missing)
    return Decision(action=action, reasons=[reason], policy=policy.name)


def with_doubt(decision: Decision, doubt: str | None, policy: Policy) -> Decision:
    """``decision`` with the ``doubtful_answer`` reason of an evidence-first answer chosen on a close
    call (:attr:`guard.answering.AnswerPlan.doubt`), the strictest action kept; unchanged when there
    is no doubt or the answer is not shown anyway."""
    if doubt is None or decision.action in (Action.refuse, Action.escalate):
        return decision
    action = policy.action_for(Condition.doubtful_answer)
    reasons = [*decision.reasons, Reason(condition=Condition.doubtful_answer, action=action, detail=doubt)]
    strictest = max((r.action for r in reasons), key=lambda a: a.severity)
    return decision.model_copy(update={"reasons": reasons, "action": strictest})


def regeneration_feedback(decision: Decision, verification: Verification) -> list[tuple[str, str]]:
    """What a redraft must fix: (claim text, why) per reason, "(the answer as a whole)" for
    answer-level ones. The one feedback builder (the pipeline's regenerate prompt uses it)."""
    claims = {v.claim.index: v.claim.text for v in verification.claims}
    whole = "(the answer as a whole)"
    return [
        (claims.get(reason.claim_index, whole) if reason.claim_index is not None else whole, reason.detail)
        for reason in decision.reasons
    ]


_Finding = tuple[Condition, str, int | None]


def _gate_detail(gate: GateResult) -> str:
    """Why the gate refused: the question's words the documents found lack, then the score."""
    if gate.missing:
        quoted = [f"'{w}'" for w in gate.missing]
        listing = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
        what = f"the documents found do not mention {listing}"
    else:
        what = "the documents found match the question too weakly"
    return (f"{what} (retrieval relevance {gate.relevance:.2f} is below the gate threshold "
            f"{gate.threshold:.2f} after {gate.attempts} attempt(s))")


def _findings(verification: Verification, gate: GateResult | None, policy: Policy) -> Iterable[_Finding]:
    if gate is not None and not gate.passed:
        yield Condition.insufficient_context, _gate_detail(gate), None
    if gate is not None and not gate.passed and not verification.claims:
        return  # no draft was asked for: "the model declined" would be untrue
    claims = [cv for cv in verification.claims if not is_refusal(cv.claim.text, policy.refusal_text)]
    if verification.is_refusal or not (claims or verification.failures):
        what = "the refusal sentence" if verification.is_refusal or verification.claims else "nothing"
        yield Condition.declined, f"the model answered with {what}", None
        return
    answer_units = [unit for verdict in claims for unit in aligned_units(verdict)]
    for verdict in claims:
        yield from _claim_findings(verdict, policy, answer_units)
    yield from _metric_findings(verification, claims, policy)
    yield from _isolation_findings(verification, claims, policy)
    for failure in verification.failures:
        yield (
            Condition.verifier_error,
            f"verifier {failure.verifier!r} could not judge: {failure.message}",
            None,
        )
    for warning in verification.injections:
        yield (
            Condition.prompt_injection,
            f"passage {warning.passage_id} holds instruction-like text ({warning.rule}), left out of the "
            f"evidence: {_quote(warning.text)}",
            None,
        )


def _claim_findings(
    verdict: ClaimVerdict, policy: Policy, answer_units: list[EvidenceUnit]
) -> Iterable[_Finding]:
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
    else:
        yield from _unconfirmed_findings(verdict, policy, answer_units)
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
        (limits.min_learned_support, "grounding", "the learned judge's P(supported)"),
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


def confirmed(verdict: ClaimVerdict) -> bool:
    """Whether the fact layer confirmed a supported claim: every number, date and name of it was
    found bound the same way in an evidence unit (directly or by one arithmetic step)."""
    return (
        verdict.judged
        and verdict.label is SupportLabel.supported
        and verdict.facts in (FactLabel.supported, FactLabel.inferred)
    )


def _unconfirmed_findings(
    verdict: ClaimVerdict, policy: Policy, answer_units: list[EvidenceUnit]
) -> Iterable[_Finding]:
    """A supported claim that should not stand in the model's words: the fact layer did not confirm
    it and its support is under ``min_unconfirmed_support``, or the learned judge doubts it, or
    (when the policy's ``confirmation`` asks) it names a number, name, person or body, or word of
    scope that the evidence it was checked against does not (:mod:`guard.policy_wording`; people
    and bodies are looked for in the units of the whole answer). One finding at most."""
    index, quote, limits = verdict.claim.index, _quote(verdict.claim.text), policy.thresholds
    if _below(verdict.support, limits.min_unconfirmed_support) and not confirmed(verdict):
        detail = _unconfirmed_detail(verdict, limits.min_unconfirmed_support)
        yield Condition.unconfirmed_claim, f"claim {quote} {detail}", index
        return
    grounding = verdict.scores.grounding
    if grounding is not None and _below(grounding.supported, limits.min_learned_support):
        yield (
            Condition.unconfirmed_claim,
            f"claim {quote} is doubted by the learned judge (P(supported) {grounding.supported:.2f}, "
            f"below {limits.min_learned_support:.2f})",
            index,
        )
        return
    checks = policy.confirmation
    terms = missing_terms(verdict, numbers=checks.numbers_in_evidence, names=checks.names_in_evidence)
    if terms:
        yield (
            Condition.unconfirmed_claim,
            f"claim {quote} names {_listing(terms)}, which the evidence it was checked against does not",
            index,
        )
        return
    actors = missing_actors(verdict, answer_units) if checks.actors_in_evidence else []
    if actors:
        yield (
            Condition.unconfirmed_claim,
            f"claim {quote} names {_listing(actors)}, which the evidence of the answer does not name",
            index,
        )
        return
    scope = missing_scope_words(verdict, checks.scope_words_in_evidence)
    if scope:
        yield (
            Condition.unconfirmed_claim,
            f"claim {quote} says {_listing(scope)}, which the evidence it was checked against does not say",
            index,
        )


def _listing(items: list[str]) -> str:
    return ", ".join(f"'{item}'" for item in items)


def _below(value: float, limit: float | None) -> bool:
    return limit is not None and value < limit


def _unconfirmed_detail(verdict: ClaimVerdict, limit: float | None) -> str:
    what = (
        "the fact layer did not check it" if verdict.facts is None
        else "the fact layer found no number, date or name in it to check against the evidence"
    )
    return f"rests on its wording alone (support {verdict.support:.2f}, below {limit:.2f}): {what}"


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
