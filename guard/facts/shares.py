"""A total split into equal shares: "£115 for a 10-visit card" works out at £11.50 a visit.

A claim that gives a price per item ("£11.50 a visit", "£287.50 per person") together with the
number of items it supposes ("a 10-visit card", "shared by four people") reads a total of an
aligned unit divided by that number. The count is the claim's premise, the total the
evidence's; the step holds when the total over the count equals the claim's price to the penny
and the count and the price name the same noun (person and people alike).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.conditions import meets_condition
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots
from guard.stemming import stem

__all__ = ["equal_share", "half_price", "noun_stem", "same_noun", "same_noun_stem", "same_pence"]

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


# "children pay half the adult fare", "half price for students", "at half the normal rate"
_HALF = re.compile(
    r"\bhalf[- ](?:price|fare|rate)\b|\bhalf\s+(?:the|of\s+the)\s+(?:(?P<of>\w+)\s+)?(?:price|fare|rate|fee|cost)\b", re.I
)
# "half the full fare" halves any price; "half the adult fare" only a price said for adults
_ANY_PRICE = {"full", "normal", "standard", "usual"}


def half_price(q: Quantity, claim: Slots, near: Sequence[Slots]) -> tuple[str, tuple[Quantity, ...]] | None:
    """A price as half of another a near unit gives, when a near unit says the claim's group pays half
    ("Children aged 5 to 15 pay half the adult fare": a child single is half the adult single)."""
    if not q.dim.startswith("money:") or q.bound is not Bound.eq or q.is_range:
        return None
    # the half is said for the claim's group ("Under-16s pay half price"), or in a band the claim's
    # case falls in ("2 to 6 days before | Refund: Half the fee")
    said = [
        m for u in near for m in _HALF.finditer(u.text)
        if any(same_noun(w, c) for w in u.content for c in claim.content) or meets_condition(claim, u)
    ]
    if not said:
        return None
    of = {m.group("of").lower() for m in said if m.group("of") and m.group("of").lower() not in _ANY_PRICE}
    for unit in near:
        for price in unit.quantities:
            if price.dim != q.dim or price.is_range or price.per is not None or not same_pence(price.lo / 2, q.lo):
                continue
            # "half the adult fare": a price said for adults; "half the design fee" for a bedroom design:
            # a price said for what the claim names along with the fee's noun
            if of and not _said_for(unit.text, price, of) and not (
                any(same_noun(o, c) for o in of for c in claim.content) and _said_for(unit.text, price, claim.content)
            ):
                continue
            return f"half of {price.surface} = {q.surface}", (price,)
    return None


def _said_for(text: str, price: Quantity, nouns: set[str]) -> bool:
    """The words just before ``price`` in its clause name one of ``nouns`` ("An adult return costs £8.60")."""
    clause = re.split(r"[,;.]|\band\b", text[: price.start])[-1]
    return any(same_noun(w, n) for w in re.findall(r"[a-z]+", clause.lower()) for n in nouns)


def same_noun(a: str, b: str) -> bool:
    """Two spellings of one noun: singular and plural, person and people."""
    return same_noun_stem(a) == same_noun_stem(b)


def same_noun_stem(word: str) -> str:
    """The form :func:`same_noun` compares (singular, person for people)."""
    word = word.lower()
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def noun_stem(word: str) -> str:
    """The stem of a word's singular form ("women" and "woman" give one stem): words compared as nouns."""
    return stem(same_noun_stem(word))


def same_pence(a: float, b: float) -> bool:
    """Two amounts of money equal to the penny: a worked-out share or total is written rounded to it."""
    return abs(a - b) < 0.005 + 1e-9
