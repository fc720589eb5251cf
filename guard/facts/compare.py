"""The fact verdict: a claim's slots set against the slots of the unit(s) it aligns to.

Rules (METHODS.md §11), in the order they decide:

1. Text the fact layer cannot read (no registered lexicon for its script): abstain, with a
   note; never supported.
2. Each quantity of the claim is bound to the first aligned unit that measures the same
   thing (same dimension). Equal after normalisation, inside the unit's range or bound:
   the slot holds. Otherwise, one arithmetic step over the aligned units' values that gives
   it makes it *inferred* (with the step as text), when the claim says it combines values
   (names both operands, gives a total over a period, or says "together", "in total"...); an
   unlicensed step is named in the mismatch as over-inference. Otherwise a differing value in a well
   aligned unit is a *contradiction* (the mismatch names both values and the row's anchor);
   a value no unit holds is *unsupported*. Same value with the bound turned round ("at most"
   for "at least") is a contradiction on the quantifier.
   The values a step may combine come from the three best-aligned units.
3. Dates: a date that differs from the aligned unit's date on a part both give contradicts;
   a date no unit gives is unsupported. Names: a name no unit mentions (a name of three or
   more words: not even half of its words) is unsupported.
4. On the best aligned unit, when it is a statement (not a heading) holding most of the
   claim's words and no unit with as many of them says it the claim's way: a negation over a
   word both share added or dropped, a modal of another strength ("may" for "must"), or
   "always/all" where the unit says "some/usually" contradicts.
5. A contradiction outranks an unsupported slot, which outranks an inference. No fact slot
   and no flip: abstain (the learned judge decides).
6. Every contradicted or unsupported outcome names its check (:class:`~guard.facts.rules.FactRule`,
   carried to ``FactVerdict.rule``); a rule switched off in the rule switches (rules.py,
   ``rule_switches.yaml``) is dropped before the verdict is taken, one read as unsupported is softened.

Where each rule lives: quantities in :mod:`~guard.facts.quantity_check` (with
:mod:`~guard.facts.step_licence`, :mod:`~guard.facts.premises`, :mod:`~guard.facts.witness` and
:mod:`~guard.facts.quantity_moves`), dates in :mod:`~guard.facts.date_check`, names in
:mod:`~guard.facts.name_check`, flips in :mod:`~guard.facts.flip_check`; values bound to another
row, clause or role in :mod:`~guard.facts.misbinding`, and one-slot edits in :mod:`~guard.facts.edits`.
"""

from __future__ import annotations

from collections.abc import Sequence

from guard.facts.align import Alignment, ranked, select, unit_slots
from guard.facts.allowed_acts import allowed_elsewhere
from guard.facts.date_check import check_date
from guard.facts.denied_acts import denied_elsewhere
from guard.facts.doer_phrasing import plain_clause, without_cleft
from guard.facts.edits import minimal_edits, unit_changed
from guard.facts.flip_check import flip_outcomes
from guard.facts.hours import hours_of_other_days, joined_spans
from guard.facts.left_out import denies_left_out
from guard.facts.lexicon import Lexicon, language_of, lexicon_for
from guard.facts.misbinding import misbindings
from guard.facts.mismatches import contradiction, not_found
from guard.facts.name_check import added_term, check_name, implicit_subject
from guard.facts.outcome import Outcome
from guard.facts.own_dates import settle_own_dates
from guard.facts.parties import as_role, defined_parties
from guard.facts.person_prices import person_prices_as_plain
from guard.facts.quantity_check import denied_outside_limit, quantity_outcomes
from guard.facts.rules import FactRule, RuleSwitches, active_switches
from guard.facts.schedules import topical, topical_pairs
from guard.facts.shared_denials import denial_shared
from guard.facts.slots import Slots, read_slots
from guard.facts.types import EvidenceUnit, FactLabel, FactVerdict, SlotKind
from guard.facts.weekdays import says_weekday, weekday_outcomes

__all__ = ["judge_facts"]

POOL_UNITS = 3  # an arithmetic step may combine values of the three best-aligned units

_RANK = {FactLabel.contradicted: 3, FactLabel.unsupported: 2, FactLabel.inferred: 1, FactLabel.supported: 0}
_FLAGS = (FactLabel.contradicted, FactLabel.unsupported)
# the rules a reading of the claim by a party's role may add: a denial or another modal of its act
_FLIP_RULES = frozenset(
    r.value for r in (
        FactRule.flip_negation, FactRule.flip_negation_near, FactRule.flip_negation_elsewhere, FactRule.flip_modal,
        FactRule.flip_modal_elsewhere, FactRule.flip_quantifier, FactRule.polarity_status, FactRule.polarity_opposite,
    )
)


def judge_facts(
    claim_text: str,
    units: Sequence[EvidenceUnit],
    similarities: Sequence[float] | None = None,
    switches: RuleSwitches | None = None,
) -> FactVerdict:
    """Judge one claim against candidate evidence units (all passages' units, in any order).

    ``similarities``: the caller's cosine similarity of the claim to each unit, same order,
    or None. ``switches``: the rules turned off or softened (rules.py); None: those in force
    (the packaged ``rule_switches.yaml``, or an audit's override). Never raises on odd text;
    returns ``abstain`` when there is nothing to compare.
    """
    switches = switches if switches is not None else active_switches()
    code = language_of(claim_text)
    lexicon = lexicon_for(code) if code else None
    if lexicon is None:
        return FactVerdict(
            label=FactLabel.abstain,
            language=code or "unknown",
            note=(
                "the claim is in a language the fact layer cannot read yet (English only); "
                "left to the learned judge"
            ),
        )
    kept, sims, note = _readable(units, similarities, lexicon)
    claim_text = without_cleft(claim_text)
    claim = read_slots(claim_text, lexicon)
    if not kept:
        return _without_evidence(claim, bool(units), note, lexicon.code, switches)
    verdict = _judged(claim_text, claim, kept, sims, note, lexicon, switches)
    if verdict.label is FactLabel.contradicted:
        return verdict
    plain = plain_clause(claim_text)
    if plain is not None:
        read = _judged(plain, read_slots(plain, lexicon), kept, sims, note, lexicon, switches)
        if read.label is FactLabel.contradicted and read.rule in _ROLE_RULES:
            return read.model_copy(update={"note": f"read as '{plain}'"})
    # the claim names a party the document calls by its role: read so too ("The occupier may sell ..."); that
    # reading's denial or other modal of the claim's act is the claim's
    by_role = as_role(claim_text, defined_parties(kept))
    if by_role is None:
        return verdict
    text, party = by_role
    read = _judged(text, read_slots(text, lexicon), kept, sims, note, lexicon, switches)
    if read.label is not FactLabel.contradicted or read.rule not in _FLIP_RULES:
        return verdict
    return read.model_copy(update={"note": f"read as the document's '{party.role}' ({party.name})"})


# the rules that read who does an act: the only ones a doer phrasing's plain clause (doer_phrasing.py) is read by, as
# its rewording changes nothing else the claim says
_ROLE_RULES = frozenset(r.value for r in FactRule if r.value.startswith("role."))


def _judged(
    claim_text: str,
    claim: Slots,
    kept: list[EvidenceUnit],
    sims: list[float] | None,
    note: str | None,
    lexicon: Lexicon,
    switches: RuleSwitches,
) -> FactVerdict:
    claim = person_prices_as_plain(claim, (unit_slots(u, lexicon) for u in kept))  # read only for a price per person
    scored = ranked(claim_text, kept, sims, lexicon)
    aligned = select(claim_text, scored, lexicon)
    near = aligned + [a for a in scored[:POOL_UNITS] if all(a.unit is not b.unit for b in aligned)]
    outcomes = _slot_outcomes(claim, aligned, near, kept, lexicon, scored)
    outcomes += flip_outcomes(claim, aligned, scored, lexicon)
    outcomes += _bound_elsewhere(claim, outcomes, aligned, kept, scored, lexicon)
    if not any(o.label is FactLabel.contradicted for o in outcomes):
        # a denial of the claim's act anywhere in the document, when nothing nearer contradicts it
        denied = denied_elsewhere(claim, kept) or allowed_elsewhere(claim, kept)
        outcomes += [denied] if denied else []
    if not outcomes:
        # nothing else read: the claim may deny what its unit denies
        shared = denial_shared(claim, aligned, lexicon)
        outcomes += [shared] if shared else []
    outcomes = [o for o in outcomes if not _left_out_denied(o, claim, lexicon)]
    return _verdict(aligned, switches.apply(outcomes), note, lexicon.code)


# the polarity readings a denial of what a unit's "only" leaves out is no clash for (left_out.py)
_POLARITY_RULES = frozenset(
    {
        FactRule.flip_negation, FactRule.flip_negation_near, FactRule.flip_negation_elsewhere, FactRule.polarity_status,
        FactRule.polarity_opposite, FactRule.restriction_waived, FactRule.limit_widened,
    }
)


def _left_out_denied(outcome: Outcome, claim: Slots, lexicon: Lexicon) -> bool:
    """A polarity clash where the claim denies its act only outside the unit's "only" / "until" (left_out.py)."""
    unit = outcome.mismatch.evidence if outcome.mismatch else None
    return (
        outcome.label is FactLabel.contradicted and outcome.rule in _POLARITY_RULES and unit is not None
        and denies_left_out(claim, unit.text, lexicon)
    )


def _readable(
    units: Sequence[EvidenceUnit], similarities: Sequence[float] | None, lexicon: Lexicon
) -> tuple[list[EvidenceUnit], list[float] | None, str | None]:
    """The units in the claim's language, their similarities, and a note on how many were skipped."""
    readable = [i for i, unit in enumerate(units) if language_of(unit.text) == lexicon.code]
    kept = [units[i] for i in readable]
    sims = (
        None
        if similarities is None or len(similarities) != len(units)
        else [similarities[i] for i in readable]
    )
    note = None
    if len(kept) < len(units):
        note = (
            f"{len(units) - len(kept)} evidence unit(s) in a language the fact layer cannot read were skipped"
        )
    return kept, sims, note


# a derived value is not held to the limit of one of its parts (quantifier), nor read as another
# row's value (quantity: "£9 a brake, both brakes £18" where another row costs £18)
_DERIVABLE = (SlotKind.quantifier, SlotKind.quantity)


def _bound_elsewhere(
    claim: Slots,
    outcomes: list[Outcome],
    aligned: list[Alignment],
    kept: list[EvidenceUnit],
    scored: list[Alignment],
    lexicon: Lexicon,
) -> list[Outcome]:
    """Values bound to another row, column, clause or role (misbinding.py), and a unit's wording
    with one slot substituted or a number with another unit (edits.py)."""
    derived = _derived(claim, outcomes, aligned, lexicon)
    found = [
        o
        for o in misbindings(claim, kept, [a.unit for a in aligned], lexicon, scored)
        if not (o.mismatch and o.mismatch.kind in _DERIVABLE and o.mismatch.claim_value in derived)
    ]
    return found + minimal_edits(claim, kept, scored, lexicon, frozenset(derived)) + unit_changed(claim, scored, lexicon)


def _derived(claim: Slots, outcomes: list[Outcome], aligned: list[Alignment], lexicon: Lexicon) -> set[str]:
    """Claim values (as shown) that are not held to the limit on one of their parts."""
    # a total the evidence licenses (inference.py) is not held to the limit on one of its parts
    # ("up to 36 weeks in total" = 18 + up to 18 weeks, not a break of "up to 18 weeks")
    inferred = [o for o in outcomes if o.label is FactLabel.inferred]
    derived = {o.value.shown for o in inferred if o.value}
    # and so are the claim's own premises of such a step ("over five days" in 37.5 hours over five days)
    derived |= {q.shown for o in inferred for q in o.operands if any(q is c for c in claim.quantities)}
    # and a value the claim denies because the unit's limit excludes it is not a break of that limit
    held = [(a, unit_slots(a.unit, lexicon)) for a in aligned]
    derived |= {q.shown for q in claim.quantities if denied_outside_limit(q, claim, held)}
    return derived


def _without_evidence(
    claim: Slots, had_units: bool, note: str | None, code: str, switches: RuleSwitches
) -> FactVerdict:
    rule = FactRule.facts_no_evidence
    if had_units or not claim.has_facts or rule in switches.off_rules:
        reason = note or "no evidence units and no facts in the claim to compare"
        return FactVerdict(label=FactLabel.abstain, note=reason, language=code)
    value = (
        claim.quantities[0].surface
        if claim.quantities
        else claim.dates[0].surface
        if claim.dates
        else claim.names[0]
    )
    kind = SlotKind.quantity if claim.quantities else SlotKind.date if claim.dates else SlotKind.entity
    mismatch = not_found(kind, value, f"no evidence was given to check {value}")
    return FactVerdict(
        label=FactLabel.unsupported, mismatch=mismatch, note="no evidence units", language=code, rule=rule.value
    )


def _verdict(aligned: list[Alignment], outcomes: list[Outcome], note: str | None, code: str) -> FactVerdict:
    units = [a.unit for a in aligned]
    if not outcomes:
        reason = "no numbers, dates or names in the claim to compare; left to the learned judge"
        return FactVerdict(label=FactLabel.abstain, units=units, note=note or reason, language=code)
    worst = max(outcomes, key=lambda o: _RANK[o.label])
    inference = next((o.inference for o in outcomes if o.inference), None)
    return FactVerdict(
        label=worst.label,
        units=units,
        mismatch=worst.mismatch,
        inference=inference if worst.label is FactLabel.inferred else None,
        note=note,
        language=code,
        rule=worst.rule.value if worst.rule is not None and worst.label in _FLAGS else None,
    )


def _slot_outcomes(
    claim: Slots,
    aligned: list[Alignment],
    near: list[Alignment],
    units: list[EvidenceUnit],
    lexicon: Lexicon,
    scored: list[Alignment] | None = None,
) -> list[Outcome]:
    """Every slot of the claim checked: its quantities, then dates, names and an added term."""
    held = [(a, unit_slots(a.unit, lexicon)) for a in aligned]
    everywhere = [unit_slots(u, lexicon) for u in units]
    near_held = [(a, unit_slots(a.unit, lexicon)) for a in near]
    outcomes = quantity_outcomes(claim, held, near_held, everywhere, lexicon, scored or [])
    values_hold = all(out.label in (FactLabel.supported, FactLabel.inferred) for out in outcomes)
    near_slots = [s for _, s in near_held]
    about = topical(claim, [(a.unit, s) for a, s in near_held], units) if claim.dates else []
    # hours stated anywhere in the document about the claim may hold a moment it asks about ("may be working at 17:15")
    clocked = any(d.is_time_of_day for d in claim.dates)
    hours_units = topical(claim, list(zip(units, everywhere)), units) if clocked else []
    dated = [check_date(d, held, everywhere, near_slots, claim, about, hours_units) for d in claim.dates]
    outcomes += settle_own_dates(claim, dated, near_slots)
    if says_weekday(claim):  # the weekday of a dated event: any unit of the document about the claim may date it
        outcomes += weekday_outcomes(claim, topical_pairs(claim, list(zip(units, everywhere)), units))
    implicit = implicit_subject(claim, aligned, lexicon, values_hold)
    outcomes += [
        Outcome(FactLabel.supported) if implicit else check_name(n, held, everywhere, claim.text) for n in claim.names
    ]
    added = added_term(claim, aligned, everywhere)
    return outcomes + ([added] if added else []) + _hours_outcomes(claim, held)


def _hours_outcomes(claim: Slots, held: list[tuple[Alignment, Slots]]) -> list[Outcome]:
    """Spans of hours whose both ends the aligned unit gives, so the date checks found nothing amiss, but which
    the unit does not give: run over a break it keeps ("14:00 to 20:00" against "14:00 to 16:00 and 18:00 to
    20:00"), or given for days it gives other hours ("Monday to Saturday, 08:00 to 18:30" against "Monday to
    Friday 08:00 to 18:30, Saturday 09:00 to 13:00")."""
    for check, words, rule in _HOUR_CHECKS:
        for a, slots in held:
            found = check(claim.text, claim.dates, slots.text, slots.dates)
            if found is not None:
                said, given, explanation = words(found)
                mismatch = contradiction(SlotKind.date, said, given, a.unit, explanation)
                return [Outcome(FactLabel.contradicted, mismatch, rule=rule)]
    return []


def _over_a_break(found) -> tuple[str, str, str]:
    (start, end), first, last = found
    said = f"{start.surface} to {end.surface}"
    given = f"{first[0].surface} to {first[1].surface} and {last[0].surface} to {last[1].surface}"
    return said, given, f"the evidence gives {given}; the claim runs {said} over the break"


def _for_other_days(found) -> tuple[str, str, str]:
    (start, end), theirs, other = found
    said = f"{start.surface} to {end.surface}"
    return said, other, f'the evidence gives {said} only for "{theirs}", and "{other}"; the claim gives {said} for all its days'


_HOUR_CHECKS = (
    (joined_spans, _over_a_break, FactRule.date_spans_joined),
    (hours_of_other_days, _for_other_days, FactRule.date_hours_other_days),
)
