"""How well one evidence unit answers a question: its terms, its value of the asked type, its case.

A unit is scored by embedding similarity, the question's key terms found in it or in the
heading / lead-in it sits under (weighted by how rare they are among the retrieved units), a
value of the asked type in it, and the qualifier fit (an age, a weight, an amount or a group
the unit's range or heading holds or not). Only units sharing a term or a value with the
question are embedded (``lexical_candidates``): the embedder is this stage's cost on a CPU.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from pydantic import BaseModel

from guard.answering_question import CONCEPTS, key_terms
from guard.answering_values import (
    AskedValue,
    Fit,
    holds_asked_case,
    holds_value,
    qualifier_fit,
    shared_values,
    value_near,
)
from guard.facts.types import EvidenceUnit, UnitKind
from guard.verifiers.lexical import stop_words, words
from retrievers.types import Passage

__all__ = ["ScoredUnit", "SensedUnit", "context_lead", "context_title", "focus_term", "passed_over", "score_unit", "similarities_to"]


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


_CLOSE = 0.6  # cosine at which a unit is about the question even in other words ("work remotely" / "from home")

def names_it(names: list[str], vocabulary: set[str], passage_words: dict[str, set[str]]) -> bool:
    """The passage names what the question names: every name of it ("Febrilon Children's
    Suspension": the tablets leaflet names Febrilon only, another product), except names most
    retrieved passages share (the company every policy is of), of which one is enough."""
    if not names:
        return True
    share = {n: sum(has_term(n, ws) for ws in passage_words.values()) / max(1, len(passage_words)) for n in names}
    distinctive = [n for n in names if share[n] < 0.6]
    if distinctive:
        return all(has_term(n, vocabulary) for n in distinctive)
    return any(has_term(n, vocabulary) for n in names)


def focus_term(
    terms: list[str], weights: dict[str, float], situation: set[str],
    units: Sequence[SensedUnit] = (), contexts: dict[tuple[str, int], str] | None = None, question: str = "",
    framing: frozenset[str] = frozenset(),
) -> str | None:
    """The question's most distinctive term among those naming what is asked about (a word of
    the asker's case, "people who got ...", is no topic), in the sense the question uses it.

    Rarity alone picks the word the documents use in another sense: "How many days of holiday
    can I carry over?" has "holiday" rarer than "carry", but the documents say "annual leave" and
    write "holiday" only in "public holiday" (payroll dates, overtime rates). With ``units`` (each
    retrieved unit and its embedding similarity to the question), a term is taken in the
    question's sense when the unit most similar to the question among those holding any of its
    terms holds it, or when a unit nearly as similar (within SENSE_MARGIN) holds it beside another
    of the question's terms: the first such term, rarest first; none confirmed, the rarest.

    Only a term the documents use in another sense is passed over: the units write it only as
    the head of one fixed compound whose modifier the question lacks ("public holiday"), and some
    hold it with a value of the asked kind. Otherwise the rare term stays the focus, so a question
    the documents answer only for a neighbouring case is refused for it rather than answered
    about another topic: "the maternity ward" is not Willow Ward, "Compassionate leave ... is
    covered by separate policies" gives no number of days.

    ``framing`` are the verbs the question puts before the verb of the act ("need to *ask* to work
    abroad"): they are ranked after every other topical term, however rare."""
    ranked = _topical_ranked(terms, weights, situation, framing)
    if len(ranked) < 2 or not units:
        return ranked[0] if ranked else None
    confirmed = _in_question_sense(ranked, units, contexts or {})
    asked = set(words(question))
    for term in ranked:
        if term in confirmed or not _held_with_value(term, units) or not _compound_only(term, units, asked):
            return term
    return ranked[0]


def passed_over(
    terms: list[str], weights: dict[str, float], situation: set[str], focus: str | None,
    framing: frozenset[str] = frozenset(),
) -> set[str]:
    """The topical terms :func:`focus_term` ranked before ``focus`` and passed over: the documents
    use them in another sense ("public holiday"), so the passage answering the question need not
    hold them."""
    ranked = _topical_ranked(terms, weights, situation, framing)
    return set(ranked[: ranked.index(focus)]) if focus in ranked else set()


def _topical_ranked(
    terms: list[str], weights: dict[str, float], situation: set[str], framing: frozenset[str] = frozenset()
) -> list[str]:
    """The terms naming the topic, rarest first, framing verbs last; none when every term is the
    asker's case ("I came out in spots after starting Pravacillin."): the documents word a case
    their own way ("a rash"), so no word of it is one a unit must hold."""
    topical = [t for t in terms if t not in situation]
    # a participle ("needed", "held") says what happens to the topic, not what it is
    named = [t for t in topical if not (t.endswith("ed") and len(t) > 4)] or topical
    return sorted(named, key=lambda t: (t not in framing, weights[t]), reverse=True)


# cosine below the nearest unit's at which a unit holding two of the question's terms is still
# about the question: further off, the two words meet by chance ("falls on a public holiday" for
# "fall ill during my holiday")
SENSE_MARGIN = 0.1


class SensedUnit(NamedTuple):
    """A retrieved unit as :func:`focus_term` reads it."""

    unit: EvidenceUnit
    similarity: float  # embedding cosine with the question
    valued: bool  # holds a value of the asked kind (always, for a question asking none)


def _held_with_value(term: str, units: Sequence[SensedUnit]) -> bool:
    return any(u.valued and _term_in(term, set(words(u.unit.text)), u.unit.text) for u in units)


def _compound_only(term: str, units: Sequence[SensedUnit], question_words: set[str]) -> bool:
    """The units write ``term`` at least twice, each time after the same content word, which the
    question does not use: "public holiday(s)" for a question about "holiday"."""
    before: set[str] = set()
    count = 0
    for text in dict.fromkeys(u.unit.text for u in units):  # a passage retrieved twice counts once
        tokens = words(text)
        for i, token in enumerate(tokens):
            if has_term(term, {token}):
                count += 1
                before.add(tokens[i - 1] if i > 0 else "")
    if count < 2 or len(before) != 1:
        return False
    modifier = before.pop()
    return bool(modifier) and modifier not in stop_words() and modifier not in question_words


def _in_question_sense(
    terms: list[str], units: Sequence[SensedUnit], contexts: dict[tuple[str, int], str]
) -> set[str]:
    """Of ``terms``, those some unit uses in the question's sense (see :func:`focus_term`)."""
    held: list[tuple[set[str], float]] = []
    for unit, similarity, _ in units:
        own = set(words(unit.text))
        lead = set(words(context_lead(contexts.get((unit.passage_id, unit.index), ""))))
        in_unit = {t for t in terms if _term_in(t, own, unit.text)}
        if in_unit:
            held.append(({t for t in terms if t in in_unit or has_term(t, lead)}, similarity))
    if not held:
        return set(terms)
    nearest, best = max(held, key=lambda h: h[1])
    return nearest | {t for found, sim in held if len(found) > 1 and sim >= best - SENSE_MARGIN for t in found}


def score_unit(
    question: str, asked: AskedValue | None, terms: list[str], weights: dict[str, float], focus: str | None,
    unit: EvidenceUnit, similarity: float, citation: int, passage_words: set[str], context: str,
    unworded: frozenset[str] = frozenset(), situation: frozenset[str] = frozenset(),
    linked: frozenset[str] = frozenset(),
) -> ScoredUnit:
    """``linked``: terms the unit holds only as a word WordNet links to them (guard/answering_links.py)."""
    unit_words = set(words(unit.text))
    context_words = set(words(context))
    in_unit = {t: t in linked or _term_in(t, unit_words, unit.text) for t in terms}
    in_context = {t: _term_in(t, context_words, context) for t in terms}
    # what the unit is about, from the terms naming the topic; words of the asker's case ("worth",
    # "my dad") are judged by the qualifier fit instead
    topical = [t for t in terms if t not in situation] or terms
    total = sum(weights[t] for t in topical) or 1.0
    local = sum(
        weights[t] * (1.0 if in_unit[t] else 0.5 if in_context[t] else 0.0) for t in topical
    ) / total if topical else 0.0
    found = [t for t in terms if in_unit[t] or in_context[t] or has_term(t, passage_words)]
    # a word of the asker's case that no retrieved passage uses ("feels warm") does not count against
    counted = [t for t in terms if t not in unworded]
    covered = _coverage(found, counted, weights)
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
    # a lead-in names the point the item is for ("At 12 weeks:"): it answers "when", not "how long"
    if not has_type and lead and asked is not None and asked.point:
        has_type = holds_value(asked, lead, question)  # "When is Trimmuna given?": "At 3 years 4 months:"
    fit = qualifier_fit(question, f"{lead} {unit.text}".strip())
    if lead and fit.score == 0 and not fit.misfit:
        stated = shared_values(question, lead)
        # the lead-in states the question's own value ("At 14 years:"): the narrowest band there is
        fit = Fit(score=1.25, misfit=False) if stated > 0 else Fit(score=-1.0, misfit=True) if stated < 0 else fit
    has_focus = has_focus or fit.score > 0
    if asked is not None and asked.needs_value and _excludes(unit.text, terms):
        fit = Fit(score=-1.0, misfit=True)  # "packs sold without a prescription" for a prescription pack
    # a word naming the kind of value ("maximum", "minimum") written the documents' way ("no more than")
    concepts = sum(1 for t in terms if t in CONCEPTS and in_unit[t])
    score = 0.4 * max(similarity, 0.0) + 0.4 * local + 0.1 * covered + 0.25 * fit.score + 0.1 * concepts
    score += 0.15 * max(-1, min(values, 1))
    if asked is not None and asked.needs_value:
        score += 0.15 * has_type + 0.1 * (has_type and focus is not None and value_near(asked, unit.text, focus))
    return ScoredUnit(
        unit=unit, citation=citation, score=score, covered=covered, has_type=has_type, focus=has_focus,
        fit=fit.score, misfit=fit.misfit, context=context,
    )


def _coverage(found: list[str], counted: list[str], weights: dict[str, float]) -> float:
    """The share of the question's terms the unit's passage holds, by count or, when one term alone
    is missing, by weight, whichever is higher: of two terms, a common one the passage words its own
    way ("my phone" for "stolen equipment", a word naming the kind of value) is no reason to leave
    the passage holding the rare one; the rare one missing is, and so are two missing terms ("the
    clinic's patient records" are not the whistleblowing records)."""
    if not counted:
        return 1.0
    held = set(found)
    by_count = sum(t in held for t in counted) / len(counted)
    if len(counted) - sum(t in held for t in counted) != 1:
        return by_count
    total = sum(weights[t] for t in counted)
    by_weight = sum(weights[t] for t in counted if t in held) / total if total > 0 else by_count
    return max(by_count, by_weight)


_EXCLUDING = re.compile(r"\b(?:without|except(?: for)?|other than|excluding)\s+(?:a |an |the |your )?([\w-]+)", re.I)


def _excludes(text: str, terms: list[str]) -> bool:
    """The unit states its value for the case without one of the question's terms: another case."""
    return any(has_term(t, set(words(m.group(1)))) for m in _EXCLUDING.finditer(text) for t in terms)


def unit_contexts(units: Sequence[EvidenceUnit], titles: dict[str, str]) -> dict[tuple[str, int], str]:
    """What a unit is under: its passage's title and section path, and the nearest heading or
    lead-in ("At 12 weeks:") before it in its passage."""
    out: dict[tuple[str, int], str] = {}
    last: dict[str, str] = {}
    for unit in sorted(units, key=lambda u: (u.passage_id, u.index)):
        out[(unit.passage_id, unit.index)] = f"{titles.get(unit.passage_id, '')}{_LEAD}{last.get(unit.passage_id, '')}"
        if is_fragment(unit):
            last[unit.passage_id] = unit.text
    return out


_LEAD = "\n\u2192 "  # joins a unit's title and its lead-in in its context string


def context_lead(context: str) -> str:
    """The heading or lead-in part of a unit's context (not the passage title)."""
    return context.split(_LEAD, 1)[1] if _LEAD in context else ""


def context_title(context: str) -> str:
    """The passage-title part of a unit's context (its title and section path, not the lead-in)."""
    return context.split(_LEAD, 1)[0]


def term_weights(terms: list[str], units: Sequence[EvidenceUnit], contexts: dict[tuple[str, int], str]) -> dict[str, float]:
    """Inverse unit frequency among the retrieved units: a term every unit shares ("Altamira",
    in every title) says little about which unit answers; a rare one ("full-time") says much."""
    texts = [f"{u.text} {contexts[(u.passage_id, u.index)]}" for u in units]
    vocabularies = [set(words(t)) for t in texts]
    count = len(vocabularies)
    return {
        t: 0.1 if t in CONCEPTS else math.log((count + 1) / (sum(_term_in(t, v, x) for v, x in zip(vocabularies, texts)) + 0.5)) + 0.1
        for t in terms
    }


def _term_in(term: str, vocabulary: set[str], text: str) -> bool:
    """The term, or for a word naming a kind of value ("maximum", "cost"), a way of writing one."""
    concept = CONCEPTS.get(term)
    if concept is not None and concept.search(text):
        return True
    return has_term(term, vocabulary)


def is_fragment(unit: EvidenceUnit) -> bool:
    """A heading or a lead-in ("You can order in two ways:"): it names a topic but answers nothing."""
    return unit.kind is UnitKind.heading or unit.text.rstrip("*_ ").endswith(":")


def found_in(term: str, passages: Sequence[Passage], passage_words: dict[str, set[str]]) -> bool:
    concept = CONCEPTS.get(term)
    if concept is not None and any(concept.search(p.text) for p in passages):
        return True
    return any(has_term(term, ws) for ws in passage_words.values())


def has_term(term: str, vocabulary: set[str]) -> bool:
    if term in vocabulary:
        return True
    if "-" in term or "/" in term:  # "wi-fi", "walk-in", "full-time": every part, short ones exactly
        # ... but not a connecting word inside it: "cycle-to-work" is found where "cycle" and "work" are
        # ("top-up" keeps its "up": only inner parts connect)
        split = [p for p in re.split(r"[-/]", term) if p]
        parts = [p for i, p in enumerate(split) if i in (0, len(split) - 1) or p not in stop_words()]
        return all(p in vocabulary if len(p) <= 2 else has_term(p, vocabulary) for p in parts)
    stem = _stem(term)
    if len(stem) < 4:  # a short word is matched with a plural or a noun-making suffix only
        return any(w[len(term):] in _SUFFIXES for w in vocabulary if w.startswith(term))
    return any(_stem(w) == stem for w in vocabulary if w[:3] == term[:3])


# "pay" / "payable", "payment"; "fee" / "fees". Not -ed, -ing, -er: "car" is not "cared", "caring", "carer"
_SUFFIXES = frozenset("s es able ment ments".split())


def _stem(word: str) -> str:
    """A crude stem: enough for "discharged" / "discharge", "dentist" / "dental", "cities" / "city"."""
    if word.endswith(("ies", "ie")) and len(word) > 4:
        word = word[: -3 if word.endswith("ies") else -2] + "y"
    for suffix in ("ation", "ing", "ist", "ed", "al", "ly", "es", "er", "e", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    return word[:6]


_MAX_EMBEDDED = 40


def lexical_candidates(
    question: str, passages: Sequence[Passage], units: Sequence[EvidenceUnit], titles: dict[str, str] | None = None,
) -> list[EvidenceUnit]:
    """The units worth embedding: those sharing a weighted term (in their text, title or lead-in)
    or a value with the question, and the sentence after each of the strongest."""
    terms = key_terms(question)
    if not terms:
        return list(units[:_MAX_EMBEDDED])
    titles = titles if titles is not None else {p.id: f"{p.title or ''} {p.source}" for p in passages}
    contexts = unit_contexts(units, titles)
    weights = term_weights(terms, units, contexts)
    ranked: list[tuple[float, EvidenceUnit]] = []
    for unit in units:
        context = contexts[(unit.passage_id, unit.index)]
        unit_words, context_words = set(words(unit.text)), set(words(context))
        weight = sum(
            weights[t] * (1.0 if _term_in(t, unit_words, unit.text) else 0.5 if _term_in(t, context_words, context) else 0)
            for t in terms
        )
        placed = f"{context_lead(context)} {unit.text}"
        # the asker's case in the unit's lead-in or row ("At 12 to 13 years:" for "a 12-year-old"):
        # a list item under it ("Papivax, one dose") shares no word with the question
        weight += shared_values(question, placed) > 0 or holds_asked_case(question, placed)
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
