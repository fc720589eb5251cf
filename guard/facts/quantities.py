"""Quantities read from text: a value or a range, its unit normalised, and its bound.

Why our own reader: quantulum3 reads these phrases well but costs about 3 ms a sentence on
the 2-core target (measured: 30 texts ~90 ms, over the fact layer's whole budget), and it
does not know frequencies ("every 4 hours", "once a day") or bounds ("at least", "up to").
This reader is a small grammar over one unit table: number (digits or words, see
:mod:`guard.facts.numbers`), optional range, unit, and the bound words around it.

Normalisation: each unit maps to a dimension and a factor to its base (mg -> g, ml -> l,
months and years -> hours, "%" -> percent), so "0.5 g" equals "500 mg" and "3 months" is not
"3 years". A frequency is a rate per hour: "once a day" is 1/24, "every 4 hours" 1/4, "4 times
in 24 hours" 1/6; a gap "4 hours between doses" is the rate 1/4 with its bound turned round
(at least 4 hours apart = at most 1/4 per hour). A number before a noun that is not a unit
counts that noun ("4 doses" is count:dose). An amount per period ("30 ml in 24 hours") is
read as the amount, its period kept in the phrase, so a daily total can be checked as one
arithmetic step over the dose and the number of doses. A bound under a negation is turned round: "do not
give for more than 3 days" bounds the days at 3 or fewer, and that negation is marked as
consumed so polarity does not count it again.
"""

from __future__ import annotations

import re
from enum import Enum
from functools import lru_cache
from types import MappingProxyType
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from guard.facts.numbers import DOZENS, NUMBER, NUMBER_WORD_RUN, read_number

__all__ = ["BOUND_WORDS", "DURATION_HOURS", "NAMED_AMOUNT_BOUNDS", "Bound", "Quantity", "countable", "quantities"]


class Bound(str, Enum):
    eq = "eq"
    ge = "ge"
    gt = "gt"
    le = "le"
    lt = "lt"


_FLIP = {Bound.eq: Bound.eq, Bound.ge: Bound.lt, Bound.gt: Bound.le, Bound.le: Bound.gt, Bound.lt: Bound.ge}
_INVERT = {Bound.eq: Bound.eq, Bound.ge: Bound.le, Bound.gt: Bound.lt, Bound.le: Bound.ge, Bound.lt: Bound.gt}


class Quantity(BaseModel):
    """One quantity slot; ``lo == hi`` for a single value. Values are in the base unit."""

    model_config = ConfigDict(frozen=True)

    surface: str  # as written ("2 to 4 years")
    start: int
    end: int
    dim: str  # "mass", "volume", "duration", "rate", "percent", "count:dose", "number", "money:GBP", ...
    lo: float
    hi: float
    bound: Bound = Bound.eq
    negation_at: int | None = None  # where a negation this bound consumed starts
    count: float | None = None  # the number of times in a frequency ("4 times in 24 hours": 4)
    scale: float = 1.0  # the unit's factor to its base: lo / scale is the number as written
    phrase: str = ""  # the quantity with its bound words, as written ("at least 4 hours between doses")
    period: float | None = None  # hours of the period an amount is given for ("30 ml in 24 hours": 24)
    # a rate per another unit or noun ("45p per mile", "120 mg per 5 ml", "EUR 160 per night"): the
    # denominator's amount in its base unit; ``dim`` is then "<numerator>/<denominator>" and
    # ``lo`` the value per one base unit of the denominator (so lo * per is the numerator)
    per: float | None = None
    # said as a round figure ("about 800 µl", "roughly six months", "nearly 5 kg"): it agrees with
    # any value a writer would round to it (matching.APPROX_TOLERANCE)
    approx: bool = False
    # what a duration measures, where its words say: a person's "age" ("72-year-old", "aged 70"), a
    # "lead" time before an event ("4 days before", "48 hours' notice"), or the "length" of a thing
    # ("Length: 2 hours", "lasts 90 minutes"); see matching.conflicts
    measure: str | None = None

    @property
    def written(self) -> tuple[float, float]:
        return self.lo / self.scale, self.hi / self.scale

    @property
    def is_range(self) -> bool:
        return self.hi > self.lo

    @property
    def is_band(self) -> bool:
        """A range or a bounded value ("2 to 4 years", "over 40 kg"), not a single value."""
        return self.is_range or self.bound is not Bound.eq

    @property
    def shown(self) -> str:
        """The quantity as a mismatch quotes it: with its bound words when they were read."""
        return self.phrase or self.surface

    def left_out(self) -> Quantity:
        """The values a one-sided bound leaves out: "over 7.5 kg" leaves out 7.5 kg or under."""
        return self.model_copy(update={"bound": _FLIP[self.bound]})


_HOUR = 1.0
_DURATION = {
    "second": 1 / 3600,
    "sec": 1 / 3600,
    "s": 1 / 3600,
    "minute": 1 / 60,
    "min": 1 / 60,
    "hour": _HOUR,
    "hr": _HOUR,
    "h": _HOUR,
    "day": 24.0,
    "working day": 24.0,
    "business day": 24.0,
    "week": 168.0,
    "wk": 168.0,
    "fortnight": 336.0,
    "month": 730.5,
    "year": 8766.0,
    "yr": 8766.0,
}
# hours in one of each duration word the reader knows (read-only for other modules)
DURATION_HOURS = MappingProxyType(_DURATION)
_UNITS: dict[str, tuple[str, float]] = {
    "mcg": ("mass", 1e-6),
    "µg": ("mass", 1e-6),
    "μg": ("mass", 1e-6),
    "microgram": ("mass", 1e-6),
    "mg": ("mass", 1e-3),
    "milligram": ("mass", 1e-3),
    "g": ("mass", 1.0),
    "gram": ("mass", 1.0),
    "gramme": ("mass", 1.0),
    "kg": ("mass", 1e3),
    "kilogram": ("mass", 1e3),
    "kilo": ("mass", 1e3),
    "ml": ("volume", 1e-3),
    "millilitre": ("volume", 1e-3),
    "milliliter": ("volume", 1e-3),
    "cl": ("volume", 1e-2),
    "dl": ("volume", 0.1),
    "l": ("volume", 1.0),
    "litre": ("volume", 1.0),
    "liter": ("volume", 1.0),
    "cubic metre": ("volume", 1000.0),
    "cubic meter": ("volume", 1000.0),
    "m3": ("volume", 1000.0),
    "m³": ("volume", 1000.0),
    "%": ("percent", 1.0),
    "per cent": ("percent", 1.0),
    "percent": ("percent", 1.0),
    "°c": ("temperature_c", 1.0),
    "ºc": ("temperature_c", 1.0),
    "degrees c": ("temperature_c", 1.0),
    "degrees celsius": ("temperature_c", 1.0),
    "°f": ("temperature_f", 1.0),
    "degrees fahrenheit": ("temperature_f", 1.0),
    "degrees f": ("temperature_f", 1.0),
    "º f": ("temperature_f", 1.0),
    "° f": ("temperature_f", 1.0),
    "° c": ("temperature_c", 1.0),
    "nm": ("length", 1e-9),
    "µm": ("length", 1e-6),
    "μm": ("length", 1e-6),
    "micron": ("length", 1e-6),
    "micrometre": ("length", 1e-6),
    "micrometer": ("length", 1e-6),
    "mm": ("length", 1e-3),
    "cm": ("length", 1e-2),
    "m": ("length", 1.0),
    "metre": ("length", 1.0),
    "meter": ("length", 1.0),
    "km": ("length", 1e3),
    "kilometre": ("length", 1e3),
    "kilometer": ("length", 1e3),
    "mile": ("length", 1609.344),
    "inch": ("length", 0.0254),
    "ft": ("length", 0.3048),
    "feet": ("length", 0.3048),
    "foot": ("length", 0.3048),
    "lb": ("mass", 453.59237),
    "lbs": ("mass", 453.59237),
    "oz": ("mass", 28.349523125),
    "ounce": ("mass", 28.349523125),
    "bar": ("pressure", 1.0),
    "mbar": ("pressure", 1e-3),
    "kpa": ("pressure", 1e-2),
    "mpa": ("pressure", 10.0),
    "psi": ("pressure", 0.0689476),
    "tonne": ("mass", 1e6),
    # power and energy: appliance manuals and tariffs ("380 W", "2 kW", "3.8 kWh")
    "w": ("power", 1.0),
    "watt": ("power", 1.0),
    "kw": ("power", 1e3),
    "kilowatt": ("power", 1e3),
    "wh": ("energy", 1.0),
    "kwh": ("energy", 1e3),
    "gb": ("data", 1.0),
    "mb": ("data", 1e-3),
    "tb": ("data", 1e3),
}
_UNITS.update({name: ("duration", factor) for name, factor in _DURATION.items()})
# Every SI prefix a text uses, on every metric base the table reads: "750 µl" is "0.75 ml", "5 ng"
# is "0.005 µg". The factors are the SI definitions; tests/facts/test_unit_equivalence.py checks
# every entry of the table against pint, the reference for unit conversion (pint itself is not
# loaded here: its registry takes about a second to build, the fact layer's reader microseconds).
_SI_PREFIX_SYMBOL = {"n": 1e-9, "µ": 1e-6, "μ": 1e-6, "u": 1e-6, "m": 1e-3, "c": 1e-2, "d": 1e-1, "k": 1e3}
_SI_PREFIX_NAME = {"nano": 1e-9, "micro": 1e-6, "milli": 1e-3, "centi": 1e-2, "deci": 1e-1, "kilo": 1e3}
_SI_BASE_SYMBOL = {"g": "mass", "l": "volume", "m": "length"}
_SI_BASE_NAME = {"gram": "mass", "gramme": "mass", "litre": "volume", "liter": "volume", "metre": "length", "meter": "length"}
# "um" is an interjection and "dm"/"dg"/"cg" almost never quantities in prose: left out
_SI_SKIP = {"um", "dm", "dg", "cg"}
for _p, _f in _SI_PREFIX_SYMBOL.items():
    for _b, _dim in _SI_BASE_SYMBOL.items():
        if _p + _b not in _SI_SKIP:
            _UNITS.setdefault(_p + _b, (_dim, _f))
for _p, _f in _SI_PREFIX_NAME.items():
    for _b, _dim in _SI_BASE_NAME.items():
        _UNITS.setdefault(_p + _b, (_dim, _f))
_CURRENCY_SIGN = {"£": "GBP", "$": "USD", "€": "EUR"}
_CURRENCY_WORD = {"gbp": "GBP", "usd": "USD", "eur": "EUR", "pound": "GBP", "dollar": "USD", "euro": "EUR"}
_MULTIPLIER = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "bn": 1e9, "billion": 1e9}
_ADVERB_RATE = {
    "hourly": 1.0,
    "daily": 24.0,
    "nightly": 24.0,
    "weekly": 168.0,
    "monthly": 730.5,
    "yearly": 8766.0,
    "annually": 8766.0,
}


def _alternation(words) -> str:
    forms = []
    for word in sorted(words, key=len, reverse=True):
        escaped = re.escape(word).replace(r"\ ", r"\s+")
        plural = (
            ""
            if word in {"%", "°c", "ºc", "°f", "feet", "ft", "s", "h", "m", "g", "l", "lbs", "oz", "w", "kw", "wh", "kwh"}
            or not word[-1].isalpha()
            else "(?:e?s)?"
        )
        forms.append(escaped + plural)
    return "(?:" + "|".join(forms) + ")"


_V = rf"(?:\b{DOZENS}|{NUMBER}|\b{NUMBER_WORD_RUN})"
_UNIT = _alternation(_UNITS) + r"(?![a-z])"
_TIME = _alternation(_DURATION) + r"(?![a-z])"
_COUNT = rf"(?:(?P<c>{_V})\s+times|(?P<cw>once|twice|thrice))"
# words between a count and its noun that say which of the things are counted ("5 unused days", "3 free nights")
_COUNT_MODIFIER = "unused|spare|free|remaining|outstanding|paid|unpaid"
_DAY_KIND = "calendar|clear|full|complete|completed|consecutive|whole|additional|extra|further|school|banking|" + (
    _COUNT_MODIFIER
)

# Each pattern's gates: regexes of which every match of the pattern holds a match (a number it
# reads, a word it cannot match without), searched with the pattern's own case rule. A pattern
# is tried only on a text where all its gates are found, so what is read does not change; but
# most texts hold no number (59 % of the claims and units of 300 RAGTruth dev QA responses), and
# the patterns that start with a value try the number words at every word of them.
_VALUE = re.compile(_V, re.I)
_DIGIT = re.compile(r"\d")  # every NUMBER holds one
_CURRENCY_WORDS = re.compile("gbp|usd|eur|pound|dollar", re.I)
_POUND = re.compile("-pound", re.I)
_TIMES_WORDS = re.compile("times|once|twice|thrice", re.I)  # what _COUNT cannot match without
_RATE_ADVERBS = re.compile("hourly|daily|nightly|weekly|monthly|yearly|annually", re.I)
_APART = re.compile("apart|between", re.I)
_OLD = re.compile("old", re.I)
_HALF = re.compile("half", re.I)
_PART_WORDS = re.compile("half|quarter|third", re.I)
_SHARE_WORDS = re.compile("third|quarter|fifth|tenth", re.I)  # what a share of an amount cannot match without
_HOLIDAY = re.compile("holiday", re.I)
_DAY_KIND_WORDS = re.compile(_DAY_KIND, re.I)
_MORE = re.compile("more|extra|additional|further", re.I)

# after the first age of a list, a comma and the next: "aged 6, 8 and 11"
_AGE_LIST_GOES_ON = r"(?=,\s*\d{1,3}\s*(?:,|and\b))"
_LISTED_NUMBER = re.compile(r"(?:\band\s|,\s?)\d", re.I)  # what a later age of a list is read after
# after a person's age said without its unit: no unit of another measure ("a child of 12 kg", "a child of 10 months")
_NO_MEASURE_AFTER = (
    r"(?!\s*(?:%|(?!(?:or|and|to|in|at|on|is|an|a)\b)[a-z]{1,2}\b|kilo|gram|pound|stone|months?|weeks?|days?))"
)
_PATTERNS: list[tuple[str, re.Pattern[str], tuple[re.Pattern[str], ...]]] = [
    (
        "money",
        re.compile(
            rf"(?P<cur>[£$€])\s?(?P<v>{NUMBER})(?:\s?(?P<mult>k|m|bn|million|billion|thousand)(?![a-z]))?",
            re.I,
        ),
        (_DIGIT,),
    ),
    (
        "money",
        re.compile(
            rf"(?P<v>{_V})\s?(?P<mult>million|billion|thousand)?\s?(?P<curw>gbp|usd|eur|pounds?|dollars?|euros?)(?![a-z])",
            re.I,
        ),
        (_VALUE, _CURRENCY_WORDS),
    ),
    # "a 5-pound roast": a weight (money is "£5" or "5 pounds")
    ("pound_weight", re.compile(rf"(?P<v>{_V})-(?P<u>pound)(?![\w-])", re.I), (_VALUE, _POUND)),
    # "EUR 160", "GBP 1,200": the currency code before the value
    (
        "money",
        re.compile(
            rf"\b(?P<curw>gbp|usd|eur)\s?(?P<v>{NUMBER})(?:\s?(?P<mult>k|m|bn|million|billion|thousand)(?![a-z]))?",
            re.I,
        ),
        (_DIGIT,),
    ),
    # "45p": pence
    ("pence", re.compile(rf"(?P<v>{NUMBER})p\b(?![.'’]?\w)"), (_DIGIT,)),
    (
        "frequency",
        re.compile(
            rf"{_COUNT}\s+(?:a|an|per|each|every|in|in\s+an?)\s+(?:(?P<n>{_V})\s+)?(?P<u>{_TIME})", re.I
        ),
        (_TIMES_WORDS,),
    ),
    (
        "frequency_adverb",
        re.compile(rf"{_COUNT}\s+(?P<adv>hourly|daily|nightly|weekly|monthly|yearly|annually)", re.I),
        (_RATE_ADVERBS,),
    ),
    ("every", re.compile(rf"\bevery\s+(?P<other>other\s+)?(?:(?P<n>{_V})\s+)?(?P<u>{_TIME})", re.I), ()),
    (
        "interval",
        re.compile(
            rf"(?P<n>{_V})\s*(?P<u>{_TIME})\s+(?:apart|in\s+between|between\s+(?:each\s+|two\s+)?(?:doses?|them|applications?|"
            rf"tablets?|feeds?|injections?|treatments?|courses?|[a-z]{{3,}}s\b))",
            re.I,
        ),
        (_VALUE, _APART),
    ),
    ("adverb", re.compile(r"\b(?P<adv>hourly|daily|nightly|weekly|monthly|yearly|annually)\b", re.I), ()),
    # "1 in 10 people", "1 to 10 dogs in 1,000", "fewer than 1 in every 10,000": a proportion, in per cent
    (
        "proportion",
        re.compile(
            rf"(?P<a>{NUMBER})(?:\s*(?:to|-|–)\s*(?P<b>{NUMBER}))?\s+(?P<noun>(?:[a-z]+\s+){{0,2}}?)in\s+(?:every\s+)?"
            rf"(?P<m>{NUMBER})(?![\d.,]*\s*-?\s*{_UNIT})(?![\d])",
            re.I,
        ),
        (_DIGIT,),
    ),
    # "over 20 kg and up to 32 kg", "more than 6 and up to 10 minutes": one band, not a bound and a limit
    # read apart (35 kg is over 20 kg, but not in this band)
    (
        "range",
        re.compile(
            rf"(?P<pre>\b(?:over|more\s+than|above)\s+)(?P<a>{_V})\s*(?P<ua>{_UNIT})?\s+(?P<sep>and|but)\s+"
            rf"(?:up\s+to|under|less\s+than|below|not\s+more\s+than|no\s+more\s+than)\s+(?P<b>{_V})\s*-?\s*(?P<ub>{_UNIT})?",
            re.I,
        ),
        (_VALUE,),
    ),
    (
        "range",
        re.compile(
            rf"(?P<pre>\bbetween\s+|\bfrom\s+)?(?P<a>{_V})\s*(?P<ua>{_UNIT})?\s*(?P<sep>to|-|–|—|and)\s*(?P<b>{_V})"
            rf"\s*-?\s*(?P<ub>{_UNIT})?",
            re.I,
        ),
        (_VALUE,),
    ),
    (
        "per_period",
        re.compile(
            rf"(?P<v>{_V})\s*-?\s*(?P<u>{_UNIT})\s+(?:in|per|a|an|each|every)\s+(?:(?P<n>{_V})\s+)?(?P<p>{_TIME})",
            re.I,
        ),
        (_VALUE,),
    ),
    ("age", re.compile(rf"(?P<v>{_V})[\s-]*(?P<u>year|month|week|day)s?[\s-]+old\b", re.I), (_VALUE, _OLD)),
    # "an hour and a half", "two years and a half": the half added to the whole
    ("and_half", re.compile(rf"(?P<v>\b(?:an?)\b|{_V})\s+(?P<u>{_UNIT})\s+and\s+a\s+half\b", re.I), (_HALF,)),
    # "five and a half hours", "2 and a quarter miles", "three and three quarters litres": the part before the unit
    (
        "whole_and_part",
        re.compile(
            rf"(?P<v>{_V})\s+and\s+(?P<f>(?:a|one|two|three)[\s-]+(?:half|quarters?|thirds?))\s+(?P<u>{_UNIT})",
            re.I,
        ),
        (_VALUE, _PART_WORDS),
    ),
    # "three quarters of an hour", "half a year", "a third of a litre": a fraction of one unit
    (
        "fraction",
        re.compile(
            rf"\b(?P<f>(?:(?:one|two|three|a)[\s-]+)?(?:quarters?|thirds?)|(?:one[\s-]+|a[\s-]+)?half)\s+(?:of\s+)?an?\s+"
            rf"(?P<u>{_UNIT})",
            re.I,
        ),
        (),
    ),

    # "a fifth of the fee", "two thirds of the price", "a quarter of your deposit": a share of an amount the
    # text names, as a percentage ("half the fee" is read by shares.half_price)
    (
        "share_of",
        re.compile(
            r"\b(?P<f>(?:(?:one|two|three|four|a)[\s-]+)?(?:thirds?|quarters?|fifths?|tenths?))\s+of\s+"
            r"(?:the|your|their|its|his|her|each|every)\b",
            re.I,
        ),
        (_SHARE_WORDS,),
    ),
    # "325 F", "180 C": a temperature with the scale's capital letter alone (case-sensitive, so
    # "5 c" or a grade "F" standing alone is not one)
    ("temperature_letter", re.compile(rf"(?P<v>{NUMBER})\s?(?P<u>[FC])(?![\w'’])"), (_DIGIT,)),
    # "8 public holidays", "8 bank holidays": days off, counted in days
    (
        "holidays",
        re.compile(rf"(?P<v>{_V})\s+(?:public|bank|statutory)\s+holidays?\b", re.I),
        (_VALUE, _HOLIDAY),
    ),
    # "7 calendar days", "3 complete years": a word that says which days does not change the unit
    (
        "single",
        re.compile(rf"(?P<v>{_V})\s+(?:{_DAY_KIND})\s+(?P<u>{_TIME})", re.I),
        (_VALUE, _DAY_KIND_WORDS),
    ),
    ("single", re.compile(rf"(?P<v>{_V})\s*-?\s*(?P<u>{_UNIT})", re.I), (_VALUE,)),
    # "two 250 mg capsules": the count is of the capsules (only the count's own span is taken)
    (
        "count",
        re.compile(rf"(?P<v>{_V})(?=\s+{NUMBER}\s*-?\s*{_UNIT}\s+(?P<noun>[a-z][a-z-]{{2,}}))", re.I),
        (_DIGIT,),
    ),
    # "12 more months", "3 extra days": an amount added, in the unit after it (not "1.8 fewer days",
    # a difference, nor "88 more pixels": a count of more is a difference, not an amount of pixels)
    (
        "single",
        re.compile(rf"(?P<v>{_V})\s+(?:more|extra|additional|further)\s+(?P<u>{_UNIT})", re.I),
        (_VALUE, _MORE),
    ),
    # "children aged 6 and 9", "aged 6, 8 and 11": each number after the first of a list of ages is an age too, not
    # a count of the word after it ("9 pay")
    ("aged_list", re.compile(rf"(?:(?<=\band\s)|(?<=,\s)|(?<=,))(?P<v>\d{{1,3}})(?!\d|[.,]\d){_NO_MEASURE_AFTER}", re.I),
     (_LISTED_NUMBER,)),
    # "two extra nights", "3 additional letters": a count of the noun added (not "3 more people",
    # which may be a difference, as above)
    ("count", re.compile(rf"(?P<v>{_V})\s+(?:extra|additional|further)\s+(?P<noun>[a-z][a-z-]{{2,}})", re.I), (_VALUE, _MORE)),
    # "4 doses"; "a three-night stay": the hyphen joins the count to its noun
    ("count", re.compile(rf"(?P<v>{_V})(?:\s+|-)(?:(?:{_COUNT_MODIFIER})\s+)?(?P<noun>[a-z][a-z-]{{2,}})", re.I), (_VALUE,)),
    # "aged 30", "aged 12 and over": an age in years, the unit left out (units and counts read first)
    # "aged 16 or 17": two ages next to each other are the band between them
    ("aged", re.compile(rf"\baged\s+(?P<v>{NUMBER})(?:\s+or\s+(?P<v2>{NUMBER}))?(?:(?![\d.,])|{_AGE_LIST_GOES_ON})", re.I),
     (_DIGIT,)),
    # "a child of 10", "a patient of 70": a person's age, the unit left out
    ("aged", re.compile(r"\b(?:child|boy|girl|son|daughter|baby|toddler|teenager|kid|man|woman|patient|pupil)\s+of\s+"
                        rf"(?P<v>\d{{1,3}})(?![\d.,]){_NO_MEASURE_AFTER}", re.I), (_DIGIT,)),
    # "children as old as 13", "pupils as young as 9": the oldest or youngest age the claim says is taken; "a family
    # whose child is 7": the child's age
    ("aged", re.compile(rf"\bas\s+(?:old|young)\s+as\s+(?P<v>\d{{1,3}})(?!\d|[.,]\d){_NO_MEASURE_AFTER}", re.I),
     (_DIGIT,)),
    ("aged", re.compile(r"\b(?:child|boy|girl|son|daughter|grandchild)\s+(?:is|was|turns|turned)\s+"
                        rf"(?P<v>\d{{1,3}})(?!\d|[.,]\d){_NO_MEASURE_AFTER}", re.I), (_DIGIT,)),
    ("bare", re.compile(rf"(?P<v>{_V})", re.I), (_VALUE,)),
]

# A measure compared with an adjective ("no taller than 2 metres", "heavier than 5 kg", "-18°C or colder"):
# the adjectives that say more of the measure and those that say less. "later" and "earlier" are the
# lead-time readers' (_LEAD_TIME), "more" and "less" the plain bounds'.
_MORE_OF = ("longer", "older", "taller", "heavier", "larger", "bigger", "wider", "higher", "deeper", "warmer",
            "hotter", "faster", "stronger", "thicker")
_LESS_OF = ("shorter", "younger", "smaller", "lighter", "narrower", "lower", "shallower", "colder", "cooler",
            "slower", "thinner")
_COMPARATIVE = "|".join(_MORE_OF + _LESS_OF)
_OF_AGE_OR_TIME = frozenset({"longer", "older", "shorter", "younger"})


def countable(dim: str) -> bool:
    """A bare number or a count of a noun, not a measure with a unit."""
    return dim == "number" or dim.startswith("count:")


def _measure_word(phrase: str) -> bool:
    """A comparative of a measure other than age or time ("taller than", "or colder")."""
    return any(w in phrase.lower().split() and w not in _OF_AGE_OR_TIME for w in _MORE_OF + _LESS_OF)


# the bound words start a word: "cover 3 km" is no "over 3 km", "recovers within" no "within"
_BOUND_BEFORE = re.compile(
    r"(?<![\w-])(?P<w>at\s+least|no\s+less\s+than|not\s+less\s+than|no\s+fewer\s+than|(?:a\s+)?minimum\s+(?:of\s+)?|min\.?|"
    r"more\s+than|over|above|beyond|exceeding|no\s+greater\s+than|greater\s+than|"
    rf"(?:(?:no|not)\s+)?(?:{_COMPARATIVE})\s+than|at\s+most|no\s+more\s+than|not\s+more\s+than|"
    r"(?<!add\s)(?<!adds\s)(?<!added\s)(?<!adding\s)up\s+to|(?<=for\s)the\s+first|(?:a\s+)?maximum\s+(?:of\s+)?|max\.?|under|below|less\s+than|fewer\s+than|within|"
    r"no\s+later\s+than)\s*(?:the\s+)?$",
    re.I,
)
# "over" right after another value means "across" ("37.5 hours over five days", "£98 over a year")
_AFTER_VALUE = re.compile(r"\d[\d.,]*\s*(?P<u>[a-z%]+)?\s*$", re.I)
_BOUND_AFTER = re.compile(
    r"^\s*(?P<w>or\s+more|or\s+over|and\s+over|and\s+above|or\s+above|\+|or\s+less|"
    rf"or\s+under|and\s+under|or\s+below|or\s+fewer|or\s+(?:{_COMPARATIVE})|at\s+most|at\s+the\s+most|at\s+least)\b",
    re.I,
)
# The one table of bound words: the phrase (lower case, single spaces) to the bound it sets. The
# patterns above find the phrases around a value; bound_words.py reads the comparisons among them
# that also bound an amount named without a number (NAMED_AMOUNT_BOUNDS below).
BOUND_WORDS = {
    "at least": Bound.ge,
    "no less than": Bound.ge,
    "not less than": Bound.ge,
    "no fewer than": Bound.ge,
    "minimum": Bound.ge,
    "a minimum": Bound.ge,
    "min": Bound.ge,
    "more than": Bound.gt,
    "over": Bound.gt,
    "above": Bound.gt,
    "beyond": Bound.gt,
    "exceeding": Bound.gt,
    "greater than": Bound.gt,
    "no greater than": Bound.le,
    "at most": Bound.le,
    "no more than": Bound.le,
    "not more than": Bound.le,
    "up to": Bound.le,
    "maximum": Bound.le,
    "a maximum": Bound.le,
    "max": Bound.le,
    "under": Bound.lt,
    "below": Bound.lt,
    "less than": Bound.lt,
    "fewer than": Bound.lt,
    "within": Bound.le,
    "the first": Bound.le,
    "no later than": Bound.le,
    "or more": Bound.ge,
    "or over": Bound.ge,
    "and over": Bound.ge,
    "and above": Bound.ge,
    "or above": Bound.ge,
    "+": Bound.ge,
    "or less": Bound.le,
    "or under": Bound.le,
    "and under": Bound.le,
    "or below": Bound.le,
    "or fewer": Bound.le,
    "at the most": Bound.le,
    # "taller than 2 m", "no taller than 2 m", "not taller than 2 m", "2 m or taller"; "older than 65", "65 or older"
    **{f"{w} than": Bound.gt for w in _MORE_OF},
    **{f"{no} {w} than": Bound.le for w in _MORE_OF for no in ("no", "not")},
    **{f"or {w}": Bound.ge for w in _MORE_OF},
    **{f"{w} than": Bound.lt for w in _LESS_OF},
    **{f"{no} {w} than": Bound.ge for w in _LESS_OF for no in ("no", "not")},
    **{f"or {w}": Bound.le for w in _LESS_OF},
}
# the comparisons that also bound an amount named without a number ("no more than the disputed
# amount", "at least the statutory minimum"); not "over", "under", "within" or the time and age
# comparisons, which before a determiner say where or when ("under the contract", "over the year")
NAMED_AMOUNT_BOUNDS = {
    phrase: BOUND_WORDS[phrase]
    for phrase in (
        "no more than",
        "not more than",
        "at most",
        "up to",
        "no greater than",
        "less than",
        "fewer than",
        "no less than",
        "not less than",
        "no fewer than",
        "at least",
        "more than",
        "greater than",
    )
}
# a negation at most four words before the bound governs it ("do not give it for more than");
# further away it governs the verb, and the bound restricts something else ("do not give ...
# to babies under 3 months")
_NEGATION_BEFORE = re.compile(r"(?:\b(?:not|never|cannot)\b|n't\b)(?:\s+[\w'’-]+){0,4}\s*$", re.I)
# a clause opened by a negative quantifier denies the bound its verb takes ("No class has more than 12 students",
# "nobody runs more than 2 abreast", "..., and nobody stands within 30 m": at most 12, at most 2, beyond 30 m), as
# does "nothing" before it ("lift nothing over 2 kg");
# a "no" inside the clause ("there is no fee for parcels over 2 kg") says which parcels, it denies no bound
_NEGATIVE_SUBJECT = re.compile(
    r"(?:(?:^|(?<=[.;:!?]\s)|(?<=,\s)|(?<=\band\s)|(?<=\bbut\s))(?:no|nobody|none|nothing|no\s+one)\b"
    r"(?:\s+[\w'’-]+){0,6}|\bnothing)\s*$",
    re.I,
)  # the match starts at the negation itself: its position is the one the bound consumes (Quantity.negation_at)
_NOT_COUNT_NOUNS = frozenset(
    {"to", "and", "or", "of", "the", "per", "for", "from", "with", "times", "year", "old"}
    # verbs after a number are no counted noun ("children younger than three should not")
    | {"should", "must", "may", "might", "can", "could", "will", "would", "shall", "are", "is", "was", "were"}
    | {"cannot", "can't", "won't", "mustn't", "shouldn't"}
    | {"has", "have", "had", "does", "did", "need", "needs"}
)


# a noun for people or things right before a bound: the bound qualifies it ("children under 6",
# "claims above £500", "anyone over 65"), so a negation earlier governs the verb, not the bound
_QUALIFIED = re.compile(
    r"\b(?:children|child|babies|baby|infants?|people|persons?|adults?|patients?|anyone|someone|those|"
    r"employees?|staff|members?|users?|customers?|guests?|visitors?|pupils?|students?|drivers?|dogs?|cats?|"
    r"animals?|claims?|purchases?|orders?|items?|bookings?)\s*$",
    re.I,
)


def _after_value(text: str) -> bool:
    """The text ends with a number and its unit ("37.5 hours"), not a counted noun ("5 children")."""
    found = _AFTER_VALUE.search(text)
    return found is not None and (found.group("u") is None or _unit_of(found.group("u")) is not None)


# "over" a stretch of time that says across it, not more than it: after a verb of spreading ("spread over 4 weeks",
# "paid over two years", "add fibre slowly over 4 to 6 weeks"), at the head of a clause ("Over 4 weeks, ...", "...,
# and over two years ..."), or before a range (no writer says "more than 4 to 6 weeks")
_SPREAD_BEFORE = re.compile(
    r"\b(?:spread|split|spaced|staggered|phased|paid|payable|repaid|given|taken|used|built|slowly|gradually|evenly|"
    r"steadily)\s*$|\b(?:a|per|each)\s+(?:day|week|month|year)\s*$",
    re.I,
)
_CLAUSE_HEAD = re.compile(r"(?:^|[.;:(]|,\s*and|\band)\s*$", re.I)
_AGE_AFTER = re.compile(r"^\s*(?:old|of\s+age|and\s+over|or\s+over|\+)", re.I)
_RANGE_OF = re.compile(r"\S\s*(?:to|-|–)\s*\S", re.I)
# the clause goes on after the duration: "Over two years the filters ...", "Over 4 weeks, a member ..."
_CLAUSE_GOES_ON = re.compile(r"\s*(?:,|(?:the|a|an|each|every|you|we|they|he|she|it|its|their|your)\b|[A-Z])")


def _across(text: str, over_start: int, start: int, end: int) -> bool:
    """``over`` (at ``over_start``) before the duration text[start:end] says across it."""
    if _AGE_AFTER.match(text[end : end + 12]) or " old" in text[start:end] or not re.search(r"[a-z]{2}", text[start:end], re.I):
        return False  # "over 18 years old", "Over 65s": an age
    before = text[max(0, over_start - 40) : over_start]
    # at a clause's head, only when the clause goes on after it ("Over two years the filters ..."), not when it is the
    # clause's subject ("Over 3 hours is too long")
    heads = _CLAUSE_HEAD.search(before) and _CLAUSE_GOES_ON.match(text[end : end + 12])
    return bool(_SPREAD_BEFORE.search(before) or heads or _RANGE_OF.search(text[start:end]))


def _unit_of(surface: str | None) -> tuple[str, float] | None:
    if not surface:
        return None
    key = " ".join(surface.lower().split())
    if key in _UNITS:
        return _UNITS[key]
    for suffix in ("es", "s"):
        if key.endswith(suffix) and key[: -len(suffix)] in _UNITS:
            return _UNITS[key[: -len(suffix)]]
    return None


# a duration counted back from an event: a bound on the time of day turns into the opposite bound on it
_LEAD_TIME = re.compile(r"\s*(?:before|ahead|in\s+advance|prior\s+to|earlier\s+than)\b", re.I)
_HEDGE = re.compile(
    r"\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|circa|some|close\s+to|just|a\s+little|slightly|an\s+estimated|"
    r"estimated|in\s+the\s+region\s+of)\s*$|~\s*$",
    re.I,
)


def _hedged(text: str, start: int) -> bool:
    """A rounding word before the value or before its bound words ("about 45 minutes", "just over 500")."""
    before = _BOUND_BEFORE.search(text[max(0, start - 40) : start])
    first = start - len(before.group(0)) if before else start
    return _HEDGE.search(text[max(0, first - 30) : first]) is not None


def _phrase(text: str, start: int, end: int, dim: str) -> str:
    before = _BOUND_BEFORE.search(text[max(0, start - 40) : start])
    last = _bound_after(text, end, dim)
    first = start - len(before.group(0)) if before else start
    return " ".join(text[first : last.end if last else end].split())


# a score's scale between its value and its bound words: "a pain score of 4 out of 10 or lower"
_OUT_OF = re.compile(r"\s+out\s+of\s+\d{1,3}\b", re.I)


class _After(NamedTuple):
    words: str  # the bound words, as written
    end: int  # where they end in the text
    of_score: bool  # past a score's scale: "or lower" is then the score's, no measure's


def _bound_after(text: str, end: int, dim: str) -> _After | None:
    """The bound words right after a value ending at ``end``, past a score's scale ("4 out of 10 or
    lower" bounds the 4: the scale is no value of its own to bound)."""
    after = _BOUND_AFTER.match(text[end : end + 20])
    scale = _OUT_OF.match(text[end : end + 20]) if dim == "number" and after is None else None
    if scale:
        end += scale.end()
        after = _BOUND_AFTER.match(text[end : end + 20])
    return _After(after.group("w"), end + after.end(), scale is not None) if after else None


def _bound(text: str, start: int, end: int, dim: str = "number") -> tuple[Bound, int | None]:
    """The bound words around text[start:end], turned round under a negation before them."""
    before = _BOUND_BEFORE.search(text[max(0, start - 40) : start])
    after = _bound_after(text, end, dim)
    if countable(dim):
        # "bigger than 50 cc", "stronger than 20 mph": a comparative of a measure over a number read without
        # its unit would bound every bare number of the text; ages ("younger than 5") keep their bound
        before = None if before and _measure_word(before.group("w")) else before
        after = None if after and not after.of_score and _measure_word(after.words) else after
    bound = Bound.eq
    if before and before.group("w").lower() == "over" and before.group(0).rstrip().lower().endswith("the"):
        before = None  # "over the two years": across them
    if before and before.group("w").lower() == "over" and _after_value(text[max(0, start - 60) : start - len(before.group(0))]):
        before = None  # "37.5 hours over five days": across the days, not more than five
    if before and before.group("w").lower() == "over" and dim == "duration" and _across(text, start - len(before.group(0)), start, end):
        before = None  # "add fibre slowly over 4 to 6 weeks", "Over 4 weeks, a member pays £14": across the time
    if before:
        bound = BOUND_WORDS[" ".join(before.group("w").lower().rstrip(". ").split()).removesuffix(" of")]
    elif after:
        bound = BOUND_WORDS[" ".join(after.words.lower().split())]
    if before and _LEAD_TIME.match(text[end : end + 30]) and before.group("w").lower().split()[-1] == "than":
        # "no later than 20 minutes before departure" is at least 20 minutes before it
        bound = {"later": Bound.ge, "earlier": Bound.le}.get(before.group("w").lower().split()[-2], bound)
    if bound is Bound.eq or before is None:
        return bound, None
    bound_start = start - len(before.group(0))
    negation = _NEGATION_BEFORE.search(text[max(0, bound_start - 80) : bound_start]) or _NEGATIVE_SUBJECT.search(
        text[max(0, bound_start - 80) : bound_start]
    )
    if negation and _QUALIFIED.search(text[max(0, bound_start - 40) : bound_start]):
        negation = None  # "not suitable for children under 6": the bound says which children, it is no limit
    if negation and not before.group("w").lower().startswith(("no ", "not ")):
        return _FLIP[bound], max(0, bound_start - 80) + negation.start()
    return bound, None


@lru_cache(maxsize=2048)
def quantities(text: str, skip: tuple[tuple[int, int], ...] = ()) -> tuple[Quantity, ...]:
    """Every quantity of ``text`` in order; ``skip``: spans read by other slots (dates)."""
    taken = [False] * (len(text) + 1)
    for s, e in skip:
        taken[s:e] = [True] * (e - s)
    found: list[Quantity] = []
    gates: dict[re.Pattern[str], bool] = {}  # searched once per text, shared by the patterns
    for kind, pattern, needs in _PATTERNS:
        if not all(_gate_found(gate, text, gates) for gate in needs):
            continue  # the pattern cannot match here
        for match in pattern.finditer(text):
            if any(taken[match.start() : match.end()]) or not _starts_cleanly(text, match.start()):
                continue
            quantity = _READERS[kind](text, match)
            if quantity is None:
                continue
            taken[quantity.start : quantity.end] = [True] * (quantity.end - quantity.start)
            found.append(quantity)
    return tuple(_restated_bounds(text, _per_unit(text, _compound_durations(text, sorted(found, key=lambda q: q.start)))))


# "not more than 8 tablets (4,000 mg)": a value in brackets right after a bounded one restates it
_BRACKETED = re.compile(r"\s*\(\s*$")


def _restated_bounds(text: str, found: list[Quantity]) -> list[Quantity]:
    """A plain value in brackets right after a bounded one takes its bound: it is the same limit in
    other units ("Do not take more than 8 tablets (4,000 mg) in 24 hours"), not an amount of its own.
    So does the second side of a size ("up to 2.4 m by 1.8 m", "no larger than 1.2 metres wide by 0.4
    metres high"): one limit on both sides."""
    out = list(found)
    for i in range(1, len(out)):
        before, q = out[i - 1], out[i]
        if before.bound is Bound.eq or before.is_range or q.bound is not Bound.eq or q.is_range:
            continue
        gap = text[before.end : q.start]
        bracketed = _BRACKETED.fullmatch(gap) and text[q.end : q.end + 1] == ")"
        if bracketed or (q.dim == before.dim and _BY.fullmatch(gap)):
            out[i] = q.model_copy(update={"bound": before.bound, "negation_at": before.negation_at})
    return out


_BY = re.compile(r"\s*(?:(?:wide|long|high|deep|tall)\s+)?(?:by|x|×)\s*", re.I)


def _gate_found(gate: re.Pattern[str], text: str, seen: dict[re.Pattern[str], bool]) -> bool:
    if gate not in seen:
        seen[gate] = gate.search(text) is not None
    return seen[gate]


# between the parts of one duration: "8 hours 45 minutes", "1 hour and 30 minutes", "2 h 15 min"
_COMPOUND_GAP = re.compile(r"\s*(?:and\s*)?")


def _compound_durations(text: str, found: list[Quantity]) -> list[Quantity]:
    """A duration in hours followed by one in minutes is one duration ("8 hours 45 minutes" is 8.75
    hours), as a reader says it: read apart, neither part is the value the claim gives."""
    out: list[Quantity] = []
    for q in found:
        last = out[-1] if out else None
        if (
            last is not None and last.dim == q.dim == "duration" and last.scale == 1.0 and q.scale == 1 / 60
            and not last.is_range and not q.is_range and q.bound is Bound.eq and q.lo < 1.0
            and _COMPOUND_GAP.fullmatch(text[last.end : q.start])
        ):
            out[-1] = last.model_copy(update={
                "lo": last.lo + q.lo, "hi": last.hi + q.lo, "end": q.end, "surface": text[last.start : q.end],
                "scale": q.scale,
            })
            continue
        out.append(q)
    return out


# what may follow an amount to make it a rate per another unit or noun: "45p per mile",
# "22 min/lb", "120 mg per 5 ml", "1 week for each complete year", "EUR 160 per night"
_PER = re.compile(
    rf"^(?:\s+of\s+[a-z][a-z-]+)?(?:\s*/\s*|\s+(?:per|for\s+each|for\s+every|each|every|an?)\s+)(?:(?:{_DAY_KIND})\s+)?"
    rf"(?:(?P<n>{NUMBER})\s*)?(?P<u>[a-zµμ]+)(?![\w-])",
    re.I,
)
# in a denominator "pound" is a weight ("22 minutes per pound"), never money
_PER_UNITS = {"pound": ("mass", 453.59237), "pounds": ("mass", 453.59237), "quarter": ("duration", 2191.5),
              "term": ("duration", 0.0), "semester": ("duration", 0.0)}
_NOT_RATE_DIMS = ("rate", "number", "percent")
# denominators that name one person: "£48 a head" is "£48 per person"
_PER_NOUN = {"head": "person", "people": "person", "persons": "person", "pax": "person"}


def _per_unit(text: str, found: list[Quantity]) -> list[Quantity]:
    """Amounts given per another unit or per a counted noun, read as rates of their own kind.

    Why: "45p per mile" is not an amount of money, and "£90" for a 200-mile trip is 45p x 200
    miles, not a different price; "120 mg per 5 ml" is a strength, so 7.5 ml holds 180 mg. As a
    plain amount the rate would contradict any other amount of its kind. Per a time unit the
    existing period reading stands ("30 ml in 24 hours"); "/day" after a rate gives its period.
    """
    out: list[Quantity] = []
    skip_until = -1
    for q in found:
        if q.start < skip_until:
            continue
        rate = None
        if q.dim not in _NOT_RATE_DIMS and not q.dim.startswith("count:") and q.period is None and "/" not in q.dim:
            rate = _rate_of(text, q)
        elif q.dim.startswith("count:") and q.period is None:
            # "2 drops per kg", "3 tablets per 10 kg": a count per a weight or volume is a dose rate
            # (a count per a noun, "4 doses per pack", stays a count: nouns are read too loosely)
            rate = _rate_of(text, q, measured_only=True)
            if rate is not None and rate.dim.split("/")[1] not in ("mass", "volume"):
                rate = None  # "300 pixels per inch" against "212 pixels into an inch": left as counts
        if rate is None and q.dim not in _NOT_RATE_DIMS and q.period is None and "/" not in q.dim:
            rate = _contained_per(text, q)
        if rate is not None:
            period = re.match(rf"^\s*/\s*(?P<p>{_TIME})", text[rate.end :], re.I)
            if period and _unit_of(period.group("p")):
                end = rate.end + period.end()
                rate = rate.model_copy(
                    update={"period": _unit_of(period.group("p"))[1], "end": end, "surface": text[rate.start : end],
                            "phrase": rate.phrase + text[rate.end : end]}
                )
            skip_until = rate.end
            out.append(rate)
            continue
        out.append(q)
    return out


# "Each ml contains 1.5 mg", "every 5 ml holds 120 mg": the rate said before the amount
_CONTAINED = re.compile(
    rf"\b(?:each|every|per|one)\s+(?:(?P<n>{NUMBER})\s*)?(?P<u>[a-zµμ]+)\s+(?:of\s+[a-z]+\s+)?"
    rf"(?:contains|holds|has|gives|provides|delivers)\s+$",
    re.I,
)


def _contained_per(text: str, q: Quantity) -> Quantity | None:
    """An amount that a measured amount of something contains: a rate per that amount."""
    m = _CONTAINED.search(text[max(0, q.start - 60) : q.start])
    if not m:
        return None
    unit = _unit_of(m.group("u"))
    amount = read_number(m.group("n")) if m.group("n") else 1.0
    if unit is None or unit[0] in ("duration", q.dim) or not amount:
        return None
    per = amount * unit[1]
    return q.model_copy(
        update={"dim": f"{q.dim}/{unit[0]}", "lo": q.lo / per, "hi": q.hi / per, "per": per, "scale": q.scale / per}
    )


def _rate_of(text: str, q: Quantity, measured_only: bool = False) -> Quantity | None:
    m = _PER.match(text[q.end :])
    if not m:
        return None
    word = m.group("u").lower()
    amount = read_number(m.group("n")) if m.group("n") else 1.0
    unit = _PER_UNITS.get(word) or _unit_of(word)
    if measured_only and (unit is None or unit[0] == "duration"):
        return None
    slash = m.group(0).lstrip().startswith("/")
    if unit is not None and unit[0] == "duration" and q.dim != "duration":
        return None  # per a period: the period reading's, not a rate per unit ("1 week per year" is one)
    if unit is None:
        if slash or m.group("n") or _is_stopword(word) or word in _NOT_COUNT_NOUNS or len(word) < 3:
            return None
        if word == "time" and not q.dim.startswith("money:"):
            return None  # "5 minutes each time", "15 ml a time": the amount of one go, as "at a time" says it
        den, factor = f"count:{_PER_NOUN.get(word.lower(), _singular(word))}", 1.0
    else:
        den, factor = unit
    if not amount:
        return None
    per = amount * factor
    end = q.end + m.end()
    return q.model_copy(
        update={
            "dim": f"{q.dim}/{den}",
            "lo": q.lo / per,
            "hi": q.hi / per,
            "per": per,
            "scale": q.scale / per,
            "end": end,
            "surface": text[q.start : end],
            "phrase": q.shown + text[q.end : end],
        }
    )


def _starts_cleanly(text: str, start: int) -> bool:
    """A number glued to a word ("B12", "COVID-19", "v2.5") is a name, not a quantity."""
    return start == 0 or not (
        text[start - 1].isalnum()
        or text[start - 1] in "_."
        or (text[start - 1] == "-" and start >= 2 and text[start - 2].isalpha())
    )


def _make(
    text: str,
    start: int,
    end: int,
    dim: str,
    lo: float,
    hi: float,
    invert: bool = False,
    count: float | None = None,
    scale: float = 1.0,
) -> Quantity:
    bound, negation_at = _bound(text, start, end, dim)
    if invert:
        bound = _INVERT[bound]
    return Quantity(
        surface=text[start:end],
        start=start,
        end=end,
        dim=dim,
        lo=min(lo, hi),
        hi=max(lo, hi),
        bound=bound,
        negation_at=negation_at,
        count=count,
        scale=scale,
        phrase=_phrase(text, start if negation_at is None else negation_at, end, dim),
        approx=_hedged(text, start),
        measure=_measure(text, start, end) if dim == "duration" else None,
    )


_AGE_WORDS = re.compile(r"\bold\b", re.I)
_AGED_JUST_BEFORE = re.compile(r"\baged\s+$", re.I)
_LEAD_AFTER = re.compile(r"^(?:['’]s?|s['’])?\s*(?:before|beforehand|ahead|in\s+advance|prior|notice)\b", re.I)
_LENGTH_BEFORE = re.compile(
    r"\b(?:length|duration|lasts?|lasting|takes?|taking)\s*(?:about|around|roughly|up\s+to)?\s*:?\s*$", re.I
)
# a table cell under a header that names a length ("Usual length of treatment: 18 months", "Time: 45 minutes")
_LENGTH_HEADER = re.compile(r"(?:^|\|\s)(?P<h>[^|:]{1,40}):\s*$")
_LENGTH_HEADER_WORDS = re.compile(r"\b(?:length|duration|time|how\s+long)\b", re.I)
_LENGTH_AFTER = re.compile(r"^\s+long\b", re.I)


def _measure(text: str, start: int, end: int) -> str | None:
    if _AGE_WORDS.search(text[start:end]) or _AGED_JUST_BEFORE.search(text[max(0, start - 8) : start]):
        return "age"
    if _AGES_BEFORE.search(text[max(0, start - 40) : start]):
        return "age"  # "aged 6 and 9": the 9 too
    if _LEAD_AFTER.match(text[end : end + 20]):
        return "lead"
    if _LENGTH_BEFORE.search(text[max(0, start - 24) : start]) or _LENGTH_AFTER.match(text[end : end + 8]):
        return "length"
    header = _LENGTH_HEADER.search(text[max(0, start - 44) : start])
    if header and _LENGTH_HEADER_WORDS.search(header.group("h")):
        return "length"
    return None


def _value(surface: str | None, default: float | None = None) -> float | None:
    return default if surface is None else read_number(surface)


def _money(text, m):
    value = _value(m.group("v"))
    if value is None:
        return None
    sign = m.groupdict().get("cur")
    code = _CURRENCY_SIGN[sign] if sign else _CURRENCY_WORD[m.group("curw").lower().rstrip("s")]
    scale = _MULTIPLIER.get((m.group("mult") or "").lower(), 1.0)
    return _make(text, m.start(), m.end(), f"money:{code}", value * scale, value * scale)


def _holidays(text, m):
    value = _value(m.group("v"))
    if value is None:
        return None
    day = _DURATION["day"]
    return _make(text, m.start(), m.end(), "duration", value * day, value * day, scale=day)


def _aged(text, m):
    value = _value(m.group("v"))
    if value is None:
        return None
    years = _DURATION["year"]
    other = _value(m.group("v2")) if m.groupdict().get("v2") else None
    high = other if other is not None and other > value else value
    return _make(text, m.start("v"), m.end(), "duration", value * years, high * years, scale=years)


# the ages of a list before a number: "aged 6 and ", "aged 6, 8 and "
_AGES_BEFORE = re.compile(r"\baged\s+\d{1,3}(?:\s*,\s*\d{1,3})*\s*(?:,\s*and|,|and)\s+$", re.I)
# people counted after the number: "aged 5 and 2 adults" lists an age, then a count
_PEOPLE_AFTER = re.compile(
    r"\s+(?:adults?|child(?:ren)?|kids?|people|persons?|grown-ups?|teenagers?|bab(?:y|ies)|infants?|toddlers?|"
    r"students?|pupils?|guests?|members?|visitors?|others?|more)\b",
    re.I,
)


def _aged_list(text, m):
    """A later age of a list after "aged" ("aged 6 and 9"), unless people are counted after it."""
    if _PEOPLE_AFTER.match(text[m.end() : m.end() + 20]):
        return None
    return _aged(text, m) if _AGES_BEFORE.search(text[max(0, m.start() - 40) : m.start()]) else None


def _pound_weight(text, m):
    value = _value(m.group("v"))
    if value is None:
        return None
    return _make(text, m.start(), m.end(), "mass", value * 453.59237, value * 453.59237, scale=453.59237)


def _pence(text, m):
    value = _value(m.group("v"))
    if value is None:
        return None
    return _make(text, m.start(), m.end(), "money:GBP", value / 100, value / 100, scale=0.01)


def _count_of(m) -> float | None:
    return read_number(m.group("cw")) if m.group("cw") else _value(m.group("c"))


def _frequency(text, m):
    count, span = _count_of(m), _value(m.group("n"), 1.0)
    unit = _unit_of(m.group("u"))
    if count is None or span is None or unit is None or span == 0:
        return None
    rate = count / (span * unit[1])
    return _make(text, m.start(), m.end(), "rate", rate, rate, count=count)


def _frequency_adverb(text, m):
    count = _count_of(m)
    if count is None:
        return None
    rate = count / _ADVERB_RATE[m.group("adv").lower()]
    return _make(text, m.start(), m.end(), "rate", rate, rate, count=count)


def _every(text, m):
    span, unit = _value(m.group("n"), 1.0), _unit_of(m.group("u"))
    if span is None or unit is None or span == 0:
        return None
    rate = 1 / (span * unit[1] * (2 if m.group("other") else 1))
    return _make(text, m.start(), m.end(), "rate", rate, rate, invert=True)


def _interval(text, m):
    span, unit = _value(m.group("n")), _unit_of(m.group("u"))
    if span is None or unit is None or span == 0:
        return None
    rate = 1 / (span * unit[1])
    return _make(text, m.start(), m.end(), "rate", rate, rate, invert=True)


def _adverb(text, m):
    rate = 1 / _ADVERB_RATE[m.group("adv").lower()]
    return _make(text, m.start(), m.end(), "rate", rate, rate)


def _range(text, m):
    sep = m.group("sep").lower()
    if sep == "and" and not m.group("pre"):
        return None
    if not (m.group("ub") or m.group("pre") or sep == "to"):
        return None
    a, b = _value(m.group("a")), _value(m.group("b"))
    unit_b = _unit_of(m.group("ub"))
    unit_a = _unit_of(m.group("ua")) or unit_b
    if a is None or b is None or (unit_b and unit_a and unit_a[0] != unit_b[0]):
        return None
    dim, fa, fb = (unit_b[0], unit_a[1], unit_b[1]) if unit_b and unit_a else ("number", 1.0, 1.0)
    lo, hi = a * fa, b * fb
    if lo > hi:
        # "10-2" is not a range; leave the numbers to the single readers. "between 6 weeks and 14
        # days" is one, written from the far end (both units given, so the order is no misreading)
        if not (m.group("pre") and m.group("pre").strip().lower() == "between" and m.group("ua") and unit_b):
            return None
        lo, hi = hi, lo
    start = m.start("a") if m.group("pre") is None else m.start()
    end = m.end()
    if dim == "number":
        # a range of counted things ("stays of 1 to 4 nights", "between 200 and 300 words") counts that
        # noun, as a single number before a noun does ("5 nights or more"): otherwise the two never meet
        noun = _RANGE_NOUN.match(text, end)
        word = noun.group(1).lower() if noun else ""
        if _AGED_BEFORE.search(text[: m.start()]):
            # "adults aged 18 to 80": an age band in years, as "aged 30" is an age (the "aged" reader)
            years = _DURATION["year"]
            return _make(text, start, m.end("b"), "duration", lo * years, hi * years, scale=years)
        if noun and word not in _NOT_COUNT_NOUNS and not _is_stopword(word):
            dim, end = f"count:{_singular(word)}", noun.end()
    return _make(text, start, end, dim, lo, hi, scale=fb)


_AGED_BEFORE = re.compile(r"\baged\s*$", re.I)


_RANGE_NOUN = re.compile(r"\s*([A-Za-z]{3,})\b")


def _age(text, m):
    value, unit = _value(m.group("v")), _unit_of(m.group("u"))
    if value is None or unit is None:
        return None
    return _make(text, m.start(), m.end(), "duration", value * unit[1], value * unit[1], scale=unit[1])


_FRACTION_PARTS = {"quarter": 4.0, "third": 3.0, "half": 2.0}


def _parts(phrase: str) -> tuple[float, float]:
    """(how many parts, of how many) a fraction names: "three quarters" (3, 4), "a half" and "half" (1, 2)."""
    words = phrase.lower().replace("-", " ").split()
    part = _FRACTION_PARTS[words[-1].removesuffix("s")]
    return (read_number(words[0]) if len(words) > 1 else 1.0) or 1.0, part


def _fraction(text, m):
    value, part = _parts(m.group("f"))
    unit = _unit_of(m.group("u"))
    if unit is None:
        return None
    amount = value / part * unit[1]
    return _make(text, m.start(), m.end(), unit[0], amount, amount, scale=unit[1])


_SHARE_PARTS = {"third": 3.0, "quarter": 4.0, "fifth": 5.0, "tenth": 10.0}


def _share_of(text, m):
    words = m.group("f").lower().replace("-", " ").split()
    part = _SHARE_PARTS[words[-1].removesuffix("s")]
    count = (read_number(words[0]) if len(words) > 1 else 1.0) or 1.0
    if count >= part:
        return None
    share = count / part * 100
    return _make(text, m.start("f"), m.end("f"), "percent", share, share)


def _proportion(text, m):
    noun = m.group("noun").strip().lower()
    if any(_unit_of(w) for w in noun.split()):
        return None  # "5 ml in 100 ml": an amount in an amount, not a share of people or things
    after = re.match(r"\s+([a-z]+)", text[m.end() :], re.I)
    if noun and after and not _is_stopword(after.group(1).lower()):
        return None  # "6 hospitals in 48 countries": things of one kind in things of another
    a, b, whole = _value(m.group("a")), _value(m.group("b") or m.group("a")), _value(m.group("m"))
    if a is None or b is None or not whole or whole < 2 or b > whole or _is_year(m.group("m")):
        return None
    return _make(text, m.start(), m.end(), "percent", a / whole * 100, b / whole * 100)


def _and_half(text, m):
    value, unit = read_number(m.group("v")), _unit_of(m.group("u"))
    if value is None or unit is None:
        return None
    amount = (value + 0.5) * unit[1]
    return _make(text, m.start(), m.end(), unit[0], amount, amount, scale=unit[1])


def _whole_and_part(text, m):
    count, part = _parts(m.group("f"))
    value, unit = read_number(m.group("v")), _unit_of(m.group("u"))
    if value is None or unit is None or count >= part:
        return None
    amount = (value + count / part) * unit[1]
    return _make(text, m.start(), m.end(), unit[0], amount, amount, scale=unit[1])


def _single(text, m):
    value, unit = _value(m.group("v")), _unit_of(m.group("u"))
    if value is None or unit is None:
        return None
    if unit[0] == "length" and m.group("u").strip().lower() == "m" and text[m.end() : m.end() + 1].isalpha():
        return None
    start = m.start()
    if unit[0].startswith("temperature") and _minus_before(text, start):
        value, start = -value, start - 1  # "-2°C": only temperatures are read with a sign
    return _make(text, start, m.end(), unit[0], value * unit[1], value * unit[1], scale=unit[1])


def _temperature_letter(text, m):
    value = _value(m.group("v"))
    if value is None:
        return None
    dim = "temperature_f" if m.group("u") == "F" else "temperature_c"
    start = m.start()
    if _minus_before(text, start):
        value, start = -value, start - 1
    return _make(text, start, m.end(), dim, value, value)


def _minus_before(text: str, start: int) -> bool:
    """A minus sign glued to the number and standing alone ("at -2°C", "(-5 °C)"), not "2-4"."""
    return start >= 1 and text[start - 1] in "-−" and (start == 1 or text[start - 2] in " (\t\n/")


def _per_period(text, m):
    quantity, span, period = _single(text, m), _value(m.group("n"), 1.0), _unit_of(m.group("p"))
    if quantity is None or span is None or period is None:
        return None
    return quantity.model_copy(update={"period": span * period[1]})


def _count(text, m):
    noun = m.group("noun").lower()
    value = _value(m.group("v"))
    if value is None or noun in _NOT_COUNT_NOUNS or _is_stopword(noun):
        return None
    if _is_year(m.group("v")) or (m.group("v").isalpha() and value == 1.0):
        return None  # "in 2020 the", "one of", "the one exception": not counts
    singular = noun[:-1] if noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3 else noun
    return _make(text, m.start(), m.end(), f"count:{singular}", value, value)


def _singular(noun: str) -> str:
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3 else noun


def _bare(text, m):
    value = _value(m.group("v"))
    if value is None or _is_year(m.group("v")) or (m.group("v").isalpha() and value <= 1.0):
        return None
    return _make(text, m.start(), m.end(), "number", value, value)


def _is_year(surface: str) -> bool:
    return bool(re.fullmatch(r"1[89]\d\d|20\d\d", surface))


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    from guard.facts.lexicon import ENGLISH

    return ENGLISH.stopwords


def _is_stopword(word: str) -> bool:
    return word in _stopwords()


_READERS = {
    "money": _money,
    "pence": _pence,
    "pound_weight": _pound_weight,
    "aged": _aged,
    "aged_list": _aged_list,
    "holidays": _holidays,
    "frequency": _frequency,
    "frequency_adverb": _frequency_adverb,
    "every": _every,
    "interval": _interval,
    "adverb": _adverb,
    "range": _range,
    "per_period": _per_period,
    "age": _age,
    "fraction": _fraction,
    "and_half": _and_half,
    "whole_and_part": _whole_and_part,
    "proportion": _proportion,
    "share_of": _share_of,
    "temperature_letter": _temperature_letter,
    "single": _single,
    "count": _count,
    "bare": _bare,
}
