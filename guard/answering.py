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

import math
import re
from collections.abc import Sequence
from enum import Enum

import numpy as np
from pydantic import BaseModel, Field

from guard.answering_values import AskedValue, Fit, asked_value, holds_value, qualifier_fit, shared_values, value_near
from guard.facts.types import EvidenceUnit, UnitKind
from guard.verifiers.lexical import stop_words, content_words, words
from retrievers.types import Passage

__all__ = [
    "EVIDENCE_DRAFTER",
    "AnswerPlan",
    "QuestionType",
    "ScoredUnit",
    "classify_question",
    "plan_answer",
    "plan_from_passages",
]


# GuardedResponse.model of an answer quoted from the evidence (no model wrote it)
EVIDENCE_DRAFTER = "evidence"


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
    focus: bool = True  # the unit (or its heading) holds the question's most distinctive term
    fit: float = 0.0  # qualifier fit: > 0 the unit's row or group is the asked one, < 0 another one
    misfit: bool = False  # the unit's row or group is another one than the question's (age, weight, amount)
    context: str = ""  # the unit's passage title and the heading or lead-in it sits under


class AnswerPlan(BaseModel):
    """What evidence-first answering found: the answer, or why there is none."""

    question_type: QuestionType
    key_terms: list[str]
    units: list[ScoredUnit] = Field(default_factory=list)  # chosen, best first
    answerable: bool
    missing: str | None = None  # what was looked for and not found
    answer: str = ""
    # reserve passages the answer quotes, cited after the given ones (the caller adds them to the
    # passages it verifies against and shows)
    added: list[Passage] = Field(default_factory=list)


_LEADS: list[tuple[re.Pattern[str], QuestionType]] = [
    # a name or a number to call is asked for by what it is, whatever the lead word
    (re.compile(r"\b(?:what|which)(?: is|'s|are)? the names? of\b|\bwhat is (?:\w+ ){1,4}called\b"), QuestionType.person),
    (re.compile(r"\b(?:phone|telephone|contact) number\b|\bwhat number\b"), QuestionType.quantity),
    (re.compile(r"\bhow (?:long|soon|quickly|early|far ahead|far in advance|much notice|many (?:days|weeks|months|"
                r"years|hours|minutes|working days))\b"), QuestionType.duration),
    (re.compile(r"\bhow often\b|\bhow frequently\b|\bhow many times\b"), QuestionType.frequency),
    (re.compile(r"\bhow (?:much|many|old|big|high|large|warm|cold|hot|heavy)\b|\bwhat (?:is the )?(?:dose|amount|"
                r"percentage|price|cost|fee|limit|maximum|minimum|number|rate|allowance|temperature)\b|\bwhat (?:\w+ ){0,4}(?:dose|"
                r"amount|percentage|price|cost|fee|limit|allowance|premium|rate|interest|discount|deposit)\b"),
     QuestionType.quantity),
    (re.compile(r"^\s*(?:when|until when|by when)\b|\bwhat (?:time|date|day|days)\b|\b(?:opening|visiting|"
                r"core|office|working) hours\b|\bwhat hours\b|\bwhich (?:day|date|month|year)\b|\bdeadline\b"),
     QuestionType.time),
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
    "child year old far advance right later shortly coming forgot usually quickly daily dosed soon".split()
)
# Words that name the kind of value asked for, and how the documents write such a value:
# "minimum length" is answered by "at least 14 characters".
_CONCEPTS: dict[str, re.Pattern[str]] = {
    "minimum": re.compile(r"\bat least\b|\bminimum\b|\bmin\b|\bno fewer\b", re.I),
    "maximum": re.compile(r"\bat most\b|\bup to\b|\b(?:no|not|never) (?:take |give |use )?more than\b|\bmaximum\b|"
                          r"\bmax\b|\bexceed\b|\bhighest\b|\blimit\b|\bmost in\b", re.I),
    "number": re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten)\b", re.I),
    "amount": re.compile(r"\d", re.I),
    "deadline": re.compile(r"\bwithin\b|\bby\b|\bbefore\b|\bno later than\b|\bdeadline\b", re.I),
    # "how early / how far in advance": a time before the event ("at least 14 days before departure")
    "advance": re.compile(r"\bbefore\b|\bin advance\b|\bahead\b|\bprior\b|\bnotice\b", re.I),
    "spending": re.compile(r"[£€$]|\beur\b|\bgbp\b|\blimit\b", re.I),
    "phone": re.compile(r"\bphone\b|\btelephone\b|\bcall\b", re.I),
    "cost": re.compile(r"[£€$]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:eur|gbp|usd)\b|\bfree\b|\bno charge\b", re.I),
    "price": re.compile(r"[£€$]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:eur|gbp|usd)\b|\bfree\b", re.I),
    "fee": re.compile(r"[£€$]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:eur|gbp|usd)\b|\bfree\b", re.I),
    "percentage": re.compile(r"%|\bper ?cent\b", re.I),
    # a dose is written as an amount of the medicine ("40 mg", "7.5 ml", "2 tablets")
    "dose": re.compile(r"\b\d+(?:[.,]\d+)?\s?(?:mg|ml|g|mcg|micrograms?|tablets?|capsules?|puffs?|drops?)\b", re.I),
}


def classify_question(question: str) -> QuestionType:
    """The kind of value the question asks for, read from its wording."""
    text = question.strip().lower()
    for pattern, kind in _LEADS:
        if pattern.search(text):
            return kind
    return QuestionType.other


def key_terms(question: str) -> list[str]:
    """The question's content words that name what it is about (not how it asks); a hyphenated
    compound ("full-time", "half-life") stays one term."""
    compounds = [c for c in re.findall(r"[a-z]+(?:-[a-z]+)+", question.lower()) if not _AGE_WORD.search(c)]
    inside = {w for c in compounds for w in words(c)}
    raw = re.findall(r"[a-z]+", question.lower())
    stop = {w for w in raw if w in stop_words()}  # "this" is a stop word, not the term "thi"
    singles = [w for w in content_words(question) if w not in inside and w + "s" not in stop]
    found = [
        w for w in dict.fromkeys([*compounds, *singles])
        if w not in _GENERIC and not w.isdigit() and not w.endswith(("ly", "ing")) and w.isascii()
    ]
    # "how early / how far in advance should I order": the answer is a time before something
    if _IN_ADVANCE.search(question) and "advance" not in found:
        found.append("advance")
    return found


_IN_ADVANCE = re.compile(r"\bhow (?:early|far ahead|far in advance|long before|soon before)\b|\bin advance\b", re.I)


def named_terms(question: str) -> list[str]:
    """The question's terms written with a capital inside a sentence: names of products, places,
    people or organisations ("Febrilon", "Willow Ward", "Altamira")."""
    found = []
    for sentence in re.split(r"(?<=[.?!])\s+", question.strip()):
        for m in re.finditer(r"(?<!^)(?<![.?!:] )\b[A-Z][a-z][\w-]*", sentence):
            if m.start() > 0 and m.group(0).lower() not in _CALENDAR:  # "December" is a date, no name
                found += words(m.group(0))
    return list(dict.fromkeys(found))


_CALENDAR = frozenset(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday".split()
)


def situation_terms(question: str) -> set[str]:
    """Terms that describe the asker's case rather than name what is asked about: a statement
    before the question ("My daughter is 11."), a relative clause ("my baby who feels warm",
    "people who got the old allowance"), the words stating a value the qualifier fit judges
    ("worth EUR 500,000"), an age ("6-week-old"). The documents word
    such a case their own way ("children", "a temperature"), so a missing one is no sign that
    they do not answer; the qualifier checks judge the case itself."""
    text = question.strip()
    sentences = [x for x in re.split(r"(?<=[.?!])\s+", text) if x]
    said = [x for x in sentences[:-1] if not x.rstrip().endswith("?")] if len(sentences) > 1 else []
    asked = sentences[-1] if sentences else text
    parts = list(said)
    # a person and the first words of the clause about them ("people who got", "baby who feels warm");
    # a "that" or "which" clause names the thing asked about ("a policy that covers pet insurance")
    parts += [f"{m.group(1)} {m.group(2)}" for m in re.finditer(
        r"(\w+)\s+who\s+((?:\w+\s+){0,1}\w+)", asked, re.IGNORECASE)]
    # the words that state a value ("worth EUR 500,000", "for 45 kg"): the qualifier fit judges the value
    parts += [m.group(0) for m in re.finditer(
        r"\b[a-z]+\s+(?:eur|gbp|usd|[£€$])\s?\d[\d,.]*|\b[a-z]+\s+\d[\d,.]*\s?(?:eur|gbp|usd|euros?|pounds?)\b", asked, re.I)]
    # an age ("6-week-old"): the qualifier fit judges it against each unit's range
    parts += [m.group(1) for m in re.finditer(r"\d+[- ]((?:year|month|week|day)s?)[- ]old\b", asked, re.IGNORECASE)]
    # a noun naming who is asking or for whom ("my partner", "people on Glucotane"): the documents
    # name the group their own way ("family members", "patients"), and the qualifier fit judges groups
    parts += [m.group(0) for m in _PERSON.finditer(asked)]
    return {t for part in parts for t in key_terms(part)}


_PERSON = re.compile(
    r"\b(?:people|persons?|partners?|husbands?|wives|wife|spouses?|dads?|mums?|moms?|mothers?|fathers?|parents?|"
    r"sons?|daughters?|kids?|friends?|colleagues?|relatives?|family)\b",
    re.IGNORECASE,
)


_AGE_WORD = re.compile(r"\b(?:year|month|week|day|hour)s?-old\b|^(?:year|month|week|day|hour)s?$|-(?:year|month|week|day|hour)s?$")


def plan_answer(
    question: str,
    passages: Sequence[Passage],
    units: Sequence[EvidenceUnit],
    similarities: Sequence[float],
    *,
    min_coverage: float = 0.6,
    min_score: float = 0.35,
    worded: dict[str, set[str]] | None = None,
    given: int | None = None,
    all_units: Sequence[EvidenceUnit] | None = None,
) -> AnswerPlan:
    """Choose the unit(s) that answer ``question`` and build the answer, or say what is missing.

    ``similarities[i]`` is the cosine between the question and ``units[i].text`` (the caller
    owns the embedder). Passages are numbered as the answer cites them: passage ``n`` is
    ``passages[n-1]``. ``worded`` maps a term no passage has literally to the passages that word
    it another way (:func:`guard.answering_terms.worded_otherwise`): there it counts as found.
    Passages after the first ``given`` are the retrieval's reserve: their units may answer
    (scored a little lower, as retrieval ranked them lower), but whether the documents mention
    the question's terms at all is judged on the given ones, so a distant passage's word does
    not make an unanswerable question look answerable. ``all_units`` are every unit of the
    passages (``units`` may be a shortlist): a short section is quoted whole from them.
    """
    kind = classify_question(question)
    asked = asked_value(question, kind.value)
    terms = key_terms(question)
    number = {p.id: i for i, p in enumerate(passages, start=1)}
    titles = {p.id: f"{p.title or ''} {p.source}" for p in passages}
    passage_words = {p.id: set(words(f"{titles[p.id]} {p.text}")) for p in passages}
    for term, ids in (worded or {}).items():
        for pid in ids & passage_words.keys():
            passage_words[pid].add(term)
    situation = situation_terms(question)
    checked = passages[:given] if given is not None else passages
    unworded = {t for t in terms if not _found(t, checked, passage_words)}
    absent = [t for t in terms if t in unworded and t not in situation]
    plan = AnswerPlan(question_type=kind, key_terms=terms, answerable=False)
    if absent:
        plan.missing = f"the documents do not mention {_listing(absent)}"
        return plan
    if terms and all(t in _CONCEPTS for t in terms):  # "What's the dose?": of which medicine?
        plan.missing = f"the question asks for {_listing(terms)} but does not say of what; ask about one by name"
        return plan
    # the products, places or people the question names ("Febrilon", "Willow Ward"): a passage
    # naming none of them is about another one (Dolvanex's dose does not answer Febrilon's)
    names = [t for t in named_terms(question) if t in terms and _found(t, passages, passage_words)]
    # ... and a unit names it itself, or its passage's title or lead-in does: an item of "Do not take
    # Dolvanex if you:" is about Dolvanex even in a passage that names Nexaprin elsewhere
    placed = _contexts([u for u in units if u.passage_id in number], titles)
    kept = [
        (u, s) for u, s in zip(units, similarities, strict=True)
        if u.passage_id in number and _names_it(
            names, set(words(f"{placed[(u.passage_id, u.index)]} {u.text}")), passage_words
        )
    ]
    contexts = _contexts([u for u, _ in kept], titles)
    weights = _term_weights(terms, [u for u, _ in kept], contexts)
    # a term the passages word only their own way ("held" / "holds") cannot be found in a unit: no focus
    focus = _focus(terms, weights, situation | set(worded or {}))
    scored = [
        _score(question, asked, terms, weights, focus, unit, sim, number[unit.passage_id],
               passage_words[unit.passage_id], contexts[(unit.passage_id, unit.index)],
               frozenset(situation & unworded), frozenset(situation))
        for unit, sim in kept
    ]
    if given is not None:
        for s in scored:
            s.score -= _RESERVE_PRIOR * (s.citation > given)
    scored.sort(key=lambda s: s.score, reverse=True)
    on_topic = [s for s in scored if s.covered >= min_coverage and s.score >= min_score and not _fragment(s.unit)]
    if focus is not None:
        on_topic = [s for s in on_topic if s.focus]
    typed = [s for s in on_topic if s.has_type] + _defined_then_valued(on_topic, scored, focus)
    fitting = [s for s in typed if not s.misfit]
    # the asker's case (an age band, a group) stated without a value of the asked kind: "Children
    # aged 10 to 17 may take it only when prescribed by the paediatric team" answers a 12-year-old's
    # dose question better than the adult dose does
    own_case = [s for s in on_topic if not s.has_type and s.fit > 0 and not s.misfit]
    if own_case and not any(s.fit > 0 for s in fitting):
        fitting = own_case
    if not fitting:
        plan.missing = _missing_value(asked, focus, terms, bool(on_topic), bool(typed))
        return plan
    # A unit whose row or group is the one the question names beats any unit without one.
    # and among those, the narrowest case that holds the question's ("At 14 years:" over "under 16")
    best_fit = max(s.fit for s in fitting)
    fitting = [s for s in fitting if s.fit >= best_fit] if best_fit > 0 else fitting
    plan.units = _chosen(fitting, scored)
    if asked is None:  # a yes/no or open question: a short section is answered whole
        plan.units = _whole_section(plan.units, all_units or units, scored, number, titles)
    plan.answerable = True
    plan.answer = compose_answer(plan.units)
    return plan


def _defined_then_valued(on_topic: list[ScoredUnit], scored: list[ScoredUnit], focus: str | None) -> list[ScoredUnit]:
    """On-topic units that name the focus without a value, whose next sentence gives the value
    ("you may choose time off in lieu (TOIL)" then "TOIL must be taken within 3 months"): the
    pair answers, and :func:`_chosen` adds the next sentence."""
    if focus is None:
        return []
    following = {(s.unit.passage_id, s.unit.index): s for s in scored}
    out = []
    for s in on_topic:
        after = following.get((s.unit.passage_id, s.unit.index + 1))
        if (
            # the focus word itself: a stem match ("compassionate" / "Compass") names no topic
            not s.has_type and s.unit.kind is UnitKind.sentence and focus in set(words(s.unit.text))
            and after is not None and after.has_type and not after.misfit and after.fit == 0
            and after.unit.kind is UnitKind.sentence and _goes_on_about(s.unit.text, after.unit.text, focus)
        ):
            out.append(s)
    return out


_SHORT_NAME = re.compile(r"\(([A-Z]{2,6})\)")  # "time off in lieu (TOIL)"
_ANAPHOR = re.compile(r"^\s*(?:it|this|these|they|such)\b", re.IGNORECASE)


def _goes_on_about(first: str, after: str, focus: str) -> bool:
    """The next sentence is still about the first's topic: it repeats the focus word, uses the
    short name the first one gave it, or refers back to it ("It must be ...")."""
    if focus in set(words(after)) or _ANAPHOR.search(after):
        return True
    return any(re.search(rf"\b{m.group(1)}\b", after) for m in _SHORT_NAME.finditer(first))


_SECTION_UNITS = 4  # a section this short is one answer ("If you miss a dose": two sentences)


def _whole_section(
    chosen: list[ScoredUnit], units: Sequence[EvidenceUnit], scored: list[ScoredUnit],
    number: dict[str, int], titles: dict[str, str],
) -> list[ScoredUnit]:
    """The chosen unit's whole passage when that passage is one short section under its own
    heading: the answer to "what should I do" is often its second sentence."""
    best = chosen[0]
    section = sorted((u for u in units if u.passage_id == best.unit.passage_id), key=lambda u: u.index)
    if not (2 <= len(section) <= _SECTION_UNITS) or len({c.unit.passage_id for c in chosen}) > 1:
        return chosen
    if any(u.kind is UnitKind.table_row for u in section):
        return chosen
    known = {(s.unit.passage_id, s.unit.index): s for s in scored}
    contexts = _contexts(section, titles)
    whole = [
        known.get((u.passage_id, u.index)) or ScoredUnit(
            unit=u, citation=number[u.passage_id], score=0.0, covered=0.0, has_type=False,
            context=contexts.get((u.passage_id, u.index), ""),
        )
        for u in section
    ]
    return [w for w in whole if not _fragment(w.unit)]  # a lead-in is quoted with its items


_RESERVE_PRIOR = 0.1  # score a unit of a reserve passage gives up: retrieval ranked its passage lower
_CLOSE = 0.6  # cosine at which a unit is about the question even in other words ("work remotely" / "from home")


def compose_answer(chosen: Sequence[ScoredUnit]) -> str:
    """The chosen units as the documents word them, each with its citation. Items of one list
    are quoted under their lead-in, as one sentence ("At 12 weeks: Hexavan, dose 2; Rotagard,
    dose 2. [2]"): an item alone ("Hexavan, dose 2.") loses the case it is for, and the judge
    would read it against the items of the other cases."""
    parts: list[str] = []
    index = 0
    while index < len(chosen):
        unit = chosen[index]
        lead = _plain(context_lead(unit.context)) if unit.unit.kind is UnitKind.list_item else ""
        if not lead or _plain(unit.unit.text).startswith(lead.rstrip(": ")):  # the item already says it
            parts.append(f"{_sentence(unit.unit)} [{unit.citation}]")
            index += 1
            continue
        group = [unit]
        while (
            index + len(group) < len(chosen)
            and chosen[index + len(group)].unit.kind is UnitKind.list_item
            and chosen[index + len(group)].context == unit.context
            and chosen[index + len(group)].citation == unit.citation
        ):
            group.append(chosen[index + len(group)])
        if len(group) == 1:  # one item: one sentence under its lead-in
            parts.append(f"{lead.rstrip()} {_plain(unit.unit.text).rstrip('.;,')}. [{unit.citation}]")
            index += 1
            continue
        items = "".join(f"\n- {_plain(g.unit.text).rstrip('.;,')} [{g.citation}]" for g in group)
        parts.append(f"{lead.rstrip()} [{unit.citation}]{items}\n")
        index += len(group)
    return " ".join(parts).strip()


def _plain(text: str) -> str:
    """Text without Markdown emphasis markers ("**Adults:** the usual dose" -> "Adults: the usual dose")."""
    return re.sub(r"(?<!\w)[*_]{1,3}|[*_]{1,3}(?!\w)", "", text).strip()


def _names_it(names: list[str], vocabulary: set[str], passage_words: dict[str, set[str]]) -> bool:
    """The passage names what the question names: every name of it ("Febrilon Children's
    Suspension": the tablets leaflet names Febrilon only, another product), except names most
    retrieved passages share (the company every policy is of), of which one is enough."""
    if not names:
        return True
    share = {n: sum(_has(n, ws) for ws in passage_words.values()) / max(1, len(passage_words)) for n in names}
    distinctive = [n for n in names if share[n] < 0.6]
    if distinctive:
        return all(_has(n, vocabulary) for n in distinctive)
    return any(_has(n, vocabulary) for n in names)


def _focus(terms: list[str], weights: dict[str, float], situation: set[str]) -> str | None:
    """The question's most distinctive term among those naming what is asked about (a word of
    the asker's case, "people who got ...", is no topic)."""
    topical = [t for t in terms if t not in situation] or terms
    # a participle ("needed", "held") says what happens to the topic, not what it is
    named = [t for t in topical if not (t.endswith("ed") and len(t) > 4)] or topical
    return max(named, key=lambda t: weights[t]) if named else None


def _score(
    question: str, asked: AskedValue | None, terms: list[str], weights: dict[str, float], focus: str | None,
    unit: EvidenceUnit, similarity: float, citation: int, passage_words: set[str], context: str,
    unworded: frozenset[str] = frozenset(), situation: frozenset[str] = frozenset(),
) -> ScoredUnit:
    unit_words = set(words(unit.text))
    context_words = set(words(context))
    in_unit = {t: _term_in(t, unit_words, unit.text) for t in terms}
    in_context = {t: _term_in(t, context_words, context) for t in terms}
    # what the unit is about, from the terms naming the topic; words of the asker's case ("worth",
    # "my dad") are judged by the qualifier fit instead
    topical = [t for t in terms if t not in situation] or terms
    total = sum(weights[t] for t in topical) or 1.0
    local = sum(
        weights[t] * (1.0 if in_unit[t] else 0.5 if in_context[t] else 0.0) for t in topical
    ) / total if topical else 0.0
    found = [t for t in terms if in_unit[t] or in_context[t] or _has(t, passage_words)]
    # a word of the asker's case that no retrieved passage uses ("feels warm") does not count against
    counted = [t for t in terms if t not in unworded]
    covered = len(found) / len(counted) if counted else 1.0
    # The unit is about what the question is about: it holds the question's most distinctive
    # term, or most of the question's weighted terms (the rarest word can be a verb the
    # documents put differently: "kept", "worth").
    has_focus = focus is None or in_unit[focus] or in_context[focus] or local >= 0.5 or similarity >= _CLOSE
    # a value the question states, stated by the unit or the lead-in it sits under ("At 12 weeks:")
    values = shared_values(question, f"{context_lead(context)} {unit.text}")
    has_focus = has_focus or values > 0
    has_type = holds_value(asked, unit.text, question)
    # a list item is read with its lead-in ("At 14 years:" / "- Tetrabex"): the case it is for
    lead = context_lead(context) if unit.kind is UnitKind.list_item else ""
    fit = qualifier_fit(question, f"{lead} {unit.text}".strip())
    if lead and fit.score == 0 and not fit.misfit:
        stated = shared_values(question, lead)
        # the lead-in states the question's own value ("At 14 years:"): the narrowest band there is
        fit = Fit(score=1.25, misfit=False) if stated > 0 else Fit(score=-1.0, misfit=True) if stated < 0 else fit
    has_focus = has_focus or fit.score > 0
    if asked is not None and asked.needs_value and _excludes(unit.text, terms):
        fit = Fit(score=-1.0, misfit=True)  # "packs sold without a prescription" for a prescription pack
    # a word naming the kind of value ("maximum", "minimum") written the documents' way ("no more than")
    concepts = sum(1 for t in terms if t in _CONCEPTS and in_unit[t])
    score = 0.4 * max(similarity, 0.0) + 0.4 * local + 0.1 * covered + 0.25 * fit.score + 0.1 * concepts
    score += 0.15 * max(-1, min(values, 1))
    if asked is not None and asked.needs_value:
        score += 0.15 * has_type + 0.1 * (has_type and focus is not None and value_near(asked, unit.text, focus))
    return ScoredUnit(
        unit=unit, citation=citation, score=score, covered=covered, has_type=has_type, focus=has_focus,
        fit=fit.score, misfit=fit.misfit, context=context,
    )


_EXCLUDING = re.compile(r"\b(?:without|except(?: for)?|other than|excluding)\s+(?:a |an |the |your )?([\w-]+)", re.I)


def _excludes(text: str, terms: list[str]) -> bool:
    """The unit states its value for the case without one of the question's terms: another case."""
    return any(_has(t, set(words(m.group(1)))) for m in _EXCLUDING.finditer(text) for t in terms)


def _contexts(units: Sequence[EvidenceUnit], titles: dict[str, str]) -> dict[tuple[str, int], str]:
    """What a unit is under: its passage's title and section path, and the nearest heading or
    lead-in ("At 12 weeks:") before it in its passage."""
    out: dict[tuple[str, int], str] = {}
    last: dict[str, str] = {}
    for unit in sorted(units, key=lambda u: (u.passage_id, u.index)):
        out[(unit.passage_id, unit.index)] = f"{titles.get(unit.passage_id, '')}{_LEAD}{last.get(unit.passage_id, '')}"
        if _fragment(unit):
            last[unit.passage_id] = unit.text
    return out


_LEAD = "\n\u2192 "  # joins a unit's title and its lead-in in its context string


def context_lead(context: str) -> str:
    """The heading or lead-in part of a unit's context (not the passage title)."""
    return context.split(_LEAD, 1)[1] if _LEAD in context else ""


def _term_weights(terms: list[str], units: Sequence[EvidenceUnit], contexts: dict[tuple[str, int], str]) -> dict[str, float]:
    """Inverse unit frequency among the retrieved units: a term every unit shares ("Altamira",
    in every title) says little about which unit answers; a rare one ("full-time") says much."""
    texts = [f"{u.text} {contexts[(u.passage_id, u.index)]}" for u in units]
    vocabularies = [set(words(t)) for t in texts]
    count = len(vocabularies)
    return {
        t: 0.1 if t in _CONCEPTS else math.log((count + 1) / (sum(_term_in(t, v, x) for v, x in zip(vocabularies, texts)) + 0.5)) + 0.1
        for t in terms
    }


def _term_in(term: str, vocabulary: set[str], text: str) -> bool:
    """The term, or for a word naming a kind of value ("maximum", "cost"), a way of writing one."""
    concept = _CONCEPTS.get(term)
    if concept is not None and concept.search(text):
        return True
    return _has(term, vocabulary)


def _fragment(unit: EvidenceUnit) -> bool:
    """A heading or a lead-in ("You can order in two ways:"): it names a topic but answers nothing."""
    return unit.kind is UnitKind.heading or unit.text.rstrip("*_ ").endswith(":")


def _found(term: str, passages: Sequence[Passage], passage_words: dict[str, set[str]]) -> bool:
    concept = _CONCEPTS.get(term)
    if concept is not None and any(concept.search(p.text) for p in passages):
        return True
    return any(_has(term, ws) for ws in passage_words.values())


def _has(term: str, vocabulary: set[str]) -> bool:
    if term in vocabulary:
        return True
    if "-" in term or "/" in term:  # "wi-fi", "walk-in", "full-time": every part, short ones exactly
        # ... but not a connecting word inside it: "cycle-to-work" is found where "cycle" and "work" are
        # ("top-up" keeps its "up": only inner parts connect)
        split = [p for p in re.split(r"[-/]", term) if p]
        parts = [p for i, p in enumerate(split) if i in (0, len(split) - 1) or p not in stop_words()]
        return all(p in vocabulary if len(p) <= 2 else _has(p, vocabulary) for p in parts)
    stem = _stem(term)
    return len(stem) >= 4 and any(_stem(w) == stem for w in vocabulary if w[:3] == term[:3])


def _stem(word: str) -> str:
    """A crude stem: enough for "discharged" / "discharge", "dentist" / "dental", "cities" / "city"."""
    if word.endswith(("ies", "ie")) and len(word) > 4:
        word = word[: -3 if word.endswith("ies") else -2] + "y"
    for suffix in ("ation", "ing", "ist", "ed", "al", "ly", "es", "er", "e", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    return word[:6]


def _chosen(ranked: list[ScoredUnit], everything: list[ScoredUnit]) -> list[ScoredUnit]:
    """The best unit; the runner-up when it is nearly as good and from the same passage; and the
    sentence right after the best one when it goes on about the same case ("Young people aged
    12 to 15: take 1 tablet every 4 to 6 hours." then "Do not take more than 4 tablets in 24
    hours.": no qualifier of its own, a value of the asked kind)."""
    best = ranked[0]
    chosen = [best]
    for other in ranked[1:3]:
        same_place = other.unit.passage_id == best.unit.passage_id
        if same_place and other.score >= best.score - 0.05 and other.unit.text != best.unit.text:
            chosen.append(other)
            break
    after = next(
        (s for s in everything if s.unit.passage_id == best.unit.passage_id and s.unit.index == best.unit.index + 1),
        None,
    )
    if best.unit.kind is UnitKind.list_item:  # the whole list under the lead-in ("At 12 weeks:")
        siblings = {
            s.unit.index: s for s in everything
            if s.unit.passage_id == best.unit.passage_id and s.unit.kind is UnitKind.list_item
        }
        first = best.unit.index  # the list starts at its first item under the same lead-in
        while first - 1 in siblings and siblings[first - 1].context == best.context and not (
            siblings[first - 1].misfit or siblings[first - 1].fit < 0
        ):
            first -= 1
        chosen = [siblings[i] for i in range(first, best.unit.index)] + chosen
        index = best.unit.index + 1
        while index in siblings and len(chosen) < 6 and siblings[index].context == best.context:
            if siblings[index].misfit or siblings[index].fit < 0:  # the next band or group: another case
                break
            if siblings[index] not in chosen:
                chosen.append(siblings[index])
            index += 1
        return sorted(chosen, key=lambda s: (s.citation, s.unit.index))
    if (
        after is not None and after not in chosen and after.has_type and after.fit == 0 and not after.misfit
        and after.unit.kind is UnitKind.sentence and not after.unit.text.lstrip().startswith(("*", "#"))
    ):
        chosen.append(after)
    before = next(
        (s for s in everything if s.unit.passage_id == best.unit.passage_id and s.unit.index == best.unit.index - 1),
        None,
    )
    for near in (before, after):
        if (
            near is not None and near not in chosen and near.unit.kind is UnitKind.sentence and not near.misfit
            and _same_value(best.unit.text, near.unit.text)
        ):
            chosen.append(near)  # "The 40 mg dose must only be taken under medical supervision." next to "Never take more than 40 mg"
    return sorted(chosen, key=lambda s: (s.citation, s.unit.index))


def _same_value(text: str, other: str) -> bool:
    """The neighbouring sentence states a condition on the very value the answer gives: the
    same amount in the same unit ("40 mg" in both)."""
    from guard.answering_values import stated_amounts

    return bool(stated_amounts(text) & stated_amounts(other))


def _sentence(unit: EvidenceUnit) -> str:
    # Markdown emphasis ("**Adults:** the usual dose ...") is layout, not words: shown without it.
    text = re.sub(r"(?<!\w)[*_]{1,3}|[*_]{1,3}(?!\w)", "", unit.text).strip()
    if unit.kind is UnitKind.table_row:
        return text.rstrip(".") + "."
    return text if text.endswith((".", "!", "?", ":")) else text + "."


def _missing_value(
    asked: AskedValue | None, focus: str | None, terms: list[str], on_topic: bool, typed: bool
) -> str:
    """The refusal's reason: what was looked for, and how far the evidence got."""
    about = f"'{focus}'" if focus else (_listing(terms) if terms else "this question")
    what = asked.label if asked is not None else "an answer"
    if typed:
        return f"the documents give {what} about {about} only for another case than the one asked about"
    if on_topic:
        return f"the documents mention {about} but give no {what.split(' ', 1)[1] if ' ' in what else what} for it"
    return f"no passage gives {what} for {about}"


def _listing(items: Sequence[str]) -> str:
    quoted = [f"'{t}'" for t in items]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def plan_from_passages(question: str, passages: Sequence[Passage], reserve: Sequence[Passage] = ()) -> AnswerPlan:
    """:func:`plan_answer` over the passages' evidence units (instruction-like text left out),
    and over ``reserve``: passages retrieval ranked after the given ones (RetrievalResult.reserve),
    which a table row or FAQ entry ranked sixth is often in.

    Only units that share a term or a value with the question (in their text, title or
    lead-in) are embedded: the others cannot be on topic, and the embedder is this stage's
    cost on a CPU (about 0.1 s per 10 units on 2 cores). Unit vectors are cached by text, as
    the same passages serve many questions."""
    from guard.verifiers.claim_judge import units_of
    from retrievers.embedder import get_embedder

    given = {p.id for p in passages}
    everything = [*passages, *(p for p in reserve if p.id not in given)]
    units = [u for p in everything for u in units_of(p.id, p.text).units]
    candidates = _lexical_candidates(question, everything, units)
    embedder = get_embedder()
    similarities = similarities_to(question, candidates, embedder)
    plan = plan_answer(
        question, everything, candidates, similarities, worded=_worded(question, passages, embedder),
        given=len(passages), all_units=units,
    )
    return _cited_after(plan, list(passages), everything)


def _cited_after(plan: AnswerPlan, given: list[Passage], everything: list[Passage]) -> AnswerPlan:
    """The plan with reserve passages it quotes numbered right after the given ones, in the order
    first cited, and listed in ``added``; reserve passages it does not quote are dropped."""
    used = [u.citation for u in plan.units if u.citation > len(given)]
    if not used:
        return plan
    order = list(dict.fromkeys(used))
    renumber = {old: len(given) + i for i, old in enumerate(order, start=1)}
    units = [u.model_copy(update={"citation": renumber.get(u.citation, u.citation)}) for u in plan.units]
    return plan.model_copy(update={
        "units": units, "answer": compose_answer(units), "added": [everything[n - 1] for n in order],
    })


def _worded(question: str, passages: Sequence[Passage], embedder) -> dict[str, set[str]]:
    """The question's terms no passage has literally, where a passage words them another way
    (names excepted: another product or place is not the same one in other words)."""
    from guard.answering_terms import worded_otherwise

    titles = {p.id: f"{p.title or ''} {p.source}" for p in passages}
    passage_words = {p.id: set(words(f"{titles[p.id]} {p.text}")) for p in passages}
    names = set(named_terms(question))
    absent = [t for t in key_terms(question) if t not in names and not _found(t, passages, passage_words)]
    return worded_otherwise(question, absent, passages, embedder) if absent else {}


_MAX_EMBEDDED = 40


def _lexical_candidates(
    question: str, passages: Sequence[Passage], units: Sequence[EvidenceUnit]
) -> list[EvidenceUnit]:
    terms = key_terms(question)
    if not terms:
        return list(units[:_MAX_EMBEDDED])
    titles = {p.id: f"{p.title or ''} {p.source}" for p in passages}
    contexts = _contexts(units, titles)
    weights = _term_weights(terms, units, contexts)
    ranked: list[tuple[float, EvidenceUnit]] = []
    for unit in units:
        context = contexts[(unit.passage_id, unit.index)]
        unit_words, context_words = set(words(unit.text)), set(words(context))
        weight = sum(
            weights[t] * (1.0 if _term_in(t, unit_words, unit.text) else 0.5 if _term_in(t, context_words, context) else 0)
            for t in terms
        )
        weight += shared_values(question, f"{context_lead(context)} {unit.text}") > 0
        if weight > 0:
            ranked.append((weight, unit))
    ranked.sort(key=lambda pair: pair[0], reverse=True)
    chosen = [unit for _, unit in ranked[:_MAX_EMBEDDED]]
    # the sentence after a strong candidate: it may give the value the candidate names the topic
    # of ("... time off in lieu (TOIL)." then "TOIL must be taken within 3 months")
    following = {(u.passage_id, u.index): u for u in units}
    seen = {(u.passage_id, u.index) for u in chosen}
    for unit in chosen[:_NEIGHBOURED]:
        after = following.get((unit.passage_id, unit.index + 1))
        if after is not None and (after.passage_id, after.index) not in seen:
            seen.add((after.passage_id, after.index))
            chosen.append(after)
    return chosen


_NEIGHBOURED = 10


_VECTORS: dict[str, np.ndarray] = {}
_VECTOR_CACHE_SIZE = 8192


def similarities_to(question: str, units: Sequence[EvidenceUnit], embedder) -> list[float]:
    """Cosine of the question with each unit's text (one batched embedder call for the texts
    not seen before)."""
    if not units:
        return []
    texts = [u.text for u in units]
    cached = {t: v for t in texts if (v := _VECTORS.get(t)) is not None}  # a snapshot: safe across threads
    todo = [t for t in dict.fromkeys(texts) if t not in cached]
    vectors = np.asarray(embedder.encode([question, *todo]))
    fresh = dict(zip(todo, vectors[1:], strict=True))
    if len(_VECTORS) + len(fresh) > _VECTOR_CACHE_SIZE:
        _VECTORS.clear()
    _VECTORS.update(fresh)
    known = cached | fresh
    return [float(known[t] @ vectors[0]) for t in texts]
