"""A person given the title the document gives someone else: "Ben Hargreaves ... as the clinic's
osteopath" where the document says "Our osteopath, Nadia Quinn, ...; our sports massage therapist,
Ben Hargreaves, ...".

Why: a swap of two people's roles keeps every name and every title of the document, so word overlap
passes it, and when the claim's verb is not the document's ("treats" for "sees patients") no act is
compared. The document's titles are read from appositions ("our osteopath, Nadia Quinn", "Kit Morrow,
the yard manager") and copulas ("Kit Morrow is the yard manager"); the claim's from the same forms and
"as the osteopath". Contradicted when the claim gives a person a title whose head noun the document
gives another named person and never this one, and the document gives this person a title of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from guard.facts.mismatches import contradiction
from guard.facts.slots import Slots, stem
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch
from guard.language import parse
from guard.wordnet import load_wordnet

__all__ = ["title_swap"]

_TITLE_WORDS = ("compound", "amod")
_NOUN_PERSON = 18  # WordNet's lexicographer file noun.person


def title_swap(claim: Slots, units: Sequence[EvidenceUnit]) -> list[SlotMismatch]:
    said = _titles(claim.text)
    if not said:
        return []
    given: dict[frozenset[str], list[tuple[str, str, EvidenceUnit]]] = {}
    for unit in units:
        for name, head, title in _titles(unit.text):
            given.setdefault(name, []).append((head, title, unit))
    for name, head, title in said:
        own = given.get(name)
        if not own or any(h == head for h, _, _ in own):
            continue  # the document gives this person no title, or this one
        holder = next(
            ((other, t, unit) for other, found in given.items() if other != name
             for h, t, unit in found if h == head),
            None,
        )
        if holder is None:
            continue
        other, other_title, unit = holder
        person = " ".join(sorted(name))
        explanation = (
            f'the document gives the title "{other_title}" to someone else ("{unit.text.strip()[:160]}"); '
            f'it calls this person "{own[0][1]}"'
        )
        return [contradiction(SlotKind.entity, f"{person}: {title}", other_title, unit, explanation, own[0][1])]
    return []


def _titles(text: str) -> list[tuple[frozenset[str], str, str]]:
    """(the person's name stems, the title's head stem, the title) for every titled name of ``text``."""
    doc = parse(text)
    if doc is None:
        return []
    out = []
    for token in doc:
        if token.pos_ == "PROPN" and token.dep_ == "appos" and token.head.pos_ == "NOUN":
            out.append((token, token.head))  # "Our osteopath, Nadia Quinn"
        elif token.pos_ == "NOUN" and token.dep_ == "appos" and token.head.pos_ == "PROPN":
            out.append((token.head, token))  # "Priya Nair, the pharmacist"
        elif token.pos_ == "NOUN" and token.dep_ == "attr" and token.head.lemma_ == "be":
            subject = next((c for c in token.head.children if c.dep_ == "nsubj" and c.pos_ == "PROPN"), None)
            if subject is not None:
                out.append((subject, token))  # "Kit Morrow is the yard manager"
        elif token.pos_ == "NOUN" and token.dep_ == "pobj" and token.head.lower_ == "as":
            verb = token.head.head
            subject = next((c for c in verb.children if c.dep_ == "nsubj" and c.pos_ == "PROPN"), None)
            if subject is not None:
                out.append((subject, token))  # "Ben Hargreaves treats ... as the clinic's osteopath"
    wordnet = load_wordnet()
    found = []
    for person, title in out:
        # a person's name (two proper nouns or a PERSON entity) and a noun for a person ("osteopath"):
        # "250 degrees F" is neither
        if wordnet is None or wordnet.first_sense_file(title.lemma_.lower(), "n") != _NOUN_PERSON:
            continue
        parts = [t for t in person.subtree if t.pos_ == "PROPN" and t.i <= person.i]
        if len(parts) < 2 and person.ent_type_ != "PERSON":
            continue
        name = frozenset(stem(t.lower_) for t in parts)
        words = [t.text for t in title.subtree if t.dep_ in _TITLE_WORDS and t.i < title.i] + [title.text]
        if name:
            found.append((name, stem(title.lemma_.lower()), " ".join(words)))
    return found
