"""Where the evidence words a question's term its own way: another form of the word, or other words.

Evidence-first answering refuses when a term of the question is in no retrieved passage ("pet
insurance", "half-life"). Matching exact words made answerable questions look unanswerable
whenever the asker and the documents word the same thing differently: "held" / "holds",
"finished" / "complete", "bank holidays" / "public holidays", "a flu jab" / "the flu vaccine".
So a term no passage has literally is looked for twice more, per passage:

- by lemma: the term's lemma among the passage's lemmas ("held" and "holds" are both "hold");
- by phrase: the question's phrase around the term (its noun chunk, "bank holidays", or the
  word alone for a verb or adjective) against the passage's noun chunks, verbs and adjectives,
  by embedding cosine. A passage phrase counts only when it brings a word the question's
  phrase lacks: "company" is close to "company cars" by sharing a word, not by naming cars.

Names (words the question capitalises: "Spain", "Zostrel") are matched literally only: another
product or place is never the same one in other words.

Two more ways the documents word a thing their own way:

- an abbreviation they define ("MSA-2024: Master Services Agreement for customers ...", "time off
  in lieu (TOIL)"): a section headed "Key commercial terms in MSA-2024" is about the master
  services agreement, for customers (:func:`defined_names`, :func:`with_definitions`);
- the verb of a question asking for a thing or a value ("Which painkiller must I *avoid*?",
  "How long ... *last*"): it relates the topic to the answer, and the documents put the relation
  their own way ("Do not take ..."); it is the topic only in a yes/no question ("Do I need to
  *fast*?"), where the predicate is what is asked (:func:`predicate_terms`).

Only the terms literally absent are parsed and embedded; passage parses and phrase vectors are
cached by text, as the same passages serve many questions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from pydantic import BaseModel, ConfigDict

from guard.language import parse, trained_pipeline
from guard.verifiers.lexical import stop_words, words
from retrievers.types import Passage

__all__ = [
    "CLOSE_PHRASE", "TermSense", "defined_names", "framing_verbs", "lemma_tags", "predicate_terms", "term_senses", "with_definitions",
    "worded_otherwise",
]

# cosine (all-MiniLM-L6-v2) at which two short phrases name the same thing: "free flu jab" /
# "flu vaccine" 0.71, "bank holidays" / "public holidays" 0.73, "finished" / "complete" 0.72;
# unrelated neighbours stay below ("pet insurance" / "travel insurance" 0.45, "Spain" /
# "country" 0.59, "phone number" / "emergency number" 0.45). Measured on the golden dev part.
CLOSE_PHRASE = 0.7
_PARSER_EXCLUDE = ("ner", "senter")  # the pipeline the fact layer already loads (tagger, parser, lemmas)
_KEPT_POS = ("NOUN", "PROPN", "VERB", "ADJ", "ADV")


def worded_otherwise(
    question: str, terms: Sequence[str], passages: Sequence[Passage], embedder
) -> dict[str, set[str]]:
    """For each of ``terms`` (the question's terms no passage has literally), the ids of the
    passages that word it another way; terms no passage words at all are left out."""
    nlp = trained_pipeline(_PARSER_EXCLUDE)
    if nlp is None or not terms:
        return {}
    asked = _question_phrases(question, tuple(terms))
    found: dict[str, set[str]] = {}
    passage_phrases = {p.id: _phrases(p.text) for p in passages}
    for term, (lemma, phrase) in asked.items():
        for p in passages:
            if lemma and lemma in passage_phrases[p.id][0]:
                found.setdefault(term, set()).add(p.id)
    todo = {t: v for t, v in asked.items() if t not in found and v[1]}
    if not todo:
        return found
    vectors = _vectors([v[1] for v in todo.values()] + [x for p in passages for x in passage_phrases[p.id][1]], embedder)
    for term, (_, phrase) in todo.items():
        own = set(words(phrase))
        for p in passages:
            candidates = [x for x in passage_phrases[p.id][1] if set(words(x)) - own]
            if candidates and max(float(vectors[x] @ vectors[phrase]) for x in candidates) >= CLOSE_PHRASE:
                found.setdefault(term, set()).add(p.id)
    return found


@lru_cache(maxsize=1024)
def _question_phrases(question: str, terms: tuple[str, ...]) -> dict[str, tuple[str, str]]:
    """term -> (its lemma, the question's phrase around it); capitalised words (names) are left out."""
    doc = parse(question)
    chunks = list(doc.noun_chunks)
    out: dict[str, tuple[str, str]] = {}
    for term in terms:
        token = _term_token(doc, term)
        if token is None:
            continue
        chunk = next((c for c in chunks if c.start <= token.i < c.end), None)
        if chunk is not None and token.pos_ in ("NOUN", "PROPN"):
            phrase = " ".join(t.lower_ for t in chunk if _content(t))
        else:
            phrase = token.lower_
        lemma = token.lemma_.lower() if "-" not in term else ""
        out[term] = (lemma if lemma != term else "", phrase or token.lower_)
    return out


def _term_token(doc, term: str):
    """The question's token for ``term`` (a hyphenated term: its first part), or None when the
    question capitalises it mid-sentence (a name, matched literally only)."""
    parts = [p for p in term.split("-") if p]
    token = next((t for t in doc if words(t.text)[:1] == [parts[0]] or t.lower_ == term), None)
    if token is None or (token.text[:1].isupper() and token.i > 0):
        return None
    return token


class TermSense(BaseModel):
    """How the question uses a term: its lemma, its part of speech (spaCy's NOUN, VERB, ADJ ...) and
    the words modifying it ("safety" of "safety boots", "paid" of "paid sabbatical")."""

    model_config = ConfigDict(frozen=True)

    lemma: str
    pos: str
    modifiers: tuple[str, ...] = ()


def term_senses(question: str, terms: Sequence[str]) -> dict[str, TermSense]:
    """How the question uses each of ``terms``; names, hyphenated terms and nouns modifying another
    noun are left out."""
    doc = parse(question) if terms else None  # None: no trained pipeline
    if doc is None:
        return {}
    out = {}
    for term in terms:
        token = _term_token(doc, term) if "-" not in term else None
        # a noun modifying another ("*agency* contractors") names a case of its own: not a sense to widen
        if token is not None and token.dep_ != "compound":
            modifiers = tuple(c.lower_ for c in token.children if c.dep_ in ("compound", "amod") and _content(c))
            out[term] = TermSense(lemma=token.lemma_.lower(), pos=token.pos_, modifiers=modifiers)
    return out


def lemma_tags(text: str) -> frozenset[tuple[str, str]]:
    """(lemma, part of speech) of a text's words: ("child", "NOUN") for "children", ("leave",
    "VERB") for "when you leave"; parsed once per text."""
    return _phrases(text)[2] if trained_pipeline(_PARSER_EXCLUDE) is not None else frozenset()


@lru_cache(maxsize=4096)
def _phrases(text: str) -> tuple[frozenset[str], tuple[str, ...], frozenset[tuple[str, str]]]:
    """A passage's lemmas, its phrases (noun chunks of content words only, verbs, adjectives), and
    its (lemma, part of speech) pairs."""
    doc = trained_pipeline(_PARSER_EXCLUDE)(text)
    lemmas = frozenset(t.lemma_.lower() for t in doc if t.is_alpha)
    phrases = {" ".join(t.lower_ for t in c if _content(t)) for c in doc.noun_chunks}
    phrases |= {t.lower_ for t in doc if t.pos_ in ("VERB", "ADJ") and _content(t)}
    tags = frozenset((t.lemma_.lower(), t.pos_) for t in doc if t.is_alpha)
    return lemmas, tuple(sorted(p for p in phrases if p)), tags


def _content(token) -> bool:
    return token.is_alpha and token.pos_ in _KEPT_POS and token.lower_ not in stop_words()


_VECTORS: dict[str, np.ndarray] = {}
_CACHE_SIZE = 16384


def _vectors(texts: Sequence[str], embedder) -> dict[str, np.ndarray]:
    todo = [t for t in dict.fromkeys(texts) if t not in _VECTORS]
    if todo:
        fresh = dict(zip(todo, np.asarray(embedder.encode(todo)), strict=True))
        if len(_VECTORS) + len(fresh) > _CACHE_SIZE:
            _VECTORS.clear()
        _VECTORS.update(fresh)
    return {t: _VECTORS[t] for t in texts}


def predicate_terms(question: str, terms: Sequence[str]) -> set[str]:
    """Of ``terms``, those the question uses as a verb (not an auxiliary) or as the adjective
    after "is": "avoid" in "Which painkiller must I avoid?", "best" in "Which painkiller is
    best?". The caller decides when a verb is only a relation (a question
    asking for a thing or a value) rather than what is asked (yes/no)."""
    doc = parse(question) if terms else None  # None: no trained pipeline
    if doc is None:
        return set()
    verbs = {t.lower_ for t in doc if t.pos_ == "VERB"}
    # an adjective complementing "is" relates the thing asked for to the topic the same way: "Which
    # painkiller is *best* with Zelorin?" is answered by "Febrilon is the preferred painkiller"
    verbs |= {t.lower_ for t in doc if t.pos_ == "ADJ" and t.dep_ == "acomp" and t.head.pos_ == "AUX"}
    return {t for t in terms if "-" not in t and (t in verbs or any(words(v)[:1] == [t] for v in verbs))}


def framing_verbs(question: str, terms: Sequence[str]) -> set[str]:
    """Of ``terms``, the verbs the question puts before another verb as its complement: "need to
    *ask* to work abroad", "*want* to quit". They say how the asker comes at the act, not what it
    is about; the verb of the act itself ("accidentally *break* my laptop", "*carry* over") is not one."""
    doc = parse(question) if terms else None  # None: no trained pipeline
    if doc is None:
        return set()
    framing = {
        t.lower_ for t in doc
        if t.pos_ == "VERB" and any(c.dep_ == "xcomp" and c.pos_ == "VERB" for c in t.children)
    }
    return {t for t in terms if t in framing}


# "**MSA-2024:** Master Services Agreement for customers ..." (a code, a colon or dash, what it is)
_CODE_DEFINED = re.compile(
    r"(?m)^[\s*_-]*\b([A-Z]{2,}[A-Z0-9]*(?:-[A-Z0-9]+)*)\b[*_]*\s*[:\u2013\u2014]\s*[*_]*\s*([A-Z][^.;\n]{3,160})"
)
# "time off in lieu (TOIL)": the words before an upper-case short name in brackets
_SHORT_DEFINED = re.compile(r"((?:[A-Za-z][\w-]*\s+){1,5})\(([A-Z]{2,6})\)")


def defined_names(passages: Sequence[Passage]) -> dict[str, str]:
    """Codes and short names the passages define, upper-cased, to what they stand for: "MSA-2024"
    and its stem "MSA" -> "Master Services Agreement for customers buying transport, ...";
    "TOIL" -> "time off in lieu"."""
    out: dict[str, str] = {}
    for p in passages:
        for m in _CODE_DEFINED.finditer(p.text):
            code, meaning = m.group(1), m.group(2).strip()
            out.setdefault(code.upper(), meaning)
            stem = code.split("-")[0]
            if stem != code and len(stem) >= 2:
                out.setdefault(stem.upper(), meaning)
        for m in _SHORT_DEFINED.finditer(p.text):
            phrase = [w for w in m.group(1).split() if w.lower() not in stop_words() or w.lower() in ("in", "of")]
            if phrase:
                out.setdefault(m.group(2).upper(), " ".join(m.group(1).split()))
    return out


_CODE = re.compile(r"\b[A-Z]{2,}[A-Z0-9]*(?:-[A-Z0-9]+)*\b")


def with_definitions(text: str, defined: dict[str, str]) -> str:
    """What the codes ``text`` uses stand for, to add to what it is about ("" when none): the text
    itself is left as the documents word it (answers quote it)."""
    if not defined:
        return ""
    found = []
    for m in _CODE.finditer(text):
        code = m.group(0).upper()
        meaning = defined.get(code) or defined.get(code.split("-")[0])
        if meaning and meaning not in found and meaning.upper() not in text.upper():
            found.append(meaning)
    return " ".join(found)
