"""A lead the claim calls enough against the least the document asks for: "telling the clinic 1 day ahead is
early enough" against "tell the clinic at least 3 days before".

Why: letters and terms ask for a lead ("tell the clinic at least 3 days before", "phone the unit at least 5 days
before", "give 48 hours' notice"), and readers ask whether theirs is enough ("Phoning 2 days ahead is soon enough",
"Telling the neighbours 24 hours before the work starts is enough notice"). The claim's lead was looked up as a
value: any "1 day" or "2 days" elsewhere in the document held it, and a longer lead than asked for ("Stopping
laxatives 10 days before is early enough" against "at least 7 days before") was "the evidence gives 7 days". Here
the claim's lead (a duration right before "ahead", "before", "in advance", "beforehand" or "notice", or "the day
before", "on the day") is compared with the lead of the sentence or list item that shares the most of the claim's
words among those asking for one ("at least 3 days before", "7 days before", "48 hours' notice"; not "up to 3 days before"): shorter
is contradicted, as long or longer holds. A claim that denies its lead is enough is left to the other checks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.align import Alignment, unit_slots
from guard.facts.lexicon import Lexicon
from guard.facts.mismatches import contradiction
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity
from guard.facts.slots import Slots, all_stems
from guard.facts.types import SlotKind, SlotMismatch

__all__ = ["lead_kept", "short_notice"]

# the claim calls its lead enough
_ENOUGH = re.compile(
    r"\b(?:early|soon)\s+enough\b|\bin\s+(?:good\s+)?time\b|\benough\s+notice\b|\bnotice\s+enough\b"
    r"|\bis\s+enough\b|\bsuffices\b|\bsufficient\b",
    re.I,
)
_DENIED = re.compile(r"\b(?:not|never|no)\b|n't", re.I)
# a lead: the duration right before these words ("3 days ahead", "48 hours' notice", "a week in advance")
_LEAD_AFTER = re.compile(r"^\s*(?:['’]s?\s*)?(?:ahead|before|beforehand|in\s+advance|earlier|prior|notice)\b", re.I)
# a notice the document asks for: "48 hours' notice"
_NOTICE_AFTER = re.compile(r"^\s*['’]s?\s*notice\b", re.I)
# leads said in words: "the day before" is a day; "on the day", "on the morning of" none
_WORDED = (
    (re.compile(r"\bthe\s+day\s+before\b", re.I), DURATION_HOURS["day"]),
    (re.compile(r"\bon\s+the\s+(?:morning|day)\s+of\b|\bon\s+the\s+day\b", re.I), 0.0),
)


def short_notice(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    """The claim calls a lead enough that is shorter than the lead the unit about its act asks for."""
    leads = _claim_leads(claim)
    # read for every claim: the units are scanned only for a claim that calls a lead enough
    asked = _asked(claim, scored, lexicon) if leads else None
    if asked is None:
        return []
    alignment, limit = asked
    for said, hours in leads:
        if hours < limit.lo:
            explanation = f"the evidence asks for {limit.shown}; {said} is shorter"
            return [contradiction(SlotKind.quantifier, said, limit.shown, alignment.unit, explanation)]
    return []


def lead_kept(q: Quantity, claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> str | None:
    """The step, as text, when ``q`` is a lead the claim calls enough and at least the lead the unit about its act
    asks for; None otherwise."""
    if not any(said == q.shown for said, _ in _claim_leads(claim)):
        return None
    asked = _asked(claim, scored, lexicon)
    if asked is None or q.lo < asked[1].lo:
        return None
    return f"{q.shown} is no shorter than the lead asked for ({asked[1].shown})"


def _claim_leads(claim: Slots) -> list[tuple[str, float]]:
    """(as written, hours) of each lead the claim calls enough."""
    if not _ENOUGH.search(claim.text) or _DENIED.search(claim.text):
        return []
    leads = [
        (q.shown, q.lo) for q in claim.quantities
        if q.dim == "duration" and q.bound is Bound.eq and not q.is_range and _LEAD_AFTER.match(claim.text[q.end :])
    ]
    return leads + [(m.group(0), hours) for pattern, hours in _WORDED for m in pattern.finditer(claim.text)]


def _asked(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> tuple[Alignment, Quantity] | None:
    """The lead asked for by the sentences sharing the most of the claim's words (one at least: the act or its
    object, "pacemaker", "neighbours") among those asking for one; None when none does, or they ask for different
    leads. A sentence, not a unit: an HTML list read as one unit holds several leads, each for its own act."""
    asking = []
    for a in scored:
        slots = unit_slots(a.unit, lexicon)
        for e in slots.quantities:
            if _asks_for(e, slots.text):
                asking.append((len(claim.content & all_stems(_sentence_of(slots.text, e))), a, e))
    best = max((n for n, _, _ in asking), default=0)
    chosen = [(a, e) for n, a, e in asking if n == best]
    if best < 1 or len({e.lo for _, e in chosen}) != 1:
        return None
    return chosen[0]


def _sentence_of(text: str, e: Quantity) -> str:
    """The sentence or list item of ``text`` that holds ``e``."""
    start = max((m.end() for m in _BREAK.finditer(text, 0, e.start)), default=0)
    end = next((m.start() for m in _BREAK.finditer(text, e.end)), len(text))
    return text[start:end]


# where a sentence or a list item ends: a full stop before a space, a semicolon, a list tag, a line break
_BREAK = re.compile(r"[.!?;](?=\s|$)|</?li\b[^>]*>|\n")


def _asks_for(e: Quantity, text: str) -> bool:
    """``e`` is a lead the text asks for at least: "at least 3 days before", "48 hours' notice", "Stop iron tablets
    7 days before the test"."""
    if e.dim != "duration" or e.is_range:
        return False
    after = text[e.end :]
    if _NOTICE_AFTER.match(after):
        return True
    # "Stop iron tablets 7 days before the test": a lead to keep to is the least one; "up to 3 days before" is not
    return e.bound in (Bound.ge, Bound.eq) and _LEAD_AFTER.match(after) is not None
