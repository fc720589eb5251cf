"""Equal quantities in any unit the reader knows are the same value; rounding words allow rounding.

Why: a true claim restating "750 µl" as "0.75 ml", "9 months" as "three quarters of a year", or
"within 180 days" as "roughly six months" was flagged (issue 11, precision): the reader lacked
most SI-prefixed units and fractions of a unit, and compared a hedged figure exactly. pint is
the reference for every factor of the unit table (checked here, entry by entry); each true
restatement below has a false twin (another order of magnitude, another fraction, a figure
beyond rounding) that must still be flagged. Passages are written here, in domains the hard
cases do not use (a pipette, a kiln, a commute, a bakery).
"""

from __future__ import annotations

import math

import pint
import pytest

from guard.facts import evidence_units, judge_facts
from guard.facts.matching import accepts
from guard.facts.quantities import _UNITS, quantities
from guard.facts.types import FactLabel

FLAGGED = (FactLabel.contradicted, FactLabel.unsupported)
HOLDS = (FactLabel.supported, FactLabel.inferred)

# the table's base unit per dimension, in pint's spelling
_BASE = {"mass": "gram", "volume": "liter", "length": "meter", "duration": "hour", "pressure": "bar", "power": "watt",
         "energy": "watt_hour"}
# pint spellings where the table's key is not one pint parses the same way
_PINT_NAME = {"µg": "microgram", "μg": "microgram", "mcg": "microgram", "µm": "micrometer", "μm": "micrometer",
              "μl": "microliter", "m3": "meter**3", "m³": "meter**3", "yr": "year", "wk": "week", "hr": "hour",
              "working day": "day", "business day": "day", "month": "month", "year": "year", "h": "hour",
              "min": "minute", "s": "second", "sec": "second", "lbs": "pound", "ug": "microgram", "ul": "microliter",
              "kilo": "kilogram", "gramme": "gram", "kpa": "kilopascal", "mpa": "megapascal", "mbar": "millibar",
              "cl": "centiliter", "dl": "deciliter", "ml": "milliliter", "kl": "kiloliter", "nl": "nanoliter",
              "nm": "nanometer", "cm": "centimeter", "mm": "millimeter", "km": "kilometer", "ng": "nanogram",
              "mg": "milligram", "kg": "kilogram", "l": "liter", "g": "gram", "m": "meter", "µl": "microliter",
              "tonne": "metric_ton", "w": "watt", "kw": "kilowatt", "wh": "watt_hour", "kwh": "kilowatt_hour"}


@pytest.fixture(scope="module")
def ureg() -> pint.UnitRegistry:
    return pint.UnitRegistry()


def test_every_unit_factor_agrees_with_pint(ureg):
    checked = 0
    for name, (dim, factor) in _UNITS.items():
        if dim not in _BASE:
            continue
        spelling = _PINT_NAME.get(name, name.replace("metre", "meter").replace("litre", "liter").replace("gramme", "gram"))
        # pint's "month" is 1/12 of a Julian year, the table's 730.5 hours: the same figure
        expected = ureg.Quantity(1, spelling).to(_BASE[dim]).magnitude
        assert math.isclose(factor, expected, rel_tol=1e-3), (name, factor, expected)
        checked += 1
    assert checked >= 60  # every SI prefix on every metric base, and the rest of the table


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("0.75 ml", "750 µl"),
        ("1,750 microlitres", "1.75 ml"),
        ("0.02 mg", "20 µg"),
        ("2.5 cm", "25 mm"),
        ("0.3 l", "3 dl"),
        ("1.2 kilometres", "1,200 m"),
        ("5 ul", "0.005 ml"),
        ("three quarters of an hour", "45 minutes"),
        ("half a year", "6 months"),
        ("an hour and a half", "90 minutes"),
        ("two years and a half", "30 months"),
        ("a quarter of an hour", "15 minutes"),
    ],
)
def test_the_same_amount_in_another_unit_is_accepted(a, b):
    qa, qb = quantities(a)[0], quantities(b)[0]
    assert accepts(qa, qb) and accepts(qb, qa)


@pytest.mark.parametrize(
    ("a", "b"),
    [("7.5 ml", "750 µl"), ("0.2 mg", "20 µg"), ("half an hour", "45 minutes"), ("a third of a litre", "250 ml")],
)
def test_another_amount_in_another_unit_is_not(a, b):
    assert not accepts(quantities(a)[0], quantities(b)[0])


@pytest.mark.parametrize(
    ("claim", "evidence", "holds"),
    [
        ("roughly six months", "within 180 days", True),
        ("about 2 hours", "115 minutes", True),
        ("nearly 4 kg", "3.9 kg", True),
        ("six months", "within 180 days", False),  # no rounding word: 6 months is over 180 days
        ("about 3 hours", "115 minutes", False),  # beyond any rounding
        ("roughly 5 kg", "3.9 kg", False),
    ],
)
def test_a_rounding_word_allows_rounding_and_no_more(claim, evidence, holds):
    assert accepts(quantities(claim)[0], quantities(evidence)[0]) is holds


PIPETTE = (
    "Calibration sheet. Each stroke of the repeater pipette delivers 250 µl. "
    "The reservoir holds 12.5 ml, and a full calibration run takes about 40 minutes."
)
KILN = "Firing schedule: hold the kiln at peak temperature for 90 minutes, then let it cool overnight."
COMMUTE = "The bus from Hollins Cross to the station takes 115 minutes on a weekday."


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Every stroke dispenses 0.25 ml.", PIPETTE),
        ("The repeater pipette reservoir has a capacity of 12,500 microlitres.", PIPETTE),
        ("A full calibration run lasts roughly two-thirds of an hour.", PIPETTE),
        ("At peak temperature the kiln is held for an hour and a half.", KILN),
        ("The bus ride from Hollins Cross to the station is about two hours.", COMMUTE),
    ],
)
def test_true_restatements_in_other_units_hold(claim, passage):
    verdict = judge_facts(claim, evidence_units("p", passage).units)
    assert verdict.label in HOLDS, (verdict.label, verdict.mismatch)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Every stroke dispenses 2.5 ml.", PIPETTE),
        ("The repeater pipette reservoir has a capacity of 1,250 microlitres.", PIPETTE),
        ("A full calibration run lasts roughly three quarters of an hour.", PIPETTE),
        ("At peak temperature the kiln is held for half an hour.", KILN),
        ("The bus ride from Hollins Cross to the station is about three hours.", COMMUTE),
    ],
)
def test_false_twins_are_still_flagged(claim, passage):
    verdict = judge_facts(claim, evidence_units("p", passage).units)
    assert verdict.label in FLAGGED, (verdict.label, verdict.mismatch)


@pytest.mark.parametrize(
    ("text", "lo", "hi"),
    [("up to 1 in 20 users", 5.0, 5.0), ("1 to 5 users in 1,000", 0.1, 0.5), ("1 in every 4 visitors", 25.0, 25.0)],
)
def test_a_proportion_is_a_share_in_per_cent(text, lo, hi):
    q = quantities(text)[0]
    assert q.dim == "percent" and q.lo == pytest.approx(lo) and q.hi == pytest.approx(hi)


@pytest.mark.parametrize("text", ["6 branches in 48 towns", "4 times in 24 hours", "5 ml in 100 ml", "born in 1990"])
def test_other_in_phrases_are_no_proportion(text):
    assert all(q.dim != "percent" for q in quantities(text))


SIDE_EFFECTS = (
    "Quiraxil can make you dizzy: dizziness may affect up to 1 in 20 users. "
    "Quiraxil causes a skin rash in 1 to 5 users in 1,000."
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Dizziness may affect up to 5% of Quiraxil users.", True),
        ("Between 0.1% and 0.5% of Quiraxil users get a skin rash.", True),
        ("Dizziness may affect up to 20% of Quiraxil users.", False),
        ("Between 1% and 5% of Quiraxil users get a skin rash.", False),
    ],
)
def test_shares_said_as_proportions_or_per_cent(claim, holds):
    verdict = judge_facts(claim, evidence_units("p", SIDE_EFFECTS).units)
    assert (verdict.label in HOLDS) is holds, (verdict.label, verdict.mismatch)


POWER = "The heater has an output of 2 kW and a mass of 0.5 tonnes. In eco mode it draws 800 W."


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("The heater's output is 2,000 watts.", True),
        ("The heater's output is 200 watts.", False),
        ("The heater weighs 500 kg.", True),
        ("The heater weighs 50 kg.", False),
        ("In eco mode it draws 0.8 kW.", True),
        ("In eco mode it draws 8 kW.", False),
    ],
)
def test_power_and_tonnes_in_any_unit(claim, holds):
    units = evidence_units("p", POWER).units
    assert (judge_facts(claim, units).label in HOLDS) is holds
