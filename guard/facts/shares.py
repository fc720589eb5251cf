"""A total split into equal shares: "£115 for a 10-visit card" works out at £11.50 a visit.

A claim that gives a price per item ("£11.50 a visit", "£287.50 per person") together with the
number of items it supposes ("a 10-visit card", "shared by four people") reads a total of an
aligned unit divided by that number. The count is the claim's premise, the total the
evidence's; the step holds when the total over the count equals the claim's price to the penny
and the count and the price name the same noun (person and people alike).
"""

from __future__ import annotations

from collections.abc import Sequence

from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots

__all__ = ["equal_share", "same_noun", "same_noun_stem", "same_pence"]

_IRREGULAR = {"people": "person", "children": "child", "men": "man", "women": "woman"}


def equal_share(q: Quantity, claim: Slots, near: Sequence[Slots]) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step "<total> ÷ <count> = <q>" with the total and the claim's count as operands, or None."""
    if q.per != 1.0 or "/count:" not in q.dim or q.bound is not Bound.eq or q.is_range:
        return None
    numerator, noun = q.dim.split("/count:", 1)
    if not numerator.startswith("money:"):
        return None
    counts = [
        c for c in claim.quantities
        if c is not q and c.dim.startswith("count:") and same_noun(c.dim[6:], noun)
        and c.bound is Bound.eq and not c.is_range and c.lo >= 2
    ]
    for count in counts:
        for unit in near:
            for total in unit.quantities:
                if total.dim == numerator and not total.is_range and total.per is None and same_pence(total.lo / count.lo, q.lo):
                    return f"{total.surface} ÷ {count.surface} = {q.surface}", (total, count)
    return None


def same_noun(a: str, b: str) -> bool:
    """Two spellings of one noun: singular and plural, person and people."""
    return _noun(a) == _noun(b)


def same_noun_stem(word: str) -> str:
    """The form :func:`same_noun` compares (singular, person for people)."""
    return _noun(word)


def _noun(word: str) -> str:
    word = word.lower()
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def same_pence(a: float, b: float) -> bool:
    """Two amounts of money equal to the penny: a worked-out share or total is written rounded to it."""
    return abs(a - b) < 0.005 + 1e-9
