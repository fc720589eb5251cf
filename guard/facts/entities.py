"""Named things in a claim (products, people, places, organisations), read cheaply.

Why not spaCy NER here: the tagger/parser/NER pipeline costs ~4 ms per short text on the
2-core target (measured 110-200 ms for 30 texts), several times the fact layer's whole
budget, and the judge only needs to know whether a name the claim uses appears in the
evidence ("Zelorin" against a Febrilon leaflet is a fabrication). So a name is a run of
capitalised words (or an all-capitals acronym) that is not an ordinary sentence opener, a
month, or a stop word. Dependency heads are not read: which number a name governs is
taken from the evidence unit's structure (table row key, sentence) instead.
"""

from __future__ import annotations

import re
from functools import lru_cache

from guard.facts.lexicon import Lexicon

__all__ = ["entity_names", "name_tokens"]

_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9'’-]*")
_CALENDAR = frozenset(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday i".split()
)


def name_tokens(text: str) -> frozenset[str]:
    """Stemmed lower-case word forms of a text, possessives removed, for looking names up."""
    from guard.facts.slots import stem

    return frozenset(stem(_plain(t)) for t in _TOKEN.findall(text))


def _plain(token: str) -> str:
    return re.sub(r"['’]s$", "", token.lower())


@lru_cache(maxsize=2048)
def entity_names(text: str, lexicon: Lexicon) -> tuple[str, ...]:
    """Names written in ``text``, in order.

    A run of capitalised words joins only across single spaces (a comma or a line break ends
    it: "Illinois, Missouri" is two names). A run of one word opening a sentence is not a
    name: without a dictionary, "Sure", "Unfortunately" or "Review" cannot be told from
    "Zelorin" there (spaCy NER could, at several times the budget; measured).
    """
    names: list[str] = []
    run: list[str] = []
    run_opens = False
    previous_end = None
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        gap = text[previous_end : match.start()] if previous_end is not None else text[: match.start()]
        boundary = previous_end is None or bool(re.search(r"[.!?:\n|]", gap))
        joined = run and gap == " "
        if run and not joined:
            _close_run(names, run, run_opens)
            run = []
        if _is_name_word(token, boundary and not run, lexicon):
            if not run:
                run_opens = boundary
            run.append(token)
        elif run:
            _close_run(names, run, run_opens)
            run = []
        previous_end = match.end()
    if run:
        _close_run(names, run, run_opens)
    return tuple(names)


def _close_run(names: list[str], run: list[str], opens_sentence: bool) -> None:
    if opens_sentence and len(run) == 1:
        return
    names.append(" ".join(run))


def _is_name_word(token: str, at_boundary: bool, lexicon: Lexicon) -> bool:
    lower = _plain(token)
    # "Sundays", "Fridays": a weekday in the plural is still no name
    if not token[0].isupper() or lower in _CALENDAR or lower.removesuffix("s") in _CALENDAR or lower in lexicon.stopwords:
        return False
    if lower in lexicon.negations:  # "Neither Student nor Flex": a negation is never part of a name
        return False
    if at_boundary and (lower in lexicon.sentence_openers or lower in lexicon.modals):
        return False
    return len(token) > 1
