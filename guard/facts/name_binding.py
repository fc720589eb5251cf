"""A name the claim binds to the words of another clause of its unit.

Why: "Questions about this page go to the release manager, Priya Raman; questions about
support contracts go to Customer Success, led by Daniel Osei" restated as "Questions about
support contracts should be sent to Priya Raman". Every word is the unit's and the name is in
it, so neither the name check nor the alignment sees a change; only the binding differs. The
unit is cut into clauses (";", "but", "whereas"); each clause's distinctive
words are those no other clause of the unit uses. The claim's name sits in one clause; the
claim's own words (less the name's phrase: "Priya Raman, the release manager") meet none of
that clause's distinctive words and at least one of another clause's, which names someone
else the claim never mentions: the claim moved the name to the other clause's fact. The claim
must restate the unit (three quarters of its words in it): a summary sentence that draws on
several units binds its names to words from elsewhere.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.align import Alignment
from guard.facts.entities import name_tokens
from guard.facts.lexicon import Lexicon
from guard.facts.mismatches import contradiction
from guard.facts.slots import Slots, read_slots, stem
from guard.facts.types import STATEMENT_KINDS, EvidenceUnit, SlotKind, SlotMismatch
from guard.language import parse

__all__ = ["name_in_other_clause"]

# clauses of one sentence only: a sentence break inside a unit is often an abbreviation ("Rep.",
# "U.S."), and two sentences are two facts the alignment already tells apart
_CLAUSE = re.compile(r";|,?\s+(?:but|whereas)\s+", re.I)
_RESTATED = 0.75  # share of the claim's words the unit must hold: the claim restates this unit

_MIN_WORDS = 1  # distinctive words of the other clause the claim must use (and none of its own clause)


def name_in_other_clause(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    if not claim.names or not scored or claim.negation_scopes:
        return []
    best = scored[0]
    if best.unit.kind not in STATEMENT_KINDS:
        return []
    parts = [read_slots(t.strip(), lexicon) for t in _CLAUSE.split(best.unit.text) if t.strip()]
    if len(parts) < 2:
        return []
    held = frozenset().union(*(p.content | p.name_tokens for p in parts))
    if len(claim.content & held) < _RESTATED * len(claim.content):
        return []
    for name in claim.names:
        found = _moved(claim, name, parts, best.unit)
        if found:
            return [found]
    return []


def _stems(name: str) -> frozenset[str]:
    return frozenset(stem(t) for t in name_tokens(name))


def _moved(claim: Slots, name: str, parts: list[Slots], unit: EvidenceUnit) -> SlotMismatch | None:
    mine = _stems(name)
    if not mine:
        return None
    holding = [i for i, p in enumerate(parts) if mine <= p.name_tokens | p.content]
    if len(holding) != 1:
        return None
    home = holding[0]
    said = claim.content - mine - _phrase_of(claim.text, name)
    distinct = [
        p.content - frozenset().union(*(q.content for j, q in enumerate(parts) if j != i))
        for i, p in enumerate(parts)
    ]
    if said & distinct[home]:
        return None
    for j, part in enumerate(parts):
        if j == home or len(said & distinct[j]) < _MIN_WORDS:
            continue
        others = [n for n in part.names if not (_stems(n) & (claim.content | claim.name_tokens))]
        if not others:
            continue
        explanation = (
            f"the evidence gives {others[0]} for that ({parts[j].text.strip()}); {name} is given for "
            f"something else ({parts[home].text.strip()})"
        )
        return contradiction(SlotKind.entity, name, others[0], unit, explanation)
    return None


def _phrase_of(text: str, name: str) -> frozenset[str]:
    """Stems of the words that describe the name in the claim ("Priya Raman, the release manager")."""
    doc = parse(text)
    if doc is None:
        return frozenset()
    start = text.find(name)
    if start < 0:
        return frozenset()
    heads = [t for t in doc if start <= t.idx < start + len(name)]
    out = set()
    for t in heads:
        for child in t.children:
            if child.dep_ == "appos":
                out |= {stem(w.lower_) for w in child.subtree}
    return frozenset(out)
