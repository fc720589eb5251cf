"""One claim verdict from the judge's parts: the fact layer, the embedding score, the learned judge.

The parts disagree in what they can see. The fact layer reads values (a dose, a date, a
name, a dropped "not") and binds them to what they belong to; it is exact where it speaks
and silent (``abstain``) on claims without such slots. The embedding + lexical score sees
topic and wording, not values: "2.5 ml" and "7.5 ml" embed alike. The learned judge (the
grounding cross-encoder, when a policy runs it) sees both, weakly. So, in order:

1. the fact layer's ``contradicted`` and ``unsupported`` stand: a value the evidence binds
   otherwise, or finds nowhere, is not rescued by a similar-sounding sentence;
2. ``inferred`` (one arithmetic step over the unit's values) is supported, and says so;
3. the facts matching is necessary, not sufficient: a claim whose values match but whose
   words the evidence lacks ("Yes, it also covers pets") still needs the embedding score,
   read against a lower bar (the values already agree);
4. on ``abstain`` the embedding score decides, and the learned judge may turn an
   unsupported claim into a contradicted one when it is confident; but a claim in a language
   the fact layer cannot read is never supported on the embedding score alone: where that
   score would support it, the claim is left unjudged (``judged=False``, with a note), an
   abstention the policy's ``verifier_error`` action handles, not an ``unsupported`` verdict.

A learned decision over all of these signals (the claim calibrator,
guard/verifiers/claim_calibrator.py) comes after the rules and obeys one precedence,
:func:`learned_scope`: a hard finding of the fact layer (``contradicted`` with its mismatched
slot, or ``unsupported``: a value, date, name or quantity found in no evidence unit) is never
overruled; where the rules flagged a claim on soft grounds only (embedding support under the
bar, words the evidence lacks) or passed it, the learned decision may clear or flag it. A
wide-scope calibrator (opt-in, none shipped) may also clear a hard finding above the safety floor
(:func:`value_in_no_unit`: a number, date or name of the claim that no unit writes) at high
confidence; on the floor the finding stands.

The thresholds here are read off the hard-case *dev* split (benchmarks/hardcases; the fast
loop is benchmarks/hardcases_judge.py); figures in docs/FACTS.md. A sweep of
FACTS_MATCHED_SUPPORT (0.2 / 0.35 / 0.5) against support thresholds 0.4 / 0.5 / 0.6 on dev moved
balanced accuracy by at most 0.03 (0.67-0.70): the fact layer's labels, not these numbers, decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from guard.facts.lexicon import lexicon_for
from guard.facts.rules import RULE_DESCRIPTIONS
from guard.facts.types import EvidenceUnit, FactLabel, FactVerdict, SlotKind
from guard.verifiers.types import SupportLabel

__all__ = [
    "JUDGE_RULE_DESCRIPTIONS",
    "JudgeRule",
    "JudgedClaim",
    "LearnedScope",
    "combine",
    "describe_rule",
    "learned_scope",
    "value_in_no_unit",
]

# A claim whose values all match its aligned unit is supported from this embedding score on.
FACTS_MATCHED_SUPPORT = 0.35
# The support score given to a claim the fact layer supports by inference, when lower.
INFERRED_SUPPORT = 0.75
# The support score a claim the fact layer contradicts or finds unsupported is capped at.
FACT_FAILED_SUPPORT = 0.1
# The learned judge's P(contradicted) at which an unsupported, fact-silent claim is contradicted.
LEARNED_CONTRADICTED = 0.8


class JudgeRule(str, Enum):
    """What decided a claim's label when the fact layer did not (its own are guard.facts.rules.FactRule)."""

    values_only = "judge.values_only"  # the values match, the embedding score says the rest is not there
    below_threshold = "judge.below_threshold"  # no fact slot decided; the embedding score is under the bar
    unreadable = "judge.unreadable"  # a language the fact layer cannot read: left unjudged
    learned_contradicted = "judge.learned_contradicted"  # the learned judge's P(contradicted)
    calibrator = "judge.calibrator"  # the claim calibrator (opt-in) turned the rules' label
    grounding = "grounding.threshold"  # the grounding model judging support on its own (a policy's)
    grounding_contradicted = "grounding.contradicted"  # the grounding model called a fact-silent claim contradicted
    verifier_failed = "verifier.failed"  # the verifier that judges support failed: unjudged


# Each judge rule in plain words for a human reviewer, as RULE_DESCRIPTIONS (guard/facts/rules.py)
# gives the fact layer's: the review page shows the one that decided a flagged claim.
JUDGE_RULE_DESCRIPTIONS: dict[JudgeRule, str] = {
    JudgeRule.values_only: "The numbers match, but the rest of the claim is not in the passages.",
    JudgeRule.below_threshold: "No passage says this closely enough (no specific fact was checked).",
    JudgeRule.unreadable: "The claim's language cannot be checked fact by fact; it was left unjudged.",
    JudgeRule.learned_contradicted: "The learned judge finds the claim most likely contradicts the passages.",
    JudgeRule.calibrator: "The claim calibrator changed the label the rules gave.",
    JudgeRule.grounding: "The grounding model finds too little support in the passages.",
    JudgeRule.grounding_contradicted: "The grounding model finds the claim contradicts the passages.",
    JudgeRule.verifier_failed: "The support check failed for this claim; it was left unjudged.",
}


_DESCRIPTIONS = {
    rule.value: text for rule, text in [*RULE_DESCRIPTIONS.items(), *JUDGE_RULE_DESCRIPTIONS.items()]
}


def describe_rule(rule: str | None) -> str | None:
    """The plain-words description of a deciding rule id (a FactRule's or a JudgeRule's value);
    None for no rule or an id this version does not know (an item stored by another version)."""
    return _DESCRIPTIONS.get(rule) if rule else None


class JudgedClaim(NamedTuple):
    label: SupportLabel
    support: float
    reason: str | None  # why the label differs from the embedding score's, for the reader
    judged: bool = True  # False: an abstention (the claim is left unjudged, with the reason)
    # the rule that decided a label other than supported: the fact layer's (FactVerdict.rule) or a JudgeRule's value
    rule: str | None = None


def combine(
    fact: FactVerdict,
    support: float,
    threshold: float,
    p_contradicted: float | None = None,
    restated: bool = False,
) -> JudgedClaim:
    """The claim's label and support score from its fact verdict and its embedding support.

    ``restated``: one aligned unit holds every value, date and name of the claim and embeds as
    its restatement (claim_judge.restated_by_one_unit), so a supported fact verdict needs no
    further word overlap.
    """
    if fact.label is FactLabel.contradicted:
        return JudgedClaim(SupportLabel.contradicted, min(support, FACT_FAILED_SUPPORT), _why(fact), rule=fact.rule)
    if fact.label is FactLabel.unsupported:
        return JudgedClaim(SupportLabel.unsupported, min(support, FACT_FAILED_SUPPORT), _why(fact), rule=fact.rule)
    if fact.label is FactLabel.inferred:
        why = f"supported by inference: {fact.inference}" if fact.inference else "supported by inference"
        return JudgedClaim(SupportLabel.supported, max(support, INFERRED_SUPPORT), why)
    if fact.label is FactLabel.supported:
        if support >= min(threshold, FACTS_MATCHED_SUPPORT) or restated:
            return JudgedClaim(SupportLabel.supported, max(support, threshold), None)
        return JudgedClaim(
            SupportLabel.unsupported, support, "its values match, but the evidence does not say the rest",
            rule=JudgeRule.values_only.value,
        )
    if support >= threshold and _unreadable(fact):
        # the embedding score alone would call it supported, but nothing here read its facts
        # (issue 11: never supported); it is not unsupported either: an abstention, with the note
        return JudgedClaim(
            SupportLabel.unsupported, support, f"not judged: {fact.note}", judged=False, rule=JudgeRule.unreadable.value
        )
    if support >= threshold:
        return JudgedClaim(SupportLabel.supported, support, None)
    if p_contradicted is not None and p_contradicted >= LEARNED_CONTRADICTED:
        return JudgedClaim(
            SupportLabel.contradicted, support, f"the learned judge: P(contradicted) {p_contradicted:.2f}",
            rule=JudgeRule.learned_contradicted.value,
        )
    return JudgedClaim(SupportLabel.unsupported, support, None, rule=JudgeRule.below_threshold.value)


class LearnedScope(str, Enum):
    """What a learned decision (the claim calibrator) may do with the rules' verdict of a claim."""

    facts_decide = "facts_decide"  # a hard finding of the fact layer: the claim stays false
    overrulable = "overrulable"  # a finding above the safety floor: cleared only at high confidence, if allowed
    open = "open"  # the rules decided on soft grounds, or passed it: a learned decision may turn it either way
    unjudged = "unjudged"  # an abstention (text the fact layer cannot read) stays one


# The fact layer's hard findings: a slot bound to another value (contradicted, with the mismatch),
# or a slot no evidence unit holds (unsupported: "no evidence gives the date 1925"). Why they are
# never overruled: a learned decision weighs cosine and word overlap, which a claim that reuses the
# passage's words with one wrong value scores high on ("The Eiffel Tower was completed in 1925."
# against "... completed in 1889": cosine 0.67, overlap 0.75); the value is what the fact layer read.
_HARD_FINDINGS = frozenset({FactLabel.contradicted, FactLabel.unsupported})


# The kinds of slot whose value, written in no evidence unit at all, keeps a claim unsupported
# whatever a learned decision says (the safety floor).
_FLOOR_KINDS = frozenset({SlotKind.quantity, SlotKind.date, SlotKind.entity})


def value_in_no_unit(fact: FactVerdict, units: Sequence[EvidenceUnit]) -> bool:
    """The safety floor: the fact layer found a number, date or name of the claim in no unit, and no unit writes it.

    Conservative on purpose: an ``unsupported`` finding without a mismatch, or with evidence
    units absent, is on the floor too; a value written differently in a unit ("7.5ml" for
    "7.5 ml") stays on it. "completed in 1925" against a passage giving 1889 is on it.
    """
    if fact.label is not FactLabel.unsupported:
        return False
    m = fact.mismatch
    if m is None or not units:
        return True
    if m.evidence_value is not None or m.kind not in _FLOOR_KINDS:
        return False
    needle = " ".join(m.claim_value.lower().split())
    return not any(needle in " ".join(u.text.lower().split()) for u in units)


def learned_scope(
    fact: FactVerdict,
    rules: JudgedClaim,
    units: Sequence[EvidenceUnit] | None = None,
    overrule: bool = False,
) -> LearnedScope:
    """Whether a learned decision may overrule the rules' verdict ``rules`` of a claim with ``fact``.

    ``overrule`` (a calibrator fitted with a wide scope, ``CalibratorArtifact.clear_threshold``):
    a hard finding above the safety floor (:func:`value_in_no_unit`, read against ``units``) is
    ``overrulable``: the calibrator may clear it at high confidence. Without it, or on the floor,
    every hard finding is ``facts_decide``.
    """
    if not rules.judged:
        return LearnedScope.unjudged
    if fact.label in _HARD_FINDINGS:
        if overrule and units is not None and not value_in_no_unit(fact, units):
            return LearnedScope.overrulable
        return LearnedScope.facts_decide
    return LearnedScope.open


def _unreadable(fact: FactVerdict) -> bool:
    """The fact layer abstained because it cannot read the claim's language."""
    return fact.label is FactLabel.abstain and lexicon_for(fact.language) is None


def _why(fact: FactVerdict) -> str | None:
    return fact.mismatch.explanation if fact.mismatch is not None else fact.note
