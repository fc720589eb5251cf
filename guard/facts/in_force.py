"""A day on or after the date from which a document applies: "an order placed in June 2074 comes under this contract".

Why: contracts, codes and price lists say from when they apply, with no end ("It applies to orders
placed from 1 March 2074", "These fees and rules apply from 1 April 2074", "The plan starts on 1 March
2074"), and a right answer places a later case under them ("Rainwell's contract governs a gutter order
placed in June 2074", "By April 2074 the plan is already under way"). Compared as a date it was "no
evidence gives the date June 2074": the sentence that holds the opening date is seldom the one the claim
aligns with (that is the title). Here the claim's one date holds when it falls on or after the one opening
date the document states, and the claim places something under the document without saying when the
document starts ("first applies", "from", "the earliest", "before"): a claim about the start itself is
left to the date comparison, so a moved opening date is still caught.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from guard.facts.dates import DateSlot, calendar_day
from guard.facts.hours import date_spans
from guard.facts.quantities import DURATION_HOURS, Quantity
from guard.facts.slots import Slots

__all__ = ["on_or_after_opening", "placed_under_document"]

_DOCUMENT = (
    r"(?:terms|rules|agreement|contract|code|policy|plan|licen[cs]e|conditions|price list|prices|scheme"
    r"|rates|charges|fees|tariffs?)"
)
# the claim places a case under the document: "comes under this agreement", "is done on these terms",
# "Netherby's terms govern ...", "applies to a coat brought in ...", "already under way", "is charged at these
# rates" (a price list's rates, charges and fees are the document)
_GOVERNED = re.compile(
    rf"\b(?:under|on|by)\s+(?:these|this|the|its|their|[A-Z][\w-]*'s?)\s+(?:[\w'-]+\s+){{0,3}}?{_DOCUMENT}\b"
    rf"|\bcharged\s+at\s+(?:these|the|its|their)\s+(?:[\w'-]+\s+){{0,2}}?{_DOCUMENT}\b"
    rf"|\b{_DOCUMENT}\s+(?:[\w'-]+\s+){{0,2}}?(?:governs?|appl(?:y|ies)\s+to|covers?|reach(?:es)?)\b"
    rf"|\b{_DOCUMENT}\s+(?:is|are|was|were)\s+(?:already\s+)?in\s+force\b"
    r"|\b(?:already|still)\s+(?:under\s+way|in\s+force|running)\b",
)
# words that make the claim about the opening itself, or put its case before it or outside it
_ABOUT_THE_START = re.compile(
    r"\b(?:since|first|earliest|start(?:ing)?\s+date|commenc\w*|begins?|began|begun|before|earlier|prior"
    r"|until|till|not|never|no\s+longer|only|onwards?|start(?:s|ed)?\s+to\s+apply)\b|n't",
    re.I,
)
# "applies to items brought in from 1 June 2074": a bound just before the claim's date states the opening
# ("ordered from Aldbrook in August" does not)
_BOUND_BEFORE = re.compile(r"\b(?:from|after|on\s+or\s+after|later\s+than)\s*$", re.I)
# an opening with no end: "apply to orders placed from 1 March 2074", "The plan starts on 1 March 2074"
_OPENS = re.compile(r"\b(?:from|on\s+or\s+after)\s*$", re.I)
_APPLIES = re.compile(r"\b(?:appl(?:y|ies)|cover(?:s|ed)?|govern(?:s|ed)?|in\s+force|takes?\s+effect)\b", re.I)
_NAMES_DOCUMENT = re.compile(rf"\b(?:this|these|the)\s+{_DOCUMENT}\b", re.I)
_STARTS = re.compile(rf"\b{_DOCUMENT}\s+(?:starts?|begins?|runs?)\s+(?:on|from)\s*$", re.I)
_WEEKDAY = re.compile(r"(?:\b(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s*)$", re.I)


def placed_under_document(claim_text: str) -> bool:
    """The claim places a case under the document ("is charged at these rates", "comes under this contract") without
    speaking of when the document starts."""
    return bool(_GOVERNED.search(claim_text)) and not _ABOUT_THE_START.search(claim_text)


def on_or_after_opening(d: DateSlot, claim: Slots, units: Sequence[Slots]) -> str | None:
    """The step, as text, when the claim's only date ``d`` falls on or after the one date from which a unit
    says the document applies; None otherwise."""
    if len(claim.dates) != 1 or d.minutes is not None or d.month is None or d.year is None:
        return None
    if not placed_under_document(claim.text):
        return None
    if _BOUND_BEFORE.search(_WEEKDAY.sub("", claim.text[: d.start].rstrip()).rstrip()):
        return None
    openings = {day for unit in units for day in _openings(unit)}
    if len(openings) != 1:
        return None
    (opening,) = openings
    first = calendar_day(d) or (calendar_day(d.model_copy(update={"day": 1})) if d.day is None else None)
    if first is None or first < opening:
        return None
    return f"{d.surface} is on or after {opening.isoformat()}, from when the document applies"


def _openings(unit: Slots) -> list[date]:
    """The calendar days from which ``unit`` says a document applies, with no end: none when the unit also
    gives an end (a second date joined to the first, or a length: term_ends.py reads those)."""
    days = [e for e in unit.dates if e.minutes is None and None not in (e.day, e.month, e.year)]
    if len(days) != 1 or date_spans(unit.text, days) or any(_is_length(q) for q in unit.quantities):
        return []
    (e,) = days
    before = _WEEKDAY.sub("", unit.text[: e.start].rstrip()).rstrip()
    opens = _OPENS.search(before) and (_APPLIES.search(unit.text) or _NAMES_DOCUMENT.search(unit.text))
    day = calendar_day(e)
    return [day] if day is not None and (opens or _STARTS.search(before)) else []


def _is_length(q: Quantity) -> bool:
    return q.dim == "duration" and q.lo is not None and q.lo >= DURATION_HOURS["day"]
