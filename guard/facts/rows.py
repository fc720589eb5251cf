"""Which table row a claim names, by its key cell's words, and the value that row gives.

Why: a wrong answer read off a table copies a value from the wrong row ("Adult membership
costs £24 a month", where £24 is the Senior row's monthly price and the Adult row says £39).
Alignment credits the row that holds the claim's value, and a row's key cell is matched by
value only when it holds a number ("2 to 4 years"); a key that is a word ("Adult",
"Shingles", "London") binds the claim to its row just as firmly. So the rows of one table
are read back into cells (header, value), the row the claim names is found by its key
cell's words, and the claim's value is compared with that row's cell in the column where
the claim's value sits in the other row.

Conservative by construction (a false contradiction costs more than a miss):
- the named row is the one whose key words (outside brackets) all appear in the claim, with
  the most such words, and no other row ties;
- a claim naming the row that holds its value (a comparison: "London's £180 against £120
  elsewhere") is left alone;
- the named row must give a value of the same measure in that column, and none of its
  values may accept the claim's.

The same holds across a row: a claim that names one column ("9% of people on 100 mg") with
the value another column of that row gives ("50 mg: 9% | 100 mg: 14%") takes the value from
the wrong column (:func:`column_misbindings`).

A third reading of the same structure: a header that says the cell's period ("Monthly
direct debit", "Pay for 12 months upfront") is the value's period, so "£79 a year" against
the monthly column is a scale error (:func:`period_mismatches`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from guard.facts.derivation import compares
from guard.facts.lexicon import Lexicon
from guard.facts.limits import breaks_limit
from guard.facts.matching import accepts, same_number
from guard.facts.mismatches import contradiction
from guard.facts.quantities import Quantity
from guard.facts.slots import Slots, read_slots, stem
from guard.facts.table_reading import (
    Row,
    claim_words,
    counted_words,
    key_words,
    outside_brackets,
    parse_row,
    tables,
)
from guard.facts.types import STATEMENT_KINDS, EvidenceUnit, SlotKind, SlotMismatch

__all__ = ["column_misbindings", "limit_misbindings", "period_mismatches", "row_misbindings"]


def _named(claim: Slots, q: Quantity, rows: list[Row], lexicon: Lexicon) -> tuple[Row | None, set[int]]:
    """The row the claim names (unique best), and the indexes of every row it names at all."""
    scores = []
    for i, row in enumerate(rows):
        words = key_words(row, lexicon)
        by_words = len(words) if words and words <= claim_words(claim) else 0
        key_values = row.values_in(0)
        by_value = any(accepts(c, e) for c in claim.quantities if c is not q for e in key_values)
        score = by_words + (2 if by_value else 0)
        # rows sharing a key ("Sports massage" for 30, 60 and 90 minutes): the claim's other value, of
        # another measure, in one of the row's other cells picks the row
        others = [e for e in row.slots.quantities if row.column_of(e) not in (None, 0)]
        if score and any(accepts(c, e) for c in claim.quantities if c.dim != q.dim for e in others):
            score += 0.5
        # or a word of its other cells that the rows sharing its key lack ("Full memory assessment |
        # At home" against "... | At the clinic")
        elif score and _own_cell_words(row, [r for r in rows if r is not row and r.key == row.key], lexicon) & claim_words(claim):
            score += 0.5
        scores.append(score)
    named = {i for i, s in enumerate(scores) if s > 0}
    if not named:
        return None, named
    top = max(scores)
    best = [i for i, s in enumerate(scores) if s == top]
    return (rows[best[0]] if len(best) == 1 else None), named


def _own_cell_words(row: Row, siblings: list[Row], lexicon: Lexicon) -> frozenset[str]:
    """Content words of the row's cells after the key that no row sharing its key has there."""
    if not siblings:
        return frozenset()
    return _cell_words(row, lexicon) - frozenset().union(*(_cell_words(r, lexicon) for r in siblings))


def _cell_words(row: Row, lexicon: Lexicon) -> frozenset[str]:
    return frozenset().union(*(read_slots(row.cell(i), lexicon).content for i in range(1, len(row.cells))))


def row_misbindings(
    claim: Slots, units: Sequence[EvidenceUnit], lexicon: Lexicon, prose: Sequence[Slots] = ()
) -> list[SlotMismatch]:
    """Claim values taken from another row than the one the claim names (see the module's why).

    ``prose``: slots of the units best aligned to the claim; a claim value one of them states
    outside a table ("your doctor may lower the dose to 250 mg ... for shingles") is that
    sentence's, not a row's.
    """
    if not claim.quantities:
        return []
    found = []
    for rows in tables(units, lexicon):
        for q in claim.quantities:
            if any(s.key_end is None and any(accepts(q, e) for e in s.quantities) for s in prose):
                continue
            if compares(q, claim) and _difference_in(q, rows):
                continue  # a difference of two cells ("£5 cheaper than") is no row's value; the step checks read it
            mismatch = _misbinding(claim, q, rows, lexicon)
            if mismatch is not None:
                found.append(mismatch)
    return found


def _difference_in(q: Quantity, rows: list[Row]) -> bool:
    """Two values of the table, of the claim value's kind, differ by it or stand in its ratio: the claim compares
    them. A difference no two cells give ("£8 cheaper" where the prices differ by £5) stays a value to bind."""
    values = [e.lo for row in rows for e in row.slots.quantities if e.dim == q.dim or q.dim == "number"]
    return any(
        math.isclose(abs(a - b), q.lo, rel_tol=5e-3) or (b and math.isclose(a / b, q.lo, rel_tol=5e-3))
        for a in values
        for b in values
        if a != b
    )


def _counted_by(q: Quantity, e: Quantity, header: str, lexicon: Lexicon) -> bool:
    """A bare number in a cell counts what its header names: "Free author copies: 25" gives the count of
    the claim's "25 free author copies", "Items at once: 20" that of "20 items"."""
    if not q.dim.startswith("count:") or e.dim != "number":
        return False
    noun = q.dim.removeprefix("count:")
    return stem(noun) in read_slots(header, lexicon).content | {stem(w) for w in header.lower().split()}


def _same_count(q: Quantity, e: Quantity, header: str, lexicon: Lexicon) -> bool:
    """The claim's value is the cell's: the same number of the same measure, or a count the header names."""
    if same_number(q, e):
        return True
    return _counted_by(q, e, header, lexicon) and math.isclose(q.lo, e.lo) and math.isclose(q.hi, e.hi)


def _misbinding(claim: Slots, q: Quantity, rows: list[Row], lexicon: Lexicon) -> SlotMismatch | None:
    holders = [
        (i, column)
        for i, row in enumerate(rows)
        for e in row.slots.quantities
        if (column := row.column_of(e)) not in (None, 0) and _same_count(q, e, row.headers[column], lexicon)
    ]
    if not holders:
        return None
    said = claim_words(claim)
    if any(
        (keys := key_words(rows[i], lexicon)) & (counted := counted_words(rows[i], [q])) and keys <= said | counted
        for i, _ in holders
    ):
        return None  # "re-rubbering the six cushions": the count names the row that gives it
    target, named = _named(claim, q, rows, lexicon)
    # a named row holding the value speaks for it, unless it shares the target's key and lost to it
    # on the claim's other words or values (two "Full memory assessment" rows, at the clinic and at home)
    if target is None or any(i in named and rows[i].key != target.key for i, _ in holders):
        return None
    for _, column in holders:
        if any(accepts(q, e) for e in target.slots.quantities):
            continue
        given = [e for e in target.values_in(column) if e.dim == q.dim or _counted_by(q, e, target.headers[column], lexicon)]
        # a cell that gives no value of the measure still answers for its row ("Excess: nil")
        cell = target.cell(column).strip()
        if not given and (not cell or any(same_number(q, e) for e in target.slots.quantities)):
            continue
        shown = given[0].shown if given else cell
        header = target.headers[column]
        explanation = (
            f"the evidence gives {shown} for {target.key} ({header}), not {q.shown}: that is another row's value"
        )
        return contradiction(SlotKind.quantity, q.shown, shown, target.unit, explanation, anchor=target.key)
    return None


def limit_misbindings(claim: Slots, units: Sequence[EvidenceUnit], lexicon: Lexicon) -> list[SlotMismatch]:
    """The claim's one value keeps to another row's limit and breaks the limit of the row it names: "A loft
    stair with a rise of 235 mm on each step meets BC-22" against "Rise of each step | no more than 220 mm",
    where "Going of each step | at least 220 mm" accepts 235 mm. The limit check (limits.py) leaves a value
    some unit accepts alone; here the unit that accepts it is a sibling row, and the named row speaks for it.
    One value of a measure in the claim only: a claim with two is often a step between them ("100 mm less
    than the usual 2.0 m")."""
    values = [q for q in claim.quantities if q.dim != "number"]
    if len(values) != 1 or values[0].period is not None or values[0].is_range:
        return []
    q = values[0]
    for rows in tables(units, lexicon):
        target, _ = _named(claim, q, rows, lexicon)
        if target is None or any(accepts(q, e) for e in target.slots.quantities):
            continue
        for column in range(1, len(target.cells)):
            limit = next((e for e in target.values_in(column) if breaks_limit(q, e)), None)
            if limit is None or not any(
                accepts(q, e) for row in rows if row is not target for e in row.values_in(column)
            ):
                continue
            explanation = (
                f"the evidence sets {limit.shown} for {target.key} ({target.headers[column]}); {q.shown} breaks it "
                "(another row's limit allows it)"
            )
            return [contradiction(SlotKind.quantifier, q.shown, limit.shown, target.unit, explanation, anchor=target.key)]
    return []


# a header or claim phrase that says the period an amount is for, in hours
_PERIOD_WORDS = {
    "day": 24.0,
    "daily": 24.0,
    "night": 24.0,
    "nightly": 24.0,
    "week": 168.0,
    "weekly": 168.0,
    "month": 730.5,
    "monthly": 730.5,
    "quarter": 2191.5,
    "quarterly": 2191.5,
    "year": 8766.0,
    "yearly": 8766.0,
    "annual": 8766.0,
    "annually": 8766.0,
    "12 months": 8766.0,
}
_HEADER_PERIOD = re.compile(
    r"\b(12 months|daily|nightly|weekly|monthly|quarterly|yearly|annual|annually|"
    r"day|night|week|month|quarter|year)\b",
    re.I,
)
_CLAIM_PERIOD = re.compile(
    r"^\s*(?:(?:a|an|per|each|every)\s+(day|night|week|month|quarter|year)|"
    r"(daily|nightly|weekly|monthly|quarterly|yearly|annually))\b",
    re.I,
)


def _claim_period(text: str, q: Quantity) -> tuple[str, float] | None:
    match = _CLAIM_PERIOD.match(text[q.end : q.end + 20])
    if match is None:
        return None
    word = (match.group(1) or match.group(2)).lower()
    return match.group(0).strip(), _PERIOD_WORDS[word]


def _header_period(header: str) -> float | None:
    periods = {_PERIOD_WORDS[m.group(1).lower()] for m in _HEADER_PERIOD.finditer(header)}
    return periods.pop() if len(periods) == 1 else None


def period_mismatches(claim: Slots, aligned: Sequence[EvidenceUnit], lexicon: Lexicon) -> list[SlotMismatch]:
    """An amount the claim gives per one period, found in a column whose header says another.

    "The Family membership is £79 a year" against "Monthly direct debit: £79 | Pay for 12
    months upfront: £790": same number, another period. Only money and plain amounts (a rate
    has its own period); only the aligned rows (the claim is about them).
    """
    found = []
    for unit in aligned:
        row = parse_row(unit, lexicon)
        if row is None:
            found += _stated_periods(claim, unit, lexicon)
            continue
        for q in claim.quantities:
            said = _claim_period(claim.text, q)
            if said is None or q.dim == "rate" or q.period is not None:
                continue
            for e in row.slots.quantities:
                column = row.column_of(e)
                if column in (None, 0) or not same_number(q, e):
                    continue
                period = _header_period(row.headers[column])
                if period is None or abs(period - said[1]) < 1e-6:
                    continue
                header = row.headers[column]
                claimed = f"{q.surface} {said[0]}"
                explanation = f'the evidence gives {e.surface} under "{header}" for {row.key}, not {claimed}'
                given = f"{e.surface} ({header})"
                found.append(contradiction(SlotKind.quantity, claimed, given, unit, explanation, row.key))
    return found


def _stated_periods(claim: Slots, unit: EvidenceUnit, lexicon: Lexicon) -> list[SlotMismatch]:
    """The claim's amount per one period where a sentence or list item gives the same amount per
    another ("Membership is £38 a year" / "costs £38 a month"): the period written right after
    each value, on both sides."""
    if unit.kind not in STATEMENT_KINDS:
        return []
    slots = read_slots(unit.text, lexicon)
    found = []
    for q in claim.quantities:
        said = _claim_period(claim.text, q)
        if said is None or q.dim == "rate" or q.period is not None:
            continue
        periods = [(e, _claim_period(unit.text, e)) for e in slots.quantities if same_number(q, e)]
        if any(given and abs(given[1] - said[1]) < 1e-6 for _, given in periods):
            continue  # the unit gives the amount per the claim's period too
        for e, given in periods:
            if given is None:
                continue
            claimed, stated = f"{q.surface} {said[0]}", f"{e.surface} {given[0]}"
            explanation = f"the evidence gives {stated}, not {claimed}"
            found.append(contradiction(SlotKind.quantity, claimed, stated, unit, explanation))
    return found


def column_misbindings(claim: Slots, aligned: Sequence[EvidenceUnit], lexicon: Lexicon) -> list[SlotMismatch]:
    """A claim value found in one column of a row, while the claim names another column of that
    row (and not the value's own), whose cell does not give the value.

    Columns are named by their header: every content word of it outside brackets, and every
    value it holds ("100 mg") written in the claim, or a band it states ("10.1 to 25 kg") that a
    claim value falls in. The key column is what the row is about,
    not a column a value can be moved to. Only the aligned rows (the claim is about them).
    """
    found = []
    for unit in aligned:
        row = parse_row(unit, lexicon)
        if row is None:
            continue
        named = {i for i in range(1, len(row.headers)) if _names_header(claim, row.headers[i], lexicon)}
        # a column named by the band a claim value falls in: the next band's half or double is the
        # classic wrong dose, not a rule the row leaves unsaid
        by_band = {i for i in named if _names_band(claim, row.headers[i], lexicon)}
        # the claim must be about this row (its key named) and no claim value may sit in a named
        # column (then the claim pairs columns: "£39 a month, or £390 upfront")
        if not named or not _names_key(claim, row, lexicon):
            continue
        if any(accepts(c, e) for c in claim.quantities for i in named for e in row.values_in(i)):
            continue
        for q in claim.quantities:
            holders = {row.column_of(e) for e in row.slots.quantities if same_number(q, e)} - {None, 0}
            if len(holders) != 1:
                continue
            column = holders.pop()
            if column in named:
                continue
            for other in sorted(named):
                # the named cell's value, or its half or double: a claim may apply a rule the row
                # does not show ("with a resident card an adult pays £3.40", half the £6.80 fare)
                if any(accepts(q, e) or (other not in by_band and _halved_or_doubled(q, e)) for e in row.values_in(other)):
                    break
            else:
                other = min(named)
                given = row.cell(other).strip()
                explanation = (
                    f'the evidence gives {given} under "{row.headers[other]}" for {row.key}; '
                    f'{q.shown} is the value under "{row.headers[column]}"'
                )
                found.append(contradiction(SlotKind.quantity, q.shown, given, unit, explanation, row.key))
    return found


def _names_header(claim: Slots, header: str, lexicon: Lexicon) -> bool:
    slots = read_slots(outside_brackets(header), lexicon)
    if not slots.content and not slots.quantities:
        return False
    words = slots.content <= claim.content
    values = all(any(_names_value(c, h) for c in claim.quantities) for h in slots.quantities)
    return words and values


def _names_band(claim: Slots, header: str, lexicon: Lexicon) -> bool:
    slots = read_slots(outside_brackets(header), lexicon)
    return bool(slots.quantities) and not any(accepts(c, h) and accepts(h, c) for c in claim.quantities for h in slots.quantities)


def _names_value(c: Quantity, h: Quantity) -> bool:
    """A header value the claim names: the same value ("100 mg"), or a band of the header
    ("10.1 to 25 kg", "Over 40 kg") that holds a single value of the claim of the same measure
    ("a dog that weighs 30 kg"): price and dose lists put their bands in the columns."""
    if accepts(c, h) and accepts(h, c):
        return True
    return h.is_band and not c.is_band and c.dim == h.dim and accepts(c, h)


def _names_key(claim: Slots, row: Row, lexicon: Lexicon) -> bool:
    words = key_words(row, lexicon)
    if words:
        return words <= claim_words(claim)
    return any(accepts(c, e) for c in claim.quantities for e in row.values_in(0))


def _halved_or_doubled(q: Quantity, e: Quantity) -> bool:
    if q.dim != e.dim or q.is_range or e.is_range or not e.lo:
        return False
    return any(abs(q.lo / e.lo - r) < 1e-6 for r in (0.5, 2.0))
