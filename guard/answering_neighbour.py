"""The documents say what the question asks only for a sibling case: another product's leaflet.

The planner keeps only units whose passage names what the question names ("Zelorin"), so the
answer it quotes is always about Zelorin. But when the documents say what is asked only for
another product ("Stop taking Glucotane 48 hours before ... an operation"; "Pregnancy and
breastfeeding" in the Zelorin leaflet), the best Zelorin unit left answers another question: a
missed-dose rule for "Do I need to stop Zelorin before an operation?", the leaflet's opening for
"Is Glucotane safe while breastfeeding?". The quote is the documents' own text, so verification
finds it supported and it is shown unmarked; only the choice can catch it.

The sign is lexical, and the embedder cannot give it: a question naming Zelorin is nearest every
Zelorin sentence, whatever it asks. A word of the question that no retrieved passage about the named
product holds, held by a passage of a sibling document (one whose title has the same frame, "Patient
Leaflet: ...", about another name), is said for that sibling only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.answering_question import GENERIC_WORDS
from guard.answering_scoring import has_term
from guard.verifiers.lexical import stop_words, words
from retrievers.types import Passage

__all__ = ["band_limits", "neighbour_only"]

# the words a title's frame is read from ("Patient Leaflet: Zelorin 20 mg" -> "patient leaflet")
_FRAME = re.compile(r"^([^:>]+):")


def neighbour_only(
    question: str, names: list[str], terms: Sequence[str], passages: Sequence[Passage], own: set[str],
    passage_words: dict[str, set[str]],
) -> tuple[list[str], Passage] | None:
    """The question's words held only by a sibling document's passage (and that passage), when no
    passage of ``own`` (the ids of those naming what the question names) holds them; None otherwise.

    ``terms`` are the question's topic terms the caller counts (its key terms less names, kinds of
    value such as "maximum" or "temperature" that the documents write as the value, and the asker's
    own situation: "this morning" is when, not what); the question's activities ("while
    breastfeeding"), which key terms leave out, are added. ``passage_words`` are each passage's words
    with its title and the terms worded otherwise there."""
    if not names or not own:
        return None
    frames = {_frame(p) for p in passages if p.id in own} - {None}
    sources = {p.source for p in passages if p.id in own}
    siblings = [p for p in passages if p.id not in own and p.source not in sources and _frame(p) in frames]
    if not siblings:
        return None
    vocabulary = set().union(*(passage_words[pid] for pid in own))
    own_text = " ".join(f"{p.title or ''} {p.text}" for p in passages if p.id in own)
    asked = [w for w in dict.fromkeys([*terms, *_activities(question)]) if not _holds(w, vocabulary, own_text)]
    for p in siblings:
        only = [w for w in asked if _holds(w, passage_words[p.id], f"{p.title or ''} {p.text}")]
        if only:
            return only, p
    return None


def _holds(word: str, vocabulary: set[str], text: str) -> bool:
    # words() keeps no numbers: a number is looked for in the text, as itself ("75", not "750")
    return bool(re.search(rf"(?<![\d.,]){word}(?![\d]|[.,]\d)", text)) if word.isdigit() else has_term(word, vocabulary)


def _frame(passage: Passage) -> str | None:
    m = _FRAME.match((passage.title or "").strip())
    return " ".join(words(m.group(1))) if m else None


def _activities(question: str) -> list[str]:
    """The question's -ing words naming an activity ("breastfeeding", "driving"), not a time of day
    or a verb the question asks with ("taking")."""
    found = re.findall(r"\b[a-z]{3,}ing\b", question.lower())
    return [
        w for w in found
        if w not in _NOT_ACTIVITIES and w not in stop_words()
        and not {w[:-3], f"{w[:-3]}e"} & GENERIC_WORDS
    ]


# -ing words that name no activity: times, and words that only end like one
_NOT_ACTIVITIES = frozenset("morning evening during nothing something anything everything thing string spring ceiling".split())


# a number that bounds a group ("adults over 75", "people who weigh 60 kg or less"): the group is
# the documents' own band only where they state that bound; a point value ("a 12-year-old") is
# judged against the bands instead (it falls in "10 to 17"), so it is never read as a word
_BOUND = re.compile(
    r"\b(?:over|under|above|below)\s+(\d{2,3})\b|\b(\d{2,3})\s*(?:kg\s+|years?\s+)?or (?:less|more|over|under|older|younger)\b",
    re.IGNORECASE,
)


def band_limits(question: str) -> list[str]:
    """The numbers bounding a group the question names ("over 75" -> "75")."""
    return [a or b for a, b in _BOUND.findall(question)]
