"""Names and added things: a name no unit mentions, a name the passage leaves unstated, a "Yes, also X" no unit has."""

from __future__ import annotations

import re
from collections.abc import Iterator

from guard.facts.added_acts import added_act
from guard.facts.align import Alignment, unit_slots
from guard.facts.entities import name_tokens
from guard.facts.glued_names import name_parts
from guard.facts.inference import compared_with_limit
from guard.facts.lexicon import Lexicon
from guard.facts.mismatches import not_found
from guard.facts.outcome import Outcome
from guard.facts.polarity import words
from guard.facts.rules import FactRule
from guard.facts.slots import Slots, all_stems, stem, value_spans
from guard.facts.step_licence import TOTAL_WORDS
from guard.facts.terms import adds_something, nouns
from guard.facts.types import FactLabel, SlotKind, UnitKind
from guard.language import parse
from guard.wordnet import load_wordnet

__all__ = ["added_term", "check_name", "coded_bands", "implicit_subject", "in_coded_band"]


def check_name(name: str, held: list[tuple[Alignment, Slots]], everywhere: list[Slots], claim_text: str = "") -> Outcome:
    """A name some unit mentions (see :func:`_names_match`), or a code inside a range of codes; a name no unit
    writes whole, when each of the names it glues together is mentioned (glued_names.py)."""
    if _mentioned(name, everywhere) or _in_coded_range(name, everywhere):
        return Outcome(FactLabel.supported)
    parts = name_parts(name, claim_text) if claim_text else [name]
    if parts != [name] and all(_mentioned(part, everywhere) for part in parts):
        return Outcome(FactLabel.supported)
    mismatch = not_found(SlotKind.entity, name, f"no evidence mentions {name}")
    return Outcome(FactLabel.unsupported, mismatch, rule=FactRule.name_not_found)


# share of the claim's words a unit must hold before a name it lacks is read as the passage's
# unstated subject rather than an unsupported addition
_IMPLICIT_LEXICAL = 0.6
# ... or half of them when the caller's cosine says the unit restates the claim
_IMPLICIT_RESTATED = (0.5, 0.6)


def implicit_subject(claim: Slots, aligned: list[Alignment], lexicon: Lexicon, values_hold: bool = True) -> bool:
    """A single-name claim whose every other word and value the best unit states.

    An excerpt often omits the document's subject ("Store below 30°C in the original blister"
    from the Tolvarin leaflet): "Keep Tolvarin in its original blister below 30°C" adds nothing
    but the name. The name then counts as found (the claim's verdict rests on its other slots,
    and the embedding score does not count the name as new). A fabricated name comes with a fact the unit lacks, which the other checks
    (values, words, cosine) see.
    """
    if len(claim.names) != 1 or not aligned:
        return False
    best = aligned[0]
    if best.unit.kind is UnitKind.heading:
        return False
    unit = unit_slots(best.unit, lexicon)
    claim_words = claim.name_tokens | frozenset(stem(w) for _, w in words(claim.text))
    if any(not (name_tokens(m) & claim_words) for m in unit.names):
        return False  # the unit names someone the claim does not: the claim's name may replace it
    # words that say how values combine ("a full course adds up to", "in total") are no fact to find
    arithmetic = frozenset(stem(w) for w in lexicon.combination_words | TOTAL_WORDS | {"full"})
    rest = claim.content - name_tokens(claim.names[0]) - arithmetic
    # words inside the unit's values count ("two doses" holds "dose")
    share = len(rest & (unit.content | unit.name_tokens)) / len(rest) if rest else 0.0
    restated = share >= _IMPLICIT_RESTATED[0] and (best.similarity or 0.0) >= _IMPLICIT_RESTATED[1]
    if not rest or (share < _IMPLICIT_LEXICAL and not restated):
        return False
    # its values hold (stated in the aligned units or one step from them: "a full course adds up to
    # 42 capsules" against the row "2 capsules three times a day for 7 days")
    return values_hold


def added_term(claim: Slots, aligned: list[Alignment], everywhere: list[Slots]) -> Outcome | None:
    """A "Yes, ..." or "also" claim naming a thing no unit mentions is unsupported (terms.py);
    so is an item of a list of what something includes or comes with that no unit mentions."""
    cited = _cited_document(claim.text)
    if not adds_something(claim.text):
        # every word the document uses, read once for both checks (all_stems of every unit, per claim)
        known = frozenset().union(*(all_stems(s.text) for s in everywhere)) | cited
        return listed_addition(claim, aligned, known) or added_act(claim, aligned, known)
    spans = value_spans(claim) + _limit_names(claim)
    known = frozenset().union(*(s.content for s in everywhere)) | frozenset().union(
        *(s.name_tokens for s in everywhere)
    ) | cited
    for position, word in nouns(claim.text):
        if len(word) < 3 or any(a <= position < b for a, b in spans):
            continue
        if stem(word.lower()) in known or word.lower() in known:
            continue
        unit = aligned[0].unit if aligned else None
        mismatch = not_found(SlotKind.entity, word, f"the evidence does not mention {word}", unit)
        return Outcome(FactLabel.unsupported, mismatch, rule=FactRule.name_added_term)
    return None


_NAMING_WORDS = re.compile(r"(?:\s+[\w-]+){1,2}")

# a claim that weighs a case against the document itself: "fits the advice", "is in line with the letter", "fits
# Kelderby's advice", "follows the clinic's instructions"; the document is no thing the claim adds
_CITES_DOCUMENT = re.compile(
    r"\b(?:fits?|fitting|matches|match|follows?|following|(?:is\s+)?in\s+line\s+with|keeps?\s+to|(?:is\s+)?within|"
    r"according\s+to|goes\s+against|breaks?|(?:is\s+)?against)\s+"
    r"(?:the\s+|their\s+|his\s+|her\s+|your\s+)?(?:[\w-]+'s?\s+)?(?:[\w-]+\s+)?"
    r"(?P<noun>advice|instructions|guidance|letter|leaflet)\b",
    re.I,
)


def _cited_document(text: str) -> frozenset[str]:
    """The words by which the claim cites the document it is checked against ("advice", "letter"), and their stems."""
    nouns = {m.group("noun").lower() for m in _CITES_DOCUMENT.finditer(text)}
    return frozenset(nouns | {stem(n) for n in nouns})


def _limit_names(claim: Slots) -> list[tuple[int, int]]:
    """The words naming a limit the claim compares a value with ("within the EUR 50 limit", "in the
    2 to 4 years row"): the comparison's frame for the evidence's value, not a thing the claim adds."""
    out = []
    for q in claim.quantities:
        for limit in claim.quantities:
            if limit.start >= q.end and compared_with_limit(q, limit, claim.text[q.end : limit.start]):
                naming = _NAMING_WORDS.match(claim.text, limit.end)
                out += [(limit.end, naming.end())] if naming else []
    return out


_CODE = re.compile(r"^([A-Za-z]{1,3})(\d{1,3})$")
# after a code, the words that open its band upwards or downwards: "G5 and above", "G3 or below"
_OPEN_UP = r"(?:and|or)\s+(?:above|over|higher)"
_OPEN_DOWN = r"(?:and|or)\s+(?:below|under|lower)"


def coded_bands(code: str, text: str) -> list[tuple[float, float]]:
    """The bands of codes with ``code``'s prefix that ``text`` gives, as (lowest, highest) numbers:
    "grades G1 to G4" -> (1, 4), "G5 and above" -> (5, inf), "G3 or below" -> (0, 3). Empty when
    ``code`` is no code ("G6", "B2") or the text gives no band of its prefix."""
    found = _CODE.match(code.strip())
    if not found:
        return []
    prefix = re.escape(found.group(1))
    band = re.compile(
        rf"\b{prefix}(\d{{1,3}})\s*(?:(?:to|-|–|—)\s*{prefix}?(\d{{1,3}})\b|(?P<up>{_OPEN_UP})\b|(?P<down>{_OPEN_DOWN})\b)",
        re.I,
    )
    out = []
    for m in band.finditer(text):
        number = float(m.group(1))
        if m.group("up"):
            out.append((number, float("inf")))
        elif m.group("down"):
            out.append((0.0, number))
        else:
            out.append((number, float(m.group(2))))
    return out


def in_coded_band(code: str, text: str) -> bool | None:
    """``code`` ("G6") inside a band of codes ``text`` gives; None when it gives no band of its prefix."""
    bands = coded_bands(code, text)
    if not bands:
        return None
    number = int(_CODE.match(code.strip()).group(2))
    return any(lo <= number <= hi for lo, hi in bands)


def _in_coded_range(name: str, everywhere: list[Slots]) -> bool:
    """A code ("G4", "Band 3" is a count) inside a band of codes a unit gives ("grades G1 to G6", "G5 and above"),
    alone or after the title the band's unit gives it ("Grade G3" against "employees in grades G1 to G4")."""
    title, _, code = name.rpartition(" ")
    if title and " " not in title:
        titled = stem(title.lower())
        return any(titled in all_stems(s.text) and in_coded_band(code, s.text) for s in everywhere)
    return any(in_coded_band(name, s.text) for s in everywhere)


def _mentioned(name: str, everywhere: list[Slots]) -> bool:
    tokens = name_tokens(name)
    return any(_names_match(tokens, s.name_tokens) for s in everywhere)


def _names_match(name: frozenset[str], unit: frozenset[str]) -> bool:
    """All of a one- or two-word name in the unit; of a longer one, at least half its words.

    Long names come with titles and places the evidence spells otherwise ("Texas Senator Ted
    Cruz" against "Cruz", "Senator Mary Landrieu" against "Sen. Mary Landrieu").
    """
    found = len(name & unit)
    return found == len(name) if len(name) <= 2 else found * 2 >= len(name)


# verbs a list of what something holds follows: "includes A, B and C", "comes with", "has A and B"
_HOLDS = frozenset({"include", "come", "have", "get", "provide", "offer", "contain", "cover", "lend", "supply", "give"})
_HEDGES = frozenset({"can", "could", "may", "might", "not", "n't", "never"})


def listed_addition(claim: Slots, aligned: list[Alignment], known: frozenset[str]) -> Outcome | None:
    """An item of the claim's list of what something includes, has or comes with ("Every boat has a
    fridge, a shower, central heating and a television") that no unit of the document mentions
    (``known``: the stems of every word of the document), neither its noun nor an adjective or noun of
    its phrase, and whose noun names a thing."""
    doc = parse(claim.text)
    wordnet = load_wordnet()
    if doc is None or wordnet is None:
        return None  # which nouns name things one is given is WordNet's to say; without it, silent
    for item in _listed_items(doc):
        if not wordnet.names_a_thing(item.lemma_):
            continue  # an activity, a state or a quality ("dining", "exposure", "the chance to")
        # its own words: the nouns and adjectives on it, not the list's other items
        phrase = [t for t in item.children if t.pos_ in ("NOUN", "PROPN", "ADJ") and t.dep_ not in ("conj", "appos")]
        phrase.append(item)
        if any(stem(t.lower_) in known for t in phrase):
            continue
        unit = aligned[0].unit if aligned else None
        mismatch = not_found(SlotKind.entity, item.text, f"the evidence does not mention {item.text}", unit)
        return Outcome(FactLabel.unsupported, mismatch, rule=FactRule.name_added_term)
    return None


def _listed_items(doc) -> Iterator:
    """The nouns of every list (two items or more) a holding verb takes as its object, or after "with";
    not under a hedge or a denial ("can have dire consequences", "does not include") nor in a
    participle phrase ("including ...")."""
    for verb in doc:
        if verb.pos_ not in ("VERB", "AUX") or verb.lemma_.lower() not in _HOLDS or verb.tag_ == "VBG":
            continue
        if any(c.dep_ in ("aux", "neg") and c.lower_ in _HEDGES for v in (verb, *verb.ancestors) for c in v.children):
            continue
        for obj in verb.children:
            if obj.dep_ in ("dobj", "pobj", "attr"):
                heads = [obj]
            elif obj.dep_ == "prep" and obj.lower_ == "with":
                heads = [g for g in obj.children if g.dep_ == "pobj"]
            else:
                continue
            for head in heads:
                items = _list_items(head)
                if len(items) >= 2:  # one thing alone is the claim's topic, not an addition
                    yield from (item for item in items if item.pos_ == "NOUN")


def _list_items(head) -> list:
    """The head of a list and its other items: conjuncts, and appositions the parser reads in a
    list of three or more ("a fridge, a shower, central heating and a television")."""
    items, stack = [], [head]
    while stack:
        token = stack.pop()
        items.append(token)
        stack += [c for c in token.children if c.dep_ in ("conj", "appos")]
    return sorted(items, key=lambda t: t.i)
