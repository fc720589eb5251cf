"""When a claim's quantity agrees with an evidence quantity, conflicts with it, or follows from two.

Why apart from the comparison: alignment (which unit is about the claim's anchor) and the
verdict (does the value agree) ask the same question, so they share these three rules.

- ``accepts``: same dimension and the claim's value fits the evidence: equal, inside the
  evidence's range ("3-year-old" in "2 to 4 years"), or inside its bound ("every 6 hours"
  against "at least 4 hours between doses"). A bounded claim restates a limit, so it fits
  only the same limit ("at least 4 hours", not "at least 6 hours", against "at least 4
  hours") or the same plain number ("at least 4 hours" against "4 hours"; not "more than 3
  days" against "3 to 6 months").
  A claim number without unit, or the evidence's, must be the same number said the same
  way ("aged 12 years and over" against "aged 12 and over"; not "500 g" under "12 and over").
- ``conflicts``: same dimension, so a different value is a contradiction, not a new fact.
- ``one_step``: the claim's value is the sum, difference, product, ratio or a percentage of
  two evidence values whose dimensions allow it ("10 ml x 4 doses = 40 ml": volume times a
  count; "6 % + 3 % = 9 %").
"""

from __future__ import annotations

import itertools
import math
import re

from guard.facts.quantities import DURATION_HOURS, Bound, Quantity, countable

__all__ = ["accepts", "conflicts", "denied_value", "exact", "one_step", "same_kind", "same_number", "two_steps"]

_UP = (Bound.ge, Bound.gt)
_DOWN = (Bound.le, Bound.lt)


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-12)


def conflicts(claim: Quantity, evidence: Quantity) -> bool:
    """Both measure the same thing, so their values must agree."""
    return claim.dim == evidence.dim and not _other_measures(claim, evidence)


# durations that are never each other's value: a person's age and how long a thing lasts ("a
# 72-year-old" against "Length: 20 minutes", "a 14-year-old" against "Usual length of treatment: 18
# months"); a time given before an event and the length of the event ("cancelling 4 days before it"
# against "Length: 2 hours")
def _other_measures(a: Quantity, b: Quantity) -> bool:
    kinds = {a.measure, b.measure}
    if "age" in kinds and (_clock(a) or _clock(b)):
        return True
    return kinds in ({"lead", "length"}, {"age", "length"})


def _clock(q: Quantity) -> bool:
    return q.measure != "age" and q.scale <= DURATION_HOURS["hour"]


# How far a value said as a round figure ("about 800 µl", "roughly six months") may lie from the
# exact one: 180 days is 5.9 months, 45 minutes 0.75 hours. Both sides plain or one bound; a limit
# restated ("at least") still needs its own number.
APPROX_TOLERANCE = 0.05


def accepts(claim: Quantity, evidence: Quantity) -> bool:
    if claim.dim == evidence.dim:
        if _fits(claim.lo, claim.hi, claim.bound, evidence.lo, evidence.hi, evidence.bound):
            return True
        return (claim.approx or evidence.approx) and _fits_roughly(claim, evidence)
    if _per_and_plain(claim, evidence):
        # "a night costs EUR 160" against "EUR 160 per night": the same amount, the "per" left implicit
        return _fits(*_numerator(claim), claim.bound, *_numerator(evidence), evidence.bound)
    c_lo, c_hi = claim.written
    e_lo, e_hi = evidence.written
    if countable(claim.dim) and countable(evidence.dim):
        return _fits(c_lo, c_hi, claim.bound, e_lo, e_hi, evidence.bound)
    limit = evidence.is_band
    if limit and _age(claim) and evidence.dim == "number":
        # an age against a bare range or limit of years ("a 12-year-old" under "Child (5 to 15)"):
        # headers write ages without their unit. (The reverse, a bare claim number under an age
        # limit, "at 67" under "65 years and over", was tried: on dev it let two wrong claims
        # through for one right one, since a bare number fits some other row's range too.)
        return _fits(*claim.written, claim.bound, *evidence.written, evidence.bound)
    if "number" in (claim.dim, evidence.dim):
        # a bare number against a measured one: only the same number, said the same way
        same_way = claim.bound is evidence.bound or evidence.bound is Bound.eq
        return same_way and _close(c_lo, e_lo) and _close(c_hi, e_hi)
    return False


# plurals a final "s" does not make: "four people" counts what "£75 per person" is per
_IRREGULAR = {"count:people": "count:person", "count:children": "count:child", "count:men": "count:man",
              "count:women": "count:woman"}


def _noun(dim: str) -> str:
    return _IRREGULAR.get(dim, dim)


def _per_and_plain(a: Quantity, b: Quantity) -> bool:
    """One is a rate per a unit or noun ("EUR 160 per night"), the other its plain numerator."""
    return (a.per is None) != (b.per is None) and a.dim.split("/")[0] == b.dim.split("/")[0]


def _numerator(q: Quantity) -> tuple[float, float]:
    per = q.per or 1.0
    return q.lo * per, q.hi * per


_YEAR_HOURS = DURATION_HOURS["year"]


def _age(q: Quantity) -> bool:
    """A number of years that can be an age (a whole number of years up to 120)."""
    return q.dim == "duration" and math.isclose(q.scale, _YEAR_HOURS) and 0 < q.lo / q.scale <= 120


def exact(claim: Quantity, evidence: Quantity) -> bool:
    """Accepted as the same statement (same bound, value inside), not only implied by a bound."""
    return accepts(claim, evidence) and (evidence.bound is Bound.eq or claim.bound is evidence.bound)


def same_number(claim: Quantity, evidence: Quantity) -> bool:
    """Same dimension and value whatever the bounds ("more than 3 days" and "at most 3 days")."""
    return claim.dim == evidence.dim and _close(claim.lo, evidence.lo) and _close(claim.hi, evidence.hi)


def _fits(c_lo: float, c_hi: float, c_bound: Bound, e_lo: float, e_hi: float, e_bound: Bound) -> bool:
    if e_bound is Bound.eq:
        if c_bound is Bound.eq:
            return (e_lo <= c_lo or _close(e_lo, c_lo)) and (c_hi <= e_hi or _close(c_hi, e_hi))
        # "at least 4 hours" against "4 hours": the same number; against a range, not comparable
        if not _close(e_lo, e_hi):
            return False
        return _close(c_lo, e_lo)
    if c_bound is not Bound.eq:
        # a limit restated must be the same limit: "at least 48 hours" is not the rule "at least 24 hours"
        same_way = (c_bound in _UP) == (e_bound in _UP)
        return same_way and _close(c_lo, e_lo) and _close(c_hi, e_hi)
    if e_bound in _UP:
        return c_lo > e_lo if e_bound is Bound.gt else (c_lo >= e_lo or _close(c_lo, e_lo))
    return c_hi < e_hi if e_bound is Bound.lt else (c_hi <= e_hi or _close(c_hi, e_hi))


def _fits_roughly(claim: Quantity, evidence: Quantity) -> bool:
    """A plain claim value inside the evidence's value, range or bound, widened by the rounding allowed."""
    if claim.is_range:
        return False
    if claim.bound is not Bound.eq:
        # a round figure with a bound that the evidence's one value meets just past it: "just over
        # 500" for 508, "a little over half an hour" for 35 minutes (a limit, "up to 60 mg", is not
        # hedged, and must restate the evidence's number)
        if evidence.bound is not Bound.eq or evidence.is_range:
            return False
        e = evidence.lo
        inside = e > claim.lo if claim.bound in _UP else e < claim.hi
        return inside and math.isclose(e, claim.lo, rel_tol=0.25)
    value, tol = claim.lo, APPROX_TOLERANCE
    low = -math.inf if evidence.bound in _DOWN else evidence.lo - abs(evidence.lo) * tol
    high = math.inf if evidence.bound in _UP else evidence.hi + abs(evidence.hi) * tol
    return low <= value <= high


def _near(result: float, target: float) -> bool:
    """Equal up to the rounding a writer applies (0.5 %), e.g. 1/3 written as 33.3 %."""
    return math.isclose(result, target, rel_tol=5e-3, abs_tol=1e-9)


def one_step(claim: Quantity, pool: list[Quantity]) -> tuple[str, Quantity, Quantity] | None:
    """How the claim's value follows from two pool values in one step (text, operands), or None.

    Two readings of one number are not two values ("01632 + 01632"), so operands differ in value.
    """
    if claim.is_range:
        return None
    operands = [q for q in pool if not q.is_range]
    for x, y in itertools.permutations(operands, 2):
        if _close(x.lo, y.lo):
            continue
        found = _step(claim, x, y)
        if found:
            return found, x, y
    return None


def two_steps(claim: Quantity, pool: list[Quantity]) -> tuple[str, tuple[Quantity, ...]] | None:
    """How a price follows from three pool values in two steps: an amount of two of them (a sum, a
    difference, a price times a count, a rate times an amount, a percentage on or off), then a
    third added, taken away or taken as a percentage on or off ("£60 + (£42 × two) = £144",
    "(£5 × six) - 10 % = £27"); else None. A price only: a total of what is bought is the
    arithmetic a reader does in two steps, and other values fit such chains by chance."""
    if claim.is_range or not claim.dim.startswith("money") or claim.per is not None or claim.approx:
        return None
    operands = [q for q in pool if not q.is_range]
    for x, y in itertools.permutations(operands, 2):
        if _close(x.lo, y.lo):
            continue
        for middle in _intermediates(x, y):
            if middle.dim != claim.dim:
                continue
            for z in operands:
                if z is x or z is y:
                    continue
                found = _second_step(claim, middle, z)
                if found:
                    return found, (x, y, z)
    return None


# How near a two-step result must be to the claim's value: the pennies of a price, not a writer's
# rounding ("(£2.80 + 15 %) + £3.20" is £6.42, not "£6.40").
TWO_STEP_TOLERANCE = 1e-3


def _exactly(result: float, claim: Quantity) -> bool:
    return math.isclose(result, claim.lo, rel_tol=TWO_STEP_TOLERANCE)


def _second_step(claim: Quantity, middle: Quantity, z: Quantity) -> str | None:
    if z.dim == claim.dim and z.per is None:
        if _exactly(middle.lo + z.lo, claim):
            return f"{middle.surface} + {z.surface} = {claim.surface}"
        if _exactly(abs(middle.lo - z.lo), claim):
            high, low = (middle, z) if middle.lo > z.lo else (z, middle)
            return f"{high.surface} - {low.surface} = {claim.surface}"
    if z.dim == "percent":
        if _exactly(middle.lo * (1 + z.lo / 100), claim):
            return f"{middle.surface} + {z.surface} = {claim.surface}"
        if _exactly(middle.lo * (1 - z.lo / 100), claim):
            return f"{middle.surface} - {z.surface} = {claim.surface}"
    return None


def _intermediates(x: Quantity, y: Quantity) -> list[Quantity]:
    """The prices one step over ``x`` and ``y`` gives (a sum, a difference, a price times a count,
    a rate times an amount, a percentage on or off), as quantities."""
    if not x.dim.startswith("money"):
        return []
    out: list[tuple[str, str, float]] = []
    if x.per is None and y.per is None and x.dim == y.dim:
        out.append((x.dim, f"({x.surface} + {y.surface})", x.lo + y.lo))
        if x.lo > y.lo:
            out.append((x.dim, f"({x.surface} - {y.surface})", x.lo - y.lo))
    if x.per is not None and y.per is None and x.dim.split("/", 1)[1] == _noun(y.dim) and y.lo:
        out.append((x.dim.split("/", 1)[0], f"({x.surface} × {y.surface})", x.lo * y.lo))
    if x.per is None and countable(y.dim) and y.lo and not _close(y.lo, 1.0):
        out.append((x.dim, f"({x.surface} × {y.surface})", x.lo * y.lo))
    if x.per is None and y.dim == "percent":
        out.append((x.dim, f"({x.surface} + {y.surface})", x.lo * (1 + y.lo / 100)))
        out.append((x.dim, f"({x.surface} - {y.surface})", x.lo * (1 - y.lo / 100)))
    return [Quantity(surface=text, start=x.start, end=x.end, dim=dim, lo=value, hi=value) for dim, text, value in out]


def same_kind(a: str, b: str) -> bool:
    """Two values one can add or subtract: the same dimension, or two counts (nouns are read loosely)."""
    return a == b or (countable(a) and countable(b))


_same = same_kind


# How far past a hedged bound ("just over 500", "nearly 100", "a little under an hour") the
# exact value may lie: a writer says "just over 500" for 508, not for 600.
HEDGED_BOUND_TOLERANCE = 0.1


def gives(result: float, claim: Quantity) -> bool:
    """A step's exact result is what the claim says: equal up to a writer's rounding (0.5 %), or,
    for a claim said as a round figure, within the rounding its hedge allows ("about 250" for
    249.6, within APPROX_TOLERANCE; "just over 500" for 508: past 500 and within
    HEDGED_BOUND_TOLERANCE of it; "nearly 100" for 96: under 100, within the same)."""
    if not claim.approx or claim.is_range:
        return _near(result, claim.lo)
    if claim.bound is Bound.eq:
        # "about 250": the result rounded to the figure's precision, and within the tolerance
        return _rounds_to(result / claim.scale, claim.written[0]) and math.isclose(
            result, claim.lo, rel_tol=APPROX_TOLERANCE
        )
    # "just over 500": past the figure and not far past it
    inside = result > claim.lo if claim.bound in _UP else result < claim.hi
    return inside and math.isclose(result, claim.lo, rel_tol=HEDGED_BOUND_TOLERANCE)


def _rounds_to(value: float, figure: float) -> bool:
    """``figure`` is ``value`` rounded to the figure's own precision: 508 to "500" (hundreds), 249.6
    to "250" (tens), 5.9 months to "six"; 38 is not "about 39" (a writer rounds 38 to 40, or says 38).
    Why: a sum of two stated amounts that happens to land near a hedged figure is chance, not rounding."""
    if figure <= 0 or value <= 0:
        return False
    step = 1.0
    if float(figure).is_integer():
        whole = int(figure)
        while whole % 10 == 0 and whole >= 10:
            whole //= 10
            step *= 10
    else:
        decimals = len(repr(float(figure)).split(".")[1])
        step = 10.0 ** -decimals
    return abs(value - figure) <= step / 2 + 1e-9


def _step(claim: Quantity, x: Quantity, y: Quantity) -> str | None:
    def hit(result: float) -> bool:
        return gives(result, claim)

    if _same(x.dim, claim.dim) and _same(y.dim, claim.dim):
        if hit(x.lo + y.lo):
            return f"{x.surface} + {y.surface} = {claim.surface}"
        if x.lo > y.lo and hit(x.lo - y.lo):
            return f"{x.surface} - {y.surface} = {claim.surface}"
    # a rate per a unit or noun times an amount of that unit ("45p per mile x 200 miles = £90",
    # "120 mg per 5 ml x 7.5 ml = 180 mg", "EUR 220 per night x 3 nights = EUR 660")
    if x.per is not None and y.per is None and x.dim == f"{claim.dim}/{_noun(y.dim)}" and y.lo:
        if hit(x.lo * y.lo):
            return f"{x.surface} × {y.surface} = {claim.surface}"
    # a count of 1 multiplies nothing: "1,500 mg x 1 capsule" is the value restated, not a step
    if _same(x.dim, claim.dim) and countable(y.dim) and y.lo and not _close(y.lo, 1.0):
        if hit(x.lo * y.lo):
            return f"{x.surface} × {y.surface} = {claim.surface}"
        if hit(x.lo / y.lo):
            return f"{x.surface} ÷ {y.surface} = {claim.surface}"
    if _shared_out(claim, x, y) and hit(x.lo / y.lo):
        return f"{x.surface} ÷ {y.surface} = {claim.surface}"
    if x.dim == y.dim and y.lo and claim.dim in ("number", "percent"):
        ratio = x.lo / y.lo * (100 if claim.dim == "percent" else 1)
        if hit(ratio):
            return f"{x.surface} / {y.surface} = {claim.surface}"
    if x.dim == "percent" and _same(y.dim, claim.dim):
        if hit(x.lo * y.lo / 100):
            return f"{x.surface} of {y.surface} = {claim.surface}"
        if hit(y.lo * (1 + x.lo / 100)) or hit(y.lo * (1 - x.lo / 100)):
            return f"{y.surface} changed by {x.surface} = {claim.surface}"
    return None


def _shared_out(claim: Quantity, x: Quantity, y: Quantity) -> bool:
    """The claim's rate is a total shared out over an amount of its own denominator ("£380 for a course of
    10 sessions": £38 a session; "£60 for 8 weekly sessions": £7.50 a session; "£27 for 2.5 litres":
    £10.80 a litre)."""
    if claim.per is None or x.per is not None or y.per is not None or not y.lo or _close(y.lo, 1.0):
        return False
    numerator, denominator = claim.dim.split("/", 1)
    # a count of another noun shares nothing out per the claim's ("30 minutes ÷ three sections" is no
    # time a move), nor does a limit ("up to 8 players")
    per_own = y.dim == denominator or (countable(denominator) and y.dim == "number")
    return x.dim == numerator and y.bound is Bound.eq and per_own


_DENIED = re.compile(r"\b(?:no|not|never)\s+(?:an?\s+|the\s+)?$", re.I)


def denied_value(text: str, start: int) -> bool:
    """The value at ``start`` is what a negation right before it denies ("there is no 07:10 sailing",
    "not 2 ml"): another value in the evidence does not contradict a denial."""
    return _DENIED.search(text[max(0, start - 12) : start]) is not None
