"""Whether the documents state the asker's own case at all, or only neighbouring ones.

The evidence-first answer quotes the documents, so verification passes it whatever case it is
about. A question that gives its case as a value ("my 12-year-old", "an 80-year-old", "on grade G6",
"a 60 kg adult") can be answered by a unit silent on cases ("Walk-in flu clinics: every Saturday")
while the same document states the cases it covers, none of them the asker's ("children aged 2 and
3", "Children aged 4 to 10 ... through the school programme", "adults aged 60 and over"): the quote
then answers a neighbouring question. The fit of each unit is the fact readers' own
(:func:`guard.answering_values.case_fit`: ages, age bands, weights, amounts, grade codes); this
module only reads it over the chosen unit's whole document, not over the shortlist the scoring saw.

The plan then refuses and says which cases the documents state, so no profile shows the quote.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel

from guard.answering_scoring import ScoredUnit, context_lead
from guard.answering_values import (
    AGE_CUE,
    asked_case,
    asked_group,
    case_fit,
    names_age_group,
    names_asked_age,
    staff_groups,
)
from guard.facts.types import EvidenceUnit
from guard.verifiers.lexical import words

__all__ = ["CaseGap", "uncovered_case", "unnamed_group"]

# a case the chosen unit names with a number that the range readers do not parse ("children aged 2
# and 3 years"): the unit is not silent on cases, so its silence is no sign
_NAMED_CASE = re.compile(rf"{AGE_CUE}\d", re.IGNORECASE)

# the groups a staff policy states its rules for: a document naming them addresses groups of people
_ADDRESSED = re.compile(r"\b(?:employees?|staff|workers?)\b", re.IGNORECASE)

_SHOWN = 70  # characters of a stated case's unit the refusal quotes


class CaseGap(BaseModel):
    """The asker's case, and the units of the same document that state other cases."""

    asked: str  # as the question writes it: "12-year-old"
    stated: list[str]  # the units stating other cases, shortened

    def missing(self) -> str:
        if not self.stated:
            return f"the documents the answer would quote do not mention '{self.asked}': what they state is for another group"
        cases = "; ".join(f"'{s}'" for s in self.stated)
        return f"the documents state this only for other cases ({cases}), not for '{self.asked}'"


def uncovered_case(
    question: str, chosen: Sequence[ScoredUnit], document: Sequence[tuple[EvidenceUnit, str]]
) -> CaseGap | None:
    """A gap when the question gives its case as a value, no chosen unit states it, and the chosen
    units' document (``document``: its units with their contexts) states only other cases; None
    when the question gives no such case, a unit of the document states it (the choice may then be
    wrong, but the documents do cover the asker), or the document states no case at all."""
    asked = asked_case(question)
    if asked is None or not chosen:
        return None
    if any(_fit(question, s.unit.text, s.context) is not False for s in chosen if _NAMED_CASE.search(s.unit.text)):
        return None  # a chosen unit names a case it may be the asker's
    if any(_fit(question, s.unit.text, s.context) for s in chosen):
        return None
    verdicts = [(u, _fit(question, u.text, ctx)) for u, ctx in document]
    if any(v or _states_asker(question, f"{context_lead(ctx)} {u.text}", v) for (u, v), (_, ctx) in zip(verdicts, document)):
        return None
    others = [u.text for u, v in verdicts if v is False]
    if not others:
        return None
    return CaseGap(asked=asked, stated=[_short(t) for t in dict.fromkeys(others)][:3])


def _states_asker(question: str, text: str, verdict: bool | None) -> bool:
    """A unit the range readers give no verdict on that still states the asker's case: the asker's
    age as a point ("At 14 years:"), or the asker's group with no number ("Adults: the usual dose
    is 20 mg" for a 68-year-old; "children aged 2 and 3" is a numbered case, not the whole group)."""
    if verdict is not None:
        return False
    return names_asked_age(question, text) or (names_age_group(question, text) and not _NAMED_CASE.search(text))


def _fit(question: str, text: str, context: str) -> bool | None:
    # the lead-in a unit sits under ("Children aged 1 to 2 years:") states its case too
    return case_fit(question, f"{context_lead(context)} {text}")


def _short(text: str) -> str:
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def unnamed_group(question: str, document: Sequence[tuple[EvidenceUnit, str]]) -> CaseGap | None:
    """A gap when the question names a group of people ("contractors", "agency workers": the
    fact readers' :func:`guard.answering_values.asked_group` and ``staff_groups``) that the
    document the answer would quote never names: its rule is stated for its own groups (employees
    in grades G1 to G4), not the asker's. Only the group's distinctive word is looked for ("agency",
    not "worker"); None when the question names no group or the document names it."""
    if not document:
        return None
    text = " ".join(f"{ctx} {u.text}" for u, ctx in document)
    if not _ADDRESSED.search(text):
        return None  # a document addressing no staff group ("customers" in a contract template) says nothing of groups
    vocabulary = set(words(text))
    # the modifier of a group, not the second part of a compound ("long-serving employee" is no "serving" group)
    asked = [g.split()[0] for g in staff_groups(question) if not re.search(rf"-{g.split()[0]}\b", question, re.I)]
    group = asked_group(question)
    if group is not None:
        asked.append(group)
    for word in asked:
        if not _names(word.lower(), vocabulary):
            return CaseGap(asked=word, stated=[])
    return None


def _names(word: str, vocabulary: set[str]) -> bool:
    # the word or its plural / singular only: the stem matcher has_term links "contractors" with
    # "contracted hours", a group with no person in it
    singular = word[:-1] if word.endswith("s") else word
    return bool({word, singular, f"{singular}s"} & vocabulary)
