"""A person's age against the age band of the category the claim puts them in.

Why: "A 16-year-old can still travel on a child ticket" against a fare table whose column is
"Child (5 to 15)", or "At 26 you can still get the Student membership" against the row
"Membership: Student | Who: 16 to 24 years", reuse the passage's words and a value that is
nowhere in it. The quantity reader cannot compare them: "16-year-old" is a duration, "5 to 15"
a bare range, "At 26" a bare number. Here the claim's age (an "N-year-old", or a bare number
after "at" / "aged" / "age") is set against the band of a category the claim names: a label
followed by a bracketed range ("Child (5 to 15)", "Junior (under 16)"), or a table row whose key
the claim names and whose cells give an age range in years ("16 to 24 years", "65 years and
over"). An age outside the band is contradicted; inside, or a claim that denies the category
("can no longer", "cannot", "not"), is left to the other checks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.align import Alignment, unit_slots
from guard.facts.lexicon import Lexicon
from guard.facts.mismatches import given_otherwise
from guard.facts.quantities import DURATION_HOURS, Bound
from guard.facts.slots import Slots, stem
from guard.facts.types import SlotKind, SlotMismatch, UnitKind

__all__ = ["age_outside_band", "age_outside_row", "listed_ages"]

_AGE_WORDS = {
    w: i for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen".split()
    )
}
# "a 3-year-old", "a seven-year-old", "a party of 2-year-olds", "at 26", "aged 70", "a child of 12"
_CLAIM_AGE = re.compile(
    r"\b(\d{1,3}|" + "|".join(_AGE_WORDS) + r")-year-olds?\b|\b(?:[Aa]t|[Aa]ged|[Aa]ge|(?:child|boy|girl|son|daughter|pupil)\s+of)\s+(\d{1,3})\b(?![:.,]\d)", re.I
)
# "Child (5 to 15)", "Junior (11-15 years)", "Senior (65 and over)", "Infant (under 5)"
_BRACKET_BAND = re.compile(
    r"(?P<label>[A-Za-z][A-Za-z-]+)\s*\((?:age[sd]?\s+)?(?:"
    r"(?P<lo>\d{1,3})\s*(?:to|-|–)\s*(?P<hi>\d{1,3})"
    r"|(?P<min>\d{1,3})\s*(?:and|or)\s*(?:over|above|older)"
    r"|(?:under|below)\s*(?P<max>\d{1,3}))(?:\s*years?)?\s*\)",
)
_DENIAL = re.compile(r"\b(?:not|no|never|cannot|can't|isn't|aren't|won't|too old|too young|longer)\b|n't\b", re.I)
_YEAR_HOURS = DURATION_HOURS["year"]
_POOL = 3
_TOPICAL_POOL = 5


def _claim_age(claim: Slots) -> tuple[int, str] | None:
    text = claim.text
    # "at 26" is an age only as a bare number: "at 10 am", "at 25 °C", "at 20 minutes" are quantities
    found = [
        m
        for m in _CLAIM_AGE.finditer(text)
        if m.group(1)
        or not any(q.start <= m.start(2) < q.end and q.dim != "number" for q in claim.quantities)
    ]
    if len(found) != 1:
        return None  # no age, or several: which one the band applies to is not read here
    m = found[0]
    said = (m.group(1) or m.group(2)).lower()
    return (_AGE_WORDS[said] if said in _AGE_WORDS else int(said)), m.group(0)


def age_outside_row(claim: Slots, unit: Slots) -> bool:
    """The claim's age is outside every age band of a table row that states one ("Age: Under 60" for a 65-year-old)."""
    age = _claim_age(claim)
    bands = _row_bands(unit.text, unit) if age is not None and " | " in unit.text else []
    return bool(bands) and not any(lo <= age[0] <= hi for _, lo, hi, _ in bands)


def _bracket_bands(text: str) -> list[tuple[str, float, float, str]]:
    bands = []
    for m in _BRACKET_BAND.finditer(text):
        if m.group("lo"):
            lo, hi = float(m.group("lo")), float(m.group("hi"))
        elif m.group("min"):
            lo, hi = float(m.group("min")), float("inf")
        else:
            lo, hi = 0.0, float(m.group("max")) - 1e-9
        bands.append((m.group("label"), lo, hi, m.group(0)))
    return bands


def _row_bands(unit_text: str, slots: Slots) -> list[tuple[str, float, float, str]]:
    """A table row's key value with the age range in years its cells give ("16 to 24 years")."""
    key = unit_text.split(" | ", 1)[0]
    label = key.split(":", 1)[-1].strip()
    bands = []
    for q in slots.quantities:
        if q.dim != "duration" or "year" not in q.surface.lower():
            continue
        lo, hi = q.lo / _YEAR_HOURS, q.hi / _YEAR_HOURS
        if q.bound in (Bound.ge, Bound.gt):
            hi = float("inf")
        elif q.bound in (Bound.le, Bound.lt):
            lo = 0.0
        elif q.lo == q.hi:
            continue  # one value ("3 years"), not a band
        bands.append((label, lo, hi, q.shown))
    return bands + _age_column_bands(unit_text, label)


# a cell under an "Age" or "Ages" header gives an age band in years without saying "years": "12+", "12 to 17",
# "18 and over", "7 and under", "under 16"
_AGE_CELL = re.compile(r"(?:^|\|)\s*(?:age|ages|age range)\s*:\s*(?P<value>[^|]+)", re.I)
# a cell under another header that says the ages itself: "Who it is for: Ages 12 and over", "For: ages 7 to 11"
_AGES_IN_CELL = re.compile(r"(?:^|\|)\s*[^|:]+:\s*ages?\s+(?P<value>\d[^|]*)", re.I)
_CELL_BANDS = (
    (re.compile(r"^(?P<lo>\d{1,3})\s*\+$"), lambda m: (float(m["lo"]), float("inf"))),
    (re.compile(r"^(?P<lo>\d{1,3})\s*(?:to|-|–)\s*(?P<hi>\d{1,3})(?:\s*years?)?$"), lambda m: (float(m["lo"]), float(m["hi"]))),
    (re.compile(r"^(?P<lo>\d{1,3})\s*(?:years?\s+)?(?:and|or)\s+(?:over|above|older|up)$"), lambda m: (float(m["lo"]), float("inf"))),
    (re.compile(r"^(?P<hi>\d{1,3})\s*(?:years?\s+)?(?:and|or)\s+(?:under|below|younger)$"), lambda m: (0.0, float(m["hi"]))),
    (re.compile(r"^(?:under|below)\s+(?P<hi>\d{1,3})(?:\s*years?)?$"), lambda m: (0.0, float(m["hi"]) - 1e-9)),
)


def _age_column_bands(unit_text: str, label: str) -> list[tuple[str, float, float, str]]:
    """The band of a row's age cell ("Ages: 12+"), under the row's key."""
    bands = []
    for m in [*_AGE_CELL.finditer(unit_text), *_AGES_IN_CELL.finditer(unit_text)]:
        value = m.group("value").strip().rstrip(".").lower()  # "Under 16" as "under 16"
        for pattern, band in _CELL_BANDS:
            found = pattern.match(value)
            if found:
                lo, hi = band(found)
                if lo <= hi:
                    bands.append((label, lo, hi, value))
                break
    return bands


# An age band said in prose about the people a rule is for: "adults aged 18 to 80", "Stewards must
# be aged 18 to 70", "researchers aged 16 or 17", "Patients aged 75 and over", "Researchers must be
# 18 or over", "children under 8". Read only after "aged" / "be" or a noun for people, so that
# "under 8 m" or "from 4 to 6 hours" are never taken for ages.
_PEOPLE = (
    r"(?:children|child|people|persons|anyone|those|pupils|students|patients|adults|babies|infants|"
    r"boys|girls|players|members|visitors|applicants|customers|passengers|drivers|volunteers)"
)
# a unit after the number: "under 8 m", "under 12 kg", "under 6 months" are not ages in years
# (a one- or two-letter unit, "m", "kg"; not a short word of the sentence: "a child under 2 or someone aged 75")
_NOT_YEARS = r"(?:%|£|€|\$|(?:months?|weeks?|days?|hours?|minutes?|(?!(?:or|and|to|in|at|on|of|if|as|by|is|be|so|up|an|a)\b)[a-z]{1,2})\b)"
_PROSE_BANDS = (
    re.compile(r"\b(?:aged?|ages)\s+(?P<lo>\d{1,3})\s*(?:to|-|–)\s*(?P<hi>\d{1,3})\b(?!\s*(?:%|[a-z]*\s*(?:months?|weeks?|days?)))"),
    re.compile(r"\b(?:aged?|ages|be)\s+(?P<min>\d{1,3})\s*(?:years?\s+(?:old\s+)?)?(?:and|or)\s+(?:over|above|older|up|upwards)\b"),
    re.compile(r"\b" + _PEOPLE + r"\s+(?:aged\s+)?(?:under|below|younger than)\s+(?P<max>\d{1,3})\b(?!\s*" + _NOT_YEARS + ")", re.I),
)
_PROSE_LEXICAL = 0.5  # the claim restates the unit's rule: most of its words are the unit's


# Ages listed rather than ranged: "children aged 2 and 3 years", "aged 16 or 17", "2 and 3-year-olds".
# Read only after "aged" or before "years" / "-year-olds", so "2 and 3 tablets" is never an age.
_LISTED_AGES = re.compile(
    r"\b(?:(?P<aged>aged?)\s+)?(?P<first>\d{1,3})\s+(?:and|or)\s+(?P<second>\d{1,3})"
    r"(?P<years>\s*years?\b(?!\s*(?:and|or)\s+(?:over|above|older))|-years?-olds?\b)?"
)


def listed_ages(text: str) -> list[tuple[float, float, str]]:
    """The ages a text lists, in years, each as (low, high, surface), both ends held: two ages a year
    apart are one band ("aged 2 and 3 years" -> (2, 3)); two further apart are two ages ("aged 5
    and 8" -> (5, 5), (8, 8)), not every age between."""
    found = []
    for m in _LISTED_AGES.finditer(text):
        if not (m.group("aged") or m.group("years")):
            continue
        first, second = float(m.group("first")), float(m.group("second"))
        if second == first + 1:
            found.append((first, second, m.group(0)))
        elif second > first:
            found += [(first, first, m.group(0)), (second, second, m.group(0))]
    return found


def _prose_bands(text: str) -> list[tuple[float, float, str]]:
    bands = list(listed_ages(text))
    for pattern in _PROSE_BANDS:
        for m in pattern.finditer(text):
            found = m.groupdict()
            if found.get("lo"):
                lo, hi = float(found["lo"]), float(found["hi"])
                if hi < lo:
                    continue
            elif found.get("min"):
                lo, hi = float(found["min"]), float("inf")
            else:
                lo, hi = 0.0, float(found["max"]) - 1e-9
            bands.append((lo, hi, m.group(0)))
    return bands


def outside_prose_band(claim: Slots, scored: Sequence[Alignment]) -> list[SlotMismatch]:
    """The claim's age against the age bands the best-aligned prose units state for the rule it
    restates: "Castrelin is licensed for an 82-year-old" against "licensed for adults aged 18 to 80".
    An age inside any band of those units (a rule may give two: "18 or over; aged 16 or 17 with
    consent") is left alone; outside them all, and the claim restating the best unit, contradicted."""
    age = _claim_age(claim)
    if age is None or _DENIAL.search(claim.text):
        return []
    years, surface = age
    pool = [(a, _prose_bands(a.unit.text)) for a in scored[:_POOL] if a.unit.kind is not UnitKind.table_row]
    pool = [(a, bands) for a, bands in pool if bands]
    # a band said of what the claim is about may sit a little further down the ranking
    wider = _band_clauses(scored[:_TOPICAL_POOL])
    topical = _topical(claim, wider)
    if topical and not any(lo <= years <= hi for _, (lo, hi, _) in topical + _said_of_claim(claim, wider)):
        # the band said of what the claim is about ("clear aligners are for patients aged 12 and over")
        # decides, whatever bands other clauses give ("children aged 7 to 17 get 10% off fixed braces")
        a, (_, _, written) = topical[0]
        return [given_otherwise(SlotKind.quantity, surface, written, a.unit, anchor=written)]
    if not pool or any(lo <= years <= hi for _, bands in pool for lo, hi, _ in bands):
        return []
    best, bands = pool[0]
    if best is not scored[0] or best.lexical < _PROSE_LEXICAL:
        return []
    return [given_otherwise(SlotKind.quantity, surface, bands[0][2], best.unit, anchor=bands[0][2])]


_PRICED = re.compile(r"%|\b(?:off|discount|less|cheaper|reduced)\b", re.I)
_CLAUSE_END = re.compile(r"[,;.?!]")
_FOR_WHOM = re.compile(r"\b(?:is|are)\s+(?:only\s+)?(?:for|open\s+to)\b|\bonly\b|\bsuits?\b", re.I)


_Banded = list[tuple[Alignment, tuple[float, float, str], str]]


def _band_clauses(ranked: Sequence[Alignment]) -> _Banded:
    """(unit, band, the clause stating it) for the prose bands of ``ranked``: clauses end at punctuation, so a
    band joined to another rule by ", and" stays apart."""
    found = []
    for a in ranked:
        if a.unit.kind is UnitKind.table_row:
            continue
        for band in _prose_bands(a.unit.text):
            clause = _clause(a.unit.text, band[2])
            if clause is not None:
                found.append((a, band, clause))
    return found


def _topical(claim: Slots, banded: _Banded):
    """The bands said of what the claim is about: in a rule clause naming a name the claim names ("The Cask
    Tour and the Warehouse Masterclass are for people aged 18 and over"), or, when no clause does, sharing a
    content word with the claim ("clear aligners are for patients aged 12 and over")."""
    rules = [(a, band, clause) for a, band, clause in banded if _is_rule(clause, band[2])]
    names = [n.lower() for n in claim.names]
    by_name = [(a, band) for a, band, clause in rules if any(n in clause.lower() for n in names)]
    if by_name:
        return by_name
    return [
        (a, band) for a, band, clause in rules
        if _words(clause.replace(band[2], " ")) & claim.content and not _names_another(clause, claim)
    ]


def _names_another(clause: str, claim: Slots) -> bool:
    """The clause names something by a capitalised word the claim lacks ("The Cask Tour ... are for people
    aged 18 and over" is no rule for the Classic Tour); its first word aside."""
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", claim.text)}
    return any(w.lower() not in said for w in re.findall(r"\b[A-Z][a-z]+\b", clause)[1:])


def _said_of_claim(claim: Slots, banded: _Banded):
    """Every band whose clause shares a content word with the claim, rule or not ("volunteers aged 16 or
    17 need a parent's consent" holds a 17-year-old volunteer's case beside "must be 18 or over")."""
    return [
        (a, band) for a, band, clause in banded
        if not _PRICED.search(clause) and _words(clause.replace(band[2], " ")) & claim.content
    ]


def _words(text: str) -> set[str]:
    return {stem(w.lower()) for w in re.findall(r"[A-Za-z]+", text)}


def _clause(text: str, band: str) -> str | None:
    at = text.find(band)
    if at < 0:
        return None
    starts = [m.end() for m in _CLAUSE_END.finditer(text, 0, at)]
    ends = [m.start() for m in _CLAUSE_END.finditer(text, at + len(band))]
    return text[(starts[-1] if starts else 0) : (ends[0] if ends else len(text))]


def _is_rule(clause: str, band: str) -> bool:
    """The clause stating ``band`` is a rule of who may take part: "X is for ages 12 and up", "X are for
    people aged 18 and over only", "Climbers must be 7 or over". Not a clause about a discount, one that
    denies ("children aged 5 to 15 get £4 off": who pays less; "children under 8 cannot join": who may not,
    which says nothing of who may), nor a rule for the band ("climbers aged 7 to 10 must be with an adult")."""
    if _PRICED.search(clause) or _DENIAL.search(clause):
        return False
    # "Students must be aged 14 or over" states who may; "Children under 8 must be accompanied" a rule for them
    must_be = re.search(r"\bmust\s+be\s+" + re.escape(band), clause, re.I) is not None
    return band.startswith("be ") or must_be or _FOR_WHOM.search(clause) is not None


def _names(claim: Slots, label: str) -> bool:
    words = [stem(w.lower()) for w in re.findall(r"[A-Za-z]+", label)]
    claim_words = claim.content | claim.name_tokens
    return bool(words) and all(w in claim_words for w in words)


def age_outside_band(claim: Slots, scored: Sequence[Alignment], lexicon: Lexicon) -> list[SlotMismatch]:
    """The mismatch when the claim's age falls outside the band of the category it names."""
    age = _claim_age(claim)
    if age is None or _DENIAL.search(claim.text):
        return []
    years, surface = age
    for a in scored[:_POOL]:
        slots = unit_slots(a.unit, lexicon)
        bands = _bracket_bands(a.unit.text)
        if a.unit.kind is UnitKind.table_row:
            bands += _row_bands(a.unit.text, slots)
        named = [b for b in bands if _names(claim, b[0])]
        if not named:
            continue
        if any(lo <= years <= hi for _, lo, hi, _ in named):
            return []  # the claim's age is inside a band it names
        label, _, _, written = named[0]
        return [given_otherwise(SlotKind.quantity, surface, written, a.unit, anchor=label)]
    return outside_prose_band(claim, scored)
