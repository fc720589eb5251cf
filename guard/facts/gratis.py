"""A charge denied and a thing given free: "Blood tests taken during the stay aren't charged on top" and "Blood
tests taken here during your stay are included in the charges" say the same thing, though one side negates and
the other does not.

Why: the polarity check (negation_clash.py) reads a bare "not" on one side against none on the other as a flip,
and "free", "included", "covered by the fee" carry no "not". A side denying a charge agrees with a sentence of the
other that shares its words, gives the thing free or includes it in a price, and charges nothing else; a sentence
that also charges ("free of charge up to 48 hours before; after that, the first night is charged") still clashes.
The converse, a claim affirming a charge on top ("are charged on top", "costs extra") against such a sentence, is
a flip.
"""

from __future__ import annotations

import re

from guard.facts.slots import Slots, all_stems

__all__ = ["charged_against_free", "free_agrees"]

# a charge denied ("aren't charged for", "don't pay for", "at no cost") and a thing given free or included in a
# price ("is free", "are included in the charges", "covered by the fee") say the same thing
_CHARGE_DENIED = re.compile(
    r"(?:\bnot|n[’']t|\bnever|\bno)\s+(?:\w+\s+){0,2}?(?:charg\w*|pay|pays|paid|billed|cost|costs)\b",
    re.I,
)
_GRATIS = re.compile(
    r"\bfree(?:\s+of\s+charge)?\b|\bcomplimentary\b|\bwaived\b|\bat\s+no\s+(?:extra\s+)?cost\b|\b(?:included|includes?|"
    r"covered|covers)(?:\s+(?:in|by)\s+(?:the\s+|your\s+|our\s+)?(?:prices?|charges?|fees?|costs?|rent|package))?\b",
    re.I,
)
# a charge affirmed on top of a price ("are charged on top", "costs extra", "you pay for", "at an extra cost")
_CHARGED = re.compile(
    r"\b(?:charged|costs?|pays?|paid)\s+(?:\w+\s+){0,2}?(?:extra|on\s+top|separately|for)\b|\bextra\s+(?:charge|cost)\b"
    r"|\bat\s+an?\s+(?:extra|additional)\s+cost\b",
    re.I,
)
# a charge the free side also makes ("free up to 48 hours before; after that, the first day's hire is charged")
_CHARGING = re.compile(r"\b(?:charg\w*|pays?|paid|costs?|fees?)\b|[£€$]\s?\d", re.I)


def free_agrees(denying: Slots, other: Slots) -> bool:
    """``denying`` denies a charge for what ``other`` gives free or includes in a price (:func:`_gratis_sentence`)."""
    return bool(_CHARGE_DENIED.search(denying.text)) and _gratis_sentence(other, denying.content)


def charged_against_free(part: Slots, unit: Slots) -> bool:
    """``part`` affirms, denying nothing, a charge on top for what ``unit`` gives free or includes in a price."""
    charged = _CHARGED.search(part.text) and not _CHARGE_DENIED.search(part.text) and not part.negated
    return bool(charged) and _gratis_sentence(unit, part.content)


def _gratis_sentence(slots: Slots, words_of: frozenset[str]) -> bool:
    """A sentence of ``slots`` sharing one of ``words_of`` gives a thing free or includes it in a price, and
    charges nothing else."""
    text = slots.text
    for m in _GRATIS.finditer(text):
        start = max(text.rfind(end, 0, m.start()) for end in ".!?")
        stop = min((i for i in (text.find(end, m.end()) for end in ".!?") if i >= 0), default=len(text))
        sentence = text[start + 1 : stop]
        if all_stems(sentence) & words_of and not _CHARGING.search(_GRATIS.sub(" ", sentence)):
            return True
    return False
