"""Minimal edits: a claim that repeats a unit word for word except for one substituted slot.

Why: a false claim that reuses the passage's words ("add 50 µl of Buffer PE to the centre of
the membrane" against "add 50 µl of Buffer EB to the centre of the membrane"; "A low-copy
plasmid yields 5 to 20 µg" against "A high-copy plasmid yields 5 to 20 µg ...; a low-copy
plasmid yields 0.5 to 2 µg") passes overlap and cosine, and the slot checks see no differing
value. Aligning the claim to its unit token by token shows the edit itself; what was
substituted tells whether it is a contradiction. One mechanism covers entity swaps, role and
value misbindings, unit changes, modal and quantifier changes and antonyms.

The claim and unit are read as token sequences (Snowball stems; a quantity is two atoms, its
written number and its dimension; punctuation dropped) and aligned with ``difflib``. A
substitution counts only when (a) the claim is otherwise the unit's wording: flanked by
matched runs holding at least ``_FLANK`` content words, at most ``_LOOSE`` other claim content
words unmatched; (b) no other unit among the best ones says the claim's way without an edit;
and (c) the substituted claim token is of the unit token's kind *and* is a slot the document
gives to something else (a misbinding), or the kinds themselves clash:

- name for name: the claim's name is used elsewhere in the document, neither abbreviates the
  other ("Buffer PE" / "Buffer EB");
- a word for a word in a parallel frame: the claim's word occurs in the evidence next to the
  same content word that the unit's word has next to it ("low-copy" / "high-copy"), so the
  document itself contrasts the two;
- number for number with the same unit, the claim's number written elsewhere in the document;
- modal or quantifier of another class (may / must, always / usually), or a listed antonym.

Common nouns replaced by other common nouns without a parallel frame are *not* read
("the footage has stirred" / "the incident has stirred": RAGTruth paraphrases do that, and an
earlier rule of that kind flagged 3-5 % of clean RAGTruth sentences; docs/FACTS.md).

A second, slot-level check, ``unit_changed``: a claim quantity whose number the evidence writes
only with a unit of another kind ("6,800 rpm" where the document says "6,800 × g"), and never
with the claim's unit, is contradicted (the quantity reader leaves unknown units bare, so the
slot comparison took "6,800 × g" as the bare number 6,800 and accepted it).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from enum import Enum
from functools import lru_cache
from typing import NamedTuple

from guard.facts.align import Alignment, unit_slots
from guard.facts.lexicon import Lexicon
from guard.facts.matching import accepts, same_number
from guard.facts.mismatches import contradiction
from guard.facts.modal_clash import permits_alternatives, restricted_leave, stronger_modal
from guard.facts.opposites import OPPOSITES
from guard.facts.outcome import Outcome
from guard.facts.quantities import Quantity
from guard.facts.rules import FactRule
from guard.facts.slots import Slots, read_slots, stem
from guard.facts.types import EvidenceUnit, FactLabel, SlotKind, UnitKind

__all__ = ["minimal_edits", "unit_changed"]

_POOL = 3  # units compared token by token: the best three statements
_FLANK = 3  # content words the matched runs around a substitution must hold
_NEXT_TO = 1  # content words the matched runs right beside a substitution must hold
_LOOSE = 2  # other claim content words the unit may lack (a claim's own lead-in: "To elute the DNA, ...")
_MAX_SIDE = 3  # tokens a substitution may span on either side (a two-word name)
_MIN_SHARE = 0.6  # share of the claim's other content words the unit must hold
# positions, read against their preposition ("after the first day" is "from the second day")
_ORDINALS = frozenset(
    stem(w) for w in "first second third fourth fifth sixth seventh eighth ninth tenth last next previous".split()
)
_BOUND_REACH = 15  # tokens after a word within which the values it owns are written
_RESPELT = 0.85  # character similarity above which two names are one name spelt two ways


class _Kind(str, Enum):
    word = "word"
    stop = "stop"
    name = "name"
    number = "number"
    dimension = "dimension"


class _Tok(NamedTuple):
    key: str  # what is compared
    kind: _Kind
    surface: str
    value: Quantity | None = None  # a number token's quantity


_WORD = re.compile(r"[A-Za-zÀ-ÿµ][A-Za-zÀ-ÿµ0-9]*(?:['’][A-Za-z]+)?|\d+(?:[.,]\d+)*")


def _number_key(q: Quantity) -> str:
    lo, hi = q.written
    return f"#{lo:g}" if hi == lo else f"#{lo:g}-{hi:g}"


@lru_cache(maxsize=8192)
def _tokens(text: str, lexicon: Lexicon) -> tuple[_Tok, ...]:
    """The text as comparable tokens: stems, names kept apart, each quantity as number + dimension."""
    slots = read_slots(text, lexicon)
    spans = sorted(((q.start, q.end, q) for q in slots.quantities), key=lambda s: s[:2])
    out: list[_Tok] = []
    at = 0
    for start, end, q in [*spans, (len(text), len(text), None)]:
        if start < at:
            continue
        out += _plain_tokens(text[at:start], at == 0 or _opens(text, at), lexicon)
        if q is not None:
            out.append(_Tok(_number_key(q), _Kind.number, q.surface, q))
            if q.dim.startswith("count:"):  # a counted noun is a word of the sentence ("4 doses")
                out.append(_Tok(stem(q.dim.split(":", 1)[1]), _Kind.word, q.surface))
            elif q.dim != "number":
                out.append(_Tok(f"@{q.dim}", _Kind.dimension, q.surface))
            at = end
    return tuple(out)


def _opens(text: str, at: int) -> bool:
    return bool(re.search(r"[.!?:\n|]\s*$", text[:at]))


# capitalised month and weekday names: "6 February" against "6 March" in the next row of a key-dates
# table is not a name swapped (the whole date is compared by date_check and date_rows)
_CALENDAR = re.compile(
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
    r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|"
    r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
)


def _plain_tokens(chunk: str, opens: bool, lexicon: Lexicon) -> list[_Tok]:
    out = []
    for i, match in enumerate(_WORD.finditer(chunk)):
        word = match.group(0)
        lower = word.lower().replace("’", "'")
        boundary = (i == 0 and opens) or bool(re.search(r"[.!?:\n|]\s*$", chunk[: match.start()]))
        if lower in lexicon.stopwords or lower in lexicon.negations or lower in lexicon.modals:
            kind = _Kind.stop
        elif _CALENDAR.fullmatch(word):
            kind = _Kind.stop  # a month or weekday is part of a date, which date_check compares whole
        elif word[0].isupper() and not boundary or (len(word) > 1 and word.isupper()):
            kind = _Kind.name
        else:
            kind = _Kind.word
        key = lower if kind is _Kind.stop else stem(lower)
        out.append(_Tok(key, kind, word))
    return out


def _content(tokens: Sequence[_Tok]) -> int:
    return sum(t.kind is not _Kind.stop for t in tokens)


class _Edit(NamedTuple):
    claim: tuple[_Tok, ...]  # the claim's substituted tokens
    unit: tuple[_Tok, ...]  # the unit's tokens in their place
    left: tuple[_Tok, ...]  # the matched claim tokens just before
    right: tuple[_Tok, ...]  # and just after
    after: tuple[_Tok, ...]  # the unit's token after its substituted ones


def _edits(claim: tuple[_Tok, ...], unit: tuple[_Tok, ...]) -> list[_Edit] | None:
    """The substitutions that turn the unit's wording into the claim's, or None when the claim
    is not the unit's wording with a few slots changed."""
    matcher = difflib.SequenceMatcher(None, [t.key for t in claim], [t.key for t in unit], autojunk=False)
    ops = matcher.get_opcodes()
    matched = [claim[i1:i2] for tag, i1, i2, _, _ in ops if tag == "equal"]
    loose = sum(_content(claim[i1:i2]) for tag, i1, i2, _, _ in ops if tag == "delete")
    edits = []
    for n, (tag, i1, i2, j1, j2) in enumerate(ops):
        if tag != "replace":
            continue
        c, u = claim[i1:i2], unit[j1:j2]
        if len(c) > _MAX_SIDE or len(u) > _MAX_SIDE:
            loose += _content(c)
            continue
        left = ops[n - 1] if n > 0 and ops[n - 1][0] == "equal" else None
        right = ops[n + 1] if n + 1 < len(ops) and ops[n + 1][0] == "equal" else None
        edits.append(
            _Edit(
                c,
                u,
                claim[left[1] : left[2]] if left else (),
                claim[right[1] : right[2]] if right else (),
                unit[j2 : j2 + 1],
            )
        )
    edits += _skipped_values(claim, unit, matcher.get_matching_blocks())
    same = sum(_content(m) for m in matched)
    if not edits or loose > _LOOSE or same < _FLANK:
        return None
    total = _content(claim) - sum(_content(e.claim) for e in edits)
    if total <= 0 or same / total < _MIN_SHARE:
        return None
    return edits


def _skipped_values(claim: tuple[_Tok, ...], unit: tuple[_Tok, ...], blocks: list) -> list[_Edit]:
    """A value the claim takes from past the unit's own value of that kind: the claim follows the
    unit up to a value, skips it and what owns the next one, and ends on that next value
    ("Express parcels arrive within 5 days" against "... within 2 days, standard ones in 5 days";
    "Critical flaws are fixed within 30 days" against "Critical flaws are fixed within 7 days;
    high ones within 30 days"). Only when every content word of the claim is the unit's, in the
    unit's order: a claim that names the later value's owner ("Children pay £3" against "£5 for
    adults and £3 for children") or goes on after the value ("£3 for children") is that value's."""
    at = {b.a + k: b.b + k for b in blocks for k in range(b.size)}
    if any(t.kind is not _Kind.stop and i not in at for i, t in enumerate(claim)):
        return []
    out = []
    for b, token in enumerate(claim):
        if token.kind is not _Kind.number or _content(claim[b + 1 :]) > _width(claim, b) - 1:
            continue
        width = _width(claim, b)
        measure = [t.key for t in claim[b + 1 : b + width]]
        before = [at[i] for i in range(b) if claim[i].kind is not _Kind.stop]
        if not before:
            continue
        for k in range(at[b] - 1, before[-1], -1):
            if unit[k].kind is not _Kind.number or [t.key for t in unit[k + 1 : k + width]] != measure:
                continue
            owner = [t for t in unit[k + width : at[b]] if t.kind in (_Kind.word, _Kind.name)]
            if owner and unit[k].key != token.key:
                out.append(_Edit((token,), (unit[k],), claim[:b], claim[b + 1 :], unit[k + 1 : k + 2]))
            break
    return out


def _width(tokens: Sequence[_Tok], i: int) -> int:
    """1 for a bare number, 2 for a number and its dimension."""
    return 2 if i + 1 < len(tokens) and tokens[i + 1].kind is _Kind.dimension else 1


def minimal_edits(
    claim: Slots,
    units: Sequence[EvidenceUnit],
    scored: Sequence[Alignment],
    lexicon: Lexicon,
    derived: frozenset[str] = frozenset(),
) -> list[Outcome]:
    """A contradiction for each best unit the claim repeats with one slot substituted (see the module),
    named by what was substituted (:func:`_rule_of`)."""
    claim_tokens = _tokens(claim.text, lexicon)
    if _content(claim_tokens) < _FLANK + 1:
        return []
    statements = [a.unit for a in scored if a.unit.kind is not UnitKind.heading][:_POOL]
    found: list[tuple[EvidenceUnit, _Edit]] = []
    for unit in statements:
        unit_tokens = _tokens(unit.text, lexicon)
        edits = _edits(claim_tokens, unit_tokens)
        if edits is None:
            continue
        for edit in edits:
            if _framed(edit):
                found.append((unit, edit))
    if not found:
        return []
    # another of the best units says it the claim's way: the claim may be that one's
    edited = {id(u) for u, _ in found}
    if any(_says_it(claim_tokens, _tokens(u.text, lexicon)) for u in statements if id(u) not in edited):
        return []
    document = [_tokens(u.text, lexicon) for u in units]
    claim_keys = frozenset(t.key for t in claim_tokens)
    out = []
    for unit, edit in found:
        kind = _clash(edit, _tokens(unit.text, lexicon), document, lexicon, derived, claim_keys)
        if kind is SlotKind.modality and _entailed_options(edit, claim.text, lexicon):
            continue
        if kind is SlotKind.modality and restricted_leave(claim, unit_slots(unit, lexicon).modals, unit.text):
            continue  # "must be launched from the east bank" for "may be launched from the east bank only"
        if kind is None:
            continue
        said = " ".join(t.surface for t in _core(edit.claim, lexicon))
        given = " ".join(t.surface for t in _core(edit.unit, lexicon))
        explanation = f"the evidence says \u201c{given}\u201d where the claim says \u201c{said}\u201d" + (
            ", which the document gives to something else" if kind is not SlotKind.modality else ""
        )
        mismatch = contradiction(kind, said, given, unit, explanation)
        out.append(Outcome(FactLabel.contradicted, mismatch, rule=_rule_of(kind, _core(edit.claim, lexicon))))
        break
    return out


_RULE_OF_KIND = {
    SlotKind.quantity: FactRule.edits_number,
    SlotKind.modality: FactRule.edits_modal,
    SlotKind.quantifier: FactRule.edits_quantifier,
    SlotKind.polarity: FactRule.edits_antonym,
}


def _rule_of(kind: SlotKind, said: Sequence[_Tok]) -> FactRule:
    """The rule a substitution of ``kind`` falls under: an entity is a name swapped for a name, or a
    word the document gives to a parallel thing (_clash)."""
    if kind is SlotKind.entity:
        return FactRule.edits_name if all(t.kind is _Kind.name for t in said) else FactRule.edits_word
    return _RULE_OF_KIND[kind]


def _entailed_options(edit: _Edit, claim_text: str, lexicon: Lexicon) -> bool:
    """"May/can" for the unit's "must/should", where the claim's permission ranges over alternatives
    the unit states (modal_clash.stronger_modal: a duty entails the permission; a plain "may" for
    "must" of one act is still read as a weakened duty)."""
    said, given = edit.claim[0].key, edit.unit[0].key
    modals = lexicon.modals
    if said not in modals or given not in modals or stronger_modal(modals[said], modals[given]):
        return False
    return permits_alternatives(claim_text)


def _framed(edit: _Edit) -> bool:
    """The unit's wording runs on both sides of the substitution: for a number or a name, one
    matched content word beside it is enough ("applies to Student and Senior memberships" /
    "to Adult and Family memberships"); a common word needs three around it, two on one side
    (paraphrases swap a verb or an adjective inside a short frame: "boil" / "steam", "killed" /
    "left" on clean RAGTruth sentences)."""
    left, right = _content(edit.left), _content(edit.right)
    typed = (_Kind.number, _Kind.name)
    if all(t.kind in typed for t in edit.claim if t.kind is not _Kind.stop):
        return left + right >= _NEXT_TO
    return left + right >= _FLANK and max(left, right) >= 2


def _says_it(claim: tuple[_Tok, ...], unit: tuple[_Tok, ...]) -> bool:
    """The unit holds the claim's content words in order with nothing substituted."""
    matcher = difflib.SequenceMatcher(None, [t.key for t in claim], [t.key for t in unit], autojunk=False)
    kept = sum(_content(claim[b.a : b.a + b.size]) for b in matcher.get_matching_blocks())
    return _content(claim) > 0 and kept >= _content(claim) - 1 and not any(
        tag == "replace" for tag, *_ in matcher.get_opcodes()
    )


def _clash(
    edit: _Edit,
    unit: tuple[_Tok, ...],
    document: Sequence[tuple[_Tok, ...]],
    lexicon: Lexicon,
    derived: frozenset[str],
    claim_keys: frozenset[str],
) -> SlotKind | None:
    # function words around a substituted slot ("of 1.6" / "between 1.8 and 2.0") are wording, not the slot
    c, u = _core(edit.claim, lexicon), _core(edit.unit, lexicon)
    c_keys, u_keys = {t.key for t in c}, {t.key for t in u}
    # the claim still uses the unit's word: a rearrangement, not a substitution
    if c_keys & u_keys or u_keys & claim_keys:
        return None
    words = frozenset(k for k in claim_keys if k[0] in "#@")  # the claim's values, as number and dimension keys
    if all(t.kind is _Kind.name for t in c) and all(t.kind is _Kind.name for t in u):
        if abbreviates(c, u) or _respelt(c, u) or _one_name(c, u, document) or not _elsewhere(c, document):
            return None
        return None if _bound_alike(c, words, document) else SlotKind.entity
    if len(c) == 1 and len(u) == 1:
        a, b = c[0], u[0]
        if a.kind is _Kind.number and b.kind is _Kind.number:
            return _number_clash(a, b, unit, document, derived)
        if a.kind is _Kind.stop and b.kind is _Kind.stop:
            # "should not" / "must not" both forbid: a negated modal is the predicates' to read
            if any(t.key in lexicon.negations for t in (*edit.right[:1], *edit.after)):
                return None
            return _modal_or_quantifier(a.key, b.key, lexicon)
        if a.kind is _Kind.word and b.kind is _Kind.word and not {a.key, b.key} & _ORDINALS:
            if _antonyms(a.key, b.key, lexicon):
                return SlotKind.polarity
            if _compound_part(a.key, b.key) or _compound_part(b.key, a.key):
                return None  # "iron plates" for "cast-iron plates": the compound's own thing, named more loosely
            if _parallel(edit, document) and not _bound_alike(c, words, document):
                return SlotKind.entity
    return None


def _core(tokens: tuple[_Tok, ...], lexicon: Lexicon) -> tuple[_Tok, ...]:
    """The tokens less plain function words (negations, modals and quantifiers are kept)."""
    kept = tuple(
        t
        for t in tokens
        if t.kind is not _Kind.stop
        or t.key in lexicon.negations
        or t.key in lexicon.modals
        or t.key in lexicon.universal_quantifiers
        or t.key in lexicon.partial_quantifiers
    )
    return kept or tokens


def _number_clash(
    a: _Tok, b: _Tok, unit: tuple[_Tok, ...], document: Sequence[tuple[_Tok, ...]], derived: frozenset[str]
) -> SlotKind | None:
    """A number put in place of the unit's number, in the unit's own wording: a contradiction when
    the same unit gives the claim's number to something else (a misbinding) or the document writes
    it nowhere (a changed value). A number another unit writes may be bound there to what the claim
    names ("Contents | ... | £150"), and a value the evidence derives is an inference: both left to
    the slot checks."""
    x, y = a.value, b.value
    if x is None or y is None or a.surface in derived:
        return None
    if accepts(x, y) or accepts(y, x) or (x.dim != y.dim and "number" not in (x.dim, y.dim)):
        return None
    if same_number(x, y) and (x.negation_at is None) != (y.negation_at is None):
        # one limit, turned round by a negation read before one bound and not the other ("We do not allow
        # models heavier than 7.5 kg", "Models heavier than 7,500 grams aren't allowed"): polarity's to judge
        return None
    if not x.is_band and any(_band_holds(t.value, x) for other in document for t in other):
        # a band of the document holds it, this unit's other band ("9 nights" in "... or 7 nights or more") or
        # another row's ("5.5 minutes" in "up to 6 minutes"): bound there, not substituted; bands.py's to judge
        # (``document`` holds this unit too: minimal_edits' units are the scored ones)
        return None
    if _elsewhere((a,), [unit]) or not _elsewhere((a,), document):
        return SlotKind.quantity
    return None


def _band_holds(band: Quantity | None, x: Quantity) -> bool:
    """``band`` is a range or a bounded value of ``x``'s measure that holds ``x`` without being it."""
    if band is None or band.dim != x.dim or not band.is_band:
        return False
    return accepts(x, band) and not same_number(x, band)


def _modal_or_quantifier(a: str, b: str, lexicon: Lexicon) -> SlotKind | None:
    modals = lexicon.modals
    # permission against obligation or advice; "should" for "must" is a weaker duty, not a clash
    if a in modals and b in modals and (modals[a] == "permission") != (modals[b] == "permission"):
        return SlotKind.modality
    universal, partial = lexicon.universal_quantifiers, lexicon.partial_quantifiers
    if (a in universal and b in partial) or (a in partial and b in universal):
        return SlotKind.quantifier
    return None


@lru_cache(maxsize=4)
def _antonym_pairs(code: str) -> frozenset[tuple[str, str]]:
    pairs = OPPOSITES.get(code, ())
    return frozenset((stem(a), stem(b)) for a, b in pairs) | frozenset((stem(b), stem(a)) for a, b in pairs)


def _antonyms(a: str, b: str, lexicon: Lexicon) -> bool:
    return (a, b) in _antonym_pairs(lexicon.code)


def abbreviates(c: Sequence[_Tok], u: Sequence[_Tok]) -> bool:
    """One side is an initialism or a shortening of the other ("CFO", "Sen." / "Senator")."""
    a, b = "".join(t.key for t in c), "".join(t.key for t in u)
    initials_c, initials_u = "".join(t.key[0] for t in c), "".join(t.key[0] for t in u)
    return a.startswith(b) or b.startswith(a) or a == initials_u or b == initials_c


def _respelt(c: Sequence[_Tok], u: Sequence[_Tok]) -> bool:
    """A spelling variant ("Ophthalmology" / "Opthalmology"), not another name."""
    a, b = " ".join(t.surface.lower() for t in c), " ".join(t.surface.lower() for t in u)
    return difflib.SequenceMatcher(None, a, b).ratio() >= _RESPELT


def _one_name(c: Sequence[_Tok], u: Sequence[_Tok], document: Sequence[tuple[_Tok, ...]]) -> bool:
    """The document writes the two as parts of one name ("Dzhokhar Tsarnaev"): one referent."""
    keys = {t.key for t in c} | {t.key for t in u}
    return any(
        {t.key for t in run} >= keys for tokens in document for run in _name_runs(tokens)
    )


def _name_runs(tokens: Sequence[_Tok]) -> list[list[_Tok]]:
    runs: list[list[_Tok]] = [[]]
    for t in tokens:
        if t.kind is _Kind.name:
            runs[-1].append(t)
        elif runs[-1]:
            runs.append([])
    return [r for r in runs if len(r) > 1]


def _bound_alike(c: Sequence[_Tok], values: frozenset[str], document: Sequence[tuple[_Tok, ...]]) -> bool:
    """Some unit writes the claim's substituted words followed by all the claim's values: the
    claim is that statement, shortened ("Silver members get free delivery over £50" against
    "Gold members get it over £20; silver members get it over £50"). Claims without values
    have nothing to bind and are not excused."""
    if not values:
        return False
    keys = [t.key for t in c]
    wanted = values
    for tokens in document:
        for i in range(len(tokens)):
            if [t.key for t in tokens[i : i + len(keys)]] == keys:
                after = {t.key for t in tokens[i + len(keys) : i + len(keys) + _BOUND_REACH]}
                if wanted <= after:
                    return True
    return False


def _elsewhere(c: Sequence[_Tok], document: Sequence[tuple[_Tok, ...]]) -> bool:
    """The document writes the claim's tokens (in a row) somewhere."""
    keys = [t.key for t in c]
    return any(
        [t.key for t in tokens[i : i + len(keys)]] == keys for tokens in document for i in range(len(tokens))
    )


# a compound's first parts that make it another thing than its last part ("non-slip", "ex-tenant")
_TURNING_PARTS = frozenset({"non", "no", "un", "anti", "counter", "ex", "pre", "post", "semi", "half", "part"})


def _compound_part(word: str, compound: str) -> bool:
    """``word`` is one of the parts of the hyphenated ``compound`` and the other parts only narrow it
    ("iron" / "cast-iron", "oak" / "oak-bark"), not turn it into another thing ("slip" / "non-slip")."""
    parts = compound.split("-")
    if len(parts) < 2 or word not in {stem(p) for p in parts}:
        return False
    return not any(p in _TURNING_PARTS for p in parts if stem(p) != word)


def _parallel(edit: _Edit, document: Sequence[tuple[_Tok, ...]]) -> bool:
    """The document writes the claim's word beside the same content word as the unit's word has
    beside it, in the claim too: "low-copy plasmid" in a text whose unit says "high-copy plasmid"."""
    word = edit.claim[0].key
    frames = []
    if edit.left and edit.left[-1].kind is not _Kind.stop:
        frames.append((edit.left[-1].key, word))
    if edit.right and edit.right[0].kind is not _Kind.stop:
        frames.append((word, edit.right[0].key))
    return any(
        (tokens[i].key, tokens[i + 1].key) in frames for tokens in document for i in range(len(tokens) - 1)
    )


# a unit symbol written right after a number the quantity reader left bare: "× g", "xg", "µl",
# "mM", "kDa" (a symbol, a capital inside, or a sign; plain short words "dog", "car" are nouns)
_TAIL = re.compile(r"\s?(×\s?g\b|x\s?g\b|[A-Za-zµ°%/]{1,4}\b)")
_AGE = re.compile(r"(?i)\b(?:year|month|week)s?[- ]old\b")
_SYMBOL = re.compile(r"[×µ°%/]|^x\s?g$|^[a-zµ]+[A-Z]")


def unit_changed(
    claim: Slots,
    scored: Sequence[Alignment],
    lexicon: Lexicon,
) -> list[Outcome]:
    """A claim quantity whose number the best units write only with a unit of another kind: contradicted.

    The evidence's unit must be a measure ("12 months", "6 m") or a unit symbol the quantity
    reader left bare ("6,800 × g"); the claim's a measure of another dimension or a count
    ("12 freeze-thaw cycles"). Not when a count meets a count ("five staff" / "Five members"
    is a paraphrase), when the number is also written bare (it may count anything), or when
    any of these units holds the claim's value in another unit ("6 m³" / "6,000 litres").
    """
    out = []
    # the two best units only: a number met further off is more often a coincidence ("70-year-old" / "£70")
    near = [(a.unit, unit_slots(a.unit, lexicon)) for a in scored[:2] if a.strong]
    for q in claim.quantities:
        if q.is_range or q.count is not None or not (_measure(q) or q.dim.startswith("count:")):
            continue
        if _AGE.search(q.surface):  # a person's age, not a value the text measures (ages.py reads those)
            continue
        if not re.search(r"\d", q.surface):  # "twice a day", "three doses": words, often loosely meant
            continue
        if any(accepts(q, e) for _, slots in near for e in slots.quantities if e.dim != "number"):
            continue
        # a person's age is no unit a value was changed from ("£65" against "drivers aged 65")
        same = [
            (unit, e, slots) for unit, slots in near for e in slots.quantities
            if e.written == q.written and e.measure != "age"
        ]
        if any(e.dim == q.dim or (e.dim == "number" and not _tail(s.text, e)) for _, e, s in same):
            continue
        other = next(
            (
                (u, e, s)
                for u, e, s in same
                if (e.dim == "number" and _tail(s.text, e)) or (_measure(e) and _base(e) != _base(q))
            ),
            None,
        )
        if other is None:
            continue
        unit, e, slots = other
        given = e.surface if e.dim != "number" else f"{e.surface} {_tail(slots.text, e)}"
        explanation = f"the evidence gives {given}, a unit of another kind, not {q.shown}"
        mismatch = contradiction(SlotKind.quantity, q.shown, given, unit, explanation)
        out.append(Outcome(FactLabel.contradicted, mismatch, rule=FactRule.edits_unit_changed))
    return out


def _measure(q: Quantity) -> bool:
    """A value in a unit of measure (not a bare number, a count of things, a rate or an amount per period)."""
    plain = q.per is None and q.period is None
    return plain and q.dim not in ("number", "rate") and not q.dim.startswith("count:")


def _base(q: Quantity) -> str:
    return q.dim.split("/", 1)[0]


def _tail(text: str, e: Quantity) -> str:
    """The unit symbol written right after a bare number, or ""."""
    match = _TAIL.match(text, e.end)
    if not match:
        return ""
    tail = match.group(1)
    return tail if _SYMBOL.search(tail) and re.search(r"[A-Za-zµ%°]", tail) else ""
