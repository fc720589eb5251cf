"""A claim value derived in one step from the values of the units the claim is about (issue 11).

:func:`guard.facts.quantity_check.check_quantity` accepts a step over the best-aligned units when
the claim says it combines values (step_licence.licensed). Correct answers on unseen documents
often join two facts the claim names apart ("a packet of tomato seed and a packet of courgette
seed cost £6 together": two table rows), take a count from one row and a price from another
("a term of 30-minute lessons in the autumn costs £286": 13 weeks x £22), or say the step in
words the licence does not read ("£18 more than a 30-minute one", "75p each", "pays £2.38" for
15 % off). This module is the fallback for such a value, before it is flagged:

- **Operands** come from the units the claim is about, one unit per operand: for each kind of
  value, the units (of all the passages) that share the most of the claim's words and other
  values among those holding a value of that kind (:func:`_best_units`; ties kept, so a claim
  naming two rows reaches both), plus the claim's own other values (its scenario: "a £200
  booking"). A value of a row the claim does not name ("11 weeks" of the spring term for an
  autumn claim) is never an operand: that is how a wrong-row answer stays wrong.
- **Licence**: the value is written nowhere in the evidence (a copied value is a misbinding,
  the step a coincidence), or the claim says it combines values (:func:`says_combined`: a
  comparison with its difference, "each", "between them", "together", "off").

The step itself is :func:`guard.facts.matching.one_step` (sum, difference, product, ratio,
percentage of, on or off). The verdict says "supported by inference" and names the step.

A rate per a noun times a count of that noun (:func:`typed_product`: "£4 a bale" and "25 bales of
straw" make £100) is licensed by its units alone, when each operand is the one value of its kind in
the unit the claim is about; a limit's count ("for up to 30 teams") only for a claim that says it
takes the most ("if every place is taken").

A percentage of the price the claim is about is licensed when the claim names the percentage's own
words (:func:`named_share`: "A deposit of 40% is paid with the order" for "a £380 deposit" on a £950
door; of "a deposit of 20%, a further 50% when the work starts", only the one the claim names alone).

A price the evidence writes nowhere may also be two steps away (:func:`_two_steps`): the total of
several rows the claim names ("a first appointment followed by two routine treatments costs £144":
£60 + 2 × £42), a count of items with a discount ("six knives handed in together cost £27": 6 × £5
less 10 %). Its operands come from every row the claim names (:func:`_covering_units`), and its
result must be the price to the penny (matching.two_steps).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from datetime import date

from guard.facts.bands import step_band
from guard.facts.binding import distinctive, leading_words, named_alone
from guard.facts.lexicon import Lexicon
from guard.facts.matching import gives, one_step, same_kind, same_number, two_steps
from guard.facts.numbers import read_number
from guard.facts.polarity import words
from guard.facts.quantities import DURATION_HOURS, Bound, Quantity, countable
from guard.facts.shares import noun_stem, same_pence
from guard.facts.slots import DateSlot, Slots
from guard.stemming import stem

__all__ = ["compares", "derived_step", "most_shared", "named_share", "says_combined", "typed_product"]

# Minimum overlap (claim words and values shared) for a unit to give an operand: one shared word
# is chance ("cost"), two name the row ("tomato" + "packet").
MIN_ANCHOR = 2

# words saying a value is a per-item share, a joint total or a difference (a linguistic class,
# English): "75p each", "£28 between them", "£2 more than", "saves £5", "15 % off"
_COMBINED_WORDS = frozenset(
    {"each", "apiece", "between", "together", "both", "saves", "save", "saving", "extra", "off",
     "altogether", "combined", "total", "works", "work", "worked"}
)
# "£18 more than a 30-minute one", "£10 a night more in high season than": the value, then at most a
# rate's "a night", then a comparative; a bound ("more than 3 days") puts the comparative first
_DIFFERENCE_AFTER = re.compile(
    r"^\s*(?:(?:a|an|per|each)\s+[a-z]+\s+)?(?:more|less|fewer|cheaper|dearer|longer|shorter|higher|lower|"
    r"older|younger|later|earlier)\b",
    re.I,
)


def says_combined(q: Quantity, claim: Slots) -> bool:
    """The claim says ``q`` combines values: a per-item, joint-total or discount word, or ``q``
    followed by a comparative (the difference of the things compared)."""
    present = {w for _, w in words(claim.text)}
    return bool(present & _COMBINED_WORDS) or _DIFFERENCE_AFTER.match(claim.text[q.end :]) is not None


def compares(q: Quantity, claim: Slots) -> bool:
    """The claim gives ``q`` as a difference or a ratio of two things it compares, not as a value of either: "£5
    cheaper than", "3 hours longer than", "£15 a year more ... than", "four times as many ... as", "saves £1"."""
    after, before = claim.text[q.end :], claim.text[: q.start]
    return bool(
        _DIFFERENCE_AFTER.match(after) or _TIMES_AS.match(after) or _SAVES_BEFORE.search(before)
    )


_TIMES_AS = re.compile(r"^\s*times\s+(?:as|more)\b", re.I)
_SAVES_BEFORE = re.compile(r"\b(?:saves?|saving)\s+(?:\w+\s+){0,2}$", re.I)


def derived_step(
    q: Quantity, claim: Slots, everywhere: Sequence[Slots], lexicon: Lexicon
) -> tuple[str, tuple[Quantity, ...]] | None:
    """(the step as text, its operands) giving ``q`` from the values of the units the claim is
    about and the claim's own values, when the claim may rest on it; else None."""
    # a total over a period may be said as a ceiling ("up to 30 ml in 24 hours"); other bounds restate limits
    ceiling = q.bound is Bound.le and q.period is not None
    if q.is_range or q.dim == "rate" or not (q.bound is Bound.eq or ceiling):
        return None
    window = _window_days(q, claim, everywhere)
    if window is not None:
        return window
    stated = any(same_number(q, e) for sl in everywhere for e in sl.quantities)
    if stated and not (says_combined(q, claim) or compares(q, claim)):
        return None
    own = [o for o in claim.quantities if o is not q and o.bound is Bound.eq and not o.is_range and o.dim != "rate"]
    own += _word_multipliers(claim.text)
    pool = own + [e for e in _operands(q, claim, everywhere, own) if _noun_named(e, claim)]
    found = one_step(q, pool) or one_step(_difference_of_rates(q, claim), pool)
    if found is None:
        saved = _saving(q, claim, everywhere, own) if compares(q, claim) else None
        return saved or (None if stated else _two_steps(q, claim, everywhere, own))
    text, x, y = found
    if x in own and y in own:
        return None  # the claim's own arithmetic, not a fact of the evidence
    return text, (x, y)


def _saving(
    q: Quantity, claim: Slots, everywhere: Sequence[Slots], own: list[Quantity]
) -> tuple[str, tuple[Quantity, ...]] | None:
    """``q``, a difference the claim compares, as what a package saves on buying its items one at a time ("saves
    £30 on paying day by day": 10 × £32 - £290; "£45 less than three single sessions": 3 × £295 - £840): the package
    price is a price of the units about the claim (:func:`_best_units`), the single price one of a unit sharing a
    word with it (its row names no word the package's does not, and its key is often the words of the claim's own
    count, "full day" in "10 full days", so the rows a sum covers leave it out), the count the claim's own or the
    package's. One form only, to the penny: wider two-step chains over every such unit meet a difference by chance."""
    if not q.dim.startswith("money") or q.per is not None:
        return None
    named = _named(claim, own)
    singles = [
        e for sl in everywhere if _overlap(named, sl, own) >= 1 for e in sl.quantities
        if e.dim == q.dim and e.per is None and e.bound is Bound.eq and not e.is_range
    ]
    for sl in _best_units(q.dim, claim, everywhere, own):
        # a count as written: "three sessions", "10 full days" (a duration, counted in the single item's days)
        counts = [
            o for o in [*own, *sl.quantities]
            if (countable(o.dim) or o.dim == "duration") and o.bound is Bound.eq and not o.is_range and o.written[0] > 1
        ]
        packages = [e for e in sl.quantities if e.dim == q.dim and e.per is None and e.bound is Bound.eq]
        for package, single, n in itertools.product(packages, singles, counts):
            if single is not package and same_pence(n.written[0] * single.lo - package.lo, q.lo):
                return f"{n.surface} × {single.surface} - {package.surface} = {q.surface}", (n, single, package)
    return None


def _two_steps(
    q: Quantity, claim: Slots, everywhere: Sequence[Slots], own: list[Quantity]
) -> tuple[str, tuple[Quantity, ...]] | None:
    """``q``, written nowhere in the evidence, as a price two steps away (matching.two_steps) from
    the values of every row the claim names (a first appointment and two routine treatments: two
    rows) and the claim's own counts; never the claim's own arithmetic alone."""
    pool = own + [e for e in _operands(q, claim, everywhere, own, cover=True) if _noun_named(e, claim)]
    found = two_steps(q, pool)
    if found is None or all(o in own for o in found[1]):
        return None
    # a rate of another band of counts than the claim's ("£78 per night for stays of 1 to 4 nights")
    if any(step_band(claim, x, y, everywhere) is False for x in found[1] if x.per is not None for y in found[1]):
        return None
    return found


# words that multiply an amount ("both brakes", "twice the price", "half the adult fare"); English
_MULTIPLIERS = {"both": 2.0, "twice": 2.0, "double": 2.0, "half": 0.5}
_MULTIPLIER = re.compile(r"\b(" + "|".join(_MULTIPLIERS) + r")\b", re.I)


def _word_multipliers(text: str) -> list[Quantity]:
    """The claim's multiplying words as plain numbers, operands of its step."""
    return [
        Quantity(surface=m.group(1), start=m.start(), end=m.end(), dim="number",
                 lo=_MULTIPLIERS[m.group(1).lower()], hi=_MULTIPLIERS[m.group(1).lower()])
        for m in _MULTIPLIER.finditer(text)
    ]


_DAY_HOURS = DURATION_HOURS["day"]
# "from 1 May to 30 June", "1 May to 30 June", "between 1 May and 30 June": a window of days
_WINDOW = re.compile(r"^\s*(?:to|until|till|through|and|-|–)\s*$", re.I)


def _window_days(q: Quantity, claim: Slots, everywhere: Sequence[Slots]) -> tuple[str, tuple[Quantity, ...]] | None:
    """``q`` (whole days) as the length of a window of days the claim names and one unit gives
    ("from 1 May to 30 June lasts 61 days"): counted with both ends, as a reader counts a window
    of calendar days, or from one to the other."""
    if q.dim != "duration" or q.bound is not Bound.eq or q.is_range or q.scale != _DAY_HOURS:
        return None
    dated = [d for d in claim.dates if d.day is not None and d.month is not None and d.minutes is None]
    for early, late in zip(dated, dated[1:]):
        if not _WINDOW.match(claim.text[early.end : late.start]):
            continue
        if not any(_holds(early, sl) and _holds(late, sl) for sl in everywhere):
            return None
        days = _days_between(early, late)
        if days is not None and round(q.lo / _DAY_HOURS) in (days, days + 1):
            return f"{early.surface} to {late.surface} = {q.surface}", ()
    return None


def _holds(d: DateSlot, unit: Slots) -> bool:
    return any((e.day, e.month) == (d.day, d.month) and (d.year is None or e.year in (None, d.year)) for e in unit.dates)


def _days_between(early: DateSlot, late: DateSlot) -> int | None:
    year = early.year or late.year or 2027  # a year without 29 February when none is written
    try:
        start = date(year, early.month, early.day)
        end = date(late.year or year, late.month, late.day)
    except ValueError:
        return None
    if end < start and late.year is None:
        end = end.replace(year=end.year + 1)
    return (end - start).days if end >= start else None


def _noun_named(e: Quantity, claim: Slots) -> bool:
    """A count of a named noun ("12 tomato") counts what the claim is about only if the claim names
    it: "lettuce plugs ... 50p each" is not £6.00 ÷ 12 tomato plugs."""
    if not e.dim.startswith("count:"):
        return True
    noun = e.dim.split(":", 1)[1].split("/")[0]
    return noun[:5].lower() in claim.text.lower()


def _difference_of_rates(q: Quantity, claim: Slots) -> Quantity:
    """``q`` read as a plain amount when it is a difference of two rates the claim compares ("£10 a
    night more in high season than in low season": the two nightly prices differ by £10); else ``q``."""
    if q.per is None or _DIFFERENCE_AFTER.match(claim.text[q.end :]) is None:
        return q
    return q.model_copy(update={"dim": q.dim.split("/", 1)[0], "per": None})


def _operands(q: Quantity, claim: Slots, everywhere: Sequence[Slots], own: list[Quantity], cover: bool = False) -> list[Quantity]:
    """Values of the best units for each kind of value a step with ``q`` may use (with ``cover``,
    of every unit that names a part of the claim, :func:`_covering_units`)."""
    # in the units' order: a set's order changes with the hash seed, and so would the step's text
    # with ``cover`` (two steps: a base plus a count of extras), a price per a noun the claim counts
    counted = {o.dim for o in own if o.dim.startswith("count:")} if cover else set()
    rates = {e.dim for sl in everywhere for e in sl.quantities if _per_counted(e, counted, q)}
    kinds = dict.fromkeys(
        e.dim for sl in everywhere for e in sl.quantities if e.dim != "rate" and (e.per is None or e.dim in rates)
    )
    out: list[Quantity] = []
    for kind in kinds:
        # a percentage is taken of, off or on a price here ("15 % off", "a 25 % deposit"): a duration or
        # a count "changed by 50 %" is a refund band or a share, not a step a reader takes
        percent = kind == "percent" and q.dim.startswith("money")
        if not (same_kind(kind, q.dim) or kind in rates or percent or kind == "number" or kind.startswith("count:") or kind == "duration"):
            continue
        for slots in (_covering_units if cover else _best_units)(kind, claim, everywhere, own):
            out += [e for e in slots.quantities if e.dim == kind and e.bound is Bound.eq and not e.is_range]
    return out


def _per_counted(e: Quantity, counted: set[str], q: Quantity) -> bool:
    """A price per a noun the claim counts ("£650 a night" for "two extra nights"): the rate its
    count multiplies, in the currency of the claim's price ``q``."""
    price, _, per = e.dim.partition("/")
    return price == q.dim and per in counted


def _best_units(kind: str, claim: Slots, everywhere: Sequence[Slots], own: list[Quantity]) -> list[Slots]:
    """The units holding a value of ``kind`` that share the most with the claim (ties kept)."""
    holders = [sl for sl in everywhere if any(e.dim == kind for e in sl.quantities)]
    named = _named(claim, own)
    scored = [(_overlap(named, sl, own), sl) for sl in holders]
    best = max((s for s, _ in scored), default=0)
    if best < MIN_ANCHOR:
        return []
    return [sl for s, sl in scored if s == best]


def _covering_units(kind: str, claim: Slots, everywhere: Sequence[Slots], own: list[Quantity]) -> list[Slots]:
    """The best units for ``kind`` (ties kept), then each further unit anchored as well (MIN_ANCHOR)
    that names a claim word none of those chosen does: every row a claim that adds rows names."""
    chosen = _best_units(kind, claim, everywhere, own)
    named = _named(claim, own)
    covered = set().union(*(named & sl.content for sl in chosen)) if chosen else set()
    holders = [sl for sl in everywhere if any(e.dim == kind for e in sl.quantities) and sl not in chosen]
    scored = sorted(((_overlap(named, sl, own), sl) for sl in holders), key=lambda pair: -pair[0])
    for overlap, sl in scored:
        new = (named & sl.content) - covered
        if new and overlap >= MIN_ANCHOR:
            chosen.append(sl)
            covered |= new
    return chosen


def most_shared(claim: Slots, units: Sequence[Slots]) -> list[Slots]:
    """The units sharing the most content words with the claim (ties kept: the row a claim names,
    not its neighbours)."""
    shared = [len(claim.content & unit.content) for unit in units]
    return [unit for unit, n in zip(units, shared) if n == max(shared, default=0)]


def _overlap(named: frozenset[str], unit: Slots, own: list[Quantity]) -> int:
    """The claim's words (:func:`_named`) the unit shares, plus claim values it writes ("30-minute" in
    "30 minutes")."""
    values = sum(any(same_number(o, e) for e in unit.quantities) for o in own)
    return len(named & unit.content) + values


def _named(claim: Slots, own: list[Quantity]) -> frozenset[str]:
    """The claim's content words and the words its own counts count ("two routine treatments"
    names the routine-treatment row although a value's words are no content)."""
    counted = {
        stem(w) for o in own if o.dim.startswith("count:") for _, w in words(o.surface)
        if w.isalpha() and read_number(w) is None
    }
    return claim.content | counted


def typed_product(q: Quantity, claim: Slots, everywhere: Sequence[Slots]) -> tuple[str, tuple[Quantity, ...]] | None:
    """``q`` as a rate per a noun times a count of that noun ("£4 a bale × 25 bales = £100"), each the
    one value of its kind in the unit the claim is about (:func:`_sole_of_kind`).

    Why a step without words of combination: the units cancel, so it is the step a reader takes to
    price a count; values paired by chance ("£3.20 × 2") have no such units. Why the sole value of its
    unit: a sentence pricing hay and straw by the bale gives a straw claim two rates, and only the
    words bound to each would tell them apart."""
    if q.bound is not Bound.eq or q.is_range or q.per is not None:
        return None
    own = [o for o in claim.quantities if o is not q]
    rates = [e for sl in everywhere for e in sl.quantities if e.per is not None and e.dim.startswith(f"{q.dim}/count:")]
    for x in rates:
        if x.is_range or x.bound is not Bound.eq:
            continue
        noun = x.dim.split("/", 1)[1]
        counts = [o for o in own if o.dim == noun] or [
            e for sl in everywhere for e in sl.quantities if e.dim == noun and e.per is None
        ]
        for y in counts:
            if y.is_range or not y.lo or not gives(x.lo * y.lo, q):
                continue
            if y not in own and y.bound is not Bound.eq and not (y.bound is Bound.le and _AT_THE_MOST.search(claim.text)):
                continue  # "for up to 30 teams": 30 x £8 is what a full race pays, said only of a full one
            if _sole_of_kind(x, claim, everywhere, own) and (y in own or _sole_of_kind(y, claim, everywhere, own)):
                return f"{x.surface} × {y.surface} = {q.surface}", (x, y)
    return None


def named_share(q: Quantity, claim: Slots, everywhere: Sequence[Slots]) -> tuple[str, tuple[Quantity, ...]] | None:
    """``q`` as a percentage of the price the claim is about, the percentage being one whose own words the claim
    names ("A deposit of 40% is paid with the order": "paying a £380 deposit" on a £950 door).

    Why: a share of a price is the arithmetic a buyer does, and the share's own words ("deposit", "when you
    order") say which share the claim takes; of several in one sentence ("a deposit of 20%, a further 50% when
    the work starts") only the one whose words the claim names alone. The price is the one value of its kind in
    the unit the claim is about (:func:`_sole_of_kind`): another row's price gives another amount."""
    if q.bound is not Bound.eq or q.is_range or q.per is not None or not q.dim.startswith("money"):
        return None
    own = [o for o in claim.quantities if o is not q]
    said = {noun_stem(w) for _, w in words(claim.text)}
    for unit in everywhere:
        shares = [e for e in unit.quantities if e.dim == "percent" and e.bound is Bound.eq and not e.is_range]
        if not shares:
            continue
        named = named_alone(distinctive([leading_words(unit.text, e, shares, _STOP, noun_stem) for e in shares]), said)
        if named is None:
            continue
        share = shares[named]
        prices = [e for sl in everywhere for e in sl.quantities if e.dim == q.dim and e.per is None and not e.is_range]
        for price in prices:
            if same_pence(share.lo * price.lo / 100, q.lo) and _sole_of_kind(price, claim, everywhere, own):
                return f"{share.surface} of {price.surface} = {q.surface}", (share, price)
    return None


# words no share is named by ("A deposit of 40% is paid": "of" and "a" name nothing)
_STOP = frozenset({"a", "an", "the", "of", "is", "are", "and", "or", "to", "with", "for", "on", "in", "by", "further", "rest"})


# words saying a case takes the most a limit allows ("if every place is taken", "the most snails allowed"); English
_AT_THE_MOST = re.compile(r"\b(?:every|most|full|fully|maximum|whole|allowed|allows|permitted)\b", re.I)


def _sole_of_kind(e: Quantity, claim: Slots, everywhere: Sequence[Slots], own: list[Quantity]) -> bool:
    """``e`` is the only value of its kind in the one unit the claim is about: the only unit holding such
    a value, or the one that shares more with the claim than any other."""
    holders = [sl for sl in everywhere if any(v.dim == e.dim for v in sl.quantities)]
    if len(holders) > 1:
        named = _named(claim, own)
        scored = sorted(((_overlap(named, sl, own), i) for i, sl in enumerate(holders)), reverse=True)
        if scored[0][0] == 0 or scored[0][0] == scored[1][0]:
            return False  # the claim names no one unit of them
        holders = [holders[scored[0][1]]]
    return [v for v in holders[0].quantities if v.dim == e.dim] == [e]
