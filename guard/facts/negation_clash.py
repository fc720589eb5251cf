"""Does one side deny what the other affirms? Negations, denying words and restrictions, clause by clause."""

from __future__ import annotations

import re

from guard.facts.clause_parts import clauses, matching_clause
from guard.facts.entities import name_tokens
from guard.facts.gratis import charged_against_free, free_agrees
from guard.facts.lexicon import Lexicon
from guard.facts.opposites import denied_antonym
from guard.facts.polarity import words
from guard.facts.slots import Slots, all_stems, read_slots, stem

__all__ = ["PROHIBITION", "excepted_leave", "excepted_words", "need_denied", "negates", "polarity_clash", "turned"]


def polarity_clash(claim: Slots, unit: Slots, lexicon: Lexicon) -> tuple[bool, bool] | None:
    """(claim negated, unit negated) when one side denies what the other plainly affirms, else None.

    Read clause by clause: each clause of the claim against the unit's clause that says most of
    what it says ("the gym stays open on Mondays, but the pool is not open": the gym's clause
    has no negation; "call the emergency services; do not call the clinic first" restated is two
    agreeing pairs). One side's negation must govern a word both share; the other side must hold
    no negation at all, nor a word that denies by itself ("excluded", "refused"): "not allowed
    anywhere" and "prohibited everywhere", "does not cover" and "is excluded from" say the same,
    whichever words their negations reach.
    """
    unit_clauses = clauses(unit, lexicon)
    excepted = excepted_words(unit.text)
    for part in [_asserted(c, lexicon) for c, _ in clauses(claim, lexicon)] if claim.text else [claim]:
        clause, content = matching_clause(part, unit, unit_clauses)
        part, clause = _without_shared_negations(part, clause)
        shared = part.content & content
        if not shared or part.content & excepted:
            continue
        claim_no = negates(part, shared, clause) or _denies(part, clause, shared)
        unit_no = negates(clause, shared, part) or _denies(clause, claim, shared)
        if claim_no and not unit_no and _doubled(part):
            continue  # "never taught at home without an adult": two denials affirm
        if (claim_no and not unit_no and free_agrees(part, unit)) or (unit_no and not claim_no and free_agrees(unit, part)):
            continue  # "aren't charged for storage" and "storage is free" agree
        if (claim_no and not unit_no and denied_antonym(part, clause, lexicon)) or (
            unit_no and not claim_no and denied_antonym(clause, part, lexicon)
        ):
            continue  # "doesn't close on bank holidays" and "is open every day" agree
        if (claim_no and not unit_no and need_denied(part, clause)) or (
            unit_no and not claim_no and need_denied(clause, part)
        ):
            continue  # "don't have to bring their own" and "may bring their own" agree
        if not (claim_no or unit_no) and charged_against_free(part, unit):
            return False, True  # "are charged on top" against "are included in the charges"
        if claim_no and not unit_no and not _any_negative(clause, claim):
            return True, False
        if unit_no and not claim_no and not _any_negative(part, clause):
            return False, True
    return None


# a denial: "not", "n't", "never", "no" (not in a compound: "no-claims discount"), "without"; an answer's
# opening "No," and "whether ... or not" deny nothing of the clause
_NOT_DENIALS = re.compile(r"^\s*(?:\w+\s*:\s*)?no\s*[,.;:!-]|\bor\s+not\b", re.I)
_DENIAL_CUE = re.compile(r"\b(?:not|never|no|none|nothing|cannot|without)\b(?!-)|n[’']t\b", re.I)


def need_denied(denier: Slots, other: Slots) -> bool:
    """``denier`` denies a need ("don't have to", "need not", "not required to", "not obliged") and ``other``
    permits without a need or a denial ("may", "can", "allowed", "optional"): both leave the act to the doer."""
    need = _NEED_DENIED.search(denier.text)
    if need is None:
        return False
    # the need denied is of what the other side permits: a word of it follows the denial ("does not need to be
    # given again" is no leave for close contact), or, where none follows, comes before it ("Offering a dummy is
    # not compulsory")
    scope = all_stems(denier.text[need.end() : need.end() + _NEED_SCOPE]) or all_stems(denier.text[: need.start()])
    if any(not _without_the_need(cue, other.text, scope) for cue in _DENIAL_CUE.finditer(other.text)):
        return False
    return bool(scope & other.content) and "permission" in other.modals and "obligation" not in other.modals


def _without_the_need(cue: re.Match[str], text: str, scope: frozenset[str]) -> bool:
    """A "without" that names what is not needed agrees with the denied need: "can go in without the lid being
    lifted" and "the lid does not need to be lifted"."""
    return cue.group(0).lower() == "without" and bool(all_stems(text[cue.end() : cue.end() + _NEED_SCOPE]) & scope)


_NEED_SCOPE = 60  # characters after a denied need that say what is not needed

# a denied need: "do not need to", "doesn't have to", "is not required to", "not obliged", "need not", "no need to"
_NEED_DENIED = re.compile(
    r"\b(?:not|never)\s+(?:\w+\s+)?(?:need(?:s|ed)?|ha(?:ve|s|d)\s+to|required|obliged|obligated|compulsory|"
    r"mandatory)\b|n[’']t\s+(?:need(?:s|ed)?|ha(?:ve|s|d)\s+to|required|obliged)\b|\bneed\s+not\b|\bneedn[’']t\b"
    r"|\bno\s+need\b",
    re.I,
)


def _doubled(part: Slots) -> bool:
    """Two denials in one claim clause ("won't order any furniture that hasn't been paid for", "is never
    taught at home without an adult"): together they affirm, so neither is a flip of the unit."""
    return len(_DENIAL_CUE.findall(_NOT_DENIALS.sub(" ", part.text))) >= 2


def excepted_words(text: str) -> frozenset[str]:
    """Words of the unit's exception tails ("unless the review sends the dispute back") that the rule
    itself does not use: a claim about them speaks of the exception. A word the rule uses too
    ("A review is not an appeal ... unless the review ...") is the rule's."""
    tails = list(_EXCEPTION_TAIL.finditer(text))
    inside = frozenset(w for m in tails for w in all_stems(m.group(1)))
    outside = all_stems(_EXCEPTION_TAIL.sub(" ", text))
    return inside - outside


def excepted_leave(claim: Slots, text: str) -> bool:
    """Leave for what a prohibition excepts: "Personal phones can be used in the break room" against "Personal
    mobile phones must not be used in the warehouse, other than in the break room". The claim permits, denies
    nothing, and names a word of the exception that the rest of the unit does not use."""
    if claim.modals != {"permission"} or _DENIAL_CUE.search(claim.text) or not PROHIBITION.search(text):
        return False
    return bool(claim.content & excepted_words(text))


def _without_shared_negations(part: Slots, clause: Slots) -> tuple[Slots, Slots]:
    """Both sides less the negations they share ("a party who has not confirmed their bank details"
    on both sides): a negation both texts make is no part of what differs between them."""
    def matched(scope: frozenset[str], others: tuple[frozenset[str], ...]) -> bool:
        return any(len(scope & o) >= _SAME_SCOPE for o in others)

    mine = tuple(s for s in part.negation_scopes if not matched(s, clause.negation_scopes))
    said = frozenset().union(*(s for s in part.negation_scopes if s not in mine)) - _SCOPE_FILLERS
    # and the same negation said once more (a headline and its sentence: "Not a Sudden Whim ... was not
    # a sudden move"): any negation over a word of a shared one
    theirs = tuple(s for s in clause.negation_scopes if not (s & said))
    if len(mine) == len(part.negation_scopes) or not (mine or theirs):
        return part, clause  # nothing shared, or nothing else: the shared negation is the whole comparison
    return (
        part.model_copy(update={"negation_scopes": mine, "negated": bool(mine)}),
        clause.model_copy(update={"negation_scopes": theirs, "negated": bool(theirs)}),
    )


_SAME_SCOPE = 3  # words two negation scopes share when they are one negation said twice
_SCOPE_FILLERS = frozenset({"a", "an", "the", "of", "to", "and", "or", "their", "its", "ani", "be", "is"})


def _asserted(part: Slots, lexicon: Lexicon) -> Slots:
    """A claim clause less a leading clause that only sets the scene ("Before changing X, talk to ...")."""
    cut = _LEADING_SUBORDINATE.match(part.text)
    if not cut or not part.text[cut.end():].strip():
        return part
    return read_slots(part.text[cut.end():], lexicon)


PROHIBITION = re.compile(
    r"\b(?:must|may|can|shall|should)\s+not\b|\bcannot\b|\bcan[’']t\b|\bmustn[’']t\b|\bnot\s+(?:be\s+)?(?:allowed|permitted)\b"
    r"|\b(?:is|are|was|were)n[’']t\s+(?:allowed|permitted)\b|\bnever\s+(?:be\s+)?(?:allowed|permitted)\b",
    re.I,
)
# words that deny by themselves (stems): a claim "excluded from the warranty" is "not covered by" it
# ("fail", "prevent" are left out: they mostly sit in conditions and purposes, "if the upgrade fails")
_DENYING = frozenset({"exclud", "refus", "deni", "deny", "lack", "unabl", "imposs", "ban", "prohibit", "forbid", "forbidden", "avoid"})
# "no one except the account holder" is "only the account holder": a restriction, not a denial
_RESTRICTION = re.compile(r"\b(?:no\s+one|nobody|none|nothing|no)\b[^,;.]{0,40}?\b(?:except|other\s+than|apart\s+from|but)\b", re.I)


def _denies(slots: Slots, other: Slots, about: frozenset[str] | None = None) -> bool:
    """A denying word here that the other text does not use (used by both, it cancels).

    ``about``: when given, the word must also reach (within its next four words) one of these
    shared words, as a negation's scope must ("refused only for business reasons" denies
    nothing about an appeal).
    """
    found = (all_stems(slots.text) & _DENYING) - all_stems(other.text)
    if not found or about is None:
        return bool(found)
    tokens = [stem(w) for _, w in words(slots.text)]
    return any(t in found and set(tokens[i + 1 : i + 5]) & about for i, t in enumerate(tokens))


def _any_negative(slots: Slots, other: Slots) -> bool:
    """Any negation at all, a denying word, or a restriction or contrast that denies the rest
    ("only for the Enterprise plan", "into the autoclave bin rather than the general waste")."""
    scopes = len(slots.negation_scopes) - len(_RESTRICTION.findall(slots.text))
    return (
        scopes > 0
        or _denies(slots, other)
        or bool(_CONTRAST.search(slots.text))
        or _weakly_denies(slots, other)
        or _free_of(slots, other)
    )


# "lactose-free", "rent-free", "interest-free": the compound denies its first word ("contains no lactose")
_FREE_OF = re.compile(r"\b([a-z]+)-free\b", re.I)


def _free_of(slots: Slots, other: Slots) -> bool:
    """An "X-free" compound here whose X a negation of the other text reaches: "is lactose-free" says
    what "contains no lactose" says ("claim-free years" denies nothing of "a claim will not reduce it")."""
    denied = frozenset().union(*other.negation_scopes)  # what the other text's negations reach
    return any(stem(m.group(1).lower()) in denied for m in _FREE_OF.finditer(slots.text))


# words that say no without a "not", too often in conditions or purposes to call a flip by
# ("without prior warning", "prevents the enforcement", "was absent", "did little to placate"),
# but enough to keep a text from counting as the plain affirmation a flip needs
_WEAK_DENYING = frozenset(
    stem(w) for w in ("without", "prevent", "absent", "little", "lack", "fail", "neither", "stop", "nothing")
)


def _weakly_denies(slots: Slots, other: Slots) -> bool:
    """A weak denying word here, not in the other text, within four words before a word both share."""
    mine = [stem(w) for _, w in words(slots.text)]
    found = (frozenset(mine) & _WEAK_DENYING) - all_stems(other.text)
    shared = slots.content & other.content
    return any(t in found and set(mine[i + 1 : i + 5]) & shared for i, t in enumerate(mine))


# a restriction or a contrast says no to what it leaves out: "only X" against "not Y",
# "X rather than Y" against "X, not Y"
_CONTRAST = re.compile(r"\b(?:only|rather\s+than|instead\s+of|as\s+opposed\s+to)\b", re.I)
# a clause that only sets the scene ("Before changing any treatment, ...", "If it fails, ...")
# asserts nothing, so its words are no flip's
_LEADING_SUBORDINATE = re.compile(r"^\s*(?:before|after|if|when|whenever|until|unless|once|while|even\s+if|even\s+after)\b[^,;]*,\s*", re.I)
# words of an exception ("..., except damage by fire"; "unless they are listed"): a claim about them
# speaks of the exception, which the rule's negation does not reach
_EXCEPTION_TAIL = re.compile(r"\b(?:except|unless|other\s+than|apart\s+from|excluding)\b([^;.]*)", re.I)


def negates(slots: Slots, shared: frozenset[str], other: Slots | None = None) -> bool:
    """A negation here governs a word both texts share, and denies nothing the other text lacks by name.

    Why the names: "A £2,500 claim is approved by the budget holder; it does not need the
    Finance Director" shares "need" with "claims from £500 to £2,500 need the budget holder";
    what it denies (the Finance Director) that unit never names, so it is not that unit's rule
    turned round.
    """
    # the other text's words, its values' words and the bases of its un-/non- words included
    seen = all_stems(other.text).union(*other.negation_scopes) if other is not None else shared
    names = [frozenset(stem(t) for t in name_tokens(n)) for n in slots.names]
    if _RESTRICTION.search(slots.text) and len(slots.negation_scopes) <= len(_RESTRICTION.findall(slots.text)):
        return False
    for scope in slots.negation_scopes:
        if not scope & shared:
            continue
        # a name is the other text's when any of its words is ("Febrilon" for "Febrilon Children's Suspension")
        if any(name & scope and not name & seen for name in names):
            continue
        return True
    return False


def turned(claim: Slots, unit: Slots) -> bool:
    """The claim negates, over the words it shares with the unit, what the unit affirms, or the reverse."""
    shared = claim.content & unit.content
    return bool(shared) and negates(claim, shared, unit) != negates(unit, shared, claim)
