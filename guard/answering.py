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

The work is split by concern: :mod:`guard.answering_question` (question type and terms),
:mod:`guard.answering_scoring` (one unit against the question), :mod:`guard.answering_compose`
(the answer from the chosen units), :mod:`guard.answering_values` (asked values, qualifier
fit) and :mod:`guard.answering_terms` (terms the documents word their own way).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, Field

from guard.answering_compose import (
    chosen_units,
    compose_answer,
    defined_then_valued,
    listing,
    missing_value,
    whole_section,
)
from guard.answering_doubt import close_rival, doubt_detail
from guard.answering_links import LinkedTerm, unlinked, wordnet_links
from guard.answering_neighbour import band_limits, neighbour_only
from guard.answering_question import (
    CONCEPTS,
    WRITTEN_AS_VALUE,
    QuestionType,
    classify_question,
    key_terms,
    named_terms,
    situation_terms,
)
from guard.answering_scoring import (
    ScoredUnit,
    SensedUnit,
    context_lead,
    focus_term,
    found_in,
    has_term,
    is_fragment,
    lexical_candidates,
    names_it,
    passed_over,
    score_unit,
    similarities_to,
    term_weights,
    unit_contexts,
)
from guard.answering_terms import defined_names, framing_verbs, predicate_terms, with_definitions
from guard.answering_values import (
    asked_age_band,
    asked_age_months,
    asked_group,
    asked_value,
    compound_fit,
    holds_value,
    strength_fit,
    year_asked,
    year_fit,
)
from guard.facts.types import EvidenceUnit, UnitKind
from guard.verifiers.lexical import words
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


EVIDENCE_DRAFTER = "evidence"


class AnswerPlan(BaseModel):
    """What evidence-first answering found: the answer, or why there is none."""

    question_type: QuestionType
    key_terms: list[str]
    units: list[ScoredUnit] = Field(default_factory=list)  # chosen, best first
    answerable: bool
    missing: str | None = None  # what was looked for and not found
    # why the chosen unit may answer a neighbouring question (guard/answering_doubt.py); None: no sign
    doubt: str | None = None
    answer: str = ""
    # reserve passages the answer quotes, cited after the given ones (the caller adds them to the
    # passages it verifies against and shows)
    added: list[Passage] = Field(default_factory=list)



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
    linked: dict[str, LinkedTerm] | None = None,
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
    ``linked`` maps a term no given passage has nor words otherwise to the words WordNet links to it
    that given passages hold (:func:`guard.answering_links.wordnet_links`): there it counts as
    mentioned, but the answer stands only if a chosen unit holds one of those words.
    """
    kind = classify_question(question)
    asked = asked_value(question, kind.value)
    terms = key_terms(question)
    worded = _with_values_written(terms, passages, worded)
    number = {p.id: i for i, p in enumerate(passages, start=1)}
    titles = _titles(passages)
    passage_words = {p.id: set(words(f"{titles[p.id]} {p.text}")) for p in passages}
    # the terms no passage has literally (before other wordings count): no unit can hold them as such
    literal_absent = {t for t in terms if not found_in(t, passages, passage_words)}
    for term, ids in (worded or {}).items():
        for pid in ids & passage_words.keys():
            passage_words[pid].add(term)
    situation = situation_terms(question)
    checked = passages[:given] if given is not None else passages
    unworded = {t for t in terms if not found_in(t, checked, passage_words)}
    if kind is not QuestionType.yes_no:
        # the verb of a question asking for a thing or a value relates the topic to the answer; the
        # documents put the relation their own way ("must I avoid" / "Do not take"): missing, it is
        # no sign that they do not answer. In a yes/no question ("Do I need to fast?") it is what is asked.
        situation |= predicate_terms(question, sorted(unworded))
    absent = [t for t in terms if t in unworded and t not in situation]
    # a term absent but for a word WordNet links to it: a candidate, kept only if a chosen unit holds that word
    bridged = {t: linked[t] for t in absent if t in (linked or {})}
    absent = [t for t in absent if t not in bridged]
    for term, link in bridged.items():
        worded.setdefault(term, set()).update(link.passages)
        for pid in link.passages & passage_words.keys():
            passage_words[pid].add(term)
    plan = AnswerPlan(question_type=kind, key_terms=terms, answerable=False)
    if absent:
        plan.missing = f"the documents do not mention {listing(absent)}"
        return plan
    # "What's the dose?": of which medicine? (not when the question says whose, or of what in a
    # word the terms leave out: "the joining fee for under-16s")
    if terms and all(t in CONCEPTS for t in terms) and not _says_whose(question):
        plan.missing = f"the question asks for {listing(terms)} but does not say of what; ask about one by name"
        return plan
    # the products, places or people the question names ("Febrilon", "Willow Ward"): a passage
    # naming none of them is about another one (Dolvanex's dose does not answer Febrilon's)
    names = [t for t in named_terms(question) if t in terms and found_in(t, passages, passage_words)]
    # ... and a unit names it itself, or its passage's title or lead-in does: an item of "Do not take
    # Dolvanex if you:" is about Dolvanex even in a passage that names Nexaprin elsewhere
    # a unit's lead-in ("At 3 years 4 months:") is read from every unit of its passage, not only
    # from the shortlist: the lead-in need not share a word with the question
    placed = unit_contexts([u for u in (all_units or units) if u.passage_id in number], titles)
    kept = [
        (u, s) for u, s in zip(units, similarities, strict=True)
        if u.passage_id in number and names_it(
            names, set(words(f"{placed[(u.passage_id, u.index)]} {u.text}")), passage_words
        )
    ]
    contexts = placed
    neighbour = _neighbour_case(question, terms, names, kept, passages, passage_words, titles)
    if neighbour is not None:
        plan.missing = neighbour
        return plan
    weights = term_weights(terms, [u for u, _ in kept], contexts)
    # a term the passages word only their own way ("held" / "holds") cannot be found in a unit: no focus
    # ... and in the question's sense: held by the unit nearest the question or beside another of its terms
    no_focus = situation | (set(worded or {}) & literal_absent)
    sensed = [SensedUnit(u, sim, holds_value(asked, u.text, question)) for u, sim in kept]
    framing = frozenset(framing_verbs(question, terms))
    focus = focus_term(terms, weights, no_focus, sensed, contexts, question, framing)
    # a rarer term passed over as used in another sense is not asked of the answer's passage either
    uncounted = frozenset((situation & unworded) | passed_over(terms, weights, no_focus, focus, framing))
    scored = [
        score_unit(question, asked, terms, weights, focus, unit, sim, number[unit.passage_id],
               passage_words[unit.passage_id], contexts[(unit.passage_id, unit.index)],
               uncounted, frozenset(situation), _linked_in(bridged, unit.text))
        for unit, sim in kept
    ]
    for s in scored:
        # another year's rule or date, another strength of the named product: a neighbouring question
        placed = f"{s.context} {s.unit.text}"
        if year_fit(question, placed) is False or strength_fit(question, placed) is False:
            s.misfit, s.fit = True, min(s.fit, -1.0)
    _named_case(question, scored)
    _sibling_subject([t for t in terms if t not in situation], weights, scored, all_units or units, contexts)
    _soft_terms_bonus(question, scored)
    if given is not None:
        for s in scored:
            s.score -= _RESERVE_PRIOR * (s.citation > given)
    scored.sort(key=lambda s: s.score, reverse=True)
    on_topic = [s for s in scored if s.covered >= min_coverage and s.score >= min_score and not is_fragment(s.unit)]
    if focus is not None:
        on_topic = [s for s in on_topic if s.focus]
    typed = [s for s in on_topic if s.has_type] + defined_then_valued(on_topic, scored, focus)
    fitting = [s for s in typed if not s.misfit]
    # the asker's case (an age band, a group) stated without a value of the asked kind: "Children
    # aged 10 to 17 may take it only when prescribed by the paediatric team" answers a 12-year-old's
    # dose question better than the adult dose does
    own_case = [s for s in on_topic if not s.has_type and s.fit > 0 and not s.misfit]
    if own_case and not any(s.fit > 0 for s in fitting):
        fitting = own_case
    if not fitting:
        plan.missing = missing_value(asked, focus, terms, bool(on_topic), bool(typed))
        return plan
    # A unit whose row or group is the one the question names beats any unit without one.
    # and among those, the narrowest case that holds the question's ("At 14 years:" over "under 16")
    best_fit = max(s.fit for s in fitting)
    fitting = [s for s in fitting if s.fit >= best_fit] if best_fit > 0 else fitting
    plan.units = chosen_units(fitting, scored)
    if asked is None:  # a yes/no or open question: a short section is answered whole
        plan.units = whole_section(plan.units, all_units or units, scored, number, titles)
    if asked is not None:  # a value asked for: a close rival case with another value is quoted too
        rival = close_rival(plan.units, fitting, terms)
        if rival is not None:
            plan.units, plan.doubt = [*plan.units, rival], doubt_detail(rival)
    undated = _year_unstated(question, plan.units, passages, titles)
    if undated is not None:
        plan.units, plan.missing = [], f"the documents do not say what applied in {undated}"
        return plan
    weak = unlinked(bridged, [s.unit.text for s in plan.units])
    if weak:  # the chosen units hold no word WordNet links to the term: the link found nothing
        plan.units, plan.missing = [], f"the documents do not mention {listing(weak)}"
        return plan
    plan.answerable = True
    plan.answer = compose_answer(plan.units)
    return plan


def _linked_in(bridged: dict[str, LinkedTerm], text: str) -> frozenset[str]:
    """The bridged terms ``text`` holds a linked word of: the unit holds them in other words."""
    return frozenset(t for t, link in bridged.items() if link.held_by(text))


def _neighbour_case(
    question: str, terms: list[str], names: list[str], kept: list[tuple[EvidenceUnit, float]],
    passages: Sequence[Passage], passage_words: dict[str, set[str]], titles: dict[str, str],
) -> str | None:
    """What was looked for, when the documents say it only for a sibling case of the one the question
    names (guard/answering_neighbour.py): the named product's best unit would answer another question."""
    own = {u.passage_id for u, _ in kept} | {p.id for p in passages if names_it(names, passage_words[p.id], passage_words)}
    situation = situation_terms(question)  # the asker's case words, before plan_answer adds the verbs
    topical = [
        t for t in terms
        if t not in names and t not in CONCEPTS and t not in WRITTEN_AS_VALUE and t not in situation
    ]
    found = neighbour_only(question, names, [*topical, *band_limits(question)], passages, own, passage_words)
    if found is None:
        return None
    only, other = found
    return (
        f"the documents mention {listing(only)} only for another case ({titles[other.id].split(' > ')[0].strip()}), "
        f"not for {listing([n.capitalize() for n in names])}"
    )


def _year_unstated(
    question: str, chosen: list[ScoredUnit], passages: Sequence[Passage], titles: dict[str, str]
) -> str | None:
    """The year the question asks about ("What was the hotel limit ... in 2022?") when no passage of
    the documents the answer quotes states it: an undated policy states what applies now, so its
    value answers a neighbouring question (year_fit judges the units that state another year)."""
    asked = year_asked(question)
    if not asked:
        return None
    sources = {p.source for p in passages if any(u.unit.passage_id == p.id for u in chosen)}
    dated = " ".join(f"{titles[p.id]} {p.text}" for p in passages if p.source in sources)
    return None if asked & set(year_asked(dated)) else sorted(asked)[0]



def _with_values_written(
    terms: list[str], passages: Sequence[Passage], worded: dict[str, set[str]] | None
) -> dict[str, set[str]]:
    """``worded`` plus, for a term the documents write as its value (WRITTEN_AS_VALUE: "notice" as
    "24 hours before", "pay" as "free"), the passages lacking the word that write such a value: the
    term is worded otherwise there, so it is found in them but never the focus a unit must hold."""
    out = {t: set(ids) for t, ids in (worded or {}).items()}
    for term in terms:
        pattern = WRITTEN_AS_VALUE.get(term)
        if pattern is None:
            continue
        ids = {p.id for p in passages if not has_term(term, set(words(f"{p.title or ''} {p.text}"))) and pattern.search(p.text)}
        if ids:
            out.setdefault(term, set()).update(ids)
    return out


def _says_whose(question: str) -> bool:
    """The question names a case or a thing besides the kind of value it asks for: an age, an age
    band or a group of people ("under-16s", "for seniors"), or an -ing word the key terms leave out
    ("the joining fee")."""
    return (
        asked_age_months(question) is not None or asked_age_band(question) is not None
        or asked_group(question) is not None or bool(_soft_bases(question))
    )


def _named_case(question: str, scored: list[ScoredUnit]) -> None:
    """The case the question names in words rather than numbers: a hyphenated modifier
    ("part-time employees": a unit stating it is the asker's case, one stating only a sibling,
    "Full-time employees", another case) and a group of people ("the overtime rate for managers":
    a unit naming managers states their case, even without a value, "managers do not receive paid
    overtime"). A group most units name ("employees" in a leave policy) picks out none."""
    for s in scored:
        verdict = compound_fit(question, f"{context_lead(s.context)} {s.unit.text}")
        if verdict is False:
            s.misfit, s.fit = True, min(s.fit, -1.0)
        elif verdict and not s.misfit:
            _raise_fit(s, _NAMED_FIT)
    group = asked_group(question)
    if group is None or not scored:
        return
    naming = [s for s in scored if re.search(rf"\b{group}\b", s.unit.text, re.IGNORECASE)]
    if len(naming) * 2 < len(scored):
        for s in naming:
            if not s.misfit:
                _raise_fit(s, _NAMED_FIT)


def _sibling_subject(
    terms: list[str], weights: dict[str, float], scored: list[ScoredUnit], units: Sequence[EvidenceUnit],
    contexts: dict[tuple[str, int], str],
) -> None:
    """An item of a list (or a row of a table) is about its own subject: one lacking a term of the
    question that another item of the same list holds answers for that other item's neighbour. "Safety
    footwear ... is provided free of charge and replaced when worn" does not give the cost of replacing
    a laptop when the item before it is the one about laptops."""
    # a term that sets a subject apart is rare among the retrieved units ("laptop"), not one most share
    subjects = [t for t in terms if t not in CONCEPTS and weights.get(t, 0.0) >= _DISTINCT_WEIGHT]
    for s in scored:
        if s.unit.kind not in _PARALLEL or s.misfit:
            continue
        own = set(words(f"{s.unit.text} {s.context}"))
        lacking = [t for t in subjects if not has_term(t, own)]
        siblings = [
            u for u in units
            if u.passage_id == s.unit.passage_id and u.index != s.unit.index and u.kind is s.unit.kind
            and contexts.get((u.passage_id, u.index)) == s.context
        ]
        # the sibling is about it: the term opens one of its sentences ("Laptops are replaced ..."),
        # and it holds every term of the question this item opens with: an item opening with a term
        # its sibling lacks names a case of its own ("Business class: only with the CEO's approval"
        # beside "Flights of less than 6 hours: economy class", for who approves a business class flight)
        held = [t for t in terms if has_term(t, _openings(s.unit.text))]
        if any(
            has_term(t, _openings(u.text)) and all(has_term(h, set(words(u.text))) for h in held)
            for u in siblings for t in lacking
        ):
            s.misfit, s.fit = True, min(s.fit, -1.0)


def _openings(text: str) -> set[str]:
    """The first words of each sentence of ``text``: where a list item names its subject."""
    return {w for sentence in re.split(r"(?<=[.;!?])\s+", text) for w in words(sentence)[:_OPENING]}


_OPENING = 4
# term_weights gives log((n + 1) / (k + 0.5)) + 0.1: 1.0 or more for a term in a third of the units or fewer
_DISTINCT_WEIGHT = 1.0


_PARALLEL = frozenset({UnitKind.list_item, UnitKind.table_row})  # units of one list state parallel cases


def _soft_terms_bonus(question: str, scored: list[ScoredUnit]) -> None:
    """Words the key terms leave out because they are so often generic (-ing forms and -ly
    adverbs: "taking", "usually") still tell units apart when a unit has them: "before running
    out" is "before you will run out", "accidentally" is "Accidental damage". They only add to a
    unit's score; they never make a question unanswerable nor decide the focus."""
    bases = _soft_bases(question)
    if not bases:
        return
    for s in scored:
        vocabulary = set(words(s.unit.text))
        found = sum(any(w.startswith(b) for w in vocabulary) for b in bases)
        s.score += _SOFT_WEIGHT * found / len(bases)


_SOFT_WEIGHT = 0.1


def _soft_bases(question: str) -> list[str]:
    out = []
    for w in re.findall(r"[a-z]+", question.lower()):
        if w.endswith("ing") and len(w) > 5:
            base = w[:-3]
            base = base[:-1] if len(base) > 3 and base[-1] == base[-2] else base  # "running" -> "run"
        elif w.endswith("ly") and len(w) > 6:
            base = w[:-2].removesuffix("al")  # "accidentally" -> "accident"
        else:
            continue
        if len(base) >= 3 and base not in _SOFT_GENERIC and base + "e" not in _SOFT_GENERIC:
            out.append(base)
    return list(dict.fromkeys(out))


# bases of -ing and -ly words that say nothing about the topic ("taking", "usually", "quickly")
_SOFT_GENERIC = frozenset("tak us get hav giv mak go do need want feel usual actual real current exact quick near".split())


_NAMED_FIT = 0.5  # as much as a patient group named ("adults") adds in qualifier_fit


def _raise_fit(s: ScoredUnit, by: float) -> None:
    s.fit += by
    s.score += _FIT_WEIGHT * by


_FIT_WEIGHT = 0.25  # the weight of the qualifier fit in score_unit

_RESERVE_PRIOR = 0.1  # score a unit of a reserve passage gives up: retrieval ranked its passage lower

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
    candidates = lexical_candidates(question, everything, units, _titles(everything))
    embedder = get_embedder()
    similarities = similarities_to(question, candidates, embedder)
    worded = _worded(question, everything, embedder)
    plan = plan_answer(
        question, everything, candidates, similarities, worded=worded,
        given=len(passages), all_units=units, linked=_linked(question, list(passages), worded),
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
    """The question's terms that some passage does not have literally, mapped to the passages
    that word them another way (names excepted: another product or place is not the same one in
    other words). Per passage: "call an ambulance" is "call the emergency services" in the one
    passage that gives the seizure's time limit, though another passage says "ambulance"."""
    from guard.answering_terms import worded_otherwise

    vocabularies = _vocabularies(passages)
    lacking = [t for t in _unnamed_terms(question) if not all(has_term(t, v) for v in vocabularies)]
    return worded_otherwise(question, lacking, passages, embedder) if lacking else {}


def _linked(question: str, given: list[Passage], worded: dict[str, set[str]]) -> dict[str, LinkedTerm]:
    """WordNet candidates for the question's terms that no given passage has nor words otherwise
    (the terms that would make the answer a refusal); {} when WordNet is not installed."""
    ids = {p.id for p in given}
    vocabularies = _vocabularies(given)
    absent = [
        t for t in _unnamed_terms(question)
        if not (worded.get(t, set()) & ids) and not any(has_term(t, v) for v in vocabularies)
    ]
    if not absent:
        return {}
    return wordnet_links(question, absent, given, broader=classify_question(question) is not QuestionType.yes_no)


def _unnamed_terms(question: str) -> list[str]:
    """The question's key terms other than its names (another product or place is not the same one
    in other words)."""
    names = set(named_terms(question))
    return [t for t in key_terms(question) if t not in names]


def _vocabularies(passages: Sequence[Passage]) -> list[set[str]]:
    """Each passage's words with its title's (titles read among ``passages``), read once for all terms."""
    titles = _titles(passages)
    return [set(words(f"{titles[p.id]} {p.text}")) for p in passages]


def _titles(passages: Sequence[Passage]) -> dict[str, str]:
    """Each passage's title and source, and what the codes its title uses stand for as the
    passages define them: "Key commercial terms in MSA-2024" is about the master services
    agreement for customers."""
    defined = defined_names(passages)
    out = {}
    for p in passages:
        title = f"{p.title or ''} {p.source}"
        out[p.id] = f"{title} {with_definitions(title, defined)}".rstrip()
    return out


