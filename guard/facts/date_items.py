"""A claim date the evidence gives to another event of the same list of dates.

Why: letters, contracts and programmes give their dates one event to an item ("Panels taken out to the
studio: 14 April 2074." / "Restored panels refitted: 8 September 2074."; "Tickets for the spring season go
on sale on 3 February 2074, and the spring season opens on 1 March 2074"). A wrong answer gives one event
the date of another: the date is in the evidence, often in the very unit alignment picks, so no unit-by-unit
check flags it. :mod:`guard.facts.date_rows` reads tables; this module reads such items: list items,
definition entries, lines and clauses joined by "and", each with one calendar date.

Conservative by construction (a false contradiction costs more than a miss):
- one date in the claim, with its day and month;
- exactly one item of a passage holds that date;
- exactly one other item of the passage, with another date of its own, holds every claim word the
  holder holds and more ("the restored panels" names "Restored panels refitted", not "Panels taken
  out"): the claim names that item's event. Words of the dates themselves are left out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.dates import DateSlot, same_date
from guard.facts.lexicon import Lexicon
from guard.facts.mismatches import contradiction
from guard.facts.name_words import name_words
from guard.facts.slots import Slots, read_slots, stem
from guard.facts.tables import without_markup
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch

__all__ = ["date_item_misbindings", "itemised"]

# where one dated item ends and the next begins: a list item, a definition term, a table row, a
# paragraph, a line break, a semicolon, a sentence end, a clause joined by "and" or "then" (a table
# row's cells stay together: "Appointment: First PDT treatment | Date: 3 March 2074")
_ITEM_BREAK = re.compile(
    r"(?i)<li\b|<dt\b|<br\s*/?>|<tr\b|<p\b|\n|;|(?<=[a-z0-9)])\.\s+(?=[A-Z<])|,\s+and\s+|,\s+then\s+"
)


class _Item:
    def __init__(self, text: str, slots: Slots, date: DateSlot, unit: EvidenceUnit) -> None:
        self.text, self.slots, self.date, self.unit = text, slots, date, unit


def _calendar(d: DateSlot) -> bool:
    return d.day is not None and d.month is not None and d.minutes is None


def _items(units: Sequence[EvidenceUnit], lexicon: Lexicon) -> dict[str, list[_Item]]:
    """Each passage's items that give exactly one calendar date."""
    out: dict[str, list[_Item]] = {}
    for unit in units:
        for piece in _ITEM_BREAK.split(unit.text):
            text = without_markup(piece)
            if not text:
                continue
            slots = read_slots(text, lexicon)
            found = [d for d in slots.dates if d.day is not None and d.minutes is None]
            if len(found) == 1:
                out.setdefault(unit.passage_id, []).append(_Item(text, slots, found[0], unit))
    return out


def itemised(text: str, lexicon: Lexicon) -> bool:
    """The text gives its dates one to an item, two items or more ("<li>Scaffold up by: 2 April 2075.</li>
    <li>Bells taken down to the foundry: 9 April 2075.</li>"): each date is its item's, whatever words
    stand nearest to it across an item break (:func:`guard.facts.clauses.moved_dates` reads by nearness)."""
    pieces = [read_slots(without_markup(p), lexicon) for p in _ITEM_BREAK.split(text)]
    dated = [p for p in pieces if p.dates]
    return len(dated) >= 2 and all(len(p.dates) == 1 for p in dated)


def _event_words(slots: Slots, date: DateSlot, lexicon: Lexicon) -> frozenset[str]:
    """The words that name the event: not the date's, nor a verb that says only when it happens ("Painting starts on 3
    May" and "carving begins on 22 March" name painting and carving, not two beginnings)."""
    return slots.content - read_slots(date.surface, lexicon).content - _WHEN_WORDS


_WHEN_WORDS = frozenset(stem(w) for w in ("begins", "began", "begun", "starts", "started"))


def _shared(said: frozenset[str], in_names: frozenset[str], item: _Item, lexicon: Lexicon) -> frozenset[str]:
    """The claim's event words ``item`` names. A word of a name of the claim's counts only where the item
    writes it in a name too: "Canterton Deer Park's Woodland Crafts Fair" names the fair, not the item "The
    park opens for the season", though both say "park"."""
    own = _event_words(item.slots, item.date, lexicon)
    return said & own - (in_names - name_words(item.slots, lexicon))


def date_item_misbindings(claim: Slots, units: Sequence[EvidenceUnit], lexicon: Lexicon) -> list[SlotMismatch]:
    """The claim's date is one item's, while another item of the same passage names the claim's event."""
    if len(claim.dates) != 1 or not _calendar(claim.dates[0]):
        return []
    d = claim.dates[0]
    said = _event_words(claim, d, lexicon)
    in_names = name_words(claim, lexicon)
    for items in _items(units, lexicon).values():
        holders = [i for i in items if same_date(d, i.date) is True]
        others = [i for i in items if same_date(d, i.date) is False]
        if len(holders) != 1 or not others:
            continue
        held = _shared(said, in_names, holders[0], lexicon)
        named = [(words, i) for i in others if (words := _shared(said, in_names, i, lexicon)) > held]
        other = _dominant(named)
        if other is None:
            continue
        explanation = (
            f'the evidence gives {other.date.surface} for "{other.text}"; {d.surface} is the date of '
            f'"{holders[0].text}"'
        )
        return [contradiction(SlotKind.date, d.surface, other.date.surface, other.unit, explanation)]
    return []


def _dominant(named: list[tuple[frozenset[str], _Item]]) -> _Item | None:
    """The one item that names the claim's event, of the candidates with the claim's words each shares: the only
    candidate, or the one whose shared words hold every other candidate's and more ("Pipton Imaging photographs the
    finished map" against three items that say only "map")."""
    if len(named) == 1:
        return named[0][1]
    best = [i for words, i in named if all(words > other for other, j in named if j is not i)]
    return best[0] if len(best) == 1 else None

