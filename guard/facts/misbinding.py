"""Contradictions read from structure and roles, beyond slot-by-slot equality.

Why one entry point: ``compare.judge_facts`` compares each claim slot with the value its
aligned unit gives; the checks here find the cases where the value *is* in the evidence but
bound to something else (another table row, another column's period, another clause, another
role). Each returns the mismatch to report; :func:`misbindings` turns every one into a
``contradicted`` outcome named by the check's rule (rules.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from guard.facts.act_binding import act_given_elsewhere, denied_doer
from guard.facts.ages import age_outside_band
from guard.facts.align import Alignment, unit_slots
from guard.facts.bands import band_misbindings, band_outcome_misbindings
from guard.facts.bound_words import bound_turned
from guard.facts.cell_rows import cell_from_other_row
from guard.facts.choices import one_way_made_a_duty, optional_made_required, required_made_optional
from guard.facts.clauses import count_moved, dates_from_elsewhere, moved_dates, swapped_pairs
from guard.facts.date_items import date_item_misbindings
from guard.facts.date_rows import date_column_misbindings, date_row_misbindings
from guard.facts.duty_lists import duty_swaps
from guard.facts.exclusive import (
    contrast_reversed,
    restriction_added,
    restriction_broken,
    restriction_waived,
)
from guard.facts.gratis import free_but_priced
from guard.facts.label_roles import label_role_swap
from guard.facts.lexicon import Lexicon
from guard.facts.limits import (
    always_for_may,
    broken_limits,
    denied_limits,
    hours_denied,
    rule_units,
    widened,
)
from guard.facts.matching import accepts, conflicts
from guard.facts.mismatches import contradiction
from guard.facts.modal_clash import restricted_leave
from guard.facts.name_binding import name_in_other_clause
from guard.facts.negation_clash import excepted_leave
from guard.facts.notice import short_notice
from guard.facts.opposites import opposite
from guard.facts.outcome import Outcome
from guard.facts.predicates import Status, agrees, conflicting, describe, status_words_differ
from guard.facts.roles import actor_replaced, role_conflict, role_elsewhere
from guard.facts.row_universals import generalised_row
from guard.facts.rows import column_misbindings, limit_misbindings, period_mismatches, row_misbindings
from guard.facts.rules import FactRule
from guard.facts.scales import rescaled
from guard.facts.slots import Slots, all_stems
from guard.facts.titles import title_swap
from guard.facts.types import STATEMENT_KINDS, EvidenceUnit, FactLabel, SlotKind, SlotMismatch

__all__ = ["misbindings"]

_PROSE_POOL = 3


def misbindings(
    claim: Slots,
    units: Sequence[EvidenceUnit],
    aligned: Sequence[EvidenceUnit],
    lexicon: Lexicon,
    scored: Sequence[Alignment] = (),
) -> list[Outcome]:
    """A contradicted outcome, named by its rule, for every mismatch the structural checks find."""
    # the best-aligned units (as the judge pools them): a value a sentence there states is that sentence's
    best = [unit_slots(a.unit, lexicon) for a in scored[:_PROSE_POOL]]
    strong_two = [a.unit for a in scored[:2] if a.strong]
    strong = [(a.unit, unit_slots(a.unit, lexicon)) for a in scored[:1] if a.strong]
    best_two = [(a.unit, unit_slots(a.unit, lexicon)) for a in scored[:2] if a.strong]
    everywhere = [unit_slots(u, lexicon) for u in units]
    R = FactRule
    found = [
        (R.misbinding_row, row_misbindings(claim, units, lexicon, best)),
        (R.misbinding_period, period_mismatches(claim, aligned, lexicon)),
        (R.misbinding_band, band_misbindings(claim, scored, lexicon)),
        (R.misbinding_band_outcome, band_outcome_misbindings(claim, scored, units, lexicon)),
        (R.misbinding_column, column_misbindings(claim, strong_two, lexicon)),
        (R.misbinding_swapped_pair, swapped_pairs(claim, strong, lexicon)),
        (R.misbinding_moved_date, moved_dates(claim, strong, lexicon)),
        (R.misbinding_date_elsewhere, dates_from_elsewhere(claim, scored, lexicon)),
        (R.misbinding_date_row, date_row_misbindings(claim, units, lexicon)),
        (R.misbinding_date_item, date_item_misbindings(claim, units, lexicon)),
        (R.misbinding_date_column, date_column_misbindings(claim, strong_two, lexicon)),
        (R.misbinding_count_moved, count_moved(claim, strong)),
        (R.misbinding_rescaled, rescaled(claim, best_two, everywhere)),
        (R.polarity_opposite, _opposites(claim, scored, lexicon)),
        (R.polarity_status, _status_flips(claim, scored, lexicon)),
        (R.misbinding_age_band, age_outside_band(claim, scored, lexicon)),
        *_roles(claim, units, scored, lexicon),
        (R.restriction_broken, restriction_broken(claim, scored)),
        (R.restriction_added, restriction_added(claim, scored)),
        (R.restriction_waived, restriction_waived(claim, scored)),
        (R.restriction_contrast, contrast_reversed(claim, scored)),
        (R.misbinding_name_clause, name_in_other_clause(claim, scored, lexicon)),
        (R.role_label_swap, label_role_swap(claim, units, lexicon)),
        (R.role_duty_list, duty_swaps(claim, units, lexicon)),
        (R.role_title_swap, title_swap(claim, units)),
        (R.limit_broken, broken_limits(claim, scored, everywhere, lexicon)),
        (R.limit_denied, denied_limits(claim, scored, lexicon)),
        (R.limit_widened, widened(claim, scored, lexicon)),
        (R.limit_hours_denied, hours_denied(claim, scored, lexicon)),
        (R.limit_short_notice, short_notice(claim, scored, lexicon)),
        (R.limit_always_for_may, always_for_may(claim, scored, lexicon)),
        (R.limit_generalised_row, generalised_row(claim, scored, units, lexicon)),
        (R.limit_bound_turned, bound_turned(claim, scored)),
        (R.limit_optional_required, optional_made_required(claim, scored, lexicon)),
        (R.limit_optional_required, one_way_made_a_duty(claim, scored)),
        (R.limit_required_optional, required_made_optional(claim, scored, units, lexicon)),
        (R.misbinding_cell_row, cell_from_other_row(claim, units, lexicon)),
        (R.misbinding_row_limit, limit_misbindings(claim, units, lexicon)),
        (R.polarity_free_priced, free_but_priced(claim, scored)),
    ]
    return [Outcome(FactLabel.contradicted, m, rule=rule) for rule, mismatches in found for m in mismatches]


def _same_values(claim: Slots, unit: Slots) -> bool:
    return all(
        any(accepts(q, e) for e in unit.quantities)
        for q in claim.quantities
        if any(conflicts(q, e) for e in unit.quantities)
    )


def _opposites(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    """The claim holds a word whose opposite its unit holds (opposites.py), and no unit as close
    to the claim holds the claim's word."""
    for a in rule_units(scored):
        unit = unit_slots(a.unit, lexicon)
        if not _same_values(claim, unit):
            continue
        found = opposite(claim, unit, lexicon)
        if found is None:
            continue
        peers = [
            unit_slots(b.unit, lexicon) for b in scored[:3] if b.unit is not a.unit and b.lexical >= a.lexical
        ]
        if any(opposite(claim, p, lexicon) is None and _holds(p, found[0]) for p in peers):
            continue
        explanation = f'the evidence says the opposite ("{a.unit.text}"): {found[1]}, not {found[0]}'
        return [contradiction(SlotKind.polarity, found[0], found[1], a.unit, explanation)]
    return []


def _holds(slots: Slots, word: str) -> bool:
    from guard.facts.opposites import holds_word

    return holds_word(slots.text, word)  # "unused" is held as "un-/non-use", not as a plain word


_ROLE_LEXICAL = 0.5  # the unit must say most of what the claim says before its roles are compared


def _roles(
    claim: Slots, units: Sequence[EvidenceUnit], scored: Sequence[Alignment], lexicon: Lexicon
) -> list[tuple[FactRule, list[SlotMismatch]]]:
    """A role of the best unit's verb filled otherwise by the claim (roles.py), by the rule that found it;
    else the claim's act given to another party by a statement among the best aligned (act_binding.py)."""
    if not scored:
        return []
    found = _best_unit_roles(claim, units, scored, lexicon)
    if found:
        return found
    given = act_given_elsewhere(claim, scored, units) or denied_doer(claim, scored)
    return [(FactRule.role_act_elsewhere, [given])] if given else []


def _best_unit_roles(
    claim: Slots, units: Sequence[EvidenceUnit], scored: Sequence[Alignment], lexicon: Lexicon
) -> list[tuple[FactRule, list[SlotMismatch]]]:
    statements = [a.unit for a in scored if a.unit.kind in STATEMENT_KINDS]
    elsewhere = role_elsewhere(claim, statements) if claim.names else None
    if elsewhere:
        return [(FactRule.role_elsewhere, [elsewhere])]
    best = scored[0]
    if best.unit.kind not in STATEMENT_KINDS or best.lexical < _ROLE_LEXICAL:
        return []
    slots = unit_slots(best.unit, lexicon)
    if not _same_values(claim, slots):
        return []
    passage = frozenset().union(*(unit_slots(u, lexicon).name_tokens for u in units))
    found = role_conflict(claim, best.unit, slots, best.lexical, passage, lexicon, best.similarity)
    if found:
        return [(FactRule.role_conflict, [found])]
    replaced = actor_replaced(claim, best.unit, best.lexical, units)
    return [(FactRule.role_actor_replaced, [replaced])] if replaced else []


def _rule_for_the_doer(pair, unit: Alignment, peers: Sequence[Alignment]) -> bool:
    """The unit states the act for no one in particular ("A dispute must be raised within 3 months")
    while a closer unit names the claim's doer ("... but a guarantor may not"): the claim's status
    for that doer ("A guarantor cannot raise a dispute") is that unit's to judge, not a clash with a
    rule about the act in general."""
    doer = next((words for role, words in pair[0].args if role == "agent"), None)
    if not doer or any(role == "agent" for role, _ in pair[1].args):
        return False
    return any(b.lexical > unit.lexical and doer <= all_stems(b.unit.text) for b in peers)


_STRENGTH = frozenset({Status.required, Status.allowed})


def _status_flips(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    """The same act, with the same arguments, said with a status that cannot hold with the unit's
    (predicates.py): denied for said, forbidden for allowed, optional for required.

    Units: those whose rule the claim may restate (limits.rule_units), stating the claim's values;
    a unit at least as close that states the act the claim's way excuses it.
    """
    for a in rule_units(scored):
        if a.unit.kind not in STATEMENT_KINDS or not status_words_differ(claim.text, a.unit.text):
            continue
        unit = unit_slots(a.unit, lexicon)
        if not _same_values(claim, unit) or excepted_leave(claim, a.unit.text):
            continue
        if restricted_leave(claim, unit.modals, a.unit.text):
            continue
        pair = conflicting(claim.text, a.unit.text, lexicon)
        if pair is None:
            continue
        peers = [b for b in scored[:_PROSE_POOL] if b.unit is not a.unit and b.lexical >= a.lexical]
        if any(agrees(pair[0], b.unit.text) for b in peers) or _rule_for_the_doer(pair, a, peers):
            continue
        strength = {pair[0].status, pair[1].status} == _STRENGTH
        said, given = (f"{p.surface}: {p.status.value}" for p in pair)
        kind = SlotKind.modality if strength else SlotKind.polarity
        return [contradiction(kind, said, given, a.unit, f'{describe(pair)} ("{a.unit.text}")')]
    return []
