"""Evidence-first answering: find the unit that answers the question, and answer with it.

A 135M model rarely writes the fact it was given; the evidence usually holds it verbatim.
So before (or instead of) free generation, this stage reads the question's type (a quantity
for "how much / how many", a date or time for "when", a name for "who", yes/no for "can /
does / is"), scores every evidence unit of the retrieved passages for that question
(embedding similarity, the question's key terms found in the unit or its passage, a value
of the asked type in the unit, an age or amount that falls in the unit's range), and
builds the answer from the best unit(s), quoted with their citation. A unit is text the
documents contain, so the answer cannot carry a number the documents do not.

Answerability is decided from the evidence, not from the retrieval score alone: a key term
of the question found in no retrieved passage ("pet insurance", "half-life"), or a best
unit that has no value of the asked type (a "how many" question whose best unit has no
number), is a refusal that says what was looked for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum

import numpy as np
from pydantic import BaseModel, Field

from guard.facts.types import EvidenceUnit, UnitKind
from guard.verifiers.lexical import content_words, words
from retrievers.types import Passage

__all__ = [
    "AnswerPlan",
    "QuestionType",
    "ScoredUnit",
    "classify_question",
    "plan_answer",
    "plan_from_passages",
]


class QuestionType(str, Enum):
    quantity = "quantity"  # how much / how many / what dose / what percentage
    duration = "duration"  # how long
    frequency = "frequency"  # how often
    time = "time"  # when / what time / what date / until when
    person = "person"  # who / whom
    place = "place"  # where
    yes_no = "yes_no"  # can / does / is / should ...
    other = "other"


class ScoredUnit(BaseModel):
    unit: EvidenceUnit
    citation: int  # 1-based passage number, as the answer cites it
    score: float
    covered: float  # share of the question's key terms found in the unit or its passage
    has_type: bool  # the unit holds a value of the asked type


class AnswerPlan(BaseModel):
    """What evidence-first answering found: the answer, or why there is none."""

    question_type: QuestionType
    key_terms: list[str]
    units: list[ScoredUnit] = Field(default_factory=list)  # chosen, best first
    answerable: bool
    missing: str | None = None  # what was looked for and not found
    answer: str = ""


_LEADS: list[tuple[re.Pattern[str], QuestionType]] = [
    (re.compile(r"\bhow (?:long|many (?:days|weeks|months|years|hours|minutes))\b"), QuestionType.duration),
    (re.compile(r"\bhow often\b|\bhow frequently\b|\bhow many times\b"), QuestionType.frequency),
    (re.compile(r"\bhow (?:much|many|old|far|big|high|large)\b|\bwhat (?:is the )?(?:dose|amount|percentage|"
                r"price|cost|fee|limit|maximum|minimum|number|rate|allowance)\b|\bwhat (?:\w+ ){0,3}(?:dose|"
                r"amount|percentage|price|cost|fee|limit|allowance)\b"), QuestionType.quantity),
    (re.compile(r"^\s*(?:when|until when|by when)\b|\bwhat (?:time|date|day|days|hours)\b|\bopening hours\b|"
                r"\bwhich (?:day|date|month|year)\b|\bdeadline\b"), QuestionType.time),
    (re.compile(r"^\s*(?:who|whom|whose)\b|\bwho (?:is|are|should|must|can|approves|decides)\b"), QuestionType.person),
    (re.compile(r"^\s*where\b"), QuestionType.place),
    (re.compile(r"^\s*(?:(?:and|so|but)\s+)?(?:i am [^.?]*\.\s*)?(?:can|could|does|do|did|is|are|was|were|should|"
                r"may|must|will|would|am|has|have)\b"), QuestionType.yes_no),
]

# Words a question uses that say nothing about which fact it wants.
_GENERIC = frozenset(
    "much many long often usual normal give take get use need want know tell please like would could "
    "allowed allow able one person someone anyone kind type way also still exactly really current "
    "currently time day make made happen happens apply applies available doe offer having refer son "
    "child year old far advance right later shortly coming forgot usually quickly daily dosed".split()
)
# Words that name the kind of value asked for, and how the documents write such a value:
# "minimum length" is answered by "at least 14 characters".
_CONCEPTS: dict[str, re.Pattern[str]] = {
    "minimum": re.compile(r"\bat least\b|\bminimum\b|\bmin\b|\bno fewer\b", re.I),
    "maximum": re.compile(r"\bat most\b|\bup to\b|\bno more than\b|\bmaximum\b|\bmax\b", re.I),
    "deadline": re.compile(r"\bwithin\b|\bby\b|\bbefore\b|\bno later than\b|\bdeadline\b", re.I),
    "spending": re.compile(r"[£€$]|\beur\b|\bgbp\b|\blimit\b", re.I),
    "phone": re.compile(r"\bphone\b|\btelephone\b|\bcall\b", re.I),
    "cost": re.compile(r"[£€$]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:eur|gbp|usd)\b|\bfree\b|\bno charge\b", re.I),
    "price": re.compile(r"[£€$]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:eur|gbp|usd)\b|\bfree\b", re.I),
    "fee": re.compile(r"[£€$]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:eur|gbp|usd)\b|\bfree\b", re.I),
    "percentage": re.compile(r"%|\bper ?cent\b", re.I),
}
_NUMBER = re.compile(r"\d")
_MONTHS = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b(?:monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday|weekday|weekend|daily|weekly|monthly|annually|noon|midnight)\b|"
    r"\d{1,2}[:.]\d{2}|\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{4}\b|\b\d{1,2} ?(?:am|pm|a\.m\.|p\.m\.)",
    re.IGNORECASE,
)
_FREQUENCY = re.compile(
    r"\b(?:once|twice|times?|every|each|per|daily|weekly|monthly|hourly|a day|a week|a month|a year)\b",
    re.IGNORECASE,
)
_DURATION = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:-\s*)?(?:minutes?|hours?|days?|weeks?|months?|years?)\b|"
                       r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?:minutes?|hours?|"
                       r"days?|weeks?|months?|years?)\b", re.IGNORECASE)
_ROLE = re.compile(r"\b(?:manager|director|officer|team|department|doctor|nurse|pharmacist|gp|hr|committee|"
                   r"board|head|lead|supervisor|employee|reviewer|administrator|desk|service|line)\b",
                   re.IGNORECASE)
_AGE = re.compile(r"\b(\d+(?:\.\d+)?)[- ](year|month|week)s?[- ]old\b|\baged? (\d+(?:\.\d+)?) ?(year|month|week)?",
                  re.IGNORECASE)
_RANGE = re.compile(r"(\d+(?:\.\d+)?)\s*(?:to|-|–)\s*(\d+(?:\.\d+)?)\s*(year|month|week)s?", re.IGNORECASE)
_UNDER = re.compile(r"\b(?:under|below|younger than|less than)\s+(\d+(?:\.\d+)?)\s*(year|month|week)s?",
                    re.IGNORECASE)
_OVER = re.compile(r"\b(\d+(?:\.\d+)?)\s*(year|month|week)s?\s*(?:and|or)\s*(?:over|older|above)\b|"
                   r"\b(?:over|older than|above)\s+(\d+(?:\.\d+)?)\s*(year|month|week)s?", re.IGNORECASE)
_IN_MONTHS = {"year": 12.0, "month": 1.0, "week": 12.0 / 52.0}


def classify_question(question: str) -> QuestionType:
    """The kind of value the question asks for, read from its wording."""
    text = question.strip().lower()
    for pattern, kind in _LEADS:
        if pattern.search(text):
            return kind
    return QuestionType.other


def key_terms(question: str) -> list[str]:
    """The question's content words that name what it is about (not how it asks)."""
    return [
        w for w in dict.fromkeys(content_words(question))
        if w not in _GENERIC and not w.isdigit() and not w.endswith(("ly", "ing")) and w.isascii()
    ]


def plan_answer(
    question: str,
    passages: Sequence[Passage],
    units: Sequence[EvidenceUnit],
    similarities: Sequence[float],
    *,
    min_coverage: float = 0.75,
    min_score: float = 0.35,
) -> AnswerPlan:
    """Choose the unit(s) that answer ``question`` and build the answer, or say what is missing.

    ``similarities[i]`` is the cosine between the question and ``units[i].text`` (the caller
    owns the embedder). Passages are numbered as the answer cites them: passage ``n`` is
    ``passages[n-1]``.
    """
    kind = classify_question(question)
    terms = key_terms(question)
    number = {p.id: i for i, p in enumerate(passages, start=1)}
    passage_words = {p.id: set(words(f"{p.title or ''} {p.source} {p.text}")) for p in passages}
    absent = [t for t in terms if not _found(t, passages, passage_words)]
    scored = [
        _score(question, kind, terms, unit, sim, number[unit.passage_id], passage_words[unit.passage_id])
        for unit, sim in zip(units, similarities, strict=True)
        if unit.passage_id in number
    ]
    scored.sort(key=lambda s: s.score, reverse=True)
    plan = AnswerPlan(question_type=kind, key_terms=terms, answerable=False)
    if absent:
        plan.missing = f"the documents do not mention {_listing(absent)}"
        return plan
    fitting = [s for s in scored if s.covered >= min_coverage and s.score >= min_score]
    typed = [s for s in fitting if s.has_type] if _needs_value(kind) else fitting
    if not typed:
        plan.missing = _missing_value(kind, terms, bool(fitting))
        return plan
    plan.units = _chosen(typed)
    plan.answerable = True
    plan.answer = compose_answer(plan.units)
    return plan


def compose_answer(chosen: Sequence[ScoredUnit]) -> str:
    """The chosen units as the documents word them, each with its citation."""
    return " ".join(f"{_sentence(s.unit)} [{s.citation}]" for s in chosen)


def _score(
    question: str, kind: QuestionType, terms: list[str], unit: EvidenceUnit, similarity: float,
    citation: int, passage_words: set[str],
) -> ScoredUnit:
    unit_words = set(words(unit.text))
    in_unit = sum(_has(t, unit_words) for t in terms)
    in_passage = sum(_has(t, unit_words) or _has(t, passage_words) for t in terms)
    covered = in_passage / len(terms) if terms else 1.0
    local = in_unit / len(terms) if terms else 0.0
    has_type = _holds_type(kind, unit.text)
    age_fit = _age_fit(question, unit.text)
    score = 0.45 * max(similarity, 0.0) + 0.35 * local + 0.1 * has_type + 0.1 * covered
    if age_fit is not None:
        score += 0.3 if age_fit else -0.3
    return ScoredUnit(unit=unit, citation=citation, score=score, covered=covered, has_type=has_type)


def _found(term: str, passages: Sequence[Passage], passage_words: dict[str, set[str]]) -> bool:
    concept = _CONCEPTS.get(term)
    if concept is not None:
        return any(concept.search(p.text) for p in passages)
    return any(_has(term, ws) for ws in passage_words.values())


def _has(term: str, vocabulary: set[str]) -> bool:
    if term in vocabulary:
        return True
    parts = [p for p in re.split(r"[-/]", term) if len(p) > 2]
    if len(parts) > 1:
        return all(_has(p, vocabulary) for p in parts)
    stem = _stem(term)
    return len(stem) >= 4 and any(_stem(w) == stem for w in vocabulary if w[:3] == term[:3])


def _stem(word: str) -> str:
    """A crude stem: enough for "discharged" / "discharge", "dentist" / "dental"."""
    for suffix in ("ation", "ing", "ist", "ed", "al", "ly", "es", "er", "e", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    return word[:6]


def _needs_value(kind: QuestionType) -> bool:
    return kind in {QuestionType.quantity, QuestionType.duration, QuestionType.frequency, QuestionType.time}


def _holds_type(kind: QuestionType, text: str) -> bool:
    if kind is QuestionType.quantity:
        return bool(_NUMBER.search(text)) or bool(re.search(r"\b(?:one|two|three|four|five|six|half)\b", text, re.I))
    if kind is QuestionType.duration:
        return bool(_DURATION.search(text))
    if kind is QuestionType.frequency:
        return bool(_FREQUENCY.search(text))
    if kind is QuestionType.time:
        return bool(_MONTHS.search(text)) or bool(_DURATION.search(text))
    if kind is QuestionType.person:
        return bool(_ROLE.search(text)) or bool(re.search(r"\b[A-Z][a-z]+ [A-Z][a-z]+\b", text))
    return True


def _age_fit(question: str, unit_text: str) -> bool | None:
    """Whether an age the question gives falls in the unit's age range (None: nothing to compare)."""
    asked = _AGE.search(question)
    if not asked:
        return None
    value = float(asked.group(1) or asked.group(3))
    age = value * _IN_MONTHS[(asked.group(2) or asked.group(4) or "year").lower()]
    bounds = _age_bounds(unit_text)
    if not bounds:
        return None
    return any(low <= age < high for low, high in bounds)


def _age_bounds(text: str) -> list[tuple[float, float]]:
    found = [
        (float(a) * _IN_MONTHS[u.lower()], float(b) * _IN_MONTHS[u.lower()]) for a, b, u in _RANGE.findall(text)
    ]
    found += [(0.0, float(v) * _IN_MONTHS[u.lower()]) for v, u in _UNDER.findall(text)]
    for m in _OVER.finditer(text):
        value, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        found.append((float(value) * _IN_MONTHS[unit.lower()], float("inf")))
    return found


def _chosen(ranked: list[ScoredUnit]) -> list[ScoredUnit]:
    """The best unit, and the runner-up when it is nearly as good and from the same passage."""
    best = ranked[0]
    chosen = [best]
    for other in ranked[1:3]:
        same_place = other.unit.passage_id == best.unit.passage_id
        if same_place and other.score >= best.score - 0.05 and other.unit.text != best.unit.text:
            chosen.append(other)
            break
    return sorted(chosen, key=lambda s: (s.citation, s.unit.index))


def _sentence(unit: EvidenceUnit) -> str:
    text = unit.text.strip()
    if unit.kind is UnitKind.table_row:
        return text.rstrip(".") + "."
    return text if text.endswith((".", "!", "?", ":")) else text + "."


def _missing_value(kind: QuestionType, terms: list[str], topic_found: bool) -> str:
    what = {
        QuestionType.quantity: "an amount", QuestionType.duration: "a duration",
        QuestionType.frequency: "how often", QuestionType.time: "a date or time",
    }.get(kind, "an answer")
    about = _listing(terms) if terms else "this question"
    if topic_found:
        return f"the documents mention {about} but give no {what.removeprefix('an ').removeprefix('a ')} for it"
    return f"no passage gives {what} for {about}"


def _listing(items: Sequence[str]) -> str:
    quoted = [f"'{t}'" for t in items]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def plan_from_passages(question: str, passages: Sequence[Passage]) -> AnswerPlan:
    """:func:`plan_answer` over the passages' evidence units (instruction-like text left out)."""
    from guard.verifiers.claim_judge import units_of
    from retrievers.embedder import get_embedder

    units = [u for p in passages for u in units_of(p.id, p.text).units]
    return plan_answer(question, passages, units, similarities_to(question, units, get_embedder()))


def similarities_to(question: str, units: Sequence[EvidenceUnit], embedder) -> list[float]:
    """Cosine of the question with each unit's text (one batched embedder call)."""
    if not units:
        return []
    vectors = embedder.encode([question, *(u.text for u in units)])
    return [float(x) for x in np.asarray(vectors[1:]) @ np.asarray(vectors[0])]
