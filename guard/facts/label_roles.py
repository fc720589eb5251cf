"""A name given the role that another label line of the document gives to someone else.

Why: leaflets, spec sheets, contracts and trial summaries name their parties in label lines
("Marketing authorisation holder: Corrowan Animal Health Ltd. Manufacturer responsible for
batch release: Vetrilab Pharma GmbH"; "Landlord: ...; Tenant: ..."). A claim "Vetrilab Pharma
GmbH holds the marketing authorisation" reuses the document's name and the words of a label,
but the label is another party's; there is no verb in the unit for the parse to compare.

Read: a unit that opens with a short label (a bare noun phrase of up to five words) and a colon
("Sponsor: Halvern Therapeutics plc")
names its value's party in the label's role. For each name of the claim that such a line
gives (its *home* labels), the claim's words other than the name are its role words. The claim
contradicts the document when those words meet none of the home labels' words but hold a
whole other label, or two of its words, whose value names another party the claim never
mentions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from guard.facts.entities import name_tokens
from guard.facts.lexicon import Lexicon
from guard.facts.mismatches import contradiction
from guard.facts.slots import Slots, read_slots, stem
from guard.facts.types import STATEMENT_KINDS, EvidenceUnit, SlotKind, SlotMismatch

__all__ = ["label_role_swap"]

# a short label opening the unit: "Marketing authorisation holder:", "Chief investigator:"
_LABEL = re.compile(r"^\s*([A-Z][A-Za-z ,'’-]{2,60}?):\s*(\S.*)$", re.S)
# markup that separates a label line from a heading in the same unit ("<h1>...</h1> <p>Sponsor: ...")
_MARKUP = re.compile(r"<[^>]{1,60}>")
_MIN_SHARED = 2
# a label is a bare noun phrase of a few words ("Chief investigator"): no article, no verb "to be"
# ("Consider the original seizure: ...", "The problem was: ..." are sentences, not labels)
_LABEL_WORDS = 5
_NOT_IN_LABELS = frozenset("the a an is was are were this that these those it".split())


class _Line(BaseModel):
    model_config = ConfigDict(frozen=True)

    unit: EvidenceUnit
    label: str
    label_words: frozenset[str]
    party: frozenset[str]  # name stems of the value
    names: tuple[str, ...]


def _lines(units: Sequence[EvidenceUnit], lexicon: Lexicon) -> list[_Line]:
    out = []
    for unit in units:
        if unit.kind not in STATEMENT_KINDS:
            continue
        match = next((m for m in map(_LABEL.match, _MARKUP.split(unit.text)) if m), None)
        if not match or not _bare_label(match.group(1)):
            continue
        label = read_slots(match.group(1), lexicon)
        value = read_slots(match.group(2), lexicon)
        if not label.content or not value.names:
            continue
        out.append(
            _Line(
                unit=unit,
                label=match.group(1).strip(),
                label_words=label.content,
                party=value.name_tokens,
                names=value.names,
            )
        )
    return out


def _bare_label(text: str) -> bool:
    words = text.lower().split()
    return len(words) <= _LABEL_WORDS and not set(words) & _NOT_IN_LABELS


def _stems(name: str) -> frozenset[str]:
    return frozenset(stem(t) for t in name_tokens(name))


def label_role_swap(claim: Slots, units: Sequence[EvidenceUnit], lexicon: Lexicon) -> list[SlotMismatch]:
    if not claim.names or claim.negation_scopes:
        return []
    lines = _lines(units, lexicon)
    if len(lines) < 2:
        return []
    mentioned = claim.content | claim.name_tokens
    for name in claim.names:
        mine = _stems(name)
        homes = [line for line in lines if mine and mine <= line.party]
        if not homes:
            continue
        role = claim.content - mine
        if any(line.label_words & role for line in homes):
            continue  # the claim uses the name's own label
        for line in lines:
            if line in homes or not (line.label_words <= role or len(line.label_words & role) >= _MIN_SHARED):
                continue
            others = [n for n in line.names if not (_stems(n) & mentioned)]
            if not others:
                continue
            explanation = (
                f'the evidence gives {others[0]} as the {line.label.lower()}; {name} is the '
                f"{homes[0].label.lower()}"
            )
            found = contradiction(SlotKind.entity, name, others[0], line.unit, explanation, anchor=line.label)
            return [found]
    return []
