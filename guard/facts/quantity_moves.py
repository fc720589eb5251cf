"""A claim value the evidence gives, but to something else: moved within a sentence or to another topic.

Both checks run on a value the aligned unit accepts: a match on the number alone is not yet a
match on what the number is bound to.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.align import Alignment, unit_slots
from guard.facts.binding import distinctive, named_alone, owned_words
from guard.facts.inline_labels import LABEL, labelled, own_words
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, conflicts
from guard.facts.mismatches import contradiction, quantity_mismatch
from guard.facts.outcome import Outcome
from guard.facts.polarity import words
from guard.facts.quantities import Bound, Quantity
from guard.facts.rules import FactRule
from guard.facts.slots import Slots, stem, value_spans
from guard.facts.types import STATEMENT_KINDS, EvidenceUnit, FactLabel, SlotKind, UnitKind
from guard.facts.witness import other_side

__all__ = ["moved_by_for", "moved_by_label", "moved_value", "moved_within_unit", "other_topic", "sibling_topic"]


def moved_within_unit(
    q: Quantity,
    claim: Slots,
    candidates: list[tuple[Alignment, Slots]],
    lexicon: Lexicon,
    everywhere: Sequence[Slots] = (),
) -> Outcome | None:
    """The claim's value bound to something else inside its unit: by the unit's labels when they
    decide (a value held under the label the claim names is not moved), else by word proximity."""
    by_for = moved_by_for(q, claim, candidates)
    if by_for is not None:
        return by_for
    by_label = moved_by_label(q, claim, candidates, lexicon, everywhere)
    if by_label is None:
        return moved_value(q, claim, candidates, lexicon)
    return by_label if by_label.label is FactLabel.contradicted else None


def moved_by_for(q: Quantity, claim: Slots, candidates: list[tuple[Alignment, Slots]]) -> Outcome | None:
    """The claim's value is the one a unit gives "for" something else: "£32 for adults and £26 for
    under-16s" against "Adults pay £26", "£95 for one person or £150 for two" against "a private lesson for
    two people costs £95".

    Why: "<value> for <who or what>" binds its words forward to the value before them, where word
    proximity (moved_value) gives them to the nearer next value as often as to theirs. Only in a sentence
    or list item with two or more values of the claim value's kind each followed by its "for" phrase; the
    claim's words must meet another value's phrase and none of the phrases of the values holding its own.
    """
    if sum(c.dim == q.dim for c in claim.quantities) > 1:
        return None
    claim_words = {stem(w) for _, w in words(claim.text)} - _FOR_FILLER
    counts = {str(int(c.lo)) for c in claim.quantities if c.dim.startswith("count:") and c.lo == int(c.lo) and not c.is_range}
    for alignment, slots in candidates:
        if alignment.unit.kind in (UnitKind.heading, UnitKind.table_row):
            continue
        values = [e for e in slots.quantities if e.dim == q.dim and not e.is_range]
        phrases = [_for_phrase(slots.text, e) for e in values]
        if sum(bool(p) for p in phrases) < 2:
            continue
        agree = [i for i, e in enumerate(values) if accepts(q, e)]
        meets = [_meets(phrase, claim_words, counts) for phrase in phrases]
        if not agree or any(meets[i] for i in agree) or not all(phrases[i] for i in agree):
            continue
        other = next((i for i, e in enumerate(values) if i not in agree and meets[i]), None)
        if other is None:
            continue
        e = values[other]
        said = ", ".join(sorted(meets[other]))
        explanation = f"the evidence gives {e.shown} for what the claim says ({said}); {q.shown} is for something else there"
        mismatch = contradiction(SlotKind.quantity, q.shown, e.shown, alignment.unit, explanation, said)
        return Outcome(FactLabel.contradicted, mismatch, rule=FactRule.quantity_moved)
    return None


# "£32 for adults and ...", "£95 for one person or ...", "£7 for children aged 4 to 15."
_FOR = re.compile(r"\s*(?:a|an|per|each)?\s*(?:\w+\s+)?for\s+(?P<what>.+?)(?=\s+(?:and|or|but)\s|[,;.:]|$)", re.I)
_FOR_FILLER = frozenset({"a", "an", "the", "each", "everi", "per"})


def _meets(phrase: frozenset[str], claim_words: set[str], counts: set[str]) -> set[str]:
    """What of a "for" phrase the claim says: its number when both give one ("for two" and "two paddlers"),
    else its words."""
    numbers = {_NUMBER_WORDS.get(w, w) for w in phrase if w.isdigit() or w in _NUMBER_WORDS}
    if numbers and counts:
        return numbers & counts
    return set(phrase - set(_NUMBER_WORDS)) & claim_words


_NUMBER_WORDS = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine ten".split())}


def _for_phrase(text: str, value: Quantity) -> frozenset[str]:
    """The word stems of the "for" phrase right after ``value`` (at most one word between)."""
    m = _FOR.match(text, value.end)
    if m is None:
        return frozenset()
    return frozenset(stem(w) for _, w in words(m.group("what"))) - _FOR_FILLER


def moved_value(
    q: Quantity, claim: Slots, candidates: list[tuple[Alignment, Slots]], lexicon: Lexicon
) -> Outcome | None:
    """The claim's value is the unit's, but bound to the words of another value (binding.py).

    Only in a sentence or list item stating two or more values of the claim value's dimension,
    and only when the claim value's own words meet the distinctive words of a differing value and
    none of the accepting value's: the conservative reading, since the binding is by proximity,
    not parse. A claim with two values of one kind ("300 ppi against the Paperwhite's 212") pairs
    them itself and is left alone; a table row binds its values through its headers and key
    cell (alignment), and its header words sit beside the previous cell's value, so rows are
    skipped.
    """
    mine = [c for c in claim.quantities if c.dim == q.dim]
    if len(mine) > 1:
        return None
    # the claim's one value of this measure owns all its words ("Bake the loaf at 180°C for 15
    # minutes to set the crust": the crust is what the temperature is for)
    claim_words = owned_words(claim.text, mine, lexicon, stem, value_spans(claim), claim=True)[0]
    for alignment, slots in candidates:
        values = [e for e in slots.quantities if e.dim == q.dim and not e.is_range]
        if len(values) < 2 or alignment.unit.kind in (UnitKind.heading, UnitKind.table_row):
            continue
        own = distinctive(owned_words(slots.text, values, lexicon, stem, value_spans(slots)))
        hits = [claim_words & o for o in own]
        agree = [i for i, e in enumerate(values) if accepts(q, e)]
        if not agree or any(hits[i] for i in agree):
            continue
        other = next((i for i, e in enumerate(values) if i not in agree and hits[i] and not accepts(q, e)), None)
        if other is None:
            continue
        e = values[other]
        said = ", ".join(sorted(hits[other]))
        explanation = (
            f"the evidence gives {e.shown} for what the claim says ({said}); "
            f"{q.shown} belongs to something else there"
        )
        mismatch = contradiction(SlotKind.quantity, q.shown, e.shown, alignment.unit, explanation, said)
        return Outcome(FactLabel.contradicted, mismatch, rule=FactRule.quantity_moved)
    return None


def moved_by_label(
    q: Quantity,
    claim: Slots,
    candidates: list[tuple[Alignment, Slots]],
    lexicon: Lexicon,
    everywhere: Sequence[Slots] = (),
) -> Outcome | None:
    """The claim's value is written under another label of the unit than the one the claim names.

    Only in a sentence or list item with two or more labels heading values of the claim value's
    measure; the claim must name one label's own words (those the other labels lack) and no other
    label's, that label's values must not hold the claim's value, and another label's must. The
    counterpart reported is the named label's value in the same place (the first price for the first).
    A supported outcome when the named label holds the value: the labels bind it, not word proximity.
    A unit that opens with its label ("Weekday hire (up to 3 nights): £145.") is read with the
    label-opening units next to it (``everywhere``, in document order), which the sentence splitter
    cut from it ("Weekend hire (Friday to Monday): £210.").
    """
    if sum(c.dim == q.dim for c in claim.quantities) > 1:
        return None
    for alignment, slots in candidates:
        if alignment.unit.kind in (UnitKind.heading, UnitKind.table_row):
            continue
        segments = labelled(slots, q.dim) + _neighbour_labels(slots, everywhere, q.dim)
        if len(segments) < 2:
            continue
        own = own_words([label for label, _ in segments])
        named = named_alone(own, claim.content)
        if named is None:
            continue
        mine = segments[named][1]
        if any(accepts(q, e) for e in mine):
            return Outcome(FactLabel.supported)  # held under the label the claim names
        holder = next(((label, values) for label, values in segments if any(accepts(q, e) for e in values)), None)
        if holder is None:
            continue
        place = next(i for i, e in enumerate(holder[1]) if accepts(q, e))
        e = mine[min(place, len(mine) - 1)]
        label = segments[named][0]
        explanation = f'the evidence gives {e.shown} under "{label}"; {q.shown} is given under "{holder[0]}"'
        mismatch = contradiction(SlotKind.quantity, q.shown, e.shown, alignment.unit, explanation, label)
        return Outcome(FactLabel.contradicted, mismatch, rule=FactRule.quantity_moved)
    return None


_NEIGHBOURS = 3  # label-opening units this many places before or after, unbroken by other units


def _neighbour_labels(slots: Slots, everywhere: Sequence[Slots], dim: str) -> list[tuple[str, list[Quantity]]]:
    """The labelled values of the run of label-opening units around ``slots`` (itself left out)."""
    if not LABEL.match(slots.text):
        return []
    at = next((i for i, s in enumerate(everywhere) if s.text == slots.text), None)
    if at is None:
        return []
    found = []
    for step in (-1, 1):
        i = at + step
        while 0 <= i < len(everywhere) and abs(i - at) <= _NEIGHBOURS and LABEL.match(everywhere[i].text):
            found += labelled(everywhere[i], dim)
            i += step
    return found




# how much closer (lexical share + cosine) another unit must be to the claim's words than the
# unit holding its value, before that unit's value for the same measure counts as the fact
_TOPIC_MARGIN = 0.25
_TOPIC_LEXICAL = 0.5
_TOPIC_POOL = 5  # the best-ranked units looked through: the flip checks' pool of 3, and two more


# a duration that is the window of the limit before it: "not more than 8 tablets (4,000 mg) in 24 hours"
_WINDOW_AFTER_LIMIT = re.compile(r"^\s*\)?\s*(?:\([^)]*\)\s*)?(?:in|within|over|per|a|an|each|every)\s+(?:any\s+|one\s+)?$", re.I)


def _limit_window(text: str, q: Quantity, values: Sequence[Quantity]) -> bool:
    """``q`` is a duration read as the window of the bounded value just before it."""
    if q.dim != "duration":
        return False
    before = [e for e in values if e.end <= q.start]
    last = max(before, key=lambda e: e.end, default=None)
    return last is not None and last.bound is not Bound.eq and _WINDOW_AFTER_LIMIT.match(text[last.end : q.start]) is not None


def other_topic(
    q: Quantity,
    claim: Slots,
    candidates: list[tuple[Alignment, Slots]], scored: list[Alignment], lexicon: Lexicon
) -> Outcome | None:
    """The value sits in a unit about something else; the unit about the claim gives another.

    Alignment adds points for a unit holding the claim's value, so a value taken from another
    sentence or row ("Ankle swelling ... up to 1 in 10 people", the *common* line) aligns to
    where the value is. When another unit holds clearly more of the claim's words and meaning
    ("Uncommon (up to 1 in 100): ankle swelling") and gives a different value of the same
    measure, and none the claim's, the claim moved the value. A unit holding another of the
    claim's values is the other side of a comparison ("300 ppi against the Paperwhite's 212"),
    not the claim's topic.
    """
    holders = [(a, s) for a, s in candidates if any(accepts(q, e) for e in s.quantities)]
    keyed = any(
        s.in_key(e) and accepts(c, e) for _, s in holders for c in claim.quantities for e in s.quantities
    )
    if not holders or keyed or any(_row_named(a.unit, claim) for a, _ in holders):
        # a table row whose key cell holds a claim value, or whose key the claim names ("A contents
        # claim carries an excess of £150" and the Contents row), binds the value by structure
        return None
    holders = [a for a, _ in holders]
    base = max(a.lexical + (a.similarity or 0.0) for a in holders)
    for a in scored[:_TOPIC_POOL]:
        if a.unit.kind is UnitKind.heading or a.lexical < _TOPIC_LEXICAL:
            continue
        if a.lexical + (a.similarity or 0.0) < base + _TOPIC_MARGIN:
            continue
        slots = unit_slots(a.unit, lexicon)
        # a limit the claim states ("not more than 8 tablets in 24 hours") has limits for counterparts, not
        # another unit's plain amount ("take 1 or 2 tablets"): a dose is no maximum
        same = [e for e in slots.quantities if conflicts(q, e) and (q.bound is Bound.eq or e.bound is not Bound.eq)]
        if _limit_window(claim.text, q, claim.quantities):
            # "in 24 hours" after "not more than 8 tablets" is the limit's window: another unit's dosing
            # interval ("every 4 to 6 hours") is no counterpart of it
            same = [e for e in same if _limit_window(slots.text, e, slots.quantities)]
        if any(accepts(o, e) for o in claim.quantities if o is not q for e in slots.quantities):
            continue
        if same and not any(accepts(q, e) for e in slots.quantities):
            if other_side(q, same, claim, slots):
                continue
            return Outcome(FactLabel.contradicted, quantity_mismatch(q, a, slots), rule=FactRule.quantity_other_topic)
    return None


def sibling_topic(
    q: Quantity, claim: Slots, candidates: list[tuple[Alignment, Slots]], scored: list[Alignment], lexicon: Lexicon
) -> Outcome | None:
    """The value is a sibling's: "Part livery costs £160" where the sentence giving £160 is about *full*
    livery and another says "Part livery costs £85".

    The claim's two-word phrase (a modifier and its noun) is missing from the sentence holding the
    value, which opens with another modifier before the same noun; a unit among the best-ranked that
    opens with the claim's phrase gives another value of the measure and not the claim's. Both phrases
    open their sentences: the pattern of a list of siblings ("Part livery costs ... Full livery costs"),
    not a noun met anywhere in a long sentence.
    """
    for a, slots in candidates:
        if a.unit.kind not in STATEMENT_KINDS or not any(accepts(q, e) for e in slots.quantities):
            continue
        opening = _opening(a.unit.text)
        for modifier, noun in _phrases(claim.text, lexicon):
            if opening is None or opening[1] != noun or opening[0] == modifier or opening[0] in lexicon.stopwords:
                continue
            for b in scored[:_TOPIC_POOL]:
                if b.unit is a.unit or b.unit.kind is UnitKind.heading:
                    continue
                if _opening(b.unit.text) != (modifier, noun):
                    continue
                theirs = unit_slots(b.unit, lexicon)
                same = [e for e in theirs.quantities if conflicts(q, e)]
                if same and not any(accepts(q, e) for e in theirs.quantities):
                    mismatch = quantity_mismatch(q, b, theirs)
                    return Outcome(FactLabel.contradicted, mismatch, rule=FactRule.quantity_other_topic)
    return None


def _opening(text: str) -> tuple[str, str] | None:
    """The first two words of a unit (lower case), None when it has fewer."""
    first = [w for _, w in words(text)[:2]]
    return (first[0], first[1]) if len(first) == 2 else None


def _phrases(text: str, lexicon: Lexicon) -> list[tuple[str, str]]:
    """Adjacent content-word pairs of the claim (lower case)."""
    found = [w for _, w in words(text)]
    return [
        (m, n) for m, n in zip(found, found[1:])
        if m not in lexicon.stopwords and n not in lexicon.stopwords and len(m) > 2 and len(n) > 2
    ]


def _row_named(unit: EvidenceUnit, claim: Slots) -> bool:
    """A table row whose key cell's words (outside brackets) are all among the claim's words."""
    if unit.kind is not UnitKind.table_row or not unit.anchor:
        return False
    key = frozenset(stem(w) for _, w in words(re.sub(r"\([^)]*\)", " ", unit.anchor)))
    said = claim.content | frozenset(stem(w) for _, w in words(claim.text))
    return bool(key) and key <= said
