"""A claim's words taken from another row's cell of a table of words: who does a task, what a street gets.

Why: tables give, row by row, who does what ("Task: Adding and removing staff accounts | Done by: the
trust's data manager"; "Street: Mill Lane | Water off: 14 May 2070 | New main laid by: Yarrowby Water's
own crew"). A wrong answer keeps the row and copies the next row's cell: "Staff accounts are added and
removed by Dunnock Software", "Harlock Civils lays the new main in Mill Lane". Dunnock Software and
Harlock Civils are in the evidence, so no word is new, and the row the claim names has no verb for the
role checks to compare. :mod:`guard.facts.rows` and :mod:`guard.facts.date_rows` read values and dates
this way; this module reads cells of words.

Conservative by construction (a false contradiction costs more than a miss):
- the claim names one row: it holds every word of that row's key cell (outside brackets), the most of
  any row, and no other row's key cell words all;
- in a column the claim speaks of (it holds a word of its header, or the header asks who: "Done by",
  "With"), a cell of another row whose own words (those the named row's cell lacks) the
  claim holds, and holds all of them, and which names something: a word written with a capital after its first, or two words or more;
- the named row's cell there gives words of its own, none of which the claim holds, and no value or
  date (those are compared as such);
- no cell of the named row holds the claim's copied words.
"""

from __future__ import annotations

from collections.abc import Sequence

from guard.facts.lexicon import Lexicon
from guard.facts.mismatches import contradiction
from guard.facts.slots import Slots, read_slots, stem
from guard.facts.table_reading import Row, claim_words, key_words, tables
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch
from guard.language import parse

__all__ = ["cell_from_other_row"]


def _held(claim: Slots) -> frozenset[str]:
    """The claim's words, and each word's lemma: "medicines are given" names the row "Giving medicines"."""
    doc = parse(claim.text)
    lemmas = frozenset(stem(t.lemma_.lower()) for t in doc if t.is_alpha) if doc is not None else frozenset()
    return claim_words(claim) | lemmas


def _named_row(claim: Slots, rows: list[Row], lexicon: Lexicon) -> Row | None:
    """The one row whose key cell's words the claim holds all of (and the most of them)."""
    words = _held(claim)
    named = [(len(k), row) for row in rows if (k := key_words(row, lexicon)) and k <= words]
    if not named:
        return None
    top = max(n for n, _ in named)
    best = [row for n, row in named if n == top]
    return best[0] if len(best) == 1 and len(named) == 1 else None


def _words(text: str, lexicon: Lexicon) -> frozenset[str]:
    return read_slots(text, lexicon).content


def _plain_words(row: Row, column: int) -> bool:
    """A cell of words only: no value or date, which the value and date checks compare."""
    return not row.values_in(column) and not row.dates_in(column)


def _names_something(text: str, own: frozenset[str]) -> bool:
    # every cell opens with a capital; a name has one further on ("Harlock Civils", "the trust's Data Manager")
    return len(own) >= 2 or any(w[:1].isupper() for w in text.split()[1:])


def _about(header: str, held: frozenset[str], lexicon: Lexicon) -> bool:
    """The claim speaks of the column: it holds a word of its header, or the header asks who ("Done by",
    "With", "Who or how")."""
    words = _words(header, lexicon)
    return not words or bool(words & held) or header.lower().rstrip().endswith(" by")


def cell_from_other_row(claim: Slots, units: Sequence[EvidenceUnit], lexicon: Lexicon) -> list[SlotMismatch]:
    """The claim names a row and gives, in a column of words, the cell of another row (module's why)."""
    held = claim_words(claim)
    for rows in tables(units, lexicon):
        target = _named_row(claim, rows, lexicon)
        if target is None:
            continue
        everything = frozenset().union(*(_words(target.cell(i), lexicon) for i in range(len(target.cells))))
        for column in range(1, len(target.cells)):
            if not _plain_words(target, column) or not _about(target.headers[column], held, lexicon):
                continue
            given = target.cell(column)
            mine = _words(given, lexicon)
            for other in rows:
                if other is target or other.headers != target.headers or not _plain_words(other, column):
                    continue
                text = other.cell(column)
                theirs = _words(text, lexicon)
                own, lost = theirs - mine, mine - theirs
                if not own or not own <= held or own & everything or not _names_something(text, own):
                    continue
                if not lost or lost & held:
                    continue
                explanation = (
                    f'the evidence gives "{given}" for {target.key} ("{target.headers[column]}"), not "{text}": '
                    "that is another row's"
                )
                return [contradiction(SlotKind.entity, text, given, target.unit, explanation, anchor=target.key)]
    return []
