"""Which words a value is bound to, without a parser: each content word goes to the nearest value.

Why: a misbinding reuses a value the unit does state, but for another head ("the average BMI
for an 8-year-old boy is 17.9, and girls ... 18.3" against "an 8-year-old girl is 17.9";
"roast at 450 F ..., then reduce to 325 F" against "roast at 325 F"). Equality of values alone
accepts it. A dependency parse would bind values to heads but costs 110-200 ms per 30 texts on
this machine (docs/FACTS.md), so a value owns the content words closer to it than to any other
value of the same dimension in the same text; a word owned by several values (the shared
topic) tells nothing and is dropped. The claim value's own words are compared with each unit
value's distinctive words: when they meet only another value's, the claim moved the value.
"""

from __future__ import annotations

from collections.abc import Sequence

from guard.facts.lexicon import Lexicon
from guard.facts.polarity import words
from guard.facts.quantities import Quantity

__all__ = ["owned_words", "distinctive"]

# a word this many characters or more from every value is in another clause: bound to none
_REACH = 80


def owned_words(text: str, values: Sequence[Quantity], lexicon: Lexicon, stem, skip: Sequence[tuple[int, int]]) -> list[set[str]]:
    """For each value, the stems of the content words nearer to it than to the other values."""
    owned: list[set[str]] = [set() for _ in values]
    if not values:
        return owned
    for position, word in words(text):
        if word in lexicon.stopwords or len(word) < 3 or any(s <= position < e for s, e in skip):
            continue
        distances = [_distance(position, v) for v in values]
        nearest = min(distances)
        if nearest >= _REACH:
            continue
        for i, d in enumerate(distances):
            if d == nearest:
                owned[i].add(stem(word))
    return owned


def distinctive(owned: list[set[str]]) -> list[set[str]]:
    """Each value's words that no other value of the text owns."""
    return [w - set().union(*(o for j, o in enumerate(owned) if j != i)) for i, w in enumerate(owned)]


def _distance(position: int, value: Quantity) -> int:
    if position < value.start:
        return value.start - position
    if position >= value.end:
        return position - value.end
    return 0
