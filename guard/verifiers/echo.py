"""Prompt echo: the parts of a draft that copy the prompt instead of answering.

Small models continue the pattern of the prompt they were given: SmolLM2 writes
"</passage> Question: ... Write one sentence that ends with the passage id in
brackets." after (or instead of) its answer. Those lines are not claims about the
documents; verifying them only marks noise as "unsupported". They are cut from the
draft before verification and counted (``Decision.template_echo``).

The draft is cut into *units*: each delimiter tag of ours (``<passage ...>``,
``</passage>``, ``<draft>``, ``<feedback>``...), and the sentences of each line
(a new sentence also starts at ``Question:``). A unit is echo when

- it is one of our delimiter tags, or it starts with the ``Question:`` label; or
- it is the question asked back (ends with "?" and >= 80 % of its words are the
  question's, in 4-word runs); or
- >= 60 % of its words sit in 4-word runs copied from the *template* text of the
  prompt, and fewer of them sit in runs copied from the evidence.

The template text is every message sent (system, the few-shot example turns, the
user turn) with the evidence taken out: the bodies of the passage, draft and
feedback elements of the last user turn, and its question line. A sentence that
repeats a passage is the point of a grounded answer, and a sentence that shares a
phrase with the question ("The usual adult dose of Zelorin is 20 mg") is an answer,
so neither counts. The few-shot example's answer ("Lyon is the third-largest city in
France [2].") is echo unless the evidence says the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from guard.verifiers.citation_markers import strip_markers
from guard.verifiers.refusal import is_refusal

__all__ = ["EchoRemoval", "remove_template_echo"]

_N = 4  # a copied run is at least this many words
_TEMPLATE_SHARE = 0.6
_QUESTION_SHARE = 0.8
_TAG = re.compile(r"</?\s*(?:passage|draft|feedback)\b[^>\n]*>", re.IGNORECASE)
_EVIDENCE_ELEMENT = re.compile(
    r"<(passage|draft|feedback)\b[^>]*>(.*?)</\1>", re.IGNORECASE | re.DOTALL
)
_QUESTION_LINE = re.compile(r"^Question:[ \t]*(.*)$", re.MULTILINE)
# A sentence ends after . ! or ? (and any citation markers right after it), before white space.
_SENTENCE_END = re.compile(r"[.!?](?:[ \t]*\[[\d,\s]+\])*(?=\s|$)")
_QUESTION_LABEL = re.compile(r"\bQuestion:", re.IGNORECASE)


class EchoRemoval(BaseModel):
    """A draft with its prompt echo cut out."""

    text: str  # the draft without the echoed units (unchanged when there was none)
    removed: list[str] = Field(default_factory=list)  # the echoed units, in draft order

    @property
    def count(self) -> int:
        return len(self.removed)


def remove_template_echo(
    draft: str, messages: Sequence[Mapping[str, Any]], refusal_text: str | None = None
) -> EchoRemoval:
    """``draft`` without the units that copy ``messages`` (the prompt it answered).

    The prompt spells out the refusal sentence; a unit that is that refusal
    (:func:`~guard.verifiers.refusal.is_refusal`) is the model's answer, never echo.
    """
    reference = _Reference(messages)
    units = _units(draft)
    echoed = [
        (start, end)
        for start, end in units
        if reference.is_echo(draft[start:end])
        and not (refusal_text and is_refusal(draft[start:end], refusal_text))
    ]
    if not echoed:
        return EchoRemoval(text=draft)
    keep = [True] * len(draft)
    for start, end in echoed:
        keep[start:end] = [False] * (end - start)
    text = "".join(ch for ch, kept in zip(draft, keep) if kept)
    return EchoRemoval(text=_tidy(text), removed=[draft[s:e].strip() for s, e in echoed])


class _Reference:
    """The prompt, split into template words, evidence words and the question."""

    def __init__(self, messages: Sequence[Mapping[str, Any]]) -> None:
        contents = [_content(m) for m in messages]
        last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
        evidence: list[str] = []
        question = ""
        if last_user >= 0:
            turn = contents[last_user]
            evidence = [m.group(2) for m in _EVIDENCE_ELEMENT.finditer(turn)]
            found = _QUESTION_LINE.findall(turn)
            question = found[-1] if found else ""
            turn = _EVIDENCE_ELEMENT.sub(lambda m: f"<{m.group(1)}></{m.group(1)}>", turn)
            contents[last_user] = _QUESTION_LINE.sub("Question:", turn)
        self._template = _ngrams(_words(" \n ".join(contents)))
        self._evidence = _ngrams(_words(" \n ".join(evidence)))
        self._question = _ngrams(_words(question))
        self._question_words = _words(question)

    def is_echo(self, unit: str) -> bool:
        stripped = unit.strip()
        if _TAG.fullmatch(stripped) or _QUESTION_LABEL.match(stripped):
            return True
        words = _words(stripped)
        if len(words) < 2:
            return False
        if stripped.rstrip(" .").endswith("?") and (
            words == self._question_words or _covered(words, self._question) >= _QUESTION_SHARE
        ):
            return True
        template = _covered(words, self._template)
        return template >= _TEMPLATE_SHARE and template > _covered(words, self._evidence)


def _content(message: Mapping[str, Any]) -> str:
    content = message.get("content", "")
    if isinstance(content, list):  # OpenAI content parts
        return " ".join(p.get("text", "") for p in content if isinstance(p, Mapping))
    return content if isinstance(content, str) else ""


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", strip_markers(text).lower())


def _ngrams(words: list[str]) -> set[tuple[str, ...]]:
    """Every run of ``_N`` words, and every shorter run too (a unit shorter than ``_N`` must match whole)."""
    runs: set[tuple[str, ...]] = set()
    for size in range(2, _N + 1):
        runs.update(tuple(words[i : i + size]) for i in range(len(words) - size + 1))
    return runs


def _covered(words: list[str], runs: set[tuple[str, ...]]) -> float:
    """Share of ``words`` inside some run of ``runs`` (runs of ``_N`` words; the whole unit if shorter)."""
    size = min(_N, len(words))
    covered = [False] * len(words)
    for i in range(len(words) - size + 1):
        if tuple(words[i : i + size]) in runs:
            covered[i : i + size] = [True] * size
    return sum(covered) / len(words) if words else 0.0


def _units(draft: str) -> list[tuple[int, int]]:
    """Spans of the tags and of the sentences between them, line by line, whitespace trimmed."""
    cuts = {0, len(draft)}
    for match in _TAG.finditer(draft):
        cuts.update((match.start(), match.end()))
    cuts.update(m.start() for m in _QUESTION_LABEL.finditer(draft))
    cuts.update(m.end() for m in _SENTENCE_END.finditer(draft))
    cuts.update(m.start() for m in re.finditer(r"\n", draft))
    bounds = sorted(cuts)
    spans = []
    for start, end in zip(bounds, bounds[1:]):
        piece = draft[start:end]
        lead = len(piece) - len(piece.lstrip())
        trail = len(piece.rstrip())
        if trail > lead:
            spans.append((start + lead, start + trail))
    return spans


def _tidy(text: str) -> str:
    lines = [re.sub(r"[ \t]{2,}", " ", line).strip() for line in text.split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
