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
from collections.abc import Sequence

from guard.facts.align import Alignment
from guard.facts.clause_parts import sentence_span
from guard.facts.mismatches import contradiction
from guard.facts.slots import Slots, all_stems
from guard.facts.subjects import subject_stems
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch, UnitKind

__all__ = ["charged_against_free", "free_agrees", "free_but_priced"]

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


# a claim giving a thing free or in a price: "Changing rooms come with the pitch at no extra cost", "Paper bills
# are free", "The first consultation is included in the fixed price"
_GIVEN_FREE = re.compile(
    r"\b(?:is|are|comes?)\s+(?:(?:also|always|usually|still|then)\s+)?(?:free(?:\s+of\s+charge)?|included|complimentary)\b(?!-)"
    r"|\bcosts?\s+nothing\b|\b(?:is|are|comes?)\b[^.;]*\bat\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge)\b",
    re.I,
)
# ... said of the subject by the claim's main verb: "are free", "is included", "come with ... at no extra cost",
# "costs nothing"; not a free thing the subject gets ("gets a free ticket") nor an act done free ("is delivered free")
_FREE_DENIED = re.compile(r"(?:\bnot|n[’']t|\bnever)\s+(?:\w+\s+){0,2}?(?:free|included|complimentary)\b", re.I)
# "X comes with Y at no extra cost": which of the two the price is for is the document's base is not said, so
# only an extra the evidence puts in a column of its own ("Changing rooms: £20 a match extra") contradicts it
_COMES_WITH = re.compile(r"\bcomes?\s+with\b", re.I)
_ANSWER_WORD = re.compile(r"^\s*(?:yes|no)\s*,\s*", re.I)
_MONEY = re.compile(r"[£€$]\s?\d|\b\d+(?:\.\d+)?p\b")
_POOL = 3  # the best-aligned units: the priced thing must also be the claim's subject there


def free_but_priced(claim: Slots, scored: Sequence[Alignment]) -> list[SlotMismatch]:
    """The claim gives its subject free or in a price ("Changing rooms come with the artificial pitch at no
    extra cost") where a best-aligned unit prices that very thing and gives nothing free: "Artificial turf
    pitch | ... | Changing rooms: £20 a match extra", "Paper bill | Charge: £1.50 per month", "The first
    consultation with the surgeon, which costs £220". A claim that itself prices something ("£11.50 a foot,
    pressure wash included") or denies is left alone."""
    text = _ANSWER_WORD.sub("", claim.text)
    if not _GIVEN_FREE.search(text) or _CHARGED.search(_GIVEN_FREE.sub(" ", text)) or _FREE_DENIED.search(text):
        return []
    if any(q.dim.startswith("money") for q in claim.quantities):
        return []
    subject = subject_stems(text, main_clause_only=True)
    if not subject or _said_free(subject, scored):
        return []
    for a in scored[:_POOL]:
        if _GRATIS.search(a.unit.text) or _CHARGE_DENIED.search(a.unit.text):
            continue
        price = _priced(subject, a.unit, alongside=bool(_COMES_WITH.search(text)))
        if price is not None:
            explanation = f"the evidence charges {price} for what the claim gives free or includes"
            return [contradiction(SlotKind.polarity, "free", price, a.unit, explanation, anchor=price)]
    return []


def _said_free(subject: frozenset[str], scored: Sequence[Alignment]) -> bool:
    """A sentence of the document gives the subject free or in a price: the document prices it in one case and
    not in another ("You may freeze your membership ... for a fee of £5 per month. A freeze for medical reasons,
    with a doctor's letter, is free."). Table rows are left to the row the claim names."""
    for a in scored:
        if a.unit.kind is UnitKind.table_row:
            continue
        for m in _GRATIS.finditer(a.unit.text):
            start, end = sentence_span(a.unit.text, m.start())
            if subject <= all_stems(a.unit.text[start:end]):
                return True
    return False


def _priced(subject: frozenset[str], unit: EvidenceUnit, alongside: bool) -> str | None:
    """The money value ``unit`` gives for the thing ``subject`` names (all its words): in a table row, a cell
    under a header naming it, or any cell of a row whose key names it; in prose, after it in one sentence.
    ``alongside`` (a thing that comes with another): a cell under a header naming it only."""
    if unit.kind is UnitKind.table_row:
        cells = unit.text.split(" | ")
        keyed = not alongside and subject <= all_stems(cells[0])
        for cell in cells[1:]:
            header, _, value = cell.partition(": ")
            money = _MONEY.search(value)
            if money and (keyed or subject <= all_stems(header)):
                return value.strip()
        return None
    if alongside:
        return None
    text = unit.text
    for m in _MONEY.finditer(text):
        start, end = sentence_span(text, m.start())
        if subject <= all_stems(text[start : m.start()]):
            # the price, not the mark that ends its sentence
            stop = end - 1 if text[end - 1 : end] in (".", "!", "?", ";") else end
            return text[m.start() : stop].strip()
    return None
