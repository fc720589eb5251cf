"""A total of three or more parts one unit lists: "20 minutes of practice, 15 minutes of
qualifying and a 25-minute race" make "60 minutes on track in all".

:func:`guard.facts.matching.one_step` adds two values; a sentence or a table row often lists
more parts of one whole (the stages of a session, the items of a package), and a correct reader
who says "in all" or "altogether" adds them. The step holds when the claim says it totals
(a combination word, or "in all"), the parts are consecutive values of the claim value's kind in
one unit the claim is about, and their sum equals the claim value.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from guard.facts.derivation import most_shared
from guard.facts.lexicon import Lexicon
from guard.facts.polarity import words
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots

__all__ = ["listed_total", "says_total"]

_IN_ALL = re.compile(r"\bin\s+all\b", re.I)
MIN_PARTS = 3


def listed_total(q: Quantity, claim: Slots, near: Sequence[Slots], lexicon: Lexicon) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step "<a> + <b> + <c> = <q>" over consecutive values of one unit, with them as operands."""
    if q.bound is not Bound.eq or q.is_range or q.per is not None or q.dim == "rate":
        return None
    if not says_total(claim, lexicon):
        return None
    for unit in most_shared(claim, [u for u in near if _parts(q, u)]):
        parts = _parts(q, unit)
        for i in range(len(parts)):
            for j in range(i + MIN_PARTS, len(parts) + 1):
                run = parts[i:j]
                if math.isclose(sum(e.lo for e in run), q.lo, rel_tol=1e-6, abs_tol=1e-9):
                    shown = " + ".join(e.surface for e in run)
                    return f"{shown} = {q.surface}", tuple(run)
    return None


def says_total(claim: Slots, lexicon: Lexicon) -> bool:
    """The claim says its value is a total: a combination word ("altogether", "together") or "in all"."""
    return bool({w for _, w in words(claim.text)} & lexicon.combination_words or _IN_ALL.search(claim.text))


def _parts(q: Quantity, unit: Slots) -> list[Quantity]:
    return [
        e for e in unit.quantities
        if e.dim == q.dim and e.bound is Bound.eq and not e.is_range and e.per is None and e.period is None and e.lo > 0
    ]
