"""The claim judge's signals as one typed feature vector per claim (read by the claim calibrator).

Everything here is read from what ``judge_read`` computes (the fact verdict, the rules'
verdict, the embedding assessment, the claim-to-unit cosines, the evidence vocabulary) and
the slots and alignment the fact layer reads. No generator or document identity.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from guard.facts.align import ranked, unit_slots
from guard.facts.dates import same_date
from guard.facts.lexicon import ENGLISH
from guard.facts.matching import accepts, conflicts
from guard.facts.slots import read_slots
from guard.facts.types import EvidenceUnit, FactLabel, FactVerdict, SlotKind, UnitKind
from guard.verifiers.lexical import Vocabulary, content_words, numbers_in, vocabulary
from guard.verifiers.support import Assessment
from guard.verifiers.types import SupportLabel
from guard.verifiers.verdict import JudgedClaim, value_in_no_unit

__all__ = ["FEATURE_NAMES", "ClaimFeatures", "claim_features"]


class ClaimFeatures(BaseModel):
    """One claim's signals, all read from what the judge computes; every field is a number (bools as 0/1)."""

    model_config = ConfigDict(frozen=True)

    # the fact layer's outcome and the slot it turned on
    fact_supported: bool
    fact_inferred: bool
    fact_unsupported: bool
    fact_contradicted: bool
    fact_abstain: bool
    mismatch_quantity: bool
    mismatch_date: bool
    mismatch_entity: bool
    mismatch_polarity: bool
    mismatch_modality: bool
    mismatch_quantifier: bool
    mismatch_no_evidence_value: bool  # the slot is in no unit (vs bound to another value)
    mismatch_anchored: bool  # the mismatch names what both values are bound to
    # what the rules decide
    rules_supported: bool
    rules_contradicted: bool
    # the embedding + lexical judge
    support_raw: float
    support_judged: float  # after the fact layer's credit / caps
    best_cosine: float
    overlap_all: float  # claim content words and numbers found anywhere in the passages
    novel_terms: float
    novel_numbers: float
    # alignment
    align_score_1: float
    align_score_margin: float
    align_lexical_1: float
    align_similarity_1: float
    align_anchored_1: bool
    aligned_two: bool
    best_unit_table_row: bool
    best_unit_heading: bool
    sim_max: float
    sim_margin: float
    log_units: float
    # coverage of the claim by its aligned unit(s)
    content_in_aligned: float
    numbers_in_aligned: float
    numbers_in_all: float
    # slots
    claim_quantities: float
    claim_dates: float
    claim_names: float
    quantities_accepted_aligned: float  # share of the claim's quantities an aligned unit accepts
    quantities_conflicting_aligned: float  # share an aligned unit holds a conflicting value for
    names_in_aligned: float
    claim_negated: bool
    unit_negated: bool
    claim_modal: bool
    unit_modal: bool
    modal_differs: bool  # both state a modal, and not the same (a modal only the claim has is claim_modal)
    quantifier_differs: bool
    claim_exception: bool
    log_claim_words: float
    # how the fact layer's finding was reached and how reliable it is (the calibrator round of
    # issue 11: most blind false alarms are contradicted / unsupported findings on true claims)
    check_not_found: bool  # "no evidence gives / mentions X": a value, date or name in no unit
    check_word_missing: bool  # "the evidence does not mention W": a word the aligned unit lacks
    check_limit: bool  # a limit, bound or restricted rule (limits.py)
    check_role: bool  # a name in another role of the same verb (roles.py)
    check_opposite: bool  # a negation, modal or quantifier flipped (misbinding.py, flip_check.py, predicates.py)
    check_scale: bool  # a unit or scale change, or a unit of another kind
    check_moved: bool  # a count or value moved to another clause or head ("counts something else")
    check_arithmetic: bool  # a total or a premise of a computation ("in all", "is false")
    mismatch_unit_best: bool  # the mismatch is in the best aligned unit
    mismatch_unit_similarity: float  # the claim-to-unit cosine of the unit the mismatch is in
    mismatch_unit_rank: float  # its cosine rank among the units (0 = best), as a share of the units
    mismatch_value_in_units: bool  # the claim's value is written in some unit all the same
    mismatch_value_in_aligned: bool  # ... in an aligned unit
    mismatch_evidence_in_claim: bool  # the evidence's value is written in the claim too
    mismatch_log_ratio: float  # |log| of the claim number over the evidence number (0 when not two numbers)
    quantities_accepted_anywhere: float  # share of the claim's quantities some unit accepts
    dates_anywhere: float  # share of the claim's dates some unit gives
    names_anywhere: float  # share of the claim's names some unit writes
    value_nowhere: bool  # the safety floor (verdict.value_in_no_unit): the claim's value is in no unit at all

    def vector(self, names: Sequence[str]) -> list[float]:
        return [float(getattr(self, name)) for name in names]


FEATURE_NAMES: tuple[str, ...] = tuple(ClaimFeatures.model_fields)


def _share(hit: int, total: int, empty: float = 1.0) -> float:
    return hit / total if total else empty


# Which check reached a finding, read from the one sentence each check writes for the reader
# (guard/facts/mismatches.py and the checks that call it): the fact layer keeps no check name, and
# these wordings are its stable, tested surface. A check that is absent here reads as none of them.
_CHECKS: dict[str, tuple[str, ...]] = {
    "check_not_found": ("no evidence gives", "no evidence mentions", "no evidence was given"),
    "check_word_missing": ("the evidence does not mention",),
    "check_limit": ("sets the limit", "sets a limit", "restricts the rule", "the claim requires"),
    "check_role": (" of '",),
    "check_opposite": ("the opposite", "the claim has '", 'the evidence says "', "generalises"),
    "check_scale": ("changed the unit or its scale", "a unit of another kind"),
    "check_moved": ("counts something else", "something else"),
    "check_arithmetic": (" in all, not ", " is false"),
}


def _checks(explanation: str | None) -> dict[str, bool]:
    text = (explanation or "").lower()
    return {name: any(w in text for w in words) for name, words in _CHECKS.items()}


def _first_number(text: str | None) -> float | None:
    for token in numbers_in(text or ""):
        try:
            return float(token.replace(",", ""))
        except ValueError:
            continue
    return None


def _log_ratio(claim_value: str, evidence_value: str | None) -> float:
    a, b = _first_number(claim_value), _first_number(evidence_value)
    if a is None or b is None or a <= 0 or b <= 0:
        return 0.0
    return abs(math.log(a / b))


def _written_in(value: str, texts: Sequence[str]) -> bool:
    needle = " ".join(value.lower().split())
    return bool(needle) and any(needle in " ".join(t.lower().split()) for t in texts)


def claim_features(
    claim_text: str,
    units: Sequence[EvidenceUnit],
    similarities: Sequence[float],
    assessment: Assessment,
    known: Vocabulary,
    fact: FactVerdict,
    rules: JudgedClaim,
) -> ClaimFeatures:
    """The claim's feature vector from what ``judge_read`` computed (``rules``: the rules' verdict)."""
    mismatch = fact.mismatch
    claim = read_slots(claim_text, ENGLISH)
    scored = ranked(claim_text, units, similarities, ENGLISH) if units else []
    aligned = fact.units
    held = [unit_slots(u, ENGLISH) for u in aligned]
    aligned_vocab = vocabulary(u.text for u in aligned)
    words = content_words(claim_text)
    numbers = numbers_in(claim_text)
    sims = sorted((float(s) for s in similarities), reverse=True)
    best = scored[0] if scored else None
    quantities = claim.quantities
    unit_modals: frozenset[str] = frozenset().union(*(s.modals for s in held))
    unit_quantifiers: frozenset[str] = frozenset().union(*(s.quantifiers for s in held))

    def kind(k: SlotKind) -> bool:
        return mismatch is not None and mismatch.kind is k

    everywhere = [unit_slots(u, ENGLISH) for u in units]
    unit_texts = [u.text for u in units]
    index = {id(u): i for i, u in enumerate(units)}
    where = None
    if mismatch is not None and mismatch.evidence is not None:
        where = index.get(id(mismatch.evidence))
        if where is None:
            where = next((i for i, u in enumerate(units) if u == mismatch.evidence), None)
    where_sim = float(similarities[where]) if where is not None and where < len(similarities) else 0.0
    where_rank = (sum(float(x) > where_sim for x in similarities) / len(similarities)
                  if where is not None and similarities else 1.0)

    return ClaimFeatures(
        fact_supported=fact.label is FactLabel.supported,
        fact_inferred=fact.label is FactLabel.inferred,
        fact_unsupported=fact.label is FactLabel.unsupported,
        fact_contradicted=fact.label is FactLabel.contradicted,
        fact_abstain=fact.label is FactLabel.abstain,
        mismatch_quantity=kind(SlotKind.quantity),
        mismatch_date=kind(SlotKind.date),
        mismatch_entity=kind(SlotKind.entity),
        mismatch_polarity=kind(SlotKind.polarity),
        mismatch_modality=kind(SlotKind.modality),
        mismatch_quantifier=kind(SlotKind.quantifier),
        mismatch_no_evidence_value=mismatch is not None and mismatch.evidence_value is None,
        mismatch_anchored=mismatch is not None and mismatch.anchor is not None,
        rules_supported=rules.label is SupportLabel.supported,
        rules_contradicted=rules.label is SupportLabel.contradicted,
        support_raw=assessment.support,
        support_judged=rules.support,
        best_cosine=assessment.best.cosine,
        overlap_all=assessment.overlap,
        novel_terms=float(len(assessment.novel)),
        novel_numbers=float(sum(t in numbers for t in assessment.novel)),
        align_score_1=best.score if best else 0.0,
        align_score_margin=(best.score - scored[1].score) if len(scored) > 1 else (best.score if best else 0.0),
        align_lexical_1=best.lexical if best else 0.0,
        align_similarity_1=(best.similarity or 0.0) if best else 0.0,
        align_anchored_1=bool(best and best.anchored),
        aligned_two=len(aligned) > 1,
        best_unit_table_row=bool(aligned) and aligned[0].kind is UnitKind.table_row,
        best_unit_heading=bool(aligned) and aligned[0].kind is UnitKind.heading,
        sim_max=sims[0] if sims else 0.0,
        sim_margin=(sims[0] - sims[1]) if len(sims) > 1 else (sims[0] if sims else 0.0),
        log_units=math.log1p(len(units)),
        content_in_aligned=_share(sum(w in aligned_vocab.words for w in words), len(words)),
        numbers_in_aligned=_share(sum(n in aligned_vocab.numbers for n in numbers), len(numbers)),
        numbers_in_all=_share(sum(n in known.numbers for n in numbers), len(numbers)),
        claim_quantities=float(len(quantities)),
        claim_dates=float(len(claim.dates)),
        claim_names=float(len(claim.names)),
        quantities_accepted_aligned=_share(
            sum(any(accepts(q, e) for s in held for e in s.quantities) for q in quantities), len(quantities)
        ),
        quantities_conflicting_aligned=_share(
            sum(any(conflicts(q, e) for s in held for e in s.quantities) for q in quantities), len(quantities), 0.0
        ),
        names_in_aligned=_share(
            sum(any(n.lower() in u.text.lower() for u in aligned) for n in claim.names), len(claim.names)
        ),
        claim_negated=claim.negated,
        unit_negated=any(s.negated for s in held),
        claim_modal=bool(claim.modals),
        unit_modal=bool(unit_modals),
        modal_differs=bool(claim.modals) and bool(unit_modals) and claim.modals != unit_modals,
        quantifier_differs=bool(claim.quantifiers) and not claim.quantifiers <= unit_quantifiers,
        claim_exception=claim.exception,
        log_claim_words=math.log1p(len(claim_text.split())),
        **_checks(mismatch.explanation if mismatch is not None else None),
        mismatch_unit_best=bool(mismatch is not None and aligned and mismatch.evidence == aligned[0]),
        mismatch_unit_similarity=where_sim,
        mismatch_unit_rank=where_rank,
        mismatch_value_in_units=mismatch is not None and _written_in(mismatch.claim_value, unit_texts),
        mismatch_value_in_aligned=mismatch is not None and _written_in(mismatch.claim_value, [u.text for u in aligned]),
        mismatch_evidence_in_claim=bool(mismatch is not None and mismatch.evidence_value
                                        and _written_in(mismatch.evidence_value, [claim_text])),
        mismatch_log_ratio=_log_ratio(mismatch.claim_value, mismatch.evidence_value) if mismatch is not None else 0.0,
        quantities_accepted_anywhere=_share(
            sum(any(accepts(q, e) for s in everywhere for e in s.quantities) for q in quantities), len(quantities)
        ),
        dates_anywhere=_share(
            sum(any(same_date(d, e) for s in everywhere for e in s.dates) for d in claim.dates), len(claim.dates)
        ),
        names_anywhere=_share(sum(_written_in(n, unit_texts) for n in claim.names), len(claim.names)),
        value_nowhere=value_in_no_unit(fact, units),
    )
