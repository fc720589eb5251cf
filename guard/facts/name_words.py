"""The words a text says only inside names ("park" in "Canterton Deer Park's Woodland Crafts Fair").

Why: a word of a name names the named thing, not the common noun it is made of. "Canterton Deer Park's fair" says
nothing about "the park opens for the season", and "Smoking is ruled out for Mr Pugsley" nothing about "Mr Pugsley fell
from his ladder"; rules that match a claim to the unit or item it speaks of by shared words leave such words out.
"""

from __future__ import annotations

from guard.facts.lexicon import Lexicon
from guard.facts.slots import Slots, read_slots

__all__ = ["name_words"]


def name_words(slots: Slots, lexicon: Lexicon) -> frozenset[str]:
    """The content words ``slots`` says only inside its names (not "scaffold" in "Farrowby Scaffolding puts the
    scaffold up", said outside the name too)."""
    inside = frozenset(w for name in slots.names for w in read_slots(name, lexicon).content)
    if not inside:
        return inside
    rest = slots.text
    for name in slots.names:
        rest = rest.replace(name, " ")
    return inside - read_slots(rest, lexicon).content
