"""Which words a value is bound to, without a parser: the clause it sits in.

Why: a misbinding reuses a value the unit does state, but for another head ("the average BMI
for an 8-year-old boy is 17.9, and girls ... 18.3" against "an 8-year-old girl is 17.9";
"roast at 450 F ... to aid browning, then reduce to 325 F" against "roast at 325 F ... to
brown it"). Equality of values alone accepts it. A dependency parse would bind values to heads
but costs 110-200 ms per 30 texts on this machine (docs/FACTS.md), so binding is read from
clauses: the text is cut at commas, semicolons, colons and clause-joining words ("and", "then",
"but", "while", "whereas"); a value owns the content words of its clause (the nearest value's,
when a clause holds several). Words before the text's first value are the sentence's head
("Give the dose up to 4 times ..., leaving at least 4 hours between doses": "give" governs
both), so every value owns them; clauses without a value belong to none. A word several values own
tells nothing and is dropped (``distinctive``). The claim value's own words are compared with
each unit value's distinctive words: when they meet only another value's, the claim moved it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from guard.facts.lexicon import Lexicon
from guard.facts.polarity import words
from guard.facts.quantities import Quantity

__all__ = ["distinctive", "leading_words", "named_alone", "named_most", "owned_words"]

_CLAUSE_BREAK = re.compile(r"[,;:()]|\b(?:and|then|but|while|whereas)\b", re.IGNORECASE)


def owned_words(
    text: str,
    values: Sequence[Quantity],
    lexicon: Lexicon,
    stem,
    skip: Sequence[tuple[int, int]],
    claim: bool = False,
) -> list[set[str]]:
    """For each value, the stems of the content words of its clause (see the module's why).

    ``claim``: the text is a claim, short and about its value(s): every word goes to its
    nearest value (a claim's head "The average BMI for an 8-year-old girl is 17.9" is what
    its value is bound to).
    """
    owned: list[set[str]] = [set() for _ in values]
    if not values:
        return owned
    breaks = [m.start() for m in _CLAUSE_BREAK.finditer(text) if not any(s <= m.start() < e for s, e in skip)]
    first = min(v.start for v in values)

    def clause(position: int) -> int:
        return sum(b <= position for b in breaks)

    value_clause = [clause(v.start) for v in values]
    for position, word in words(text):
        if word in lexicon.stopwords or len(word) < 3 or any(s <= position < e for s, e in skip):
            continue
        here = clause(position)
        mine = [i for i, c in enumerate(value_clause) if c == here]
        if claim:
            mine = mine or list(range(len(values)))
        elif position < first:
            # the sentence's head governs every value after it: all own it, so it is no value's
            # distinctive word ("The average height for a boy is 133 cm, and girls ... 131 cm")
            for i in range(len(values)):
                owned[i].add(stem(word))
            continue
        if not mine:
            continue
        nearest = min(_distance(position, values[i]) for i in mine)
        for i in mine:
            if _distance(position, values[i]) == nearest:
                owned[i].add(stem(word))
    return owned


def leading_words(text: str, value: Quantity, values: Sequence[Quantity], stopwords: frozenset[str], stem) -> set[str]:
    """The stems of the words that lead to ``value``: from the last of ``values`` before it in its sentence, or the
    sentence's start.

    "Posts are guaranteed against rot for 15 years, and netting and wire for 5 years": a list of values sharing one
    verb gives each its own words this way ("netting", "wire" for the 5 years), where a clause's words
    (:func:`owned_words`) give the later values the whole clause."""
    start = max(text.rfind(c, 0, value.start) for c in ".;!?") + 1
    start = max([start, *(v.end for v in values if v.end <= value.start)])
    return {stem(w) for _, w in words(text[start : value.start]) if w not in stopwords and len(w) > 2}


T = TypeVar("T")


def named_most(options: Sequence[tuple[set[str], T]], claim_words: frozenset[str]) -> T | None:
    """The option whose words the claim says most, and more than any other's; None when it says none, or ties."""
    scored = sorted(((len(own & claim_words), option) for own, option in options), key=lambda n: -n[0])
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1]


def named_alone(own: Sequence[set[str]], claim_words: set[str] | frozenset[str]) -> int | None:
    """The index of the one option whose words the claim says; None when it says none's, or several options'."""
    named = [i for i, words_ in enumerate(own) if words_ & claim_words]
    return named[0] if len(named) == 1 else None


def distinctive(owned: list[set[str]]) -> list[set[str]]:
    """Each value's words that no other value of the text owns."""
    return [w - set().union(*(o for j, o in enumerate(owned) if j != i)) for i, w in enumerate(owned)]


def _distance(position: int, value: Quantity) -> int:
    if position < value.start:
        return value.start - position
    if position >= value.end:
        return position - value.end
    return 0


def moved_to(
    claim_own: set[str],
    unit_text: str,
    unit_values: Sequence,
    agree: Sequence[int],
    lexicon: Lexicon,
    stem,
    skip: Sequence[tuple[int, int]],
    same=lambda a, b: a is b,
) -> int | None:
    """Index of the unit value the claim's words bind its value to, when that is not an agreeing one.

    ``claim_own``: the stems the claim binds its value to; ``agree``: the unit values equal to
    the claim's. None unless the claim's words meet another value's distinctive words and none
    of an agreeing value's (the conservative reading, as in :func:`distinctive`'s use in
    ``compare``). Values are anything with ``start``/``end`` (quantities, dates); ``same``
    tells two readings of one value apart from two values.
    """
    if not agree or len(unit_values) < 2:
        return None
    owned = owned_words(unit_text, unit_values, lexicon, stem, skip)
    # a value written twice (a passage repeating its sentence) is one value: its copies' words
    # are its own, not another value's
    n = len(unit_values)
    group = [min(j for j in range(n) if same(unit_values[i], unit_values[j])) for i in range(n)]
    merged = [set().union(*(owned[j] for j in range(n) if group[j] == group[i])) for i in range(n)]
    own = [merged[i] - set().union(*(merged[j] for j in range(n) if group[j] != group[i])) for i in range(n)]
    if any(claim_own & own[i] for i in agree):
        return None
    agreeing = {group[i] for i in agree}
    return next((i for i in range(len(unit_values)) if group[i] not in agreeing and claim_own & own[i]), None)
