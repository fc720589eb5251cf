"""Inline labels heading values: "Morning trek: £35 ... Afternoon trek: £45", "Taster day: Weekdays:
£135. Saturdays: £160."

Why a module of its own: a label binds the values after it as a table's key cell binds its row's, and
two checks read that binding: :mod:`guard.facts.quantity_moves` (a value taken from another label)
and :mod:`guard.facts.sums` (a total of the things a claim names, each priced under its label).
"""

from __future__ import annotations

import re

from guard.facts.quantities import Quantity
from guard.facts.slots import Slots, all_stems

__all__ = ["LABEL", "labelled", "own_words"]

# "Morning trek: £35 to lead an alpaca ... Afternoon trek: £45 to lead an alpaca": a short label opening a
# sentence (or following a semicolon) and ending in a colon heads the values after it, up to the next label
# ("Weekday hire (up to 3 nights, Monday to Thursday): £145": a bracketed note is part of the label);
# a label right after another heads the values, the first heading them all ("Taster day: Weekdays: £135.
# Saturdays: £160.")
LABEL = re.compile(r"(?:^|(?<=[.?!;:])\s+)(?P<label>[A-Z][\w'&-]*(?:\s+[\w'&-]+){0,3}(?:\s*\([^()]{1,80}\))?):(?=\s)")


def labelled(slots: Slots, dim: str) -> list[tuple[str, list[Quantity]]]:
    """(label, its values of ``dim``) for every label of the text that heads at least one such value."""
    marks = list(LABEL.finditer(slots.text))
    found = []
    outer = ""
    for n, m in enumerate(marks):
        end = marks[n + 1].start("label") if n + 1 < len(marks) else len(slots.text)
        values = [e for e in slots.quantities if e.dim == dim and not e.is_range and m.end() <= e.start < end]
        if values:
            found.append((outer + m.group("label"), values))
        elif not slots.text[m.end() : end].strip():
            # a label right before another heads every label after it ("Per table: Members: £7 an hour.
            # Non-members: £10 an hour."): its words are no label's own
            outer = f"{m.group('label')}: "
    return found


def own_words(labels: list[str]) -> list[frozenset[str]]:
    """Each label's word stems that no other label holds ("morning", "afternoon"; not "trek")."""
    stems = [all_stems(label) for label in labels]
    return [s - frozenset().union(*(o for j, o in enumerate(stems) if j != i)) for i, s in enumerate(stems)]
