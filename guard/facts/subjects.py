"""The claim's subject as words: what a claim says is free, optional or required.

Why: "Changing rooms come with the pitch at no extra cost" and "Freezer suits are optional for short spells" are
about their subject ("changing rooms", "freezer suits"), not about the words of the setting after it; a check that
asks whether the evidence prices or requires that thing needs the subject's words alone.
"""

from __future__ import annotations

from guard.facts.slots import stem
from guard.language import parse

__all__ = ["subject_stems"]

_NARROWING = ("compound", "amod", "nmod")


def subject_stems(text: str, *, acts: bool = False, main_clause_only: bool = False) -> frozenset[str]:
    """The stems of the subject's head noun and the words before it that narrow it ("freezer suits", "the first
    consultation"); empty without a noun subject or without a parser.

    ``acts``: a gerund subject names an act and its object ("Wearing a helmet is optional": wear, helmet); without
    it, a clause as subject ("Adding a partner as a driver costs nothing") gives nothing. ``main_clause_only``: the
    subject of the main verb only."""
    doc = parse(text)
    if doc is None:
        return frozenset()
    if not acts and any(t.dep_ in ("csubj", "csubjpass") for t in doc):
        return frozenset()
    for token in doc:
        main = token.head.dep_ == "ROOT" or not main_clause_only
        if token.dep_ in ("nsubj", "nsubjpass") and main and token.pos_ in ("NOUN", "PROPN"):
            return _narrowed(token)
        if acts and token.dep_ in ("csubj", "nsubj") and token.tag_ == "VBG":
            # "Filling in the bladder diary is optional", "Showering before a float is optional": the act and its object
            objects = [c for c in token.children if c.dep_ == "dobj" and c.pos_ == "NOUN"]
            return frozenset({stem(token.lower_)}) | (_narrowed(objects[0]) if objects else frozenset())
    return frozenset()


def _narrowed(token) -> frozenset[str]:
    narrowing = [c for c in token.lefts if c.dep_ in _NARROWING]
    return frozenset(stem(t.lower_) for t in [*narrowing, token])
