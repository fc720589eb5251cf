"""A total for a party of several kinds of people or items: "two adults and a 10-year-old pay £42
altogether" against "£18 per adult" and "children aged 8 to 17 ... £6".

Each group the claim names (a count of a noun, "two adults"; or one person of an age, "a
10-year-old") takes the price a near unit binds to it: a price per that noun, a price the unit's
clause gives to that noun, or the one price of a unit whose age band holds the age. The step holds
when the claim says it totals ("altogether", "in total", "together"), or names a party of two or more
groups of people (what a party pays is its total, said or not), and the groups' counts times their
prices add up to the claim's value to the penny. A group no unit prices leaves the claim as it was.

A party's groups are its counts ("two adults"), its people named in words ("a parent", "one child",
"a couple": two adults) and its ages ("a 10-year-old", "children aged 6 and 9"); the ages listed
right after a count of people are that count's members ("two children aged 6 and 9"), not more
people. A one-step product over one group's count ("£9.50 × two adults") prices part of a party,
never what it pays (part_of_party).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from guard.facts.adjustments import PEOPLE, adjustments_for_age, inside
from guard.facts.binding import distinctive, owned_words
from guard.facts.derivation import compares
from guard.facts.lexicon import Lexicon
from guard.facts.periods import discount_options
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity
from guard.facts.shares import same_noun, same_pence
from guard.facts.slots import Slots, stem, value_spans
from guard.facts.sums import says_total

__all__ = ["basket_total", "part_of_party"]

_AGED = re.compile(r"\b(?:aged|age)\s*$", re.I)
_YEAR_HOURS = DURATION_HOURS["year"]
# counts that are a length or a frequency, not a group of people or items
_NOT_GROUPS = {"night", "time", "day", "week", "hour", "minute", "session", "visit"}
MAX_COMBINATIONS = 64


def basket_total(q: Quantity, claim: Slots, near: Sequence[Slots], lexicon: Lexicon) -> tuple[str, tuple[Quantity, ...]] | None:
    """The step "<n> × <price> + ... = <q>" over prices near units bind to the claim's groups."""
    if not q.dim.startswith("money:") or q.bound is not Bound.eq or q.is_range or q.per is not None:
        return None
    offs = discount_options(claim, near)
    groups = _groups(claim, q)
    if not (says_total(claim, lexicon) or len(offs) > 1 or _party(groups)):
        return None
    # one group is a product one_step already reads, unless a stated discount follows it
    if len(groups) < 2 and not (groups and len(offs) > 1):
        return None
    about = [u for u in near if not _names_another(u, claim)]
    options = [_prices(group, age, q.dim, about, lexicon) or _plain_prices(group, age, q.dim, about, claim, lexicon) for group, age in groups]
    if not all(options):
        return None
    counts = [1.0 if age is not None else group.lo for group, age in groups]
    for n, chosen in enumerate(itertools.product(*options)):
        if n >= MAX_COMBINATIONS:
            break
        total = sum(c * p.lo for c, p in zip(counts, chosen))
        for off, factor in offs if len(groups) > 1 else offs[1:]:
            if same_pence(total * factor, q.lo):
                parts = " + ".join(f"{g.surface} × {p.surface}" for (g, _), p in zip(groups, chosen))
                less = f", less {off.surface}" if off else ""
                return f"{parts}{less} = {q.surface}", (*chosen, *(g for g, _ in groups), *((off,) if off else ()))
    return None


def part_of_party(q: Quantity, claim: Slots, operands: Sequence[Quantity]) -> bool:
    """A one-step product prices one group of the party whose price ``q`` is: "£9.50 × two adults" for what "two
    adults and two children pay". A party's price is the sum over all its groups (basket_total); a difference the
    claim compares ("save £8 with a family ticket") is no price the party pays."""
    if len(operands) != 2 or not q.dim.startswith("money:") or q.bound is not Bound.eq or q.is_range or q.per is not None:
        return False
    groups = _groups(claim, q)
    return _party(groups) and not compares(q, claim) and any(o is group for o in operands for group, _ in groups)


def _groups(claim: Slots, q: Quantity) -> list[tuple[Quantity, float | None]]:
    """(quantity, age in years or None): counts of a noun, and single ages ("a 10-year-old", "aged 10")."""
    found: list[tuple[Quantity, float | None]] = []
    for c in claim.quantities:
        if c is q or c.bound is not Bound.eq or c.is_range:
            continue
        if c.dim.startswith("count:") and c.lo >= 1 and c.dim[6:] not in _NOT_GROUPS:
            found.append((c, None))
        elif c.dim == "duration" and (c.surface.endswith("-year-old") or _AGED.search(claim.text[: c.start]) or c.measure == "age"):
            found.append((c, c.lo / _YEAR_HOURS))
    found += [(person, None) for person in _people_said(claim.text) if not any(c.start <= person.start < c.end for c, _ in found)]
    found.sort(key=lambda group: group[0].start)
    members = {id(c) for group, age in found if age is None for c in _aged_members(group, found, claim.text)}
    return [(c, age) for c, age in found if id(c) not in members]


# people a claim names without a number to count them: "one adult", "a parent", "a couple" (two adults); each word
# mapped to the noun a price is given for
_PERSON = {"adult": "adult", "parent": "adult", "grandparent": "adult", "grown-up": "adult", "child": "child", "kid": "child"}
_PEOPLE_SAID = re.compile(r"\b(?:(?:one|an?)\s+(?P<noun>adult|parent|grandparent|grown-up|child|kid)|a\s+couple)\b(?!\s+of\b)", re.I)


def _people_said(text: str) -> list[Quantity]:
    """The groups of people ``text`` names in words, as counts of the noun they are priced by."""
    found = []
    for m in _PEOPLE_SAID.finditer(text):
        noun, n = (_PERSON[m.group("noun").lower()], 1.0) if m.group("noun") else ("adult", 2.0)
        found.append(Quantity(surface=m.group(0), start=m.start(), end=m.end(), dim=f"count:{noun}", lo=n, hi=n))
    return found


# a counted word for people that a price is given under another word for ("two kids": "£4 child"); a count's noun is
# read singular ("two kids": "count:kid")
_PRICED_AS = {word: noun for word, noun in _PERSON.items() if word in ("kid", "grown-up")}
# the people of a party a claim prices ("two adults and two children pay £34"), as counted nouns
_PARTY_NOUNS = PEOPLE | {"children", "kid", "junior", "senior"}


def _party(groups: list[tuple[Quantity, float | None]]) -> bool:
    """Two or more groups of people: the price they pay is their total, said or not ("altogether")."""
    return len(groups) > 1 and all(age is not None or group.dim[6:].rstrip("s") in _PARTY_NOUNS for group, age in groups)


def _aged_members(group: Quantity, found: list[tuple[Quantity, float | None]], text: str) -> list[Quantity]:
    """The ages listed right after a count of people, one each ("two children aged 7 and 11"): its members,
    priced with the count, not more people."""
    ages = sorted((c for c, age in found if age is not None and c.start >= group.end), key=lambda c: c.start)
    if not ages or not _AGED_NEXT.fullmatch(text[group.end : ages[0].start]):
        return []
    listed = ages[:1]
    for age in ages[1:]:
        if not _LIST_GAP.fullmatch(text[listed[-1].end : age.start]):
            break
        listed.append(age)
    return listed if len(listed) == group.lo else []


_AGED_NEXT = re.compile(r"\s+aged\s+", re.I)
_LIST_GAP = re.compile(r"\s*(?:,\s*and|,|and)\s*", re.I)


def _prices(group: Quantity, age: float | None, dim: str, near: Sequence[Slots], lexicon: Lexicon) -> list[Quantity]:
    found: list[Quantity] = []
    for unit in near:
        prices = [e for e in unit.quantities if e.dim.split("/", 1)[0] == dim and not e.is_range and e.lo > 0]
        if age is not None:
            if _holds_age(unit, age) and len({p.lo for p in prices}) == 1:
                found.append(prices[0])
            continue
        noun = _PRICED_AS.get(group.dim[6:], group.dim[6:])
        found += [p for p in prices if p.per == 1.0 and same_noun(p.dim.split("/count:", 1)[-1], noun)]
        plain = [p for p in prices if p.dim == dim and not _is_change(unit.text, p)]
        own = distinctive(owned_words(unit.text, plain, lexicon, stem, value_spans(unit))) if plain else []
        found += [p for p, words_ in zip(plain, own) if any(same_noun(w, noun) for w in words_)]
    unique: dict[float, Quantity] = {}
    for p in found:
        unique.setdefault(p.lo, p)
    return list(unique.values())


def _plain_prices(group: Quantity, age: float | None, dim: str, near: Sequence[Slots], claim: Slots, lexicon: Lexicon) -> list[Quantity]:
    """A group of people no unit prices by name takes the price the claim is about ("Weekends: £15" for a
    weekend session), or, for an age a unit changes the price for ("Under-16s pay half price", "Children aged
    8 to 15 pay £10 less than adults"), that price changed (adjustments.py)."""
    if age is None and group.dim[6:].rstrip("s") not in PEOPLE:
        return []
    base = _claims_prices(dim, near, claim, lexicon)
    if age is None:
        return base
    changes = [a for u in near for a in adjustments_for_age(u, age)]
    return [
        p.model_copy(update={"lo": a.apply(p.lo), "hi": a.apply(p.hi), "surface": f"({p.surface}, {a.said})"})
        for a in changes for p in base
    ][:MAX_COMBINATIONS]


def _claims_prices(dim: str, near: Sequence[Slots], claim: Slots, lexicon: Lexicon) -> list[Quantity]:
    """Prices per person, or plain prices whose own words the claim uses (all plain ones when none is)."""
    words_ = set(claim.content)
    per_person, plain, bound = [], [], []
    for unit in near:
        prices = [e for e in unit.quantities if e.dim.split("/", 1)[0] == dim and not e.is_range and e.lo > 0 and e.bound is Bound.eq]
        per_person += [p for p in prices if p.per == 1.0 and p.dim.split("/count:", 1)[-1].rstrip("s") in PEOPLE]
        mine = [p for p in prices if p.dim == dim and not _is_change(unit.text, p)]
        own = distinctive(owned_words(unit.text, mine, lexicon, stem, value_spans(unit))) if mine else []
        plain += mine
        bound += [p for p, w in zip(mine, own) if w & words_]
    return per_person or bound or plain


def _is_change(text: str, price: Quantity) -> bool:
    """"£10 less", "£4 off": an amount a price changes by, not a price."""
    return bool(_CHANGE_AFTER.match(text[price.end :]))


_CHANGE_AFTER = re.compile(r"^\s*(?:off|less|cheaper|discount|reduction|more|extra)\b", re.I)


def _names_another(unit: Slots, claim: Slots) -> bool:
    """The unit names something the claim does not while the claim names something the unit does not
    ("children ... join the Classic Tour for £6" is no price for a Cask Tour claim)."""
    unit_names, claim_names = {n.lower() for n in unit.names}, {n.lower() for n in claim.names}
    return bool(unit_names - claim_names) and bool(claim_names - unit_names)


def _holds_age(unit: Slots, age: float) -> bool:
    """The unit gives an age band ("aged 8 to 17", "under 16") that holds ``age`` years."""
    return any(band.dim == "duration" and band.is_band and inside(age * _YEAR_HOURS, band) for band in unit.quantities)
