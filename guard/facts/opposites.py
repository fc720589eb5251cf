"""Opposite words: the claim says "paid", "compulsory", "northeast" where its unit says "unpaid",
"voluntary", "southwest".

Why: a polarity flip need not use "not". A word negated by its prefix ("unpaid",
"non-refundable", "undamaged") or replaced by its antonym ("compulsory" / "voluntary",
"included" / "sold separately", "full" / "half") reuses every other word of the passage, so
overlap and cosine pass it, and the negation check (which reads "not", "never", ...) does not
see it. Here a claim word is set against its unit: the unit holds the word's opposite and not
the word itself, the claim holds the word and not its opposite, and neither side negates the
word it holds (a claim's "not compulsory" agrees with "voluntary").

Opposites are per language (``OPPOSITES`` keyed by lexicon code; English only today); the
affix reading is English too (``un-``/``non-`` before a word the other side uses).
"""

from __future__ import annotations

from functools import lru_cache

from guard.facts.lexicon import Lexicon
from guard.facts.polarity import negated, words
from guard.facts.slots import Slots, stem
from guard.wordnet import inflection_bases, load_wordnet

__all__ = ["OPPOSITES", "denied_antonym", "holds_word", "opposite", "prefix_turned"]

# pairs of words that cannot both hold of one thing; compared by Snowball stem
OPPOSITES: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (
        ("compulsory", "voluntary"),
        ("compulsory", "optional"),
        ("mandatory", "voluntary"),
        ("mandatory", "optional"),
        ("obligatory", "optional"),
        ("required", "optional"),
        ("included", "separately"),
        ("allowed", "prohibited"),
        ("allowed", "forbidden"),
        ("permitted", "prohibited"),
        ("permitted", "forbidden"),
        ("increase", "decrease"),
        ("increase", "reduce"),
        ("raise", "lower"),
        ("raise", "reduce"),
        ("rise", "fall"),
        ("earlier", "later"),
        ("north", "south"),
        ("east", "west"),
        ("northern", "southern"),
        ("eastern", "western"),
        ("northeast", "southwest"),
        ("northwest", "southeast"),
        ("northeast", "northwest"),
        ("southeast", "southwest"),
        ("maximum", "minimum"),
        ("accepted", "rejected"),
        ("approved", "rejected"),
        ("approved", "refused"),
        ("granted", "refused"),
        ("won", "lost"),
        ("indoor", "outdoor"),
        ("indoors", "outdoors"),
        ("public", "private"),
        ("domestic", "international"),
        ("internal", "external"),
        ("full", "half"),
        ("refundable", "forfeited"),
        ("refunded", "forfeited"),
        ("weekdays", "weekends"),
        ("included", "excluded"),
        ("inclusive", "exclusive"),
        ("allowed", "banned"),
        ("permitted", "banned"),
    ),
}
_NEGATING_PREFIXES = ("un", "non")
_MIN_BASE = 4  # "unit" is not un-"it"


@lru_cache(maxsize=8)
def _pairs(code: str) -> tuple[tuple[str, str], ...]:
    pairs = OPPOSITES.get(code, ())
    return tuple((stem(a), stem(b)) for a, b in pairs) + tuple((stem(b), stem(a)) for a, b in pairs)


@lru_cache(maxsize=8192)
def _read(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(stems of the plain words, stems of the bases of prefix-negated words: "unpaid" -> paid)."""
    plain, negated = set(), set()
    tokens = [w for _, w in words(text)]
    skip_next = False
    for i, word in enumerate(tokens):
        if skip_next:
            skip_next = False
            continue
        if word == "non" and i + 1 < len(tokens) and len(tokens[i + 1]) >= _MIN_BASE:
            negated.add(stem(tokens[i + 1]))
            skip_next = True
            continue
        base = next((word[len(p) :] for p in _NEGATING_PREFIXES if word.startswith(p)), None)
        if base is not None and len(base) >= _MIN_BASE:
            negated.add(stem(base))  # and the word itself ("under") stays a plain word too
        plain.add(stem(word))
    return frozenset(plain), frozenset(negated)


# how :func:`opposite` names a prefix-negated word by its base ("un-/non-paid" for "unpaid")
_PREFIXED = "un-/non-"


def holds_word(text: str, word: str) -> bool:
    """``text`` holds ``word`` as :func:`opposite` names it: a plain stem, or a prefix-negated one by its label."""
    plain, prefixed = _read(text)
    if word.startswith(_PREFIXED):
        return word[len(_PREFIXED) :] in prefixed
    return word in plain


def opposite(claim: Slots, unit: Slots, lexicon: Lexicon) -> tuple[str, str] | None:
    """(claim word, unit word) when the unit says the opposite of a claim word; else None."""
    c_plain, c_neg = _read(claim.text)
    u_plain, u_neg = _read(unit.text)
    c_scoped = frozenset().union(*claim.negation_scopes)
    u_scoped = frozenset().union(*unit.negation_scopes)
    # a prefix-negated word against its base ("unpaid" / "paid"), on either side; not when one side
    # also negates and the other does not: "Unapproved overtime is not paid" against "Approved
    # overtime is paid" turns both the case and the verdict round, which is the other case of the
    # rule (the unit does not settle it), not this case turned round
    if negated(claim.text, lexicon) != negated(unit.text, lexicon):
        return _antonym(claim, unit, lexicon, c_plain, c_neg, u_plain, u_neg, c_scoped, u_scoped)
    for base in sorted(u_neg & c_plain):
        if base not in c_neg and base not in u_plain and base not in c_scoped:
            return base, f"{_PREFIXED}{base}"
    for base in sorted(c_neg & u_plain):
        if base not in u_neg and base not in c_plain and base not in u_scoped:
            return f"{_PREFIXED}{base}", base
    return _antonym(claim, unit, lexicon, c_plain, c_neg, u_plain, u_neg, c_scoped, u_scoped)


def _antonym(claim, unit, lexicon, c_plain, c_neg, u_plain, u_neg, c_scoped, u_scoped) -> tuple[str, str] | None:
    """A pair of the language's opposites, one word on each side, neither negated where it stands, nor part
    of a value ("five and a half hours" says no "half" against a "refund in full")."""
    c_values, u_values = _value_words(claim), _value_words(unit)
    for a, b in _pairs(lexicon.code):
        if a in c_values or b in u_values:
            continue
        if a in c_plain and b in u_plain and a not in u_plain and b not in c_plain:
            if a in c_scoped or b in u_scoped or a in c_neg or b in u_neg:
                continue
            return a, b
    return None


def _value_words(slots: Slots) -> frozenset[str]:
    """Stems of the words inside the text's quantities ("half" of "an hour and a half")."""
    return frozenset(stem(w) for q in slots.quantities for _, w in words(q.surface))


def prefix_turned(claim: Slots, unit: Slots, lexicon: Lexicon) -> bool:
    """One side holds, with a "not" of its own, a word the other holds only un-prefixed.

    "Unapproved leave is not paid" against "Approved leave is paid" turns both the case and the
    verdict round: the claim speaks of the rule's other case, which the unit does not settle, so
    it is no flip of the unit. ("Unpaid" against "paid" with no "not" is a flip: it stays one.)
    """
    c_plain, c_neg = _read(claim.text)
    u_plain, u_neg = _read(unit.text)
    claim_not, unit_not = negated(claim.text, lexicon), negated(unit.text, lexicon)
    if claim_not and not unit_not:
        return bool((c_neg & u_plain) - u_neg - c_plain)
    if unit_not and not claim_not:
        return bool((u_neg & c_plain) - c_neg - u_plain)
    return False


def denied_antonym(denying: Slots, other: Slots, lexicon: Lexicon) -> tuple[str, str] | None:
    """(denied word, its antonym) when ``denying`` denies a word whose antonym ``other`` affirms:
    "A patient who has to sneeze shouldn't keep their mouth shut" and "keep your mouth open", "The unit
    doesn't close on bank holidays" and "The unit is open every day", "the price stays the same" and
    "this does not change the price". A denied word turned into its opposite says the same thing
    in other words, so it is no flip. Only when neither side also holds the other's word: "must not be
    placed on a hob, even when switched off" against "can be placed on a hob when switched off" holds
    "on" on both sides, and is a flip.

    Antonyms are the language's opposites (``OPPOSITES``) and, for English, WordNet's direct antonyms
    of the denied word when WordNet is installed (guard/wordnet.py).
    """
    scoped = frozenset().union(*denying.negation_scopes)
    own_plain, _ = _read(denying.text)
    other_plain, _ = _read(other.text)
    other_scoped = frozenset().union(*other.negation_scopes)
    for _, word in words(denying.text):
        base = stem(word)
        if base not in scoped or base in other_plain:
            continue
        for antonym in sorted(_antonyms(word, lexicon.code)):
            turned = stem(antonym)
            if turned in other_plain and turned not in other_scoped and turned not in own_plain and turned != base:
                return word, antonym
    return None


@lru_cache(maxsize=4096)
def _antonyms(word: str, code: str) -> frozenset[str]:
    """The word's opposites: the language's pairs, and WordNet's antonyms of its likely lemmas (English)."""
    base = stem(word)
    found = {b for a, b in _pairs(code) if a == base}
    wordnet = load_wordnet() if code == "en" else None
    if wordnet is not None:
        for lemma in inflection_bases(word.lower()):
            found.update(wordnet.antonyms(lemma))
    return frozenset(found)

