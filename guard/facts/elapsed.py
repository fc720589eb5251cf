"""An elapsed time the claim places inside a period the evidence grants.

Why: "A pump that fails after 20 months is still covered" against "Tanks are guaranteed for 25
years and pumps for 3 years". The claim's 20 months is how long after the start its event falls,
not the length of anything, so no unit writes it and the slot checks call it unsupported or
contradicted by the 3 years. It holds when the period the evidence grants for the claim's topic
runs at least that long. Read only where the claim says its event still falls inside ("covered",
"still", "valid", "within") and the unit grants the period with "for" ("guaranteed for 3 years",
"valid for 90 days"); the claim's words must name what the period is granted to, more of its words
than of any other period's. A time past the period is left to the slot checks, which find it
differs from the period.
"""

from __future__ import annotations

import re

from guard.facts.align import Alignment
from guard.facts.binding import distinctive
from guard.facts.lexicon import Lexicon
from guard.facts.polarity import words
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots, stem

__all__ = ["inside_granted_period"]

# "18 months after purchase", "45 days later"; "fails after 20 months"
_ELAPSED_AFTER = re.compile(r"\s+(?:after|later)\b", re.I)
_ELAPSED_BEFORE = re.compile(r"\bafter\s+$", re.I)
_INSIDE = re.compile(r"\b(?:covered|covers?|still|within|valid|under\s+(?:guarantee|warranty))\b", re.I)
_GRANTED = re.compile(r"\bfor\s+$", re.I)


def inside_granted_period(q: Quantity, claim: Slots, held: list[tuple[Alignment, Slots]], lexicon: Lexicon) -> bool:
    """``q``, a time after some start, falls inside the period an aligned unit grants the claim's topic."""
    if q.dim != "duration" or q.bound is not Bound.eq or q.is_range or claim.negated or not _elapsed(q, claim.text):
        return False
    if not _INSIDE.search(claim.text):
        return False
    named: list[tuple[int, Quantity]] = []  # each granted period with how many of its lead words the claim says
    for _, slots in held[:1] + [(a, s) for a, s in held[1:] if a.strong]:
        durations = [e for e in slots.quantities if e.dim == "duration"]
        leads = distinctive([_lead_words(slots.text, durations, i, lexicon) for i in range(len(durations))])
        named += [(len(lead & claim.content), e) for e, lead in zip(durations, leads, strict=True) if _granted(e, slots.text)]
    named.sort(key=lambda n: -n[0])
    if not named or named[0][0] == 0 or (len(named) > 1 and named[1][0] == named[0][0]):
        return False  # no period, or none or two the claim's words name ("A battery fault" under a battery's and a
        # whole product's guarantee)
    return q.hi <= named[0][1].hi


def _elapsed(q: Quantity, text: str) -> bool:
    return bool(_ELAPSED_AFTER.match(text, q.end) or _ELAPSED_BEFORE.search(text[: q.start]))


def _granted(e: Quantity, text: str) -> bool:
    """A period said as how long something lasts: "guaranteed for 3 years", "valid for 90 days"."""
    return e.dim == "duration" and e.bound is Bound.eq and not e.is_range and bool(_GRANTED.search(text[: e.start]))


def _lead_words(text: str, durations: list[Quantity], i: int, lexicon: Lexicon) -> set[str]:
    """The words that lead to the i-th duration: from the one before it in its sentence, or the sentence's start.

    "Posts are guaranteed against rot for 15 years, and netting and wire for 5 years": a list of periods shares its
    verb, so each period's own words are the ones between it and the period before (a clause's words, binding.py's
    reading, give the second period the whole clause)."""
    here = durations[i].start
    start = max(text.rfind(c, 0, here) for c in ".;!?") + 1
    if i and durations[i - 1].end > start:
        start = durations[i - 1].end
    lead = {stem(w) for _, w in words(text[start:here]) if w not in lexicon.stopwords and len(w) > 2}
    return lead - _GRANTING


# the words that grant a period say what it is, not what it is granted to ("Tanks are guaranteed for 25 years and
# pumps for 3 years": only the first period's lead holds the verb)
_GRANTING = frozenset(stem(w) for w in ("guarantee", "guaranteed", "warranty", "valid", "cover", "covered", "lasts"))
