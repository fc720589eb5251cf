"""Polarity, modality and quantifiers: the small words that turn a fact into its opposite.

Why: "Do not refrigerate" and "Refrigerate" share every content word, and so do "a baby may
be given one dose" and "a baby must be given one dose". These readers take their words from
the language's :class:`~guard.facts.lexicon.Lexicon` and return plain values the comparison
can set side by side. A negation consumed by a bound ("do not give for more than 3 days",
read by :mod:`guard.facts.quantities` as at most 3 days) is not counted again here.
"""

from __future__ import annotations

import re
from functools import lru_cache

from guard.facts.lexicon import Lexicon

__all__ = ["has_exception", "modal_classes", "negated", "negation_scopes", "quantifier_classes", "words"]

_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?|n't")


def words(text: str) -> list[tuple[int, str]]:
    """(position, lower-case word) pairs; "don't" gives "do" and "n't"."""
    return list(_words(text))


@lru_cache(maxsize=4_096)  # a claim or unit is read ~20 times by the rules; ~3 KB an entry
def _words(text: str) -> tuple[tuple[int, str], ...]:
    out = []
    for match in re.finditer(r"[A-Za-z]+(?:['’][A-Za-z]+)?", text):
        word = match.group(0).lower().replace("’", "'")
        if word.endswith("n't"):
            stem = word[:-3]
            out.append((match.start(), "can" if stem == "ca" else "will" if stem == "wo" else stem))
            out.append((match.start() + len(stem), "n't"))
        else:
            out.append((match.start(), word))
    return tuple(out)


def negated(text: str, lexicon: Lexicon, consumed: frozenset[int] = frozenset()) -> bool:
    """Whether the text says no: a negation word not consumed by a bound ("no more than" is a bound)."""
    tokens = words(text)
    for i, (position, word) in enumerate(tokens):
        if word not in lexicon.negations or position in consumed or not _denies(text, position, word):
            continue
        following = tokens[i + 1][1] if i + 1 < len(tokens) else ""
        if word in ("no", "not") and following in ("more", "less", "fewer", "later", "longer"):
            continue  # "no more than": a bound, read with the quantity
        return True
    return False


SCOPE_WORDS = 4  # a negation governs at most the next four words of its clause


def negation_scopes(
    text: str, lexicon: Lexicon, consumed: frozenset[int] = frozenset()
) -> tuple[tuple[str, ...], ...]:
    """For each negation, the words it governs: up to four words after it, within its clause.

    Why: "Omar didn't say what led to the release, other than asserting that tribal leaders
    helped" does not deny that the leaders helped. The comparison counts a negation only when
    its scope holds a word the claim and the unit share.
    """
    scopes = []
    for match in _NEGATION.finditer(text):
        if match.start() in consumed or _is_bound(text, match.end()):
            continue
        if not _denies(text, match.start(), match.group(0).lower()):
            continue
        clause = _SCOPE_END.split(text[match.end() : match.end() + 80], maxsplit=1)[0]
        scope = [w for _, w in words(clause)][:SCOPE_WORDS]
        if _subject_denied(text, match):
            opening = _SCOPE_END.split(text[max(0, match.start() - 80) : match.start()])[-1]
            scope = [w for _, w in words(opening)][-SCOPE_WORDS:] + scope
        scopes.append(tuple(scope))
    return tuple(scopes)


# a negation's scope ends with its clause: at punctuation, and at a subordinating word that opens
# another clause ("The server is not available while the upgrade runs" denies nothing of the upgrade)
def _denies(text: str, start: int, word: str) -> bool:
    """A "nobody", "nothing" or "nowhere" that says no: the subject or object of its own clause ("Nobody swims
    while the regatta is on", "Nothing is eaten for 2 hours"). Not a price of nothing ("pays nothing for the
    travel": free), not inside a clause that reports or supposes ("checks that nobody has dug", "if nobody is
    in"), and not one a "without", "except" or "else" turns ("nobody flies without a spotter": everyone flying has
    one)."""
    if word not in _PRONOUNS:
        return True
    before = _PUNCTUATION.split(text[max(0, start - 80) : start])[-1]
    after = _SCOPE_END.split(text[start + len(word) : start + len(word) + 80], maxsplit=1)[0]
    return not (_PRICED.search(before) or _SUPPOSED.search(before) or _TURNED.search(after))


# the words _denies reads, and what it reads around them; English, as _NEGATION is
_PRONOUNS = frozenset({"nobody", "nothing", "nowhere"})
_PRICED = re.compile(r"\b(?:pay|pays|paid|paying|cost|costs|costing|charge|charges|charged|charging|for)\s+$", re.I)
_SUPPOSED = re.compile(r"\b(?:that|if|whether|unless|when|whenever|so)\b", re.I)
_TURNED = re.compile(r"\b(?:without|except|else|but|other\s+than|apart\s+from)\b", re.I)


_PUNCTUATION = re.compile(r"[,;:.!?()\n—–]")  # the marks that end a clause; _SCOPE_END adds the words
_SCOPE_END = re.compile(
    _PUNCTUATION.pattern + r"|\b(?:while|whereas|because|since|although|though|when|whenever|if|unless|until|"
    r"before|after|once)\b",
    re.I,
)


_DENIES_SUBJECT = re.compile(r"(?:is|are|be)\s+off\b|off[\s-]limits", re.I)
# "Going into a sauna is ruled out": a ruling against after a copula denies its subject ("rules out a sauna": its object)
_RULED_OUT = re.compile(r"ruled\s+out", re.I)
# "Boots with metal studs are not allowed", "Glitter isn't permitted": the thing denied is the subject before
_LEAVE_DENIED = re.compile(r"(?:not|n't)\s+(?:allowed|permitted)\b", re.I)
_COPULA_BEFORE = re.compile(r"\b(?:is|are|was|were|be)\s*$|(?:is|are|was|were)(?=n't$)", re.I)


def _subject_denied(text: str, match: re.Match[str]) -> bool:
    """What the negation denies stands before it: "Swimming is off for 3 months", "Tidal water is off limits", "Boots
    with metal studs are not allowed"."""
    if _DENIES_SUBJECT.match(match.group(0)):
        return True
    before = text[max(0, match.start() - 12) : match.start()]
    if _RULED_OUT.match(match.group(0)):
        return bool(_COPULA_BEFORE.search(before))
    return bool(_LEAVE_DENIED.match(text, match.start()) and _COPULA_BEFORE.search(before))


def _is_bound(text: str, end: int) -> bool:
    """A bound, not a denial: "no more than 4 doses", "not later than 5 pm", "no more often than
    every 4 hours". Without its "than" the comparative denies: "mobile phones are no longer
    covered", "take no more tablets"."""
    if _BOUND.match(text[end:]):
        return True
    # "Staff who are no longer on probation receive full pay": a relative clause's "no longer" restricts
    # who the rule is for, it denies nothing the clause after it says
    return bool(_NO_LONGER.match(text[end:]) and _RELATIVE.search(text[: max(end - 2, 0)]))


_NO_LONGER = re.compile(r"\s+longer\b", re.I)
_RELATIVE = re.compile(r"\b(?:who|that|which)\s+(?:\w+\s+){0,2}$", re.I)
_BOUND = re.compile(r"\s+(?:more|less|fewer|later|longer|earlier|sooner)(?:\s+\w+)?\s+than\b", re.I)


_NEGATION = re.compile(
    r"\b(?:not|no|never|cannot|none|nobody|nothing|nowhere|neither|nor|avoid|refrain|prohibited|forbidden)\b|n't\b"
    # abstaining said without "not": "hold off blowing", "keep off lifting", "stay out of the pool", "go
    # without food", "is off limits", "Swimming is off for 3 months" ("is off" only before a time phrase:
    # "the phone is off" and "off-peak" deny nothing)
    r"|\b(?:(?:hold|holds|held|keep|keeps|kept|stay|stays|stayed)\s+off"
    r"|(?:stay|stays|stayed|keep|keeps|kept)\s+(?:out\s+of|away\s+from)"
    r"|go(?:es)?\s+without|off[\s-]limits"
    # advice or a ruling against, said without "not": "is advised against a tight belt", "Going into a sauna is ruled
    # out" ("stay out" and "leave ... out" are left out: "Leave soft lenses out" is what "Soft lenses must come out"
    # says, and what "Hard lenses have to stay out" says)
    r"|(?:advise[sd]?|warn(?:s|ed)?|caution(?:s|ed)?|recommend(?:s|ed)?)\s+against"
    r"|rule[sd]?\s+out"
    r"|(?:is|are|be)\s+off(?=\s+(?:for|until|during|while|before|after)\b))\b",
    re.I,
)


# "May" capitalised after a word (not at a sentence's or a cell's start) is the month: "usually from
# 20 May", "April, May, September"; the modal verb is written "may" there
_MONTH_MAY = re.compile(r"(?<=[\w,(] )May\b")


def modal_classes(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The strength classes of the modal verbs present ("obligation", "advice", "permission")."""
    lowered = " " + " ".join(w for _, w in words(_MONTH_MAY.sub("month", text))) + " "
    return frozenset(cls for modal, cls in lexicon.modals.items() if f" {modal} " in lowered)


# a clause that gives the purpose of or the reason for a rule: "..., so that it can settle", "No flash photography, as
# a sudden flash can startle the turner"
_PURPOSE_OR_REASON = re.compile(
    r"\bso\s+that\b[^.;:,]*"
    r"|,\s*(?:as|because|since)\s+(?:an?|the|it|its|they|their|this|these|that|those|he|she|his|her|you|your|we|our)\b"
    r"[^.;:]*",
    re.I,
)


def rule_modals(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The modal classes of ``text`` outside a clause giving the rule's purpose or reason, whose modal is no modal of
    the rule: "No ball is struck on the new cloth for 48 hours, so that it can settle" permits nothing."""
    return modal_classes(_PURPOSE_OR_REASON.sub(" ", text), lexicon)


def quantifier_classes(text: str, lexicon: Lexicon) -> frozenset[str]:
    """ "universal" (always, all, never...) and/or "partial" (some, usually...) when present."""
    present = {w for _, w in words(text)}
    classes = set()
    if present & lexicon.universal_quantifiers:
        classes.add("universal")
    if present & lexicon.partial_quantifiers:
        classes.add("partial")
    return frozenset(classes)


def has_exception(text: str, lexicon: Lexicon) -> bool:
    """ "unless"/"except": a negated rule with an exception may be restated positively with "if"."""
    return bool({w for _, w in words(text)} & lexicon.exception_words)
