"""A limit that bounds what the evidence denies: "We do not clean ... in winds above 30 mph".

Why: the bound words ("above 30 mph") read as a requirement would make 35 mph the evidence's own
value and 20 mph a value outside it; under a denied act the meaning turns round. An affirmed
claim of the denied act at a value inside the bound ("will clean with the wind at 35 mph") is
contradicted; one at a value outside it ("a 20 mph wind is fine for a clean") is what the rule
leaves allowed, and the value needs no other evidence.

A limit under a condition that stops the event ("cancelled if the ice is warmer than -3°C") is read
the same way for a claim that the event goes on ("goes ahead", "keeps running").

Kept narrow: plain claim values, a limit with no negation of its own ("not more than" is read by
the quantity reader), a negation earlier in the limit's sentence whose next content word (the
denied act) the claim also says, and claims that neither deny nor weigh a value against a limit
("too windy", "exceeds the limit") themselves.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.align import Alignment, best_or_strong
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts
from guard.facts.mismatches import contradiction
from guard.facts.outcome import Outcome
from guard.facts.polarity import words
from guard.facts.quantities import Bound, Quantity
from guard.facts.rules import FactRule
from guard.facts.slots import Slots, stem
from guard.facts.types import FactLabel, SlotKind

__all__ = ["allowed_outside_denial", "inside_denial"]

_NEGATION = re.compile(r"\b(?:not|never|cannot)\b|n[’']t\b", re.I)
# a claim that itself sets a value against a limit says something else than the act
_WEIGHED = re.compile(r"\b(?:too|limit|limits|exceeds?|exceeding|beyond|outside|unsafe|cancel\w*|postpone\w*)\b", re.I)


def inside_denial(q: Quantity, claim: Slots, held: Sequence[tuple[Alignment, Slots]], lexicon: Lexicon) -> Outcome | None:
    """Contradicted: the claim affirms the denied act at a value inside the denial's bound."""
    for unit, e in _denials(q, claim, held, lexicon):
        if accepts(q, e):
            explanation = f'the evidence rules it out {e.shown} ("{unit.text}"); the claim affirms it at {q.shown}'
            mismatch = contradiction(SlotKind.quantifier, q.shown, e.shown, unit, explanation)
            return Outcome(FactLabel.contradicted, mismatch, rule=FactRule.limit_inside_denial)
    return None


def allowed_outside_denial(q: Quantity, claim: Slots, held: Sequence[tuple[Alignment, Slots]], lexicon: Lexicon) -> bool:
    """The claim affirms the denied act at a value the denial's bound leaves out."""
    return any(not accepts(q, e) for _, e in _denials(q, claim, held, lexicon))


def _denials(q: Quantity, claim: Slots, held: Sequence[tuple[Alignment, Slots]], lexicon: Lexicon):
    if claim.negated or q.bound is not Bound.eq or q.is_range or _WEIGHED.search(claim.text):
        return
    for a, s in best_or_strong(held):
        for e in s.quantities:
            if e.dim != q.dim or e.bound is Bound.eq or e.is_range or e.negation_at is not None:
                continue
            act = _denied_act(s.text[: e.start], lexicon)
            if (act is not None and act in claim.content) or _goes_on_past_stop(s.text[: e.start], claim.text):
                yield a.unit, e


# a limit under a condition that stops the event ("A session is cancelled if the ice is warmer than -3°C", "The
# railway stops running when the wind is over 45 mph") bounds what the evidence calls off, as a denial does; a claim
# that the event goes on ("goes ahead", "keeps running") affirms it
_STOPPED = re.compile(
    r"\b(?:cancel(?:led|s)?|stops?|stopped|called\s+off|postponed|suspended|abandoned)\b[^.;]*\b(?:if|when|whenever)\b[^.;]*$",
    re.I,
)
_GOES_ON = re.compile(r"\b(?:go(?:es)?\s+ahead|keeps?\s+(?:running|going)|carr(?:y|ies)\s+on|continues?|still\s+runs?)\b", re.I)
_STOP_SAID = re.compile(r"\b(?:stops?|stopped|called\s+off|suspended|abandoned)\b", re.I)


def _goes_on_past_stop(before: str, claim_text: str) -> bool:
    """The limit is the condition of a stop in its sentence, and the claim says the event goes on."""
    sentence = re.split(r"[.;:!?]\s", before)[-1]
    return bool(_STOPPED.search(sentence) and _GOES_ON.search(claim_text)) and not _STOP_SAID.search(claim_text)


def _denied_act(before: str, lexicon: Lexicon) -> str | None:
    """The stem of the first content word after the last negation of the limit's sentence, if any."""
    sentence = re.split(r"[.;:!?]\s", before)[-1]
    negations = list(_NEGATION.finditer(sentence))
    if not negations:
        return None
    after = sentence[negations[-1].end() :]
    for _, word in words(after):
        if word not in lexicon.stopwords and len(word) > 2:
            return stem(word)
    return None
