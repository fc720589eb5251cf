"""When one arithmetic step over the evidence may support a claim value.

:mod:`guard.facts.inference` and :func:`guard.facts.matching.one_step` find the steps; this
module holds which values a step may combine (:func:`step_pool`) and whether the claim may rest
on the step it found (:func:`licensed`, :func:`one_record`, :func:`shared_record`, :func:`capped`,
:func:`further_step`). An unlicensed step is over-inference, named in the mismatch.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from guard.facts.align import Alignment
from guard.facts.inference import date_span, equal_parts, regimen_total, repetitions, time_span, year_span
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, gives, same_kind, same_number
from guard.facts.polarity import words
from guard.facts.premises import from_frequency
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots

__all__ = ["TOTAL_WORDS", "capped", "further_step", "licensed", "one_record", "shared_record", "step_pool"]


def step_pool(held: list[tuple[Alignment, Slots]], accepted: list[Quantity]) -> list[Quantity]:
    """Values one arithmetic step may combine: the best units' and the claim's own supported ones.

    Rates ("every 4 hours") are not values to add or multiply. The count inside a frequency
    ("4 times in 24 hours") joins only for a claim amount over a period ("30 ml in 24 hours"),
    from any unit: "7.5 ml x 4 times" licenses a daily total, never a single dose of 30 ml.
    """
    pool = [e for _, slots in held for e in slots.quantities if e.dim != "rate" and not from_frequency(e)]
    pool += [q for q in accepted if q.dim != "rate"]
    # a rate per a noun is also its amount for one ("£245 per pupil" is what one pupil pays)
    return pool + [_numerator(e) for e in pool if e.per is not None]


def _numerator(rate: Quantity) -> Quantity:
    per = rate.per or 1.0
    amount = _PER_WORDS.split(rate.surface, maxsplit=1)[0]
    return rate.model_copy(
        update={"dim": rate.dim.split("/", 1)[0], "lo": rate.lo * per, "hi": rate.hi * per, "per": None,
                "scale": rate.scale * per, "surface": amount, "end": rate.start + len(amount)}
    )


_PER_WORDS = re.compile(r"\s*/\s*|\s+(?:per|for\s+each|for\s+every|each|every|an?)\s+", re.I)


def licensed(q: Quantity, claim: Slots, x: Quantity, y: Quantity, lexicon: Lexicon, stated: bool) -> bool:
    """An arithmetic step counts when the claim says it combines values, or the step is plain.

    Said: it names both operands ("10 ml x 4 doses = 40 ml"), gives a total over a period ("30 ml
    in 24 hours"), or uses a word or sign of combination ("together", "in total", "+", "=").
    Plain: it names one operand and the result ("two nights ... up to £360": the claim supplies
    the multiplier, the evidence the rate), or it adds or subtracts two amounts of the claim's own
    kind ("£245 - £95 = £150"): a wrong value taken from another row rarely equals the sum or
    difference of two stated amounts, while a correct reader's answer often does. The plain
    licence is withheld when the claim's value is itself written somewhere in the evidence
    ("2.5 ml" for a 3-year-old = 7.5 ml - 5 ml, but 2.5 ml is the 3 to 6 months row): a value
    copied from elsewhere is a misbinding, and the step a coincidence.
    """
    if q.period is not None or _share_as_count(q, x, y):
        return True
    named = [_in_claim(x, claim), _in_claim(y, claim)]
    if all(named):
        return True
    if stated:
        pass
    elif any(named):
        return True
    elif (
        x.dim == y.dim == q.dim and q.dim != "number" and not q.dim.startswith("count:")
        and q.bound is Bound.eq and x.bound is Bound.eq and y.bound is Bound.eq
    ):
        # a plain sum or difference; a bounded claim restates a limit, which two amounts added by
        # chance do not make ("within 6 weeks" is not 2 + 4 weeks), and two limits are no amounts to
        # add ("at least 6 weeks" + "less than 14 days" is not 8 weeks)
        return True
    present = {w for _, w in words(claim.text)}
    return (
        bool(present & lexicon.combination_words)
        or any(sign in claim.text for sign in ("+", "×", "="))
        or _COMBINED.search(claim.text) is not None
        or _whole_of(q, claim, x, y)
    )


def _whole_of(q: Quantity, claim: Slots, x: Quantity, y: Quantity) -> bool:
    """The claim gives its value for the whole of something ("eight hours of coaching over the whole course" of
    "Four sessions of 2 hours each"), and the value is the sum or the product of the two: a share or a difference is
    no whole ("A party of 14 can charter the whole boat" is not £420 / £30)."""
    if not _WHOLE.search(claim.text):
        return False
    return any(math.isclose(v, q.lo, rel_tol=1e-6) for v in (x.lo + y.lo, x.lo * y.lo))


_WHOLE = re.compile(r"\b(?:the|a|its|their|his|her)\s+(?:whole|entire)\b", re.I)


def _share_as_count(q: Quantity, x: Quantity, y: Quantity) -> bool:
    """A share of a stated whole, restated as a round count ("83% of them were women" of 612:
    "just over 500 were women"). Why licensed: it is one fact said in other numbers, not two facts
    combined; only a hedged figure (the count a reader rounds to), since an exact count a wrong
    claim took from elsewhere may meet a share by chance."""
    return q.approx and x.dim == "percent" and q.dim != "percent" and same_kind(y.dim, q.dim) and gives(
        x.lo * y.lo / 100, q
    )


# phrases that say a value combines others: a total ("in all", "including the fee", "£84 between them", "adds up
# to 12 hours"), a ratio ("four times as long as", "five times the output of"), or a
# comparison whose value is the difference ("88 more pixels ... than", "£2.40 cheaper than"); a
# bound ("more than 3 days") is no comparison: a word must stand between "more" and "than"
_COMBINED = re.compile(
    r"\b(?:in\s+all|all\s+told|including|includes|on\s+top\s+of)\b|\btimes\s+(?:as|more|the)\b"
    r"|\bbetween\s+(?:them|the\s+two|us)\b|\b(?:adds?|added|adding)\s+up\s+to\b"
    r"|\b(?:more|fewer|less|longer|shorter|older|younger|greater)\s+(?!than\b)[a-z]+\b[^.;]{0,60}?\bthan\b"
    r"|\b(?:cheaper|dearer|costlier|higher|lower|bigger|smaller|heavier|lighter|earlier|later|faster|slower)\s+than\b",
    re.I,
)


def one_record(q: Quantity, x: Quantity, y: Quantity, held: list[tuple[Alignment, Slots]]) -> bool:
    """Both operands of a plain sum or difference come from the best-aligned unit, and are of the
    claim's kind. Why apart from ``licensed``: accepting every refused step whose value is written
    nowhere lost false claims on dev and val (docs/FACTS.md); two values of the one record the
    claim is aligned to are what a reader subtracts, while values of different units pair by chance."""
    if not held or q.bound is not Bound.eq or q.period is not None or x.per is not None or y.per is not None:
        return False
    if not (same_kind(x.dim, q.dim) and same_kind(y.dim, q.dim)):
        return False
    if not (_near_sum(x, y, q)):
        return False
    values = held[0][1].quantities
    return any(x is e for e in values) and any(y is e for e in values)


def shared_record(q: Quantity, claim: Slots, x: Quantity, y: Quantity, held: list[tuple[Alignment, Slots]]) -> bool:
    """A total of the best-aligned unit shared out over a count of that unit or of the claim ("Length: 8
    weekly sessions | Fee: £60 for the course": £7.50 a session; "for a group of 12" of a £600 day: £50 a
    person), when the claim gives its value per item (a rate, "each", "works out at"). Why apart from
    ``licensed``: a total of one row and a count of another divide by chance, as wrong-row answers do."""
    if not held or q.bound is not Bound.eq or x.per is not None or y.per is not None or not y.lo:
        return False
    if not gives(x.lo / y.lo, q) or (q.per is None and not _PER_ITEM.search(claim.text)):
        return False
    record = held[0][1].quantities
    return any(x is e for e in record) and (any(y is e for e in record) or _in_claim(y, claim))


# words that give a value as what one item comes to: "£35 each", "works out at £7.50 a session"
_PER_ITEM = re.compile(r"\b(?:each|apiece|works?\s+out|worked\s+out)\b", re.I)


def _near_sum(x: Quantity, y: Quantity, q: Quantity) -> bool:
    return math.isclose(x.lo + y.lo, q.lo, rel_tol=5e-3) or math.isclose(abs(x.lo - y.lo), q.lo, rel_tol=5e-3)


def capped(q: Quantity, found: tuple[str, Quantity, Quantity], near: Sequence[Slots]) -> bool:
    """A product of a rate that the rate's own unit caps below the claim ("1 week for each year,
    up to a maximum of 12 weeks": 15 years do not give 15 weeks)."""
    if found[1].per is None:
        return False
    for slots in near:
        if not any(e is found[1] for e in slots.quantities):
            continue
        limits = [e for e in slots.quantities if e.dim == q.dim and e.bound is not Bound.eq]
        if any(not accepts(q, e) for e in limits):
            return True
    return False


def _in_claim(operand: Quantity, claim: Slots) -> bool:
    """The claim writes this operand itself (same value and kind; the pool may hold the unit's copy)."""
    return any(operand is q or (same_number(q, operand) and q.bound is operand.bound) for q in claim.quantities)


def further_step(q: Quantity, claim: Slots, near: Sequence[Slots], lexicon: Lexicon, stated: bool) -> str | None:
    """A regimen total, a span of years or two equal parts (inference.py), when the claim may rest on it.

    A value the evidence writes somewhere is read as copied, not derived (as in :func:`licensed`); a
    regimen total or two equal parts must be said to be a total ("in total", "a day", "course",
    or a period on the value); a span between two years of one unit is its own licence.
    """
    if stated:
        return None
    values = [s.quantities for s in near]
    said = (
        q.period is not None
        or bool({w for _, w in words(claim.text)} & (lexicon.combination_words | TOTAL_WORDS))
        or bool(_TOTAL_SAID.search(claim.text))
    )
    if said:
        ceiling = q.bound is Bound.le or bool(_CEILING.search(claim.text))
        repeats = [[e for e in s.quantities if repetitions(e, s.text)] for s in near]
        found = regimen_total(q, values, ceiling=ceiling, repeats=repeats) or equal_parts(q, values)
        if found:
            return found
    # both years (or dates) from one unit: dates from different sentences pair by chance
    spans = (year_span, date_span, time_span)
    found = next((found for s in near for span in spans if (found := span(q, s.dates))), None)
    if found or not _RELATES_DATES.search(claim.text):
        return found
    # unless the claim says the duration runs from one dated event to another ("decisions come four
    # weeks after the abstract deadline"): the two rows of a key-dates table are then its operands
    return date_span(q, [d for s in near for d in s.dates if d.day is not None])


# a duration said to separate two events: "six weeks after", "three weeks before", "later than"
_RELATES_DATES = re.compile(r"\b(?:after|before|later|earlier|until|till|between)\b", re.I)


# words that say a claim's value is the most there may be: "At most Mrs Rutherford takes 1,200 mg", "can take as many as
# eight", "could reach 4 g", "can total 600 mg ... but no more", "the ceiling is 40 mg"
_CEILING = re.compile(
    r"\b(?:at\s+most|the\s+most|as\s+(?:many|much)\s+as|up\s+to|no\s+more\s+than|not\s+more\s+than|maximum|ceiling"
    r"|(?:can|could|may)\s+(?:reach|total|come\s+to|add\s+up\s+to))\b",
    re.I,
)


# words that say a value is a total over a regimen: "a full course", "a day", "daily"
TOTAL_WORDS = frozenset({"course", "daily", "day", "adds", "add"})
# phrases that say it: "5,600 mg in all", "all told", "30 ml of the suspension in 24 hours" (a day's total)
_TOTAL_SAID = re.compile(r"\b(?:in\s+all|all\s+told|in\s+(?:24|twenty-four)\s+hours)\b", re.I)
