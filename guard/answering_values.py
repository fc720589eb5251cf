"""What value a question asks for, whether a unit holds one, and whether a unit fits the question's qualifier.

Evidence-first answering (:mod:`guard.answering`) reads these from the fact layer's slots
(:mod:`guard.facts.quantities`, :mod:`guard.facts.dates`) rather than from surface patterns
alone: "How many days of annual leave" asks for a duration, and "25 working days" is one;
"How many doses of Zostrel" asks for a count of doses, and "offered at age 70" is not one,
so that question is refused rather than answered with the age.

A *qualifier* is the part of the question that picks one fact among near-duplicates: an age
("my 3-year-old"), a weight ("45 kg"), an amount ("a contract worth EUR 500,000"), a
patient group ("an adult", "children"). A unit fits when its range or bound holds the
question's value, or names the same group; it misfits when it gives a range of the same
kind that does not hold it, or names only another group (the neighbouring question).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from guard.facts.dates import dates
from guard.facts.name_check import in_coded_band
from guard.facts.quantities import Bound, Quantity, quantities
from guard.verifiers.lexical import stop_words

__all__ = [
    "AskedValue", "Fit", "asked_value", "holds_value", "qualifier_fit", "shared_values", "stated_amounts", "value_near",
    "asked_group", "compound_fit", "strength_fit", "year_asked", "year_fit",
]

_MONEY = re.compile(
    r"[£€$]\s?\d|\b(?:eur|gbp|usd)\s?\d|\b\d[\d,.]*\s?(?:eur|gbp|usd|euros?|pounds?)\b|\bfree\b|\bno charge\b",
    re.IGNORECASE,
)
_MONEY_WORDS = re.compile(
    r"\b(?:cost|costs|price|prices|fee|fees|charge|charged|pay|paid|allowance|budget|spend|spending|limit|"
    r"reimburse\w*|salary|rate for (?:a|the) night)\b",
    re.IGNORECASE,
)
_CLOCK = re.compile(
    r"\b\d{1,2}[:.]\d{2}\b|\b\d{1,2} ?(?:am|pm)\b|\bnoon\b|\bmidnight\b|\b(?:monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday|weekdays?|weekends?|daily|weekly|monthly|every day|each day|"
    r"working day|last day|first day|day of (?:the|each) month)\b|\b\d{1,2}(?:st|nd|rd|th)\b|"
    r"\b(?:month|week|year) \d{1,2}\b",  # a point in a period ("at the end of month 3")
    re.IGNORECASE,
)
_FREQUENCY_WORDS = re.compile(
    # "every" / "each" / "per" only with a period: "each 5 ml" is an amount, "every 6 months" a frequency
    r"\b(?:once|twice|\d+ times|three times|four times|daily|weekly|monthly|hourly|annually|yearly|"
    r"(?:every|each|per|a) (?:\d+(?: to \d+)? )?(?:minute|hour|day|working day|week|month|year|morning|evening|night|"
    r"shift|visit)s?)\b",
    re.IGNORECASE,
)
# the counted noun, past names, numbers and units ("how many Febrilon 500 mg tablets")
_HOW_MANY = re.compile(r"\b[Hh]ow many (?:[A-Z][\w'-]*\s+|\d[\d.,]*\s*(?:mg|ml|g|kg|mcg)?\s+)*([a-z]+)")
_TIME_NOUNS = {"minute", "hour", "day", "week", "month", "year", "night"}
_NAME = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)+\b")
_ROLE_ASK = re.compile(r"^\s*who (?:is|are|was)\b", re.IGNORECASE)
_TEMPERATURE_ASK = re.compile(r"\btemperature\b|\bhow (?:warm|cold|hot)\b", re.IGNORECASE)
# the last word of a capitalised name that names a body, a place or a document, not a person
_BODIES = frozenset(
    "team committee desk office officer department board service services unit ward clinic policy line portal "
    "pharmacy ltd logistics group centre center agreement procedure scheme manual register fund".split()
)
_NAME_ASK = re.compile(r"\bnames? of\b|\bcalled\b", re.IGNORECASE)
_PHONE_ASK = re.compile(r"\b(?:phone|telephone|contact) number\b|\bwhat number\b", re.IGNORECASE)
# a phone number as documents write one: "01632 960 777", "+44 20 7946 0000", "0800-123-456"
_PHONE = re.compile(r"(?:\+\d{1,3}[ -]?)?\b0?\d{2,5}[ -]\d{3,4}(?:[ -]\d{3,4})?\b")
# a name written as a code ("NCC-Guest", "MSA-2024")
_CODE_NAME = re.compile(r"\b[A-Z]{2,}[-_][A-Za-z0-9]+\b")


@dataclass(frozen=True)
class AskedValue:
    """The kind of value that answers a question; ``dims`` are fact-layer dimensions ("duration",
    "count:dose", "money", "mass", ...); an empty set with ``any_quantity`` means any quantity."""

    label: str  # said in a refusal: "an amount", "a duration", ...
    dims: frozenset[str] = frozenset()
    any_quantity: bool = False
    clock: bool = False  # a date, a clock time or a weekday answers it
    frequency: bool = False
    name: bool = False  # a personal name (who is the X?)
    role: bool = False  # a role or a name (who approves / must sign?)
    phone: bool = False  # a number to call
    point: bool = False  # a point in time ("when"), not a length of time ("how long")

    @property
    def needs_value(self) -> bool:
        return bool(self.dims or self.any_quantity or self.clock or self.frequency or self.name or self.phone)


def asked_value(question: str, kind: str) -> AskedValue | None:
    """What would answer ``question`` of type ``kind`` (a :class:`guard.answering.QuestionType`
    value); ``None`` when any sentence on the topic may (yes/no, other)."""
    text = question.lower()
    if kind == "person":
        if _NAME_ASK.search(question):
            return AskedValue("a name", name=True)
        if _ROLE_ASK.search(question) and not re.search(r"\b(?:responsible|in charge|contact)\b", text):
            return AskedValue("a name", name=True, role=False)
        return AskedValue("a person or role", role=True)
    if kind == "frequency":
        return AskedValue("how often", frequency=True)
    if kind == "duration":
        return AskedValue("a duration", dims=frozenset({"duration"}), clock=True)
    if kind == "time":
        return AskedValue("a date or time", dims=frozenset({"duration"}), clock=True, point=True)
    if kind != "quantity":
        return None
    if _PHONE_ASK.search(question):
        return AskedValue("a phone number", phone=True)
    if _TEMPERATURE_ASK.search(question):
        return AskedValue("a temperature", dims=frozenset({"temperature_c", "temperature_f", "temperature"}))
    many = _HOW_MANY.search(question)
    if many:
        noun = _singular(_counted_noun(question) or many.group(1).lower())
        measured = _measure(noun)
        if measured is not None:  # "how many ml": a volume, not a count of "ml"s
            return AskedValue(f"an amount in {noun}", dims=frozenset({measured}))
        if noun in _TIME_NOUNS:
            return AskedValue("a number of " + noun + "s", dims=frozenset({"duration"}))
        return AskedValue(f"a number of {noun}s", dims=frozenset({f"count:{noun}"}))
    if _MONEY_WORDS.search(text) and not re.search(r"\b(?:dose|tablets?|ml|mg)\b", text):
        return AskedValue("an amount of money", dims=frozenset({"money"}))
    return AskedValue("an amount", any_quantity=True)


def _counted_noun(question: str) -> str | None:
    """The noun "how many" counts, from the parse: "bays" in "how many blue-badge bays", where
    the first word after "many" is a modifier; None without a parser or a noun head."""
    from guard.language import parse

    doc = parse(question)
    if doc is None:  # no trained pipeline
        return None
    head = next((t.head for t in doc if t.lower_ == "many" and t.i > 0 and t.nbor(-1).lower_ == "how"), None)
    return head.lower_ if head is not None and head.pos_ in ("NOUN", "PROPN") and head.lower_.isalpha() else None


def _measure(noun: str) -> str | None:
    """The fact layer's dimension of a unit word ("ml" -> volume), or None for a countable noun."""
    found = _quantities(f"2 {noun}")
    if len(found) == 1 and found[0].dim not in {"number", "duration"} and not found[0].dim.startswith("count:"):
        return found[0].dim
    return None


def holds_value(asked: AskedValue | None, text: str, question: str) -> bool:
    """Whether ``text`` holds a value of the asked kind that the question does not already state."""
    if asked is None or not (asked.needs_value or asked.role):
        return True
    if asked.phone:
        return bool(_PHONE.search(text))
    if asked.name:
        unknown = _without_known_names(text, question)
        if _CODE_NAME.search(unknown):
            return True
        # "Who is ...?" asks for a person: "the Audit Committee" or "the Travel Desk" is none
        return any(m.group(0).split()[-1].lower() not in _BODIES for m in _NAME.finditer(unknown))
    if asked.role:
        return True  # a role is any noun phrase: the unit's coverage decides
    stated = {q.surface.lower() for q in quantities(question)}
    found = [q for q in _quantities(text) if q.surface.lower() not in stated]
    dims = {_dim(q, text) for q in found}
    if asked.frequency and (_FREQUENCY_WORDS.search(text) or "rate" in dims):
        return True
    if asked.clock and (dates(text) or _CLOCK.search(text)):
        return True
    if asked.clock and stated and _states_condition(text, stated):
        return True  # "When is the dose reduced to 2.5 mg?": the case in which it is ("2.5 mg ... if ...")
    if "money" in asked.dims and (_MONEY.search(text) or _RELATIVE_PAY.search(text)):
        return True
    if asked.any_quantity:
        return any(d not in {"number"} for d in dims) or bool(_MONEY.search(text))
    if "duration" in asked.dims and any(_dim(q, text) == "rate" and _PERIOD.match(q.surface) for q in found):
        return True  # "about 8 hours apart", "3 days per week": a period the fact layer reads as a rate
    if dims & asked.dims:
        return True
    # "6 blue-badge bays": the reader counts the modifier; the noun after it is the one counted
    counted = {d.split(":", 1)[1] for d in asked.dims if d.startswith("count:")}
    return any(
        q.dim.startswith("count:") and _singular((re.match(r"\s+([a-z]+)", text[q.end :]) or [None, ""])[1]) in counted
        for q in found
    )


# an amount of money written relative to another ("a night premium of 20% of the normal hourly rate",
# "1.5 times your normal hourly rate", "half the adult price"): it answers "how much is paid"
_RELATIVE_PAY = re.compile(
    r"(?:\d+(?:[.,]\d+)?\s?%|\b\d+(?:[.,]\d+)?\s+times|\bhalf|\bdouble|\btwice)\s+(?:of\s+)?(?:the|your|their|its|an?)\s+"
    r"(?:[\w-]+\s+){0,3}(?:rate|pay|price|fare|fee|salary|cost|wage|amount)s?\b",
    re.IGNORECASE,
)


# a rate whose amount is a period ("8 hours apart", "3 days per week"), not a count ("three times a day")
_PERIOD = re.compile(r"^\D{0,12}\d+(?:[.,]\d+)?\s*(?:minute|hour|day|working day|week|month|year)s?\b", re.IGNORECASE)


def values_by_kind(text: str) -> dict[str, frozenset[str]]:
    """The quantities ``text`` states, as written, by fact-layer dimension (money told apart):
    "5 days ... 25 working days" -> {"duration": {"5 days", "25 working days"}}."""
    out: dict[str, set[str]] = {}
    for q in _quantities(text):
        out.setdefault(_dim(q, text), set()).add(q.surface.lower())
    return {dim: frozenset(found) for dim, found in out.items()}


def stated_amounts(text: str) -> frozenset[tuple[str, float, float]]:
    """The amounts ``text`` states with a unit (dimension, low, high): "40 mg" -> ("mass", 0.04, 0.04);
    plain numbers, counts and periods ("in 24 hours") are left out: too common to tie two
    sentences together."""
    return frozenset(
        (q.dim, round(q.lo, 9), round(q.hi, 9)) for q in _quantities(text)
        if q.dim not in {"number", "duration", "rate"} and not q.dim.startswith("count:")
    )


def _states_condition(text: str, stated: set[str]) -> bool:
    held = {q.surface.lower() for q in _quantities(text)}
    return bool(held & stated) and bool(re.search(r"\b(?:if|when|unless|only for|in case)\b", text, re.IGNORECASE))


def shared_values(question: str, text: str) -> int:
    """+1 per value the question states that the text states too ("at 12 weeks" and "At 12
    weeks:"); -1 when the text states only another value of the same kind ("8-week")."""
    asked = [q for q in quantities(question) if q.dim not in {"number"}]
    if not asked:
        return 0
    held = [q for q in _quantities(text) if q.dim in {a.dim for a in asked}]
    if not held:
        return 0
    same = sum(any(abs(h.lo - a.lo) < 1e-9 and abs(h.hi - a.hi) < 1e-9 for h in held) for a in asked)
    return same if same else -1


@dataclass(frozen=True)
class Fit:
    """How a unit's case meets the question's: ``score`` > 0 the same case, < 0 another or a
    narrower one; ``misfit``: the unit is about another case (another age, weight, amount or
    group), so it answers a neighbouring question, not this one."""

    score: float = 0.0
    misfit: bool = False


def qualifier_fit(question: str, text: str) -> Fit:
    """The unit's range against the question's qualifier (an age, a weight, an amount) and its
    group against the question's ("adults", "children"); a condition the question does not
    state ("adults weighing less than 50 kg" for "an adult") lowers the score only."""
    score = 0.0
    value_fit = _value_fit(question, text)
    narrower = value_fit is None and _extra_condition(question, text)
    if value_fit is not None:
        score += 1.0 if value_fit else -1.0
        if value_fit and _closed_band(question, text):  # "above 250,000 and up to 2 million" beats "more than 50"
            score += 0.25
    elif narrower:
        score -= 1.0
    group_fit = _group_fit(question, text)
    if group_fit and value_fit is not None:
        group_fit = None  # the unit's range already places it: "under 12" naming children is no narrower for it
    if group_fit is not None and not (group_fit and narrower):  # "adults weighing < 50 kg" is no plain adult row
        score += 0.5 if group_fit else -0.5
    misfit = value_fit is False or (group_fit is False and value_fit is not True)
    return Fit(score=score, misfit=misfit)


_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")


def year_asked(text: str) -> set[str]:
    """The years ``text`` names ("in 2022"; a code such as "SA-2023" reads as one too)."""
    return set(_YEAR.findall(text))


def year_fit(question: str, text: str) -> bool | None:
    """The year the question names ("in 2021") against the years ``text`` (a unit with its title
    and heading) states: one of them, the same period; only others ("Flu Vaccination Season 2025"
    for 2026), another period, so the unit answers a neighbouring question; none, undecided."""
    asked = set(_YEAR.findall(question))
    if not asked:
        return None
    stated = set(_YEAR.findall(text))
    if not stated:
        return None
    return bool(asked & stated)


# a hyphenated modifier ("part-time", "office-based", "short-stay"); an age ("6-week-old") is judged apart
_COMPOUND = re.compile(r"\b[a-z]{2,}(?:-[a-z]{2,})+\b", re.IGNORECASE)
_AGE_COMPOUND = re.compile(r"(?:year|month|week|day|hour)s?(?:-old)?$", re.IGNORECASE)


def compound_fit(question: str, text: str) -> bool | None:
    """A hyphenated modifier the question names ("part-time employees") against those ``text``
    states: the same one, the same case; only a sibling with the same head and another first part
    ("Full-time employees are entitled to 25 days"), another case, so the unit answers a
    neighbouring question; neither, undecided."""
    asked = {c.lower() for c in _COMPOUND.findall(question) if not _AGE_COMPOUND.search(c)} | _staff_groups(question)
    if not asked:
        return None
    stated = {c.lower() for c in _COMPOUND.findall(text)} | _staff_groups(text)
    verdicts = []
    for compound in asked:
        head = _head(compound)
        if compound in stated:
            verdicts.append(True)
        elif " " in compound and re.search(rf"\b{re.escape(compound.split()[0])}", text, re.IGNORECASE):
            # the unit names the asker's group beside another's ("operations staff (warehouse and
            # transport teams)"): the documents' name for it, not a neighbour
            continue
        elif any(c != compound and _head(c) == head for c in stated):
            verdicts.append(False)
    if not verdicts:
        return None
    return all(verdicts)


# a group of staff named by where or what they work ("office staff", "warehouse staff", "agency
# workers"): like a hyphenated modifier, a sibling with the same head is another group ("Altamira has
# a zero-tolerance policy for drivers and warehouse staff" does not say whether office staff are tested)
_STAFF_GROUP = re.compile(r"\b([a-z]{3,}) (staff|employees?|workers?)\b", re.IGNORECASE)
# modifiers that pick out no group: quantity, time, or the organisation all staff share
_NOT_A_GROUP = frozenset("new existing current former permanent company altamira clinic other every".split())


def _staff_groups(text: str) -> set[str]:
    """The "<modifier> staff / employees / workers" groups ``text`` names, lower-cased, head singular."""
    return {
        f"{m.group(1).lower()} {m.group(2).lower().rstrip('s') if m.group(2).lower() != 'staff' else 'staff'}"
        for m in _STAFF_GROUP.finditer(text)
        if m.group(1).lower() not in stop_words() and m.group(1).lower() not in _NOT_A_GROUP
    }


def _head(compound: str) -> str:
    return re.split(r"[- ]", compound)[-1]


# the group of people a question asks about, as its last words ("the overtime rate for managers",
# "the fare for students") or as the subject of its verb ("do part-time employees get")
_FOR_GROUP = re.compile(r"\bfor (?:the |our |all )?((?:[a-z]+-[a-z]+ )?[a-z]{3,}s)\s*\??\s*$", re.IGNORECASE)
_SUBJECT_GROUP = re.compile(
    r"\b(?:do|can|are|must|should|will|may) ((?:[a-z]+-[a-z]+ )?[a-z]{3,}s) (?:get|receive|pay|have|need|take|work|"
    r"earn|qualify|accrue|claim)\b", re.IGNORECASE,
)
# plural words that name no group of people: periods, amounts, things
_NOT_GROUPS = frozenset(
    "hours days weeks months years minutes nights times items doses tablets services costs fees prices rates "
    "items goods expenses claims bills invoices".split()
)


def asked_group(question: str) -> str | None:
    """The plural noun naming the group of people the question asks about ("managers"), or None."""
    for pattern in (_FOR_GROUP, _SUBJECT_GROUP):
        m = pattern.search(question)
        if m:
            noun = m.group(1).split()[-1].lower()
            if noun.endswith("ss") or noun in _NOT_GROUPS or any(g.search(noun) for g in _GROUPS.values()):
                return None  # adults, children ...: judged by the qualifier fit
            return noun
    return None


# a product named with its strength: "Febrilon 500 mg", "Zelorin 20 mg"
_STRENGTH = re.compile(r"\b([A-Z][a-z]{2,})\s+(\d+(?:[.,]\d+)?\s?(?:mg|mcg|micrograms?|g|ml|%))(?![\w/])")


def strength_fit(question: str, text: str) -> bool | None:
    """The product strength the question names ("Febrilon 1000 mg tablets") against the ones
    ``text`` (a unit with its title) names for the same product: one of them, the same product;
    only others ("Patient Leaflet: Febrilon 500 mg Tablets"), another product; none, undecided."""
    verdicts = []
    for name, amount in _STRENGTH.findall(question):
        stated = [a for n, a in _STRENGTH.findall(text) if n.lower() == name.lower()]
        if stated:
            # the asked amount written anywhere ("increase the dose to 40 mg") is a dose of this product
            number, unit = re.match(r"([\d.,]+)\s?(.*)", amount).groups()
            said = bool(re.search(rf"(?<![\d.,]){re.escape(number)}\s?{re.escape(unit)}\b", text, re.IGNORECASE))
            verdicts.append(said or any(_same_amount(a, amount) for a in stated))
    if not verdicts:
        return None
    return all(verdicts)


def _same_amount(one: str, other: str) -> bool:
    return re.sub(r"\s|,", "", one.lower()) == re.sub(r"\s|,", "", other.lower())


def value_near(asked: AskedValue, text: str, term: str, reach: int = 20) -> bool:
    """A value of the asked kind stands within ``reach`` characters of ``term``: "a probation
    period of 6 months" answers "how long is probation", "during probation, the notice period
    is 1 week" less so."""
    lowered = text.lower()
    stem = term.split("-")[0][:5]
    places = [m.start() for m in re.finditer(re.escape(stem), lowered)]
    if not places:
        return False
    spans = [(q.start, q.end) for q in _quantities(text) if asked.any_quantity or _dim(q, text) in asked.dims]
    if asked.clock:
        spans += [(d.start, d.end) for d in dates(text)] + [(m.start(), m.end()) for m in _CLOCK.finditer(text)]
    ends = [(p, p + len(term)) for p in places]
    return any((a - e if a >= e else s - b) <= reach for s, e in ends for a, b in spans)


# --- values in ranges ---------------------------------------------------------------------------


def holds_asked_case(question: str, text: str) -> bool:
    """The age, weight or amount the question gives falls in a range ``text`` states ("a
    12-year-old" and "At 12 to 13 years:"): the text is about the asker's case, whatever its words."""
    return _value_fit(question, text) is True


def _value_fit(question: str, text: str) -> bool | None:
    for fit in (_age_fit, _weight_fit, _money_fit, _code_fit):
        found = fit(question, text)
        if found is not None:
            return found
    return None


# a code the asker gives for their case ("I'm a G6", "on grade G3"): capitals then digits
_ASKED_CODE = re.compile(r"\b[A-Z]{1,3}\d{1,3}\b")


def _code_fit(question: str, text: str) -> bool | None:
    """The asker's code against the bands of codes a unit gives ("G6" and "grades G5 and above": the
    same case; "grades G1 to G4": another one); None when the unit gives no band of its prefix."""
    for code in _ASKED_CODE.findall(question):
        held = in_coded_band(code, text)
        if held is not None:
            return held
    return None


# An age the question gives ("my 3-year-old", "a 6-week-old baby", "aged 78") and the age
# ranges a unit gives ("Age: 2 to 4 years", "aged 12 to 15", "16 and over", "under 12",
# "over-75s"): an age without a unit is in years. All in months.
_IN_MONTHS = {"year": 12.0, "month": 1.0, "week": 12.0 / 52.0, "day": 12.0 / 365.0}
_ASKED_AGE = re.compile(
    r"\b(\d+(?:\.\d+)?)[- ](year|month|week|day)s?[- ]olds?\b|\baged? (\d+(?:\.\d+)?)\b|"
    r"\b(?:son|daughter|child|kid|boy|girl|baby) of (\d+(?:\.\d+)?)\b(?!\s*(?:kg|g|mg|ml|%|°|cm|km|hours?|days?|weeks?|minutes?))|"
    r"\b(?:son|daughter|child|kid|boy|girl|baby|dad|father|mum|mom|mother|husband|wife|partner|he|she|i)"
    r"(?: is|'s| am| turns| turned)\s+(\d+(?:\.\d+)?)\b(?!\s*(?:kg|g|mg|ml|%|°|cm|km|hours?|days?|weeks?|minutes?))",
    re.IGNORECASE,
)
_UNIT = r"(?:\s*(year|month|week)s?)?"
_AGE_CUE = r"(?:\bages?:?|\baged|\bchildren|\badults|\bpeople|\bbab(?:y|ies)|\bpatients)\s+(?:(?:of|from|between)\s+)?"
_AGE_RANGE = re.compile(
    rf"({_AGE_CUE})?(\d+(?:\.\d+)?)(?:\s*(year|month|week)s?)?\s*(?:to|-|–)\s*(\d+(?:\.\d+)?){_UNIT}", re.IGNORECASE
)
_AGE_OVER = re.compile(
    rf"({_AGE_CUE})?(\d+(?:\.\d+)?){_UNIT}\s*(?:and|or)\s*(?:over|older|above)\b|"
    rf"\b(?:over|older than|above)[- ](\d+(?:\.\d+)?)(s\b|{_UNIT})", re.IGNORECASE,
)
_AGE_UNDER = re.compile(rf"\b(?:under|below|younger than)\s+(\d+(?:\.\d+)?){_UNIT}", re.IGNORECASE)


def _age_fit(question: str, text: str) -> bool | None:
    asked = _ASKED_AGE.search(question)
    if not asked:
        return _band_fit(question, text)
    number = float(_asked_number(asked))
    age = number * _IN_MONTHS[(asked.group(2) or "year").lower()]
    bounds = _age_bounds(text)
    if not bounds:
        return None
    return any(low <= age < high for low, high in bounds)


# an age band the question names ("people under 60", "adults over 75", "over-75s", "aged 16 or over")
_ASKED_BAND = re.compile(
    r"\b(?:aged?|people|persons|adults|children|kids|patients|babies|those|anyone|someone|men|women)\s+"
    r"(under|below|younger than|over|above|older than)\s+(\d+)(?:\s*(year|month|week)s?)?\b|"
    r"\b(over|under)-(\d+)s\b|\baged?\s+(\d+)\s*(?:and|or)\s*(?:over|older|above)\b",
    re.IGNORECASE,
)


def asked_age_band(question: str) -> tuple[float, float] | None:
    """The age band the question names, in months ("people under 60" -> (0, 720)), or None."""
    m = _ASKED_BAND.search(question)
    if not m:
        return None
    if m.group(6):  # "aged 16 or over"
        return float(m.group(6)) * 12, float("inf")
    word, number, unit = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(4), m.group(5), None)
    months = float(number) * _IN_MONTHS[(unit or "year").lower()]
    if word.lower() in {"under", "below", "younger than"}:
        return 0.0, months
    return months + 1e-6, float("inf")  # "over 75": older than 75


def _band_fit(question: str, text: str) -> bool | None:
    """The question's age band against the unit's: held by one of them, the same case; apart from
    all of them, another case ("under 60" against "aged 60 and over"); overlapping, undecided."""
    band = asked_age_band(question)
    if band is None:
        return None
    bounds = _age_bounds(text)
    if not bounds:
        return None
    low, high = band
    if any(lo <= low and high <= hi for lo, hi in bounds):
        return True
    if all(high <= lo or hi <= low for lo, hi in bounds):
        return False
    return None


def _asked_number(asked: re.Match[str]) -> str:
    return next(g for g in (asked.group(1), asked.group(3), asked.group(4), asked.group(5)) if g)


def asked_age_months(question: str) -> float | None:
    """The age the question gives, in months ("my 3-year-old" -> 36), or None."""
    asked = _ASKED_AGE.search(question)
    if not asked:
        return None
    return float(_asked_number(asked)) * _IN_MONTHS[(asked.group(2) or "year").lower()]


# words that make a bare number in a unit an age ("Junior (under 16)", "Senior (65 and over)")
_AGE_HINT = re.compile(r"child|\bage|bab|young|\bjunior|\bsenior|\bteen|\byouth", re.IGNORECASE)
_AGE_GROUP_BEFORE = re.compile(r"\b(?:adults|people|patients|persons|men|women|anyone|those)\W*$", re.IGNORECASE)
_NOT_AGE_AFTER = re.compile(r"\s*(?:kg|g\b|mg|ml|l\b|%|°|cm|km|hours?|days?|minutes?|eur|gbp|usd|[£€$])", re.IGNORECASE)


def _age_bounds(text: str) -> list[tuple[float, float]]:
    """Age ranges in months; a number counts as an age only with an age word or a year/month unit."""
    found: list[tuple[float, float]] = []
    for m in _AGE_RANGE.finditer(text):
        cue, low, low_unit, high, unit = m.groups()
        if not (cue or low_unit or unit):
            continue  # "4 to 6 hours" has a unit but not an age one; "2 to 4" alone is no age
        unit = (unit or low_unit or "year").lower()
        found.append((float(low) * _IN_MONTHS[(low_unit or unit).lower()], (float(high) + 1) * _IN_MONTHS[unit]))
    for m in _AGE_OVER.finditer(text):
        cue, value, unit, value2, unit2, _ = m.groups()
        if value is not None:
            if not (cue or unit or _AGE_HINT.search(text)):
                continue
            found.append((float(value) * _IN_MONTHS[(unit or "year").lower()], float("inf")))
        else:
            unit2 = (unit2 or "").strip().lower()
            aged = re.search(r"\bage[ds]?\b\W*$", text[max(0, m.start() - 8) : m.start()], re.IGNORECASE)
            # "Adults over 75", "patients over 65": a group of people over a bare number is an age
            # band, unless a unit that is not one follows ("adults over 50 kg")
            grouped = _AGE_GROUP_BEFORE.search(text[max(0, m.start() - 12) : m.start()]) and not (
                unit2 or _NOT_AGE_AFTER.match(text[m.end() :])
            )
            if unit2 in {"year", "month", "week", "s"} or aged or grouped:  # "over 75 years", "over-75s", "aged over 75"
                found.append((float(value2) * _IN_MONTHS.get(unit2, 12.0), float("inf")))
    for m in _AGE_UNDER.finditer(text):
        if m.group(2) or _AGE_HINT.search(text):
            found.append((0.0, float(m.group(1)) * _IN_MONTHS[(m.group(2) or "year").lower()]))
    return found


def _weight_fit(question: str, text: str) -> bool | None:
    # a body weight: "weighs 45 kg", or a weight in kg, which doses are not written in ("a child of 45 kg")
    asked = [
        q for q in quantities(question)
        if q.dim == "mass" and (re.search(r"weigh", question, re.IGNORECASE) or re.search(r"\bkg\b", q.surface, re.I))
    ]
    if not asked:
        return None
    held = [
        q for q in _quantities(text)
        if q.dim == "mass" and _is_bound_or_range(q, text)
        and re.search(r"weigh", text[max(0, q.start - 30) : q.start], re.IGNORECASE)
    ]
    if not held:
        return None
    return any(_holds(h, a) for a in asked for h in held)


def _extra_condition(question: str, text: str) -> bool:
    """The unit is about a sub-case the question does not name: a body weight or an age bound."""
    if re.search(r"weigh", text, re.IGNORECASE) and not re.search(r"weigh|\bkg\b", question, re.IGNORECASE):
        return any(q.dim == "mass" for q in _quantities(text))
    asks_age = _ASKED_AGE.search(question) or _GROUPS["child"].search(question) or _GROUPS["baby"].search(question)
    return not asks_age and bool(re.search(r"\b(?:over|under)[- ]\d", text, re.IGNORECASE)) and bool(_age_bounds(text))


def _is_bound_or_range(q: Quantity, text: str) -> bool:
    if q.is_range or q.bound is not Bound.eq:
        return True
    after = text[q.end : q.end + 24].lower()
    before = text[max(0, q.start - 24) : q.start].lower()
    return bool(re.search(r"^\s*(?:and|or) (?:over|older|above|under|younger|below)", after)) or bool(
        re.search(r"(?:under|over|below|above|aged|age)\s*$", before)
    )


def _holds(held: Quantity, asked: Quantity) -> bool:
    lo, hi = held.lo, held.hi
    value = asked.lo
    if held.is_range:
        return lo <= value < hi or (value == hi and held.bound in {Bound.le, Bound.eq} and not held.is_range)
    if held.bound in {Bound.lt, Bound.le} or re.search(r"under|below|younger", held.phrase.lower()):
        return value < hi or (held.bound is Bound.le and value == hi)
    if held.bound in {Bound.gt, Bound.ge} or re.search(r"over|above|older", held.phrase.lower()):
        return value > lo or (held.bound is Bound.ge and value == lo)
    return value == lo


_AMOUNT = re.compile(r"(?:eur|gbp|usd|[£€$])\s?(\d[\d,.]*)\s*(million|m\b|thousand|k\b)?", re.IGNORECASE)
_ABOVE = re.compile(r"\b(?:above|over|more than|exceeding)\s+(?:eur|gbp|usd|[£€$])\s?(\d[\d,.]*)\s*(million|thousand)?",
                    re.IGNORECASE)
_UP_TO = re.compile(r"\b(?:up to|below|under|less than|not more than)\s+(?:and including\s+)?(?:eur|gbp|usd|[£€$])\s?"
                    r"(\d[\d,.]*)\s*(million|thousand)?", re.IGNORECASE)


def _money_fit(question: str, text: str) -> bool | None:
    asked = _AMOUNT.search(question)
    if not asked:
        return None
    value = _amount(asked.group(1), asked.group(2))
    above = [_amount(m.group(1), m.group(2)) for m in _ABOVE.finditer(text)]
    up_to = [_amount(m.group(1), m.group(2)) for m in _UP_TO.finditer(text)]
    if not above and not up_to:
        return None
    return all(value > a for a in above) and all(value <= u for u in up_to)


def _closed_band(question: str, text: str) -> bool:
    """The unit's range that holds the question's amount or age is bounded on both sides."""
    asked = _AMOUNT.search(question)
    if asked and _ABOVE.search(text) and _UP_TO.search(text):
        return True
    age = _ASKED_AGE.search(question)
    if age:
        months = float(_asked_number(age)) * _IN_MONTHS[(age.group(2) or "year").lower()]
        return any(low <= months < high and high != float("inf") and low > 0 for low, high in _age_bounds(text))
    return False


def _amount(number: str, scale: str | None) -> float:
    value = float(number.replace(",", "").rstrip("."))
    factor = {"million": 1e6, "m": 1e6, "thousand": 1e3, "k": 1e3}.get((scale or "").lower(), 1.0)
    return value * factor


# --- patient and staff groups -----------------------------------------------------------------------

_GROUPS: dict[str, re.Pattern[str]] = {
    "adult": re.compile(r"\badults?\b|\bgrown-?ups?\b", re.IGNORECASE),
    "child": re.compile(r"\bchild(?:ren)?\b|\bkids?\b|\b(?:son|daughter)\b", re.IGNORECASE),
    "baby": re.compile(r"\bbab(?:y|ies)\b|\binfants?\b|\bnewborns?\b", re.IGNORECASE),
    "pregnant": re.compile(r"\bpregnan\w*\b|\bbreast-?feeding\b", re.IGNORECASE),
    "older": re.compile(r"\bover-?\d{2}s\b|\belderly\b|\bolder (?:adults|people|patients)\b", re.IGNORECASE),
}


def _group_fit(question: str, text: str) -> bool | None:
    # a group word inside a product's name ("Febrilon Children's Suspension") names no patient group
    question, text = _unnamed(question), _unnamed(text)
    asked = {g for g, p in _GROUPS.items() if p.search(question)}
    age = asked_age_months(question)
    if not asked and age is not None:
        # an age says the group only against: a row for adults is not a 12-year-old's, but a row
        # naming children is judged by its age band, which is narrower than the group
        aged = {"adult", "older"} if age >= 65 * 12 else {"adult"} if age >= 18 * 12 else {"child", "baby"}
        named = {g for g, p in _GROUPS.items() if p.search(text)}
        return False if named and not named & aged else None
    if not asked:
        return None
    named = {g for g, p in _GROUPS.items() if p.search(text)}
    if not named:
        return None
    return bool(asked & named)


_NAMED_RUN = re.compile(r"\b[A-Z][a-z]+(?:'s)?(?:\s+[A-Z][\w']*)+")


def _unnamed(text: str) -> str:
    """``text`` without runs of capitalised words that hold a group word as part of a name
    ("Febrilon Children's Suspension", "Allerquil Children's Syrup"); a heading or a sentence
    that starts with the group word ("Children under 12:") keeps it."""
    return _NAMED_RUN.sub(lambda m: " " if any(p.search(m.group(0)) for p in _GROUPS.values())
                          and m.group(0).split()[0].lower() not in _GROUP_LEADS else m.group(0), text)


_GROUP_LEADS = {"adults", "adult", "children", "child", "babies", "baby", "infants", "young", "older"}


# --- helpers ---------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _quantities(text: str) -> tuple[Quantity, ...]:
    return quantities(text)


def _dim(q: Quantity, text: str) -> str:
    """The fact layer's dimension, with money told apart (the reader leaves "EUR 220" a plain number)."""
    if q.dim in {"number"} or q.dim.startswith("count:million") or q.dim.startswith("count:thousand"):
        window = text[max(0, q.start - 5) : q.end + 6]
        if _MONEY.search(window):
            return "money"
    if q.dim.startswith("money"):
        return "money"
    return q.dim


def _without_known_names(text: str, question: str) -> str:
    """``text`` less the capitalised names the question itself uses (the company, the policy)."""
    for name in _NAME.findall(question):
        text = text.replace(name, " ")
    for word in re.findall(r"\b[A-Z][a-z]+\b", question):
        text = re.sub(rf"\b{word}\b", " ", text)
    return text


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word
