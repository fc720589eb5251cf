"""The line beside the chosen unit that states the asker's case, quoted with it.

A table row or list item answers for the case it states; the line beside the table or list often
states the asker's own case and changes the answer: "Children under 16: each vaccine dose costs half
the adult price" under a price table whose rows are adult prices, "Vaccinations for babies and
children are given ... on Tuesdays and Thursdays from 14:00 to 17:00" above a schedule list, "If your
child has missed a vaccination, it is not too late: book a catch-up appointment" below it. Quoted
without that line, the row answers for another case (the adult price for a 10-year-old).

So, once the units are chosen, a unit of the passage they come from is added (cited) when it qualifies
them for the asker's case and the chosen units do not already state that case:

- it states the asker's value case: the age, weight, amount or grade the question gives falls in a
  band the unit states ("Children under 16" for a 10-year-old, "grades G5 and above" for a G5);
- it names the group the asker says they belong to ("I'm a driver": "It does not apply to ...
  drivers");
- it opens with a condition that holds a term of the question ("If your child has missed a
  vaccination, ..." for "My 3-year-old missed the booster");
- the chosen units give no value of the asked kind, and it does, for the asker's patient group
  ("babies and children" for a 12-year-old: the days and hours of the baby clinic).

A unit about another case than the asker's (qualifier misfit) is never added; one line at most.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.answering_scoring import ScoredUnit, context_lead, has_term, is_fragment, unit_contexts
from guard.answering_values import AskedValue, holds_asked_case, holds_value, names_asker_group, qualifier_fit
from guard.facts.types import EvidenceUnit, UnitKind
from guard.verifiers.lexical import words

__all__ = ["asker_group", "case_line"]


def case_line(
    question: str, terms: Sequence[str], asked: AskedValue | None, chosen: Sequence[ScoredUnit],
    units: Sequence[EvidenceUnit], number: dict[str, int], titles: dict[str, str], sources: dict[str, str],
) -> ScoredUnit | None:
    """The unit beside the chosen units that qualifies them for the asker's case, or None. Beside: in
    their passage, or, for a unit stating the asker's value or named group (a strong sign), in another
    retrieved section of their document (``sources`` maps a passage id to its document)."""
    if not chosen:
        return None
    passages = {s.unit.passage_id for s in chosen}
    documents = {sources[pid] for pid in passages}
    own = sorted(
        (u for u in units if sources.get(u.passage_id) in documents),
        key=lambda u: (u.passage_id not in passages, number[u.passage_id], u.index),
    )
    contexts = unit_contexts(own, titles)
    taken = {(s.unit.passage_id, s.unit.index) for s in chosen}
    stated = [_placed(s.unit, s.context) for s in chosen]
    for unit in own:
        text = unit.text
        placed = _placed(unit, contexts[(unit.passage_id, unit.index)])
        if (unit.passage_id, unit.index) in taken or is_fragment(unit) or unit.kind is UnitKind.heading:
            continue
        if qualifier_fit(question, placed).misfit:
            continue
        beside = unit.passage_id in passages
        if not _qualifies(question, terms, asked, chosen, stated, placed, beside=beside):
            continue
        return ScoredUnit(
            unit=unit, citation=number[unit.passage_id], score=0.0, covered=0.0,
            has_type=holds_value(asked, text, question), context=contexts[(unit.passage_id, unit.index)],
        )
    return None


def _placed(unit: EvidenceUnit, context: str) -> str:
    """A list item with its lead-in ("At 1 year: Trimmuna, dose 1"); a sentence after a list is not
    under the list's lead-in, so it is read alone."""
    return f"{context_lead(context)} {unit.text}" if unit.kind is UnitKind.list_item else unit.text


def _qualifies(
    question: str, terms: Sequence[str], asked: AskedValue | None, chosen: Sequence[ScoredUnit],
    stated: list[str], placed: str, *, beside: bool,
) -> bool:
    """One of the four ways a unit states the asker's case that the chosen units leave out; the last
    two only for a unit of the chosen units' own passage."""
    if holds_asked_case(question, placed):
        return not any(holds_asked_case(question, s) for s in stated)
    group = asker_group(question)
    if group is not None and _names(group, placed):
        return not any(_names(group, s) for s in stated)
    if not beside:
        return False
    condition = _CONDITION.match(placed.lstrip("*_ "))
    if condition is not None:
        # a term the chosen units or their titles hold is the topic ("vaccination" in the schedule's
        # title), not the asker's condition ("missed")
        said = set(words(" ".join([*stated, *(s.context for s in chosen)])))
        clause = set(words(condition.group(0)))
        return any(has_term(t, clause) and not has_term(t, said) for t in terms)
    if asked is not None and asked.needs_value and not any(s.has_type for s in chosen):
        return names_asker_group(question, placed) and holds_value(asked, placed, question)
    return False


# a unit that opens with the case it is for ("If your child has missed a vaccination, ..."), as
# answering_compose reads a sentence with a case of its own
_CONDITION = re.compile(r"\s*(?:if|when|unless|once|while|in case of)\b[^,.;:]{1,80},", re.IGNORECASE)

# "I'm a driver at Altamira", "I am an office manager": the group the asker says they belong to
_SELF_GROUP = re.compile(
    r"\bI(?:'m| am) an? ((?:[a-z-]+ ){0,2}?[a-z]{3,})(?= at\b| in\b| on\b| for\b| with\b| and\b|\s*[.,?!]|$)"
)
# heads that say no more than "a person": every policy names them
_PLAIN_HEADS = frozenset("person worker employee member patient parent customer user staff".split())


def asker_group(question: str) -> str | None:
    """The head noun of the group the asker says they belong to ("I'm a driver" -> "driver"), or None."""
    m = _SELF_GROUP.search(question)
    if m is None:
        return None
    head = m.group(1).split()[-1].lower()
    return None if head in _PLAIN_HEADS else head


def _names(group: str, text: str) -> bool:
    return bool(re.search(rf"\b{re.escape(group)}s?\b", text, re.IGNORECASE))
