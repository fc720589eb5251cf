"""Limits and their scope: a claim that breaks, drops or widens a limit the evidence sets.

Why: the evidence often states a rule as a limit ("at least 4 hours between doses", "never
more than 40 mg", "up to two requests in any 12 months") or a restriction ("only with the
budget holder's approval", "unless your doctor decides", "with or without food"). A wrong
claim reuses the rule's words and changes its reach: "give it every hour", "up to 60 mg",
"there is no limit on how many requests", "is always allowed", "must be taken with food".
Slot by slot these are values found in no unit (unsupported at best) or no values at all
(left to the learned judge); set against the limit, they contradict it. Three readings:

- ``broken_limits``: a claim value no unit gives that falls outside a limit on the same
  measure stated by a unit about the claim's topic, or a claim limit that restates it with
  another value;
- ``denied_limits``: a claim saying there is no limit ("no limit", "any number of",
  "unlimited") on something a unit bounds;
- ``widened``: a claim saying "always", "never", "any" where its unit restricts the rule
  ("only", "unless", "except", "as long as");

A duty made of a choice ("with or without food" against "must be taken with food") and a choice made of a duty are
read in choices.py.

The words are English (``_NO_LIMIT``, ``_UNIVERSAL``, ``_RESTRICTION``); another language
adds its own.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from guard.facts.align import Alignment, unit_slots
from guard.facts.clause_parts import sentence_span
from guard.facts.denials import allowed_outside_denial
from guard.facts.elapsed import inside_granted_period, past_granted_period
from guard.facts.kept_limits import kept_to_stated_limit
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, conflicts
from guard.facts.mismatches import contradiction
from guard.facts.polarity import words
from guard.facts.quantities import Bound, Quantity
from guard.facts.slots import Slots, all_stems, stem
from guard.facts.types import SlotKind, SlotMismatch, UnitKind

__all__ = ["always_for_may", "breaks_limit", "broken_limits", "denied_limits", "hours_denied", "rule_units", "widened"]

_UP = (Bound.ge, Bound.gt)
_TOPIC_POOL = 5
_TOPIC_LEXICAL = 0.25  # a unit sharing a quarter of the claim's words speaks of its topic
_RULE_LEXICAL = 0.5


def _about(scored: Sequence[Alignment], floor: float = _TOPIC_LEXICAL) -> list[Alignment]:
    return [a for a in scored[:_TOPIC_POOL] if a.unit.kind is not UnitKind.heading and a.lexical >= floor]


# a unit whose rule the claim may restate: the best one holding half the claim's words, or one of
# the three best whose words and meaning both point to it (as compare's negation check)
_RULE_POOL = 3
_RULE_EVIDENCE = 0.85  # lexical share + cosine


def rule_units(scored: Sequence[Alignment]) -> list[Alignment]:
    out = []
    for i, a in enumerate(scored[:_RULE_POOL]):
        if a.unit.kind is UnitKind.heading:
            continue
        if (i == 0 and a.lexical >= _RULE_LEXICAL) or (
            a.lexical >= _TOPIC_LEXICAL and a.lexical + (a.similarity or 0.0) >= _RULE_EVIDENCE
        ):
            out.append(a)
    return out


def breaks_limit(q: Quantity, e: Quantity) -> bool:
    """The claim value falls outside the evidence's limit or range, or restates the limit otherwise."""
    if not conflicts(q, e):
        return False  # another measure: an age band is no limit on how long a thing lasts
    if e.is_range and e.bound is Bound.eq:
        # a range the evidence allows ("1.5 to 6 bar"): a value or a limit beyond either end breaks it
        return (q.hi > e.hi or q.lo < e.lo) and not accepts(q, e)
    if e.bound is Bound.eq or e.is_range:
        return False
    if q.bound is Bound.eq:
        return not accepts(q, e)
    same_way = (q.bound in _UP) == (e.bound in _UP)
    return same_way and not math.isclose(q.lo, e.lo, rel_tol=1e-6)


def broken_limits(
    claim: Slots, scored: Sequence[Alignment], everywhere: Sequence[Slots], lexicon: Lexicon
) -> list[SlotMismatch]:
    found = []
    for q in claim.quantities:
        if q.period is not None or q.is_range or q.dim == "number" or any(
            accepts(q, e) for s in everywhere for e in s.quantities
        ):
            continue
        read = [(a, unit_slots(a.unit, lexicon)) for a in scored[:_TOPIC_POOL]]
        if (
            inside_granted_period(q, claim, read, lexicon) or past_granted_period(q, claim, read, lexicon)
            or kept_to_stated_limit(q, claim, read, lexicon)
        ):
            # a time after a start inside the period a unit grants (elapsed.py), a value inside a limit a header or a
            # pair of values states (kept_limits.py): held there, not a value to hold to another unit's limit
            continue
        # a frequency limit ("at least 3 hours between puffs") rules the whole passage's use; and a
        # rate is never an arithmetic step's result, so the claim's rate was unsupported at best
        pool = scored[:_TOPIC_POOL] if q.dim == "rate" else _about(scored)
        for a in pool:
            slots = unit_slots(a.unit, lexicon)
            if allowed_outside_denial(q, claim, [(a, slots)], lexicon):
                break  # the limit bounds what the unit denies; the claim's value is outside it (denials.py)
            e = next((e for e in slots.quantities if breaks_limit(q, e)), None)
            if e is None:
                continue
            explanation = f"the evidence sets the limit {e.shown}; {q.shown} breaks it"
            found.append(contradiction(SlotKind.quantifier, q.shown, e.shown, a.unit, explanation))
            break
    return found


_NO_LIMIT = re.compile(
    r"\b(?:no\s+(?:limit|maximum|cap|restriction)s?|unlimited|any\s+number\s+of|"
    r"as\s+(?:many|much)\s+(?:[\w-]+\s+){1,6}?as|as\s+often\s+as)\b",
    re.I,
)


# a length or a value the claim says has no limit: "may take as long as they like to send back corrections",
# "covers all items, whatever their total value"; the count and rate forms are _NO_LIMIT's
_NO_TIME_LIMIT = re.compile(
    r"\b(?:(?:for\s+)?as\s+long\s+as\s+(?:they|you|he|she|it|we)\s+(?:like|likes|want|wants|wish|wishes|need|needs|choose|"
    r"chooses)|no\s+time\s+limit|no\s+deadline)\b",
    re.I,
)
_NO_VALUE_LIMIT = re.compile(
    r"\b(?:whatever|regardless\s+of)\s+(?:their|its|the|his|her|your)\s+(?:total\s+)?(?:value|cost|price|worth)\b", re.I
)
_SHARED = 2  # content words the limit's sentence shares with the claim: its act, not only its party


def denied_limits(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    said = _NO_LIMIT.search(claim.text)
    if said is None:
        return _unlimited_length_or_value(claim, scored, lexicon)
    # any of the best units: the bounded noun must be the claim's own, which ties it to the topic
    for a in scored[:_RULE_POOL]:
        for e in unit_slots(a.unit, lexicon).quantities:
            if e.bound not in (Bound.le, Bound.lt):
                continue
            counted = e.dim.split(":", 1)[1] if e.dim.startswith("count:") else None
            if e.dim != "rate" and not (counted and stem(counted) in claim.content):
                continue
            explanation = f'the evidence sets a limit ({e.shown}); the claim says "{said.group(0)}"'
            return [contradiction(SlotKind.quantifier, said.group(0), e.shown, a.unit, explanation)]
    return []


def _unlimited_length_or_value(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    """A time or an amount the claim leaves open ("as long as they like", "whatever their total value") where a
    best unit bounds one in a sentence about the claim's act ("returns corrections within 14 days", "insures items
    ... up to £500")."""
    time, value = _NO_TIME_LIMIT.search(claim.text), _NO_VALUE_LIMIT.search(claim.text)
    said = time or value
    if said is None or claim.negated:
        return []  # "Never accept vouchers, whatever their value": denied, the open amount widens a ban
    own = claim.content - all_stems(said.group(0))
    for a in scored[:_RULE_POOL]:
        for e in unit_slots(a.unit, lexicon).quantities:
            kind_fits = e.dim == "duration" if time else e.dim.startswith("money")
            if not kind_fits or e.bound not in (Bound.le, Bound.lt):
                continue
            start, end = sentence_span(a.unit.text, e.start)
            if len(all_stems(a.unit.text[start:end]) & own) < _SHARED:
                continue  # a limit on something else the unit says
            explanation = f'the evidence sets a limit ({e.shown}); the claim says "{said.group(0)}"'
            return [contradiction(SlotKind.quantifier, said.group(0), e.shown, a.unit, explanation)]
    return []


_UNIVERSAL = frozenset({"always", "never", "any", "anyone", "anything", "whatever", "regardless", "every"})
_RESTRICTION = re.compile(
    r"\b(?:only|unless|except|provided\s+that|as\s+long\s+as|subject\s+to|at\s+the\s+discretion)\b", re.I
)


def widened(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    """ "always"/"never"/"any" where the unit saying the same words restricts the rule."""
    said = next((w for _, w in words(claim.text) if w in _UNIVERSAL), None)
    if said is None or _RESTRICTION.search(claim.text):
        return []
    for a in rule_units(scored)[:1]:
        restriction = _RESTRICTION.search(a.unit.text)
        if restriction is None or said in {w for _, w in words(a.unit.text)}:
            continue
        given = restriction.group(0)
        explanation = f'the evidence restricts the rule ("{given}"); the claim says "{said}"'
        return [contradiction(SlotKind.quantifier, said, given, a.unit, explanation)]
    return []


# "at any time", "any day of the week", "day or night": the claim says an act has no hours
_ANY_TIME = re.compile(
    r"\b(?:at\s+any\s+time|any\s+time\s+of\s+(?:the\s+)?(?:day|night|week|year)|any\s+day(?:\s+of\s+the\s+week)?|"
    r"any\s+hour|day\s+or\s+night|round\s+the\s+clock|24\s+hours\s+a\s+day|seven\s+days\s+a\s+week)\b",
    re.I,
)
# a unit that gives the act no hours either: it does not restrict the claim's "any time"
_ALL_HOURS = re.compile(r"\b(?:any\s+time|24\s+hours|day\s+or\s+night|round\s+the\s+clock|every\s+day|daily|7\s+days|seven\s+days)\b", re.I)
# hours a unit sets: a time after a word that bounds it ("after 12:00", "until 18:00", "between"),
# two times joined ("08:00 to 18:00"), a run of weekdays ("Monday to Friday", "weekdays only")
_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_HOURS_SET = re.compile(
    rf"\b(?:(?:after|before|until|till|from|between|by|only\s+at)\s+\d{{1,2}}(?::\d{{2}}|\s*[ap]\.?m\b)|"
    rf"\d{{1,2}}[:.]\d{{2}}\s*(?:to|-|–|until)\s*\d{{1,2}}[:.]\d{{2}}|{_DAY}s?\s+(?:to|-|–|and)\s+{_DAY}s?|"
    rf"(?:on\s+)?weekdays|only\s+on\s+{_DAY}s?)",
    re.I,
)
_ACT_SHARED = 2  # content words a unit shares with the claim beyond its time words: the same act


def hours_denied(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    """The claim says an act can happen at any time ("Cats can be collected at any time on a Sunday")
    where a unit about the same act sets hours ("Cats collected after 12:00 are charged for an extra
    night", "on a date you choose from Monday to Friday")."""
    said = _ANY_TIME.search(claim.text)
    if said is None or _RESTRICTION.search(claim.text):
        return []
    time_words = {stem(w) for _, w in words(said.group(0))}
    for a in _about(scored):
        text = a.unit.text
        set_hours = _HOURS_SET.search(text)
        if set_hours is None or _ALL_HOURS.search(text):
            continue
        if len((claim.content - time_words) & unit_slots(a.unit, lexicon).content) < _ACT_SHARED:
            continue
        explanation = f'the evidence sets hours ("{set_hours.group(0)}"); the claim says "{said.group(0)}"'
        return [contradiction(SlotKind.quantifier, said.group(0), set_hours.group(0), a.unit, explanation)]
    return []


# "may", "might", "could": what the unit says can happen, not what always does
_POSSIBLE = frozenset({"may", "might", "could"})


def always_for_may(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    """The claim says something always happens ("A buyer who withdraws after exchange always loses
    their deposit") where the unit that says it says it may ("you may lose your deposit")."""
    claim_words = {w for _, w in words(claim.text)}
    if "always" not in claim_words or claim_words & (_POSSIBLE | {"can", "must", "should"}):
        return []
    for a in rule_units(scored)[:1]:
        unit_words = {w for _, w in words(a.unit.text)}
        possible = unit_words & _POSSIBLE
        if not possible or unit_words & {"always", "must", "will"}:
            continue
        given = sorted(possible)[0]
        explanation = f'the evidence says it "{given}" happen; the claim says "always"'
        return [contradiction(SlotKind.quantifier, "always", given, a.unit, explanation)]
    return []
