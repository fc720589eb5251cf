"""All slots of one text, read once and cached: what claims and units are compared on.

Why one reader: a claim is compared with up to 25 units per call, and every unit recurs
across claims and calls, so each text is read once (quantities, dates, names, polarity,
modality, quantifiers, content words) and the result cached by text and language.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from guard.facts.dates import DateSlot, dates
from guard.facts.entities import entity_names, name_tokens
from guard.facts.lexicon import Lexicon
from guard.facts.polarity import (
    has_exception,
    modal_classes,
    negated,
    negation_scopes,
    quantifier_classes,
    words,
)
from guard.facts.quantities import Quantity, quantities
from guard.stemming import stem

__all__ = ["Slots", "all_stems", "read_slots", "stem", "value_spans"]


class Slots(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str
    quantities: tuple[Quantity, ...]
    dates: tuple[DateSlot, ...]
    names: tuple[str, ...]
    name_tokens: frozenset[str]
    negated: bool
    negation_scopes: tuple[frozenset[str], ...]  # stems each negation governs (see polarity.negation_scopes)
    modals: frozenset[str]
    quantifiers: frozenset[str]
    exception: bool
    content: frozenset[str]  # content words outside quantity and date spans, lightly stemmed
    key_end: int | None = None  # a table row's first cell ends here (its quantities are the row's key)

    @property
    def has_facts(self) -> bool:
        return bool(self.quantities or self.dates or self.names)

    def negates_any(self, shared: frozenset[str]) -> bool:
        """A negation here governs one of ``shared`` (words the claim and a unit have in common)."""
        return any(scope & shared for scope in self.negation_scopes)

    def in_key(self, quantity: Quantity) -> bool:
        return self.key_end is not None and quantity.start < self.key_end


# closed-class words kept out of the content overlap (they are read as polarity, modality, bounds)
_FUNCTION = frozenset(
    "must may might can cannot should could not no none nor neither without all some every each always never "
    "more "
    "less least above below over under n't several few many most often sometimes well".split()
)


@lru_cache(maxsize=4_096)  # asked again for the same unit by each claim's rules
def all_stems(text: str) -> frozenset[str]:
    """Every word's stem, values' words included ("two doses" holds "dose")."""
    return frozenset(stem(w) for _, w in words(text))


def value_spans(slots: Slots) -> list[tuple[int, int]]:
    """Where the text's quantities and dates stand (their words are values, not content)."""
    return [(x.start, x.end) for x in slots.quantities] + [(d.start, d.end) for d in slots.dates]


def read_slots(text: str, lexicon: Lexicon, table_row: bool = False) -> Slots:
    """The slots of ``text`` (a table row's with ``table_row``), read once per text and form: the
    cache sees the arguments in one shape, so ``read_slots(t, lexicon)`` and
    ``read_slots(t, lexicon, False)`` (``align.unit_slots`` of a unit that is not a row) are one
    entry (as two, 368 of the 2,165 texts read over 160 dev QA responses were read twice)."""
    return _read_slots(text, lexicon, bool(table_row))


@lru_cache(maxsize=4096)
def _read_slots(text: str, lexicon: Lexicon, table_row: bool) -> Slots:
    found_dates = dates(text)
    skip = tuple((d.start, d.end) for d in found_dates) + _labels(text)
    found = tuple(q for q in quantities(text, skip) if q.dim not in _META_COUNTS)
    found = found + tuple(_counts_of_frequencies(found))
    spans = [(q.start, q.end) for q in found] + [(d.start, d.end) for d in found_dates]
    content = frozenset(
        stem(word)
        for position, word in words(text)
        if word not in lexicon.stopwords
        and word not in _FUNCTION
        and len(word) > 1
        and not any(s <= position < e for s, e in spans)
    )
    affixed = _prefix_negated(text, spans)
    content = content | affixed
    consumed = frozenset(q.negation_at for q in found if q.negation_at is not None)
    key_end = None
    if table_row:
        bar = text.find(" | ")
        key_end = bar if bar >= 0 else None
    return Slots(
        text=text,
        quantities=found,
        dates=found_dates,
        names=_outside(entity_names(text, lexicon), text, spans),
        name_tokens=name_tokens(text),
        negated=negated(text, lexicon, _consumed_words(text, consumed)),
        negation_scopes=tuple(
            frozenset(stem(w) for w in scope)
            for scope in negation_scopes(text, lexicon, _consumed_words(text, consumed) | consumed)
        )
        + tuple(frozenset({base}) for base in sorted(affixed)),
        modals=modal_classes(text, lexicon),
        quantifiers=quantifier_classes(text, lexicon),
        exception=has_exception(text, lexicon),
        content=content,
        key_end=key_end,
    )


# numbers that label rather than measure: list markers ("2.", "3)" opening a line, a dangling
# "6." closing a chunk, "1 Preheat" opening a flattened list item) and references ("passage 2",
# "step 3", "section 4.1")
_LABEL = re.compile(
    r"(?:^|(?<=\n)|(?<=[A-Za-z)][.:;!?]))[ \t*#>-]*\d{1,3}(?:[.)](?=\s|$)|\s+(?=[A-Z][a-z]))"
    r"|(?<=\n)[ \t]*\d{1,3}[.)]\s*$"
    r"|(?i:\b(?:passage|passages|point|step|steps|section|page|chapter|figure|fig\.|table|version|option|item|"
    r"article|clause|paragraph|part|question|no\.|number|rule|schedule|appendix|annex)\s+)\d+(?:\.\d+)*"
)
# counts of the answer's own words, not facts ("a summary in 96 words")
_META_COUNTS = frozenset(
    {"count:word", "count:sentence", "count:character", "count:paragraph", "count:bullet"}
)


# a prefix that negates the word it is glued to ("unpaid", "non-refundable", "nonresident")
_NEGATING_PREFIXES = ("un", "non")
_MIN_BASE = 4  # "unit", "until", "under" are not un-"it", un-"til", un-"der"


def _prefix_negated(text: str, spans: list[tuple[int, int]]) -> frozenset[str]:
    """Stems of the words a prefix negates: "unpaid" -> paid, "non-refundable" -> refund.

    Why: "The extra weeks are paid" against "... followed by 26 weeks of unpaid leave" is a
    polarity flip without "not"; the base joins the text's content words (so it is shared with
    a claim saying "paid") under a negation scope of its own (so the comparison sees which side
    negates it, and "not refunded" agrees with "non-refundable").
    """
    tokens = [(p, w) for p, w in words(text) if not any(s <= p < e for s, e in spans)]
    out = set()
    for i, (_, word) in enumerate(tokens):
        if word == "non" and i + 1 < len(tokens):
            base = tokens[i + 1][1]
        else:
            base = next((word[len(p) :] for p in _NEGATING_PREFIXES if word.startswith(p) and word != p), "")
        if len(base) >= _MIN_BASE:
            out.add(stem(base))
    return frozenset(out)


def _outside(names: tuple[str, ...], text: str, spans: list[tuple[int, int]]) -> tuple[str, ...]:
    """Names not written inside a quantity or date: "Fahrenheit" in "145 degrees Fahrenheit" is
    the value's unit, compared as a quantity, not a named entity to look up."""
    kept = []
    for name in names:
        at = text.find(name)
        if at >= 0 and any(s <= at and at + len(name) <= e for s, e in spans):
            continue
        kept.append(name)
    return tuple(kept)


def _labels(text: str) -> tuple[tuple[int, int], ...]:
    return tuple((m.start(), m.end()) for m in _LABEL.finditer(text))


def _counts_of_frequencies(found: tuple[Quantity, ...]) -> list[Quantity]:
    """ "up to 4 times in 24 hours" also says "up to 4 times": a count claims can be checked on."""
    return [
        Quantity(
            surface=f"{q.count:g} times",
            start=q.start,
            end=q.end,
            dim="count:time",
            lo=q.count,
            hi=q.count,
            bound=q.bound,
            phrase=q.phrase,
            period=q.count / q.lo,
        )
        for q in found
        if q.dim == "rate" and q.count is not None and q.lo > 0
    ]


def _consumed_words(text: str, starts: frozenset[int]) -> frozenset[int]:
    """Word positions of the negations a bound consumed ("do not ... more than 3 days")."""
    out = set()
    for start in starts:
        match = re.match(r"[A-Za-z']+", text[start:]) or re.match(r"n't", text[start:])
        if match is None:
            continue
        out.add(start)
        if text[start:].lower().startswith("n't"):
            out.add(start)
    # words() reports "n't" at the position after the stem: add those too
    for position, word in words(text):
        if word == "n't" and any(s <= position <= s + 6 for s in starts):
            out.add(position)
    return frozenset(out)
