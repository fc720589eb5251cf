"""The parties a document names once and then calls by their role: "Maple & Moss Ceramics (the occupier)",
"the grower, Naomi Kessler,", "Merrowby Museum and Art Gallery ("the borrower")".

Why: agreements, licences and letters define each party once and write every rule of the role ("The occupier
may not sell food or hot drinks", "The grower must not use slug pellets"), while an answer names the party ("Maple
& Moss may sell hot drinks in Unit 3"). Read with the name, the claim shares too few words with the rule for the
flip checks to set one against the other, and a denied act passed. Here the claim is read a second time with the
party's name put back as its role (:func:`as_role`); the caller keeps that reading's contradiction.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from guard.facts.roles import person_like
from guard.facts.types import EvidenceUnit

__all__ = ["Party", "as_role", "defined_parties"]

# a name: capitalised words, with "&", "and", "of" or "the" between them ("Maple & Moss Ceramics", "Merrowby
# Museum and Art Gallery")
_NAME = r"[A-Z][\w'’.-]*(?:\s+(?:(?:&|and|of|the)\s+)?[A-Z][\w'’.-]*)*"
# the role defined for it: one or two lower-case words after "the" ("the occupier", "the garden owner")
_ROLE = r"[Tt]he\s+(?P<role>[a-z]+(?:\s+[a-z]+)?)"
_QUOTE = r"[\"“”']?"
_DEFINED = (
    # "Maple & Moss Ceramics (the occupier)", "Dewi Lloyd, trading as Fellside Shearing ("the contractor")"
    re.compile(rf"(?P<name>{_NAME})\s*\(\s*{_QUOTE}{_ROLE}{_QUOTE}\s*\)"),
    # "Dr Alison Greer, the owner of the painting ("the lender")"
    re.compile(rf"(?P<name>{_NAME}),\s+(?:the|a|an)\s+[a-z][^,()]{{0,40}}\(\s*{_QUOTE}{_ROLE}{_QUOTE}\s*\)"),
    # "lets the grower, Naomi Kessler, use", "the hirer, Daniel Marsh, of 4 Elder Close"; not "Our scheme manager,
    # Patricia Doyle,": staff a document goes on calling by name ("Patricia Doyle does not give personal care")
    re.compile(rf"\b{_ROLE},\s+(?P<name>{_NAME})\s*(?=,|\(|\.|$)"),
)
_BRACKETED = 2  # the first patterns define by a bracket
# words before a name that are no part of it ("Dr", "Mr" stay: they are how a claim may write it too)
_LEADING = re.compile(r"^(?:The|This|That|Our|Between|And|From|By|With)\s+")


class Party(NamedTuple):
    name: str  # as the document first writes it ("Naomi Kessler")
    role: str  # "grower"


def defined_parties(units: Sequence[EvidenceUnit]) -> list[Party]:
    """Every party a unit defines by a role, once per role; a role defined for two names is left out (whose
    rules they are is not known)."""
    found: dict[str, set[str]] = {}
    for unit in units:
        for role, name in _defined_in(unit.text):
            found.setdefault(role, set()).add(name)
    return [Party(names.pop(), role) for role, names in found.items() if len(names) == 1]


@lru_cache(maxsize=4096)
def _defined_in(text: str) -> tuple[tuple[str, str], ...]:
    """(role, name) of each definition one unit writes; cached by text, since every claim reads the same units."""
    found = []
    for i, pattern in enumerate(_DEFINED):
        for m in pattern.finditer(html.unescape(text)):
            name = _LEADING.sub("", m.group("name")).strip().rstrip(".")
            # a role set beside a name ("the booking form, Rachel Dunmore") must be a party's noun; a bracket
            # defines one whatever its noun ("Kelda Sands Holiday Park Ltd (the park)")
            if name and (i < _BRACKETED or person_like(m.group("role"))):
                found.append((m.group("role"), name))
    return tuple(found)


def as_role(claim_text: str, parties: Sequence[Party]) -> tuple[str, Party] | None:
    """The claim with the one party it names written as its role ("The occupier may sell hot drinks in Unit 3"),
    with that party; None when it names none, or several."""
    named = [(m, party) for party in parties if (m := _written(claim_text, party.name))]
    if len(named) != 1:
        return None
    m, party = named[0]
    role = f"the {party.role}"
    if m.start() == 0:
        role = role[0].upper() + role[1:]
    return claim_text[: m.start()] + role + claim_text[m.end() :], party


def _written(text: str, name: str) -> re.Match[str] | None:
    """Where ``text`` writes ``name``: whole, or its first words ("Maple & Moss" for "Maple & Moss Ceramics"),
    or a person's first name or surname alone ("Naomi", "Kessler")."""
    words = name.split()
    # a longer name is written by its first two words or more ("Maple & Moss"; "Thornsby" alone is the town)
    forms = [" ".join(words[:k]) for k in range(len(words), 1 if len(words) > 2 else 0, -1)]
    if len(words) == 2:
        forms.append(words[1])
    for form in forms:
        if form.lower() in _TITLES or len(form) < 3:
            continue
        for m in re.finditer(rf"(?<![\w&]){re.escape(form)}(?![\w&])", text):
            if not _inside_longer_name(text, m):
                return m
    return None


def _inside_longer_name(text: str, m: re.Match[str]) -> bool:
    """The form is part of a longer name the claim writes ("Vale" in "Penrose & Vale", "Sam" in "Sam Holloway
    Ltd"): a capitalised word or "&" joins it, the claim's first word aside."""
    before = text[: m.start()].rstrip()
    after = text[m.end() :]
    joined_before = bool(re.search(r"(?:&|\band|\b[A-Z][\w'’]*)$", before)) and not re.fullmatch(r"[A-Z][\w'’]*", before)
    joined_after = bool(re.match(r"\s+(?:&\s+)?[A-Z]", after))
    return joined_before or joined_after


_TITLES = {"dr", "mr", "mrs", "ms", "miss", "the"}
