"""An elapsed time the claim places inside a period the evidence grants.

Why: "A pump that fails after 20 months is still covered" against "Tanks are guaranteed for 25
years and pumps for 3 years". The claim's 20 months is how long after the start its event falls,
not the length of anything, so no unit writes it and the slot checks call it unsupported or
contradicted by the 3 years. It holds when the period the evidence grants for the claim's topic
runs at least that long. Read only where the claim says its event still falls inside ("covered",
"still", "valid", "within") and the unit grants the period with "for" ("guaranteed for 3 years",
"valid for 90 days"); the claim's words must name what the period is granted to, more of its words
than of any other period's. A time past the period is left to the slot checks, which find it
differs from the period, unless the claim says what was granted has ended ("so after 8 months it is no longer
there" against "A verbal warning stays on your file for 6 months"): a time past the period then holds.
"""

from __future__ import annotations

import re

from guard.facts.align import Alignment, best_or_strong
from guard.facts.binding import distinctive, leading_words, named_most
from guard.facts.lexicon import Lexicon
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots, stem

__all__ = ["ended_period", "inside_granted_period", "past_granted_period"]

# "18 months after purchase", "45 days later"; "fails after 20 months"
_ELAPSED_AFTER = re.compile(r"\s+(?:after|later)\b", re.I)
_ELAPSED_BEFORE = re.compile(r"\bafter\s+$", re.I)
_INSIDE = re.compile(r"\b(?:covered|covers?|still|within|valid|under\s+(?:guarantee|warranty))\b", re.I)
_GRANTED = re.compile(r"\bfor\s+$", re.I)
# the claim says what was granted has ended: "no longer there", "has expired", "is not covered any more"
_ENDED = re.compile(
    r"\bno\s+longer\b|\bexpired?\b|\bhas\s+(?:run\s+out|ended|lapsed)\b|\bout\s+of\s+(?:guarantee|warranty)\b"
    r"|\bnot\s+(?:\w+\s+){0,2}?(?:covered|valid)\b|\bany\s*more\b",
    re.I,
)


def inside_granted_period(q: Quantity, claim: Slots, held: list[tuple[Alignment, Slots]], lexicon: Lexicon) -> bool:
    """``q``, a time after some start, falls inside the period an aligned unit grants the claim's topic."""
    if claim.negated or not _INSIDE.search(claim.text) or not _is_elapsed(q, claim):
        return False
    period = _granted_period(claim, held, lexicon)
    return period is not None and q.hi <= period.hi


def ended_period(q: Quantity, claim: Slots, held: list[tuple[Alignment, Slots]], lexicon: Lexicon) -> Quantity | None:
    """The period an aligned unit grants the claim's topic, when the claim says what was granted has ended at ``q``, a
    time after some start ("so after 8 months it is no longer there" against "stays on your file for 6 months"). A
    time past the period holds (:func:`past_granted_period`); one still inside it ("A kettle that breaks 18 months
    after purchase is no longer covered" against "guaranteed for 2 years") is contradicted by the caller."""
    if not _ENDED.search(claim.text) or not _is_elapsed(q, claim):
        return None
    return _granted_period(claim, held, lexicon)


def past_granted_period(q: Quantity, claim: Slots, held: list[tuple[Alignment, Slots]], lexicon: Lexicon) -> bool:
    """``q``, a time after some start, falls past the period an aligned unit grants the claim's topic, and the
    claim says that what was granted has ended."""
    period = ended_period(q, claim, held, lexicon)
    return period is not None and q.lo > period.hi


def _is_elapsed(q: Quantity, claim: Slots) -> bool:
    return q.dim == "duration" and q.bound is Bound.eq and not q.is_range and _elapsed(q, claim.text)


def _granted_period(claim: Slots, held: list[tuple[Alignment, Slots]], lexicon: Lexicon) -> Quantity | None:
    """The period an aligned unit grants to what the claim's words name most ("guaranteed for 3 years")."""
    options: list[tuple[set[str], Quantity]] = []  # each granted period with the words that lead to it
    for _, slots in best_or_strong(held):
        durations = [e for e in slots.quantities if e.dim == "duration"]
        leads = distinctive([leading_words(slots.text, e, durations, lexicon.stopwords, stem) - _GRANTING for e in durations])
        options += [(lead, e) for e, lead in zip(durations, leads, strict=True) if _granted(e, slots.text)]
    # none or two periods the claim's words name: "A battery fault" under a battery's and a whole product's guarantee
    return named_most(options, claim.content)


def _elapsed(q: Quantity, text: str) -> bool:
    return bool(_ELAPSED_AFTER.match(text, q.end) or _ELAPSED_BEFORE.search(text[: q.start]))


def _granted(e: Quantity, text: str) -> bool:
    """A period said as how long something lasts: "guaranteed for 3 years", "valid for 90 days"."""
    return e.dim == "duration" and e.bound is Bound.eq and not e.is_range and bool(_GRANTED.search(text[: e.start]))


# the words that grant a period say what it is, not what it is granted to ("Tanks are guaranteed for 25 years and
# pumps for 3 years": only the first period's lead holds the verb)
_GRANTING = frozenset(stem(w) for w in ("guarantee", "guaranteed", "warranty", "valid", "cover", "covered", "lasts"))
