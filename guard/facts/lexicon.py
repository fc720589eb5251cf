"""The words the fact layer reads, one lexicon per language, chosen by a small registry.

Why a lexicon and not rules scattered over modules: every slot reader (quantities, polarity,
modality, quantifiers, entities) takes its words from one :class:`Lexicon`, so adding a
language means writing one more lexicon (and registering it), not editing each reader.
English is the only language today. Text in a script no registered lexicon reads is
reported by :func:`language_of` as unreadable, and the judge abstains on it (never
"supported").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

__all__ = ["ENGLISH", "Lexicon", "language_of", "lexicon_for", "register_lexicon"]


@dataclass(frozen=True, eq=False)  # hashed by identity: one object per language, usable as a cache key
class Lexicon:
    """Closed word classes of one language, all lower case."""

    code: str
    script: str  # the Unicode script name prefix its letters carry ("LATIN", "CJK")
    load_stopwords: Callable[[], frozenset[str]]  # called once, on first use (spaCy's list imports spaCy)
    negations: frozenset[str]
    # modal verb -> strength class: "obligation", "advice" or "permission"
    modals: dict[str, str]
    universal_quantifiers: frozenset[str]
    partial_quantifiers: frozenset[str]
    # exceptions that turn a negation into a condition ("do not X unless Y" ~ "X if Y")
    exception_words: frozenset[str]
    condition_words: frozenset[str]
    # capitalised words that start sentences without naming anything
    sentence_openers: frozenset[str] = field(default_factory=frozenset)
    # words that say a value combines others ("in total", "together"): license an arithmetic step
    combination_words: frozenset[str] = field(default_factory=frozenset)

    @cached_property
    def stopwords(self) -> frozenset[str]:
        return self.load_stopwords()


def _english_stopwords() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS  # a plain word list; loads no model

    # spaCy's list holds verbs and nouns that carry the fact in instructions ("give", "take")
    content = {
        "give",
        "take",
        "make",
        "show",
        "call",
        "keep",
        "put",
        "see",
        "get",
        "go",
        "first",
        "last",
        "full",
        "empty",
        "top",
        "bottom",
        "front",
        "back",
        "name",
        "amount",
        "part",
        "side",
        "move",
        "serve",
        "become",
        "became",
        "used",
        "using",
        "use",
        "done",
        "made",
        "several",
        "few",
        "many",
        "most",
        "some",
        "all",
        "every",
        "each",
        "always",
        "never",
        "must",
        "may",
        "might",
        "can",
        "cannot",
        "should",
        "could",
        "not",
        "no",
        "none",
        "nor",
        "neither",
        "without",
        "above",
        "below",
        "over",
        "under",
        "more",
        "less",
        "least",
        "well",
        "often",
        "sometimes",
        "whole",
        "twelve",
        "twenty",
        "forty",
        "fifty",
        "sixty",
        "hundred",
    }
    return frozenset(STOP_WORDS) - content


ENGLISH = Lexicon(
    code="en",
    script="LATIN",
    load_stopwords=_english_stopwords,
    negations=frozenset(
        {
            "not",
            "n't",
            "no",
            "never",
            "cannot",
            "none",
            "nobody",
            "nothing",
            "nowhere",
            "neither",
            "nor",
            "avoid",
            "refrain",
            "prohibited",
            "forbidden",
        }
    ),
    modals={
        "must": "obligation",
        "shall": "obligation",
        "required": "obligation",
        "obliged": "obligation",
        "obligated": "obligation",
        "compulsory": "obligation",
        "mandatory": "obligation",
        "have to": "obligation",
        "has to": "obligation",
        "bound to": "obligation",  # "The Trust is bound to pay £450": the legal duty, as "obliged"
        "need to": "obligation",
        "needs to": "obligation",
        "should": "advice",
        "ought": "advice",
        "recommended": "advice",
        "may": "permission",
        "might": "permission",
        "can": "permission",
        "could": "permission",
        "allowed": "permission",
        "optional": "permission",
    },
    universal_quantifiers=frozenset({"always", "all", "every", "everyone", "each", "never", "none"}),
    partial_quantifiers=frozenset(
        {"some", "sometimes", "usually", "often", "most", "many", "few", "occasionally", "rarely", "several"}
    ),
    exception_words=frozenset({"unless", "except", "exception"}),
    condition_words=frozenset({"if", "only", "when", "unless", "provided"}),
    sentence_openers=frozenset(
        {
            "yes",
            "no",
            "take",
            "give",
            "use",
            "store",
            "keep",
            "call",
            "ask",
            "do",
            "please",
            "children",
            "patients",
            "staff",
            "employees",
            "adults",
            "babies",
            "it",
            "they",
            "you",
            "the",
            "this",
            "that",
            "each",
            "every",
            "after",
            "before",
            "during",
            "for",
            "in",
            "on",
            "at",
            "if",
            "when",
            "since",
            "according",
            "based",
            "however",
            "also",
            "note",
            "avoid",
            "wait",
            "stop",
            "start",
            "contact",
        }
    ),
    combination_words=frozenset(
        {
            "total",
            "totals",
            "together",
            "combined",
            "altogether",
            "overall",
            "sum",
            "difference",
            "plus",
            "minus",
            "multiplied",
            "divided",
            "average",
            "cumulative",
            "cumulatively",
            "x",
        }
    ),
)

_REGISTRY: dict[str, Lexicon] = {"en": ENGLISH}


def register_lexicon(lexicon: Lexicon) -> None:
    """Make a language readable by the fact layer (its slot readers take words from it)."""
    _REGISTRY[lexicon.code] = lexicon
    language_of.cache_clear()


def lexicon_for(code: str) -> Lexicon | None:
    """The lexicon of a language code, or None when the fact layer cannot read it."""
    return _REGISTRY.get(code)


def _script(char: str) -> str:
    name = unicodedata.name(char, "")
    if name.startswith(("CJK", "HIRAGANA", "KATAKANA", "HANGUL")):
        return "CJK"
    return name.split(" ", 1)[0] if name else ""


@lru_cache(maxsize=8192)
def language_of(text: str) -> str | None:
    """The registered language whose script most letters of ``text`` use; None if unreadable.

    A script test, not a language identifier: it tells Latin-script text (read as English)
    from Chinese or Cyrillic, which is what the judge needs to know to abstain. Text with
    no letters at all (digits only) counts as readable.
    """
    if text.isascii():
        return "en" if "en" in _REGISTRY else None
    counts: dict[str, int] = {}
    for char in text:
        if char.isalpha():
            script = _script(char)
            counts[script] = counts.get(script, 0) + 1
    if not counts:
        return "en"
    total = sum(counts.values())
    for lexicon in _REGISTRY.values():
        if counts.get(lexicon.script, 0) / total >= 0.6:
            return lexicon.code
    return None
