"""Whether the evidence-first answer may answer a neighbouring question.

The quote is the documents' own text, so verification finds it supported whatever question it
answers: the guard cannot catch its own wrong quote there. What can go wrong is the choice of
unit, and the plan knows when that choice was a close call: another unit of the asked kind,
nearly as good, states another case (another section, lead-in or row) with another value
("carry over up to 5 days" against "entitled to 25 days" for "how much leave"), and no
qualifier of the question picked one over the other. Read from the scored units, never from a
document's wording.

The answer then quotes that rival case too, each under its own citation, and the plan records
the doubt (:attr:`guard.answering.AnswerPlan.doubt`); the pipeline turns it into the
``doubtful_answer`` condition, whose action each profile chooses (by default its own label,
``Policy.doubtful_label``).

A key term of the question missing from the quote was tried as a second sign and left out: on
the golden dev rows it marked 63 right answers for 1 wrong one (the documents word the asker's
terms their own way: "jab" / "vaccine", "kept" / "stays").
"""

from __future__ import annotations

import re

from guard.answering_scoring import ScoredUnit, context_title, has_term
from guard.answering_values import values_by_kind
from guard.verifiers.lexical import words

__all__ = ["CLOSE_RIVAL", "close_rival", "doubt_detail"]

# Score gap under which a rival unit is as likely an answer as the chosen one: the spread
# chosen_units already treats as "nearly as good" (score_unit's scores run about 0 to 1.2).
CLOSE_RIVAL = 0.05

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def close_rival(chosen: list[ScoredUnit], candidates: list[ScoredUnit], terms: list[str]) -> ScoredUnit | None:
    """The candidate outside the answer within CLOSE_RIVAL of the best, from another section or
    lead-in, holding every key term of the question the best holds (``terms``) and stating a
    number no chosen unit states; None when there is none or a qualifier of the question chose
    the best (``fit`` > 0). ``candidates``: the on-topic units of the asked kind that fit the
    question."""
    if not chosen or chosen[0].fit > 0:
        return None
    best = chosen[0]
    held = [t for t in terms if has_term(t, _vocabulary(best))]
    quoted = {(s.unit.passage_id, s.unit.index) for s in chosen}
    stated = {n for s in chosen for n in _NUMBER.findall(s.unit.text)}
    for other in sorted(candidates, key=lambda s: s.score, reverse=True):
        if (other.unit.passage_id, other.unit.index) in quoted or other.misfit or other.fit < 0:
            continue
        if best.score - other.score > CLOSE_RIVAL:
            return None  # best first: no later candidate is closer
        if other.context == best.context or _other_edition(best.context, other.context):
            continue  # a unit under the same heading goes on about the same case
        if not all(has_term(t, _vocabulary(other)) for t in held):
            continue  # less on topic: "one glass of grapefruit juice a day" is no daily dose
        if _another_value(best, other, stated):
            return other
    return None


def _another_value(best: ScoredUnit, other: ScoredUnit, stated: set[str]) -> bool:
    """``other`` states a value of the kind the best states that the answer does not: "25 working
    days" against "5 days", not "within 6 hours" against "40 mg". The best's amounts with a unit
    (mg, ml, EUR) are its answer when it has any, its durations and counts are then conditions
    ("within 2 weeks of the increase"). Where the fact layer reads no such value in the best (a
    clock time, a phone number), the numbers as written are compared."""
    # a number the rival's title holds names the product or document ("Zelorin 20 mg Tablets"),
    # it is no value of a case
    titled = stated | set(_NUMBER.findall(context_title(other.context)))
    own = _kinds(best.unit.text)
    if own:
        theirs = _kinds(other.unit.text)
        return any(
            value not in own[dim] and set(_NUMBER.findall(value)) - titled
            for dim in own.keys() & theirs.keys() for value in theirs[dim]
        )
    # another value both ways: a rival that only adds numbers to the best's ("01632 960 777,
    # from 18:30") restates the same answer
    numbers = set(_NUMBER.findall(other.unit.text))
    return bool(numbers - titled and set(_NUMBER.findall(best.unit.text)) - numbers)


def _kinds(text: str) -> dict[str, frozenset[str]]:
    """The values of ``text`` that can answer, by kind: its amounts with a unit when it has any, else
    its durations, counts and rates; never plain numbers (a code, a phone number, a year)."""
    found = {dim: v for dim, v in values_by_kind(text).items() if dim != "number"}
    amounts = {dim: v for dim, v in found.items() if dim not in _CONDITIONS and not dim.startswith("count:")}
    return amounts or found


_CONDITIONS = frozenset({"duration", "rate"})  # beside an amount, these say when or how often, not how much


def _vocabulary(s: ScoredUnit) -> set[str]:
    return set(words(f"{s.context} {s.unit.text}"))


def _other_edition(context: str, other: str) -> bool:
    """The two units sit in editions of one document (titles and sources equal but for their
    numbers: "policy-2023" / "policy-2025", "version 1.0" / "version 2.0"): the newer one is not
    a neighbouring case of the older, and quoting both would show a superseded value."""
    first, second = context_title(context), context_title(other)
    return first != second and _NUMBER.sub("#", first) == _NUMBER.sub("#", second)


def doubt_detail(rival: ScoredUnit) -> str:
    """What the decision's reason says: the other case the answer also quotes."""
    text = rival.unit.text if len(rival.unit.text) <= 80 else rival.unit.text[:77] + "..."
    return f"which case the question means is unclear: another one, '{text}' [{rival.citation}], is quoted too"
