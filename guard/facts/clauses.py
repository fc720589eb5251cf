"""Values the claim keeps but binds to another clause's words: swapped pairs and moved dates.

Why: ``quantity_moves`` already catches a single value moved to another head ("roast at 325 F to
brown it" against "roast at 450 F to aid browning, then reduce to 325 F"), but leaves alone a
claim with two values of one measure, and dates. Two common errors hide there:

- a pair swapped between its clauses ("sear at 160°C, then raise the oven to 200°C" against
  "sear at 200°C, then lower the oven to 160°C"): both values are in the evidence, each bound
  to the other's words;
- a date moved to another item of a list of deadlines ("the balance is due by 3 March"
  against "the deposit is due by 3 March, and the balance by 9 June").

Binding is read from clauses (:mod:`guard.facts.binding`): each claim value's distinctive
words are compared with the unit values' distinctive words; a claim value whose words meet
only a differing value's is moved.
"""

from __future__ import annotations

from collections.abc import Sequence

from guard.facts.binding import distinctive, moved_to, owned_words
from guard.facts.date_items import itemised
from guard.facts.dates import same_date
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, denied_value, same_number
from guard.facts.mismatches import contradiction, given_otherwise
from guard.facts.quantities import Bound
from guard.facts.slots import Slots, stem, value_spans
from guard.facts.types import STATEMENT_KINDS, EvidenceUnit, SlotKind, SlotMismatch, UnitKind

__all__ = ["count_moved", "dates_from_elsewhere", "moved_dates", "swapped_pairs"]


def _prose(unit: EvidenceUnit) -> bool:
    return unit.kind in STATEMENT_KINDS


def swapped_pairs(
    claim: Slots, aligned: Sequence[tuple[EvidenceUnit, Slots]], lexicon: Lexicon
) -> list[SlotMismatch]:
    """A claim with exactly two values of one measure, both in the unit, each bound to the other's words."""
    found = []
    dims = {q.dim for q in claim.quantities}
    for dim in sorted(dims):
        mine = [q for q in claim.quantities if q.dim == dim and not q.is_range]
        if len(mine) != 2 or dim == "number":
            continue
        own = distinctive(owned_words(claim.text, mine, lexicon, stem, value_spans(claim)))
        for unit, slots in aligned:
            if not _prose(unit):
                continue
            values = [e for e in slots.quantities if e.dim == dim and not e.is_range]
            agree = [[j for j, e in enumerate(values) if same_number(q, e)] for q in mine]
            if not all(agree) or len(values) < 2:
                continue
            for q, words, hits in zip(mine, own, agree):
                spans = value_spans(slots)
                other = moved_to(words, slots.text, values, hits, lexicon, stem, spans, same_number)
                if other is None:
                    continue
                e = values[other]
                explanation = (
                    f"the evidence gives {e.shown} where the claim puts {q.shown}; the two values are swapped"
                )
                anchor = ", ".join(sorted(words))
                found.append(contradiction(SlotKind.quantity, q.shown, e.shown, unit, explanation, anchor))
                break
            if found:
                return found
    return found


def moved_dates(
    claim: Slots, aligned: Sequence[tuple[EvidenceUnit, Slots]], lexicon: Lexicon
) -> list[SlotMismatch]:
    """A claim date the unit gives, but for another item than the one the claim binds it to."""
    if len(claim.dates) != 1:
        return []  # two dates in a claim ("from 10 June to 12 June") pair themselves; left alone
    own = owned_words(claim.text, list(claim.dates), lexicon, stem, value_spans(claim), claim=True)
    for unit, slots in aligned:
        if not _prose(unit) or len(slots.dates) < 2 or itemised(unit.text, lexicon):
            continue  # a list of dated items binds each date to its item (date_items.py), not to the nearest words
        values = list(slots.dates)
        for d, words in zip(claim.dates, own):
            agree = [j for j, e in enumerate(values) if same_date(d, e) is True]
            other = moved_to(words, slots.text, values, agree, lexicon, stem, value_spans(slots), _same_day)
            if other is None or same_date(d, values[other]) is not False:
                continue
            e = values[other]
            explanation = (
                f"the evidence gives {e.surface} for what the claim dates {d.surface}; "
                f"{d.surface} belongs to something else there"
            )
            anchor = ", ".join(sorted(words & _words_of(slots, values, other, lexicon)))
            return [contradiction(SlotKind.date, d.surface, e.surface, unit, explanation, anchor)]
    return []


def _same_day(a, b) -> bool:
    return same_date(a, b) is True and a.surface == b.surface


def _words_of(slots: Slots, values: list, index: int, lexicon: Lexicon) -> set[str]:
    return distinctive(owned_words(slots.text, values, lexicon, stem, value_spans(slots)))[index]


_TOPIC_MARGIN = 0.25  # how much closer (lexical share + cosine) the best unit must be than a holder
_DATE_LEXICAL = 0.5


def _parts(d) -> tuple[bool, bool, bool, bool]:
    return (d.year is not None, d.month is not None, d.day is not None, d.minutes is not None)


def _covers(e, d) -> bool:
    """``e`` writes every part ``d`` writes (a bare "1985" does not state "1 April 1985")."""
    return all(has or not wants for has, wants in zip(_parts(e), _parts(d)))


def dates_from_elsewhere(claim: Slots, scored: Sequence, lexicon: Lexicon) -> list[SlotMismatch]:
    """A claim date the unit about the claim gives otherwise, found only in a unit about something else.

    "Carried-over leave must be used by 31 December" against "carried over ... must be used by 31
    March" (the claim's own sentence) while "The leave year runs from 1 January to 31 December" holds
    the date: the date was taken from another topic. A unit giving only some of the claim's date
    parts ("in 1985" for "1 April 1985") does not hold it.
    """
    from guard.facts.align import unit_slots
    from guard.facts.hours import hours_holding, inside_stated_hours, inside_stated_period
    from guard.facts.in_force import placed_under_document
    from guard.facts.schedules import on_schedule
    from guard.facts.term_ends import within_term

    if not scored:
        return []
    best = scored[0]
    if best.unit.kind is UnitKind.heading or best.lexical < _DATE_LEXICAL:
        return []
    best_slots = unit_slots(best.unit, lexicon)
    strength = best.lexical + (best.similarity or 0.0)
    placed = placed_under_document(claim.text)
    for d in claim.dates:
        if denied_value(claim.text, d.start):
            continue  # "there is no 07:10 sailing on a Sunday" is not the Sunday time moved
        if inside_stated_hours(d, claim.text, best_slots.text, best_slots.dates) or inside_stated_period(
            d, claim.text, best_slots.text, best_slots.dates, placed=placed
        ):
            continue  # a moment inside the hours or period the unit states is not another date moved (hours.py)
        if hours_holding(d, claim, [best_slots]):
            continue  # nor a moment the claim asks about on the side of a time bound the unit leaves (hours.py)
        if on_schedule(d, claim, [best_slots]):
            continue  # nor a day the unit's schedule holds (schedules.py)
        if within_term(d, claim, [best_slots]):
            continue  # nor the end of the term the unit states, or a day inside it (term_ends.py)
        # a unit date another claim date restates is that one's counterpart ("09:30, 12:45 and 17:40")
        differing = [
            e for e in best_slots.dates
            if same_date(d, e) is False and _parts(e) == _parts(d)
            and not any(o is not d and same_date(o, e) is True for o in claim.dates)
        ]
        if not differing or any(same_date(d, e) is True for e in best_slots.dates):
            continue
        holders = [
            a
            for a in scored
            if a.unit is not best.unit
            and any(same_date(d, e) is True and _covers(e, d) for e in unit_slots(a.unit, lexicon).dates)
        ]
        if any(a.lexical + (a.similarity or 0.0) > strength - _TOPIC_MARGIN for a in holders):
            continue
        e = differing[0]
        return [given_otherwise(SlotKind.date, d.surface, e.surface, best.unit)]
    return []


def count_moved(claim: Slots, aligned: Sequence[tuple[EvidenceUnit, Slots]]) -> list[SlotMismatch]:
    """A count of one noun taken from a count of another: "eight members of staff" against "five
    members of staff will go, a ratio of one adult to every eight children".

    Counts of different nouns accept each other (the noun is read loosely: "4 doses", "4 times"),
    so the claim's number matches the children; but the unit counts the claim's own noun, and
    differently.
    """
    found = []
    for q in claim.quantities:
        if not q.dim.startswith("count:") or q.bound is not Bound.eq:
            continue
        for unit, slots in aligned:
            same = [e for e in slots.quantities if e.dim == q.dim]
            if not same or any(accepts(q, e) for e in same):
                continue
            elsewhere = (e for e in slots.quantities if e.dim != q.dim and e.dim.startswith("count:"))
            if not any(accepts(q, e) for e in elsewhere):
                continue
            e = same[0]
            why = f"; {q.surface.split()[0]} counts something else there"
            found.append(given_otherwise(SlotKind.quantity, q.surface, e.surface, unit, why=why))
            break
    return found
