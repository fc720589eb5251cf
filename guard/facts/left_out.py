"""A denial of what a unit's "only" or "until" leaves out: no clash with the unit's affirmation.

Why: "Brassmoor's fee does not cover use of the voice-over outside the UK" against "The fee covers
use in the UK only"; "Fabric is not ordered until the deposit has been paid" against "We order
fabric only once the deposit has been paid"; "Ducks aren't on sale after 13:00" against "are on
sale ... until 13:00". The unit affirms the act and the claim denies it, so the polarity checks
call it a flip; but the claim denies the act only where the unit's restriction leaves it out
("outside", "other than", "without", "until", "before" what an "only" names; "after" what an
"until" names), which the restriction says too. Read only where every content word the claim gives after its
complement word is one the unit writes within the restriction's phrase.
"""

from __future__ import annotations

import re

from guard.facts.lexicon import Lexicon
from guard.facts.polarity import words
from guard.facts.slots import Slots, stem

__all__ = ["denies_left_out"]

_COMPLEMENT = re.compile(r"\b(?:outside|other\s+than|without|until|before|after|except|beyond)\b", re.I)
_PAST = re.compile(r"after|beyond", re.I)
# the restriction's phrase: a few words either side of "only", or the words after "until"
_ONLY = re.compile(r"((?:\S+\s+){0,6})\bonly\b((?:\s+\S+){0,8})", re.I)
_UNTIL = re.compile(r"\b(?:until|till)\b((?:\s+\S+){0,8})", re.I)
# the claim's words after its complement word, to the end of their clause, say what is left out
_CLAUSE_END = re.compile(r"[,;:.!?](?=\s|$)")
_NAMED_WORDS = 4


def denies_left_out(claim: Slots, unit_text: str, lexicon: Lexicon) -> bool:
    """``claim`` denies its act only outside what the unit's "only" / "until" restricts it to."""
    if not claim.negated:
        return False
    complement = _COMPLEMENT.search(claim.text)
    if complement is None:
        return False
    named = _stems(_CLAUSE_END.split(claim.text[complement.end() :], maxsplit=1)[0], lexicon)[:_NAMED_WORDS]
    if not named:
        return False
    phrases = [m.group(1) + " " + m.group(2) for m in _ONLY.finditer(unit_text)]
    if _PAST.fullmatch(complement.group(0)):
        # "until 13:00" leaves out what comes after 13:00; what comes before it ("in the days before the operation"
        # against "keep using the spray until the day of the operation") is what it affirms
        phrases += [m.group(1) for m in _UNTIL.finditer(unit_text)]
    return any(set(named) <= set(_stems(p, lexicon)) for p in phrases)


def _stems(text: str, lexicon: Lexicon) -> list[str]:
    return [stem(w) for _, w in words(text) if w not in lexicon.stopwords and len(w) > 1]
