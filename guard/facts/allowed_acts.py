"""An act the claim requires that the document only allows: "Guests at Ashby House have to bring their own food"
against "You may bring your own food"; "When the hire ends, the employee has to buy the bicycle" against "At the
end of the hire period, you may buy the bicycle".

Why: the claim names the place or the people, so alignment ranks a unit sharing those names first, and the modal
check compares the claim with it; the sentence that allows the act shares its verb and object and few other words.
A sentence anywhere that allows (or says one need not do) the claim's required act, with the same verb on the same
thing and a doer who is the reader ("you") or the claim's own, stands against the claim, unless a sentence of the
document requires that act too. A claim's act under a condition is left to the other checks; a leave under one is
still only a leave ("Riders may bring their own helmet if it carries a safety mark" makes no duty of it). A duty may
be said as a denial for everyone: "No one may join a walk without bringing an ink pad" requires bringing one.
"""

from __future__ import annotations

import re

from guard.facts.mismatches import contradiction
from guard.facts.modal_clash import restricted_leave
from guard.facts.outcome import Outcome
from guard.facts.predicates import Predicate, Status, predicates
from guard.facts.rules import FactRule
from guard.facts.slots import Slots, all_stems
from guard.facts.types import EvidenceUnit, FactLabel, SlotKind

__all__ = ["allowed_elsewhere"]

_REQUIRING = re.compile(
    r"\b(?:must|ha(?:ve|s)\s+to|need(?:s)?\s+to|required|requires?|obliged|bound\s+to|compulsory|mandatory|insists?)\b",
    re.I,
)
_READER = frozenset({"you", "your", "*"})
_ONLY_ALLOWED = (Status.allowed, Status.optional)
_PERMITS = frozenset({"permission"})


def allowed_elsewhere(claim: Slots, units: list[EvidenceUnit]) -> Outcome | None:
    """The unit that only allows the act the claim requires, as a modal contradiction; or None."""
    if not (_REQUIRING.search(claim.text) or _DENIED_WITHOUT.search(claim.text)):
        return None
    read = predicates(claim.text)
    required = [p for p in read if _plainly(p, Status.required) and _things(p)] + _required_by_denial(read)
    if not required:
        return None
    found = None
    for unit in units:
        if not any(p.lemma[:4] in unit.text.lower() or _things(p) <= all_stems(unit.text) for p in required):
            continue
        for said in predicates(unit.text):
            act = next((c for c in required if _same_act(c, said)), None)
            if act is None:
                continue
            if said.status in (Status.required, Status.advised):
                return None  # the document requires it somewhere: the other checks weigh the two
            # a leave under a condition ("may bring their own helmet if it carries a safety mark") is still no duty
            if said.status in _ONLY_ALLOWED and found is None:
                if said.status is Status.allowed and restricted_leave(claim, _PERMITS, unit.text):
                    continue  # "must be launched from the east bank" for "may be launched from the east bank only"
                found = (unit, act, said)
    if found is None:
        return None
    unit, act, said = found
    word = "may" if said.status is Status.allowed else "need not"
    explanation = f'the evidence says one {word} {said.surface} ("{unit.text}"); the claim says one must {act.surface}'
    mismatch = contradiction(SlotKind.modality, "must", word, unit, explanation)
    return Outcome(FactLabel.contradicted, mismatch, rule=FactRule.flip_modal_elsewhere)


# a duty said as a denial of everything else: "No one may join a walk without bringing an ink pad", "Nobody rides unless
# they supply their own helmet"
_DENIED_WITHOUT = re.compile(r"\b(?:no\s+one|nobody|none)\b.*\b(?:without|unless)\b", re.I)


def _required_by_denial(read: list[Predicate]) -> list[Predicate]:
    """The act a denial for everyone makes a duty: "No one may join without bringing X" requires bringing X."""
    denials = [
        p for p in read
        if p.status in (Status.forbidden, Status.denied) and "*" in dict(p.args).get("agent", frozenset())
    ]
    if not denials:
        return []
    needed = frozenset().union(*(words for p in denials for role, words in p.args if role == "prep:without"))
    return [
        p.model_copy(update={"status": Status.required, "conditional": False, "phrase": False, "explicit": True})
        for p in read
        if p.conditional and _things(p) and (p.lemma in needed or not p.phrase)
    ]


def _plainly(p: Predicate, status: Status) -> bool:
    return p.status is status and p.explicit and not p.conditional and not p.named and not p.phrase


def _thing(p: Predicate) -> frozenset[str]:
    """Every object of the act: "bring a blanket and a warm drink" has two."""
    return frozenset().union(*(words for role, words in p.args if role == "patient"))


# what an act is done in, with or on ("sleep in cotton gloves", "teach with a voice amplifier", "go on a low FODMAP diet")
_MEANS = frozenset({"prep:in", "prep:with", "prep:on"})


def _things(p: Predicate) -> frozenset[str]:
    """The act's objects and what it is done in, with or on."""
    return _thing(p).union(*(words for role, words in p.args if role in _MEANS))


def _same_act(claim: Predicate, said: Predicate) -> bool:
    """The same verb on the same thing, or another verb on every word of the claim's thing ("is required to sleep in
    cotton gloves" against "You may wear cotton gloves in bed"), by the reader or by the claim's own doer."""
    if said.lemma == claim.lemma:
        if not (_things(claim) & _things(said)):
            return False
    elif not _all_of_the_thing(claim, said):
        return False
    doer, theirs = dict(claim.args).get("agent", frozenset()), dict(said.args).get("agent", frozenset())
    return not theirs or bool(theirs & _READER) or bool(theirs & doer) or not doer


_THING_WORDS = 2  # words of the claim's thing another verb must act on: one ("food", "a kit") is any act's


def _all_of_the_thing(claim: Predicate, said: Predicate) -> bool:
    mine = _things(claim)
    return len(mine) >= _THING_WORDS and mine <= _things(said)
