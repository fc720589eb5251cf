"""Modal strength: permission on one side ("may"), obligation or advice on the other ("must");
obligation in the claim where the evidence only advises ("must" for "should")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.clause_parts import CLAUSE_BREAK, MODAL_BREAK, clauses, fit, item_clauses
from guard.facts.lexicon import Lexicon
from guard.facts.matching import same_number
from guard.facts.negation_clash import PROHIBITION
from guard.facts.polarity import rule_modals, words
from guard.facts.quantities import Quantity
from guard.facts.slots import Slots, all_stems, read_slots, stem
from guard.facts.types import EvidenceUnit, UnitKind

__all__ = [
    "DENIES",
    "DUTY",
    "entailed_options",
    "modal_clash",
    "modal_clashes",
    "modal_word",
    "permits_alternatives",
    "restricted_leave",
    "stronger_modal",
    "value_modal_clash",
    "verb_clause",
]


def modal_clashes(claim: Slots, unit: Slots, lexicon: Lexicon) -> bool:
    """A clause of the claim whose modal clashes with the unit clause it restates (see _clause).

    The claim stronger than the unit ("must" for "should") counts only where neither side is
    negated: "should not be treated until rehydrated" is "must be rehydrated before treatment".
    """
    return any(_modal_clash_in(part, _clause(part, unit, lexicon), lexicon) for part, _ in clauses(claim, lexicon))


def _clause(claim: Slots, unit: Slots, lexicon: Lexicon) -> Slots:
    """The unit's clause that says most of what the claim says (the unit itself if one clause): its list item when
    that states a modal, else its clause in the glued unit (CLAUSE_BREAK), as flip_check._modal_flip reads it."""
    items = [c for c, _ in item_clauses(claim, unit, lexicon)]
    item = items[0] if len(items) == 1 else _closest(items, claim, unit)
    if item.modals:
        return item
    bound = verb_clause(claim, items, lexicon)
    if bound is not None:
        return bound
    return _closest([read_slots(c.strip(), lexicon) for c in CLAUSE_BREAK.split(unit.text) if c.strip()], claim, unit)


def verb_clause(claim: Slots, pieces: Sequence[Slots], lexicon: Lexicon) -> Slots | None:
    """The one piece whose modal governs the verb the claim's modal governs, when the piece closest to the claim
    states none: "Lanterfield Sight Club meets every fortnight; you may join if you wish" is closest to "Patients
    must join Lanterfield Sight Club" by its first clause, but the "may" the claim's "must" answers is the second's,
    bound to the same "join". A modal qualifies its verb, not the words the clauses share. Not for a negated claim
    ("must not be given whole nuts" against "smooth nut butters may be given"): a prohibition is read as polarity."""
    mine = _governed(claim.text, lexicon)
    if not mine or claim.negation_scopes:
        return None
    found = [p for p in pieces if p.modals and _governed(p.text, lexicon) & mine]
    return found[0] if len(found) == 1 else None


def _governed(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The stems of the words the text's modals govern: the first word after each modal that is not a filler
    ("must join", "may join if you wish", "are allowed to bring", "has to be booked")."""
    tokens = [w for _, w in words(text)]
    phrases = [m.split() for m in lexicon.modals]
    found = set()
    for i in range(len(tokens)):
        for phrase in phrases:
            if tokens[i : i + len(phrase)] != phrase:
                continue
            j = i + len(phrase)
            while j < len(tokens) and tokens[j] in _FILLER:
                j += 1
            if j < len(tokens):
                found.add(stem(tokens[j]))
    return frozenset(found)


# words between a modal and the verb it governs ("must not be", "may also", "have to be"); English
_FILLER = frozenset({"to", "be", "not", "also", "still", "only", "always", "never", "ever", "just", "then", "first"})


def _closest(clauses: list[Slots], claim: Slots, unit: Slots) -> Slots:
    if len(clauses) < 2:
        return unit
    shares = [fit(claim, c) for c in clauses]
    top = max(shares)
    # several clauses equally close: a clash only where every one of them clashes
    best = [c for c, n in zip(clauses, shares) if n == top]
    return next((c for c in best if not modal_clash(claim.modals, c.modals)), best[0])


# modal strength as an ordered scale: may < should < must
_STRENGTH = {"permission": 1, "advice": 2, "obligation": 3}


def modal_clash(claim: frozenset[str], unit: frozenset[str]) -> bool:
    """Permission on one side, obligation or advice on the other ("may" vs "must"), or the claim
    stronger than anything the unit says ("must" where the evidence only advises: "should").

    A claim weaker than advice ("should" for "must") is not a clash here: it says less, not otherwise.
    """
    return _permission_clash(claim, unit) or _stronger(claim, unit)


def _permission_clash(claim: frozenset[str], unit: frozenset[str]) -> bool:
    if not claim or not unit or claim & unit:
        return False
    return ("permission" in claim) != ("permission" in unit)


def _stronger(claim: frozenset[str], unit: frozenset[str]) -> bool:
    """The claim's strongest modal above the unit's strongest (both say one)."""
    if not claim or not unit or claim & unit:
        return False
    return max(_STRENGTH.get(c, 0) for c in claim) > max(_STRENGTH.get(c, 0) for c in unit)


def stronger_modal(claim: str, unit: str) -> bool:
    """Obligation or advice in the claim where the unit only permits (one modal class each).

    Why one direction: a duty entails the permission ("Vehicles must be booked online or by
    phone" makes "a vehicle can be booked online or by phone" true), so "may"/"can" for the
    unit's "must"/"should" is weaker, not turned round; "must" for "may" claims more. Callers
    still read a plain "may" for "must" of one act as a weakened duty (edits._entailed_options).
    """
    return claim != "permission" and unit == "permission"


# a permission over alternative ways of doing the act ("can be booked online or by phone", "may pay
# at reception or through the app"): it says which ways are open, which a duty to use one of them
# entails. The alternatives are two phrases of manner or place joined by "or"; an "or" of another
# kind ("may be used by 31 March, or they are lost", "within 12 months of delivery or expected
# delivery") is not one
_WAY = r"(?:online|by|via|through|at|in|from|on|over)"
_OPTIONS = re.compile(rf"\b(?:can|may|could)\b[^.;:]{{0,40}}?\b{_WAY}\b[^.;:,]{{0,25}}?\bor\s+{_WAY}\b", re.I)


def permits_alternatives(text: str) -> bool:
    """The text's permission ranges over alternatives (see _OPTIONS)."""
    return _OPTIONS.search(text) is not None


def entailed_options(claim: Slots, unit_modals: frozenset[str]) -> bool:
    """The claim only permits, over alternatives, what the unit requires or advises: weaker, entailed."""
    return claim.modals == {"permission"} and bool(unit_modals) and "permission" not in unit_modals and (
        permits_alternatives(claim.text)
    )


def modal_word(text: str, lexicon: Lexicon) -> str:
    lowered = " " + " ".join(w for _, w in words(text)) + " "
    return next((m for m in lexicon.modals if f" {m} " in lowered), "")


_VALUE_POOL = 3  # units the claim's value is looked for in, best aligned first


def value_modal_clash(
    claim: Slots, candidates: Sequence[EvidenceUnit], lexicon: Lexicon
) -> tuple[EvidenceUnit, str, str] | None:
    """(unit, claim's modal, unit's modal) when the claim's modal for a value clashes with the modal
    of every clause among the best units that states that value.

    Why: "Every installation must have at least 32 GB of memory" against "8 cores and 32 GB are
    recommended for more than 500 users" shares too few words for the flip check (which compares
    modals only where the unit holds most of the claim's words), yet the value fixes the
    predicate both modals speak of: the claim requires what the unit recommends. A clause with
    the value and no modal ("At least 16 GB of RAM") is not a clash; a negation on either side
    leaves it (prohibitions are read as polarity).
    """
    part = _value_clause(claim, lexicon)
    if part is None or not part.modals or PROHIBITION.search(part.text):
        return None
    found = []
    for unit in candidates[:_VALUE_POOL]:
        if unit.kind is not UnitKind.sentence and unit.kind is not UnitKind.list_item:
            continue
        for text in MODAL_BREAK.split(unit.text):
            clause = read_slots(text.strip(), lexicon)
            if any(_same_value(q, e) for q in part.quantities for e in clause.quantities):
                found.append((unit, clause))
    stated = [(u, c) for u, c in found if c.modals and not PROHIBITION.search(c.text)]
    if not stated or len(stated) < len(found):
        return None  # the value is stated without a modal too, or under a prohibition
    if not all(_modal_clash_in(part, c, lexicon) for _, c in stated):
        return None
    unit, clause = stated[0]
    return unit, modal_word(part.text, lexicon), modal_word(clause.text, lexicon)


def _value_clause(claim: Slots, lexicon: Lexicon) -> Slots | None:
    """The claim's one clause that holds a quantity (None when none or several do)."""
    parts = [c for c, _ in clauses(claim, lexicon) if c.quantities]
    return parts[0] if len(parts) == 1 else None


def _same_value(q: Quantity, e: Quantity) -> bool:
    """Same measured value (a bare number, "26.04", is often a version or a label, not the predicate's); a price
    per item is the item's price ("at £18 a bag" and "an £18 bag")."""
    if q.dim == e.dim:
        return q.dim != "number" and same_number(q, e)
    money = _price_of_one(q.dim)
    return money.startswith("money:") and money == _price_of_one(e.dim) and same_number(
        q.model_copy(update={"dim": money}), e.model_copy(update={"dim": money})
    )


def _price_of_one(dim: str) -> str:
    """The money a price per item is counted in ("money:GBP/count:bag" -> "money:GBP")."""
    return dim.split("/count:")[0]


def _modal_clash_in(part: Slots, clause: Slots, lexicon: Lexicon) -> bool:
    """The claim's clause and the unit's clash in modal, and still do without the modals of a clause that gives a
    rule's purpose or reason ("so that it can settle" is no leave against "Nobody should hit a ball on it")."""
    return _clash(part.modals, clause.modals, part, clause) and _clash(
        rule_modals(part.text, lexicon), rule_modals(clause.text, lexicon), part, clause
    )


def _clash(claim: frozenset[str], unit: frozenset[str], part: Slots, clause: Slots) -> bool:
    if _permission_clash(claim, unit):
        return True
    return _stronger(claim, unit) and not part.negation_scopes and not clause.negation_scopes


def restricted_leave(claim: Slots, unit_modals: frozenset[str], unit_text: str) -> bool:
    """A duty to keep to what a permission is restricted to: "In the parks, riders must keep to the marked cycle
    paths" against "Bikes may be ridden in the parks on the marked cycle paths only"; "Trees have to be kept below
    250 cm tall" against "Trees may be planted only if they are ... kept under 2.5 metres tall". The claim obliges
    and denies nothing; the unit permits with "only"; what the claim obliges (its words after the duty) names the
    restriction, not the permitted act ("Guests must use the pool" against "may only use the pool if accompanied"
    stays a flip)."""
    if claim.modals != {"obligation"} or DENIES.search(claim.text) or unit_modals != {"permission"}:
        return False
    duty = DUTY.search(claim.text)
    restriction = _restriction(unit_text)
    if duty is None or not restriction:
        return False
    return bool(all_stems(claim.text[duty.end() :]) & claim.content & restriction)


def _restriction(text: str) -> frozenset[str]:
    """The words an "only" of the permission itself restricts to (no comma between "may" and "only"): from the
    "if / on / for ..." that follows it within a few words ("only if they are kept under 2.5 m", "may only use the
    pool if accompanied"), or the phrase it closes ("on the marked cycle paths only")."""
    words: set[str] = set()
    for m in _ONLY.finditer(text):
        leave = list(_LEAVE.finditer(text, 0, m.start()))
        if not leave or _PAUSE.search(text, leave[-1].end(), m.start()):
            continue  # the "only" of another verb: "may bring one bottle ..., to be opened only when parked"
        after = _RESTRICTED_AFTER.match(text, m.end())
        if after:
            words |= all_stems(after.group(1))
        elif _CLOSES.match(text, m.end()):
            words |= all_stems(" ".join(text[: m.start()].split()[-6:]))
    return frozenset(words)


# a duty word, and a word by which a text leaves an act undone ("can be built without sprinklers"); the modal
# readers of flip_check.py use them too
DUTY = re.compile(r"\b(?:must|has\s+to|have\s+to|needs?\s+to|is\s+required|are\s+required)\b", re.I)
DENIES = re.compile(r"\b(?:without|no|not|never|none)\b|n[’']t\b", re.I)
_ONLY = re.compile(r"\bonly\b", re.I)
_LEAVE = re.compile(r"\b(?:may|can|allowed|permitted)\b", re.I)
_PAUSE = re.compile(r"[,;:]")
_RESTRICTED_AFTER = re.compile(
    r"\s+(?:[\w'-]+\s+){0,5}?((?:if|when|for|on|in|at|by|with|after|before|once|where|through|via)\b[^.;:]*)", re.I
)
_CLOSES = re.compile(r"\s*(?:[,.;:)]|$)")
