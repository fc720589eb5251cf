"""Hard negatives for the learned judge: supported claims made wrong with the passage's own words.

FactCC-style (Kryscinski et al., 2020; METHODS.md §11 "Hard negatives"): take a claim that
its evidence supports and change one thing in it, so that the wrong claim still shares
nearly every word with the evidence. The grounding model trained on RAGTruth alone cannot
tell these apart (MODEL_CARD.md: "completed in 1889" vs "in 1925" within 0.01), because
RAGTruth has few of them. Each perturbation is one replacement of a character span:

- ``number_swap``: a number the evidence states becomes another number of the same evidence
  (digits for digits, number words for number words), else the same value shifted;
- ``entity_swap``: a named entity becomes another entity of the same spaCy type in the evidence;
- ``negation``: a "not" / "n't" is removed, or one is inserted at the first auxiliary
  (or "opened" -> "did not open");
- ``unit_change``: a unit after a number changes (mg <-> g, ml <-> l, days <-> weeks, ...)
  or a scale word does (thousand <-> million <-> billion);
- ``modal_bound``: must <-> may, always <-> never, at least <-> at most, before <-> after, ...;
- ``date_shift``: a year moves by a few years, a month or weekday name becomes another.

The original claim stays ``supported`` beside its variant, labelled ``contradicted``.
Everything is seeded per pair (``random.Random`` over a string key), so a run is a pure
function of the inputs and the seed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from enum import Enum
from functools import lru_cache

from pydantic import BaseModel

__all__ = [
    "PerturbationKind",
    "Perturbation",
    "perturb",
    "perturbations",
    "choose_perturbations",
    "PERTURBERS",
]


class PerturbationKind(str, Enum):
    number_swap = "number_swap"
    entity_swap = "entity_swap"
    negation = "negation"
    unit_change = "unit_change"
    modal_bound = "modal_bound"
    date_shift = "date_shift"


class Perturbation(BaseModel):
    """``original[start:end]`` (== ``old``) replaced by ``new`` gives ``text``."""

    kind: PerturbationKind
    original: str
    start: int
    end: int
    old: str
    new: str

    @property
    def text(self) -> str:
        return self.original[: self.start] + self.new + self.original[self.end :]


def _replace(kind: PerturbationKind, text: str, start: int, end: int, new: str) -> Perturbation:
    return Perturbation(kind=kind, original=text, start=start, end=end, old=text[start:end], new=new)


def _match_case(old: str, new: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new


# ---------------------------------------------------------------- numbers

# "one" is left out: far more often a pronoun ("no one", "one of") than a count.
_WORD_NUMBERS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "hundred": 100,
}
_NUMBER_WORDS = {value: word for word, value in _WORD_NUMBERS.items()}
_DIGITS = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w]|[.,]\d)")
_WORDS = re.compile(r"\b(" + "|".join(_WORD_NUMBERS) + r")\b", re.IGNORECASE)


def _value(token: str) -> float | None:
    word = _WORD_NUMBERS.get(token.lower())
    if word is not None:
        return float(word)
    try:
        return float(token.replace(",", ""))
    except ValueError:
        return None


def _numbers(text: str) -> list[re.Match]:
    return [*_DIGITS.finditer(text), *_WORDS.finditer(text)]


def _form(token: str) -> str:
    """Numbers are only swapped within one form: a year for a year, a word for a word."""
    if token.lower() in _WORD_NUMBERS:
        return "word"
    return "year" if _YEAR.fullmatch(token) else "digits"


def _shifted(token: str, rng: random.Random) -> str:
    """The same kind of number with another value (used when the evidence offers none)."""
    value = _value(token)
    if token.lower() in _WORD_NUMBERS:
        choices = [w for v, w in _NUMBER_WORDS.items() if v != value and v <= 20]
        return _match_case(token, rng.choice(sorted(choices)))
    decimals = len(token.split(".")[1]) if "." in token and "," not in token else 0
    delta = rng.choice([1, 2, 3, 5]) * (1 if rng.random() < 0.5 or value <= 5 else -1)
    if decimals:
        return f"{value + delta * 10 ** -decimals * 5:.{decimals}f}"
    return str(int(value) + delta)


def number_swap(claim: str, evidence: str, rng: random.Random) -> Perturbation | None:
    """A number the evidence states becomes another number of the evidence (same form)."""
    stated = {_value(m.group()) for m in _numbers(evidence)}
    eligible = [m for m in _numbers(claim) if _value(m.group()) in stated]
    if not eligible:
        return None
    chosen = rng.choice(sorted(eligible, key=lambda m: m.start()))
    old = chosen.group()
    in_claim = {_value(m.group()) for m in _numbers(claim)}  # "2 to 2 years" would be a typo, not a claim
    others = sorted({
        m.group() for m in _numbers(evidence)
        if _form(m.group()) == _form(old) and _value(m.group()) not in in_claim
    })
    new = _match_case(old, rng.choice(others)) if others else _shifted(old, rng)
    return _replace(PerturbationKind.number_swap, claim, chosen.start(), chosen.end(), new)


# ---------------------------------------------------------------- entities

_ENTITY_TYPES = {"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LANGUAGE"}


@lru_cache(maxsize=1)
def _nlp():
    import spacy

    from guard.grounding.sentences import SPACY_MODEL

    return spacy.load(SPACY_MODEL)


@lru_cache(maxsize=4096)
def _parse(text: str):
    return _nlp()(text)


def entity_swap(claim: str, evidence: str, rng: random.Random) -> Perturbation | None:
    """A named entity of the claim, stated in the evidence, becomes another one of its type there."""
    lowered = evidence.lower()
    eligible = [e for e in _parse(claim).ents if e.label_ in _ENTITY_TYPES and e.text.lower() in lowered]
    if not eligible:
        return None
    rng.shuffle(eligible)
    found = {(e.label_, e.text) for e in _parse(evidence).ents}
    for entity in eligible:
        name = entity.text.lower()
        others = sorted(
            text for label, text in found
            if label == entity.label_ and name not in text.lower() and text.lower() not in name
        )
        if others:
            return _replace(PerturbationKind.entity_swap, claim, entity.start_char, entity.end_char,
                            rng.choice(others))
    return None


# ---------------------------------------------------------------- negation

_CONTRACTIONS = {
    "isn't": "is", "aren't": "are", "wasn't": "was", "weren't": "were", "doesn't": "does", "don't": "do",
    "didn't": "did", "can't": "can", "cannot": "can", "won't": "will", "shouldn't": "should",
    "mustn't": "must", "hasn't": "has", "haven't": "have", "hadn't": "had", "couldn't": "could",
    "wouldn't": "would",
}
_NEGATED = re.compile(r"\b(" + "|".join(re.escape(c) for c in _CONTRACTIONS) + r")|( not)\b", re.IGNORECASE)
_DO_SUPPORT = {"VBD": "did not", "VBZ": "does not", "VBP": "do not"}


def negation(claim: str, evidence: str, rng: random.Random) -> Perturbation | None:
    """Remove the claim's first negation, or insert one (at the first auxiliary, or with do-support)."""
    found = _NEGATED.search(claim)
    if found:
        if found.group(1):
            return _replace(PerturbationKind.negation, claim, found.start(), found.end(),
                            _match_case(found.group(1), _CONTRACTIONS[found.group(1).lower()]))
        return _replace(PerturbationKind.negation, claim, found.start(), found.end(), "")
    doc = _parse(claim)
    for token in doc:
        if token.pos_ == "AUX" or token.tag_ == "MD":
            end = token.idx + len(token.text)
            return _replace(PerturbationKind.negation, claim, end, end, " not")
        if token.dep_ == "ROOT":
            break
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is not None and root.pos_ == "VERB" and root.tag_ in _DO_SUPPORT:
        new = f"{_match_case(root.text, _DO_SUPPORT[root.tag_])} {root.lemma_.lower()}"
        return _replace(PerturbationKind.negation, claim, root.idx, root.idx + len(root.text), new)
    return None


# ---------------------------------------------------------------- units and scales

_UNIT_SWAPS = {
    "mg": "g", "g": "mg", "kg": "g", "ml": "l", "l": "ml", "mcg": "mg",
    "days": "weeks", "weeks": "days", "day": "week", "week": "day",
    "hours": "minutes", "minutes": "hours", "hour": "minute", "minute": "hour",
    "months": "years", "years": "months", "month": "year", "year": "month",
    "km": "m", "m": "km", "cm": "mm", "mm": "cm", "miles": "kilometres", "kilometres": "miles",
    "thousand": "million", "million": "billion", "billion": "million",
}
_NUMBER_BEFORE = r"(?:\d|\b(?:" + "|".join(_WORD_NUMBERS) + r"))[ -]?"
_UNITS = re.compile(_NUMBER_BEFORE + r"(" + "|".join(sorted(_UNIT_SWAPS, key=len, reverse=True)) + r")\b",
                    re.IGNORECASE)


def unit_change(claim: str, evidence: str, rng: random.Random) -> Perturbation | None:
    """The unit (or scale word) after a number changes; the number stays."""
    eligible = list(_UNITS.finditer(claim))
    if not eligible:
        return None
    chosen = rng.choice(eligible)
    old = chosen.group(1)
    return _replace(PerturbationKind.unit_change, claim, chosen.start(1), chosen.end(1),
                    _match_case(old, _UNIT_SWAPS[old.lower()]))


# ---------------------------------------------------------------- modality and bounds

_MODAL_SWAPS = {
    "must": "may", "may": "must", "always": "never", "never": "always", "at least": "at most",
    "at most": "at least", "more than": "less than", "less than": "more than", "fewer than": "more than",
    "up to": "at least", "minimum": "maximum", "maximum": "minimum", "before": "after", "after": "before",
    "required": "optional", "optional": "required", "mandatory": "optional",
}
_MODALS = re.compile(r"\b(" + "|".join(sorted(_MODAL_SWAPS, key=len, reverse=True)) + r")\b", re.IGNORECASE)


def modal_bound(claim: str, evidence: str, rng: random.Random) -> Perturbation | None:
    """A modal, frequency word or bound turns into its opposite."""
    eligible = list(_MODALS.finditer(claim))
    if not eligible:
        return None
    chosen = rng.choice(eligible)
    old = chosen.group(1)
    return _replace(PerturbationKind.modal_bound, claim, chosen.start(1), chosen.end(1),
                    _match_case(old, _MODAL_SWAPS[old.lower()]))


# ---------------------------------------------------------------- dates

_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December"]
_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_YEAR = re.compile(r"(?<![\w.,])(1[6-9]\d\d|20\d\d)(?![\w]|[.,]\d)")
# "May" alone is too often the modal; a month needs a day or year beside it to count as a date.
_MONTH = re.compile(r"\b(" + "|".join(_MONTHS) + r")\b(?=\s+\d)|(?<=\d\s)(" + "|".join(_MONTHS) + r")\b")
_WEEKDAY = re.compile(r"\b(" + "|".join(_WEEKDAYS) + r")s?\b")


def date_shift(claim: str, evidence: str, rng: random.Random) -> Perturbation | None:
    """A year moves by 1-10 years, or a month or weekday name becomes another."""
    spots = [("year", m.start(1), m.end(1), m.group(1)) for m in _YEAR.finditer(claim)]
    for m in _MONTH.finditer(claim):
        group = 1 if m.group(1) else 2
        spots.append(("month", m.start(group), m.end(group), m.group(group)))
    spots += [("weekday", m.start(1), m.end(1), m.group(1)) for m in _WEEKDAY.finditer(claim)]
    if not spots:
        return None
    what, start, end, old = rng.choice(sorted(spots, key=lambda s: s[1]))
    if what == "year":
        new = str(int(old) + rng.choice([-10, -5, -3, -2, -1, 1, 2, 3, 5, 10]))
    else:
        names = _MONTHS if what == "month" else _WEEKDAYS
        new = rng.choice([n for n in names if n != old])
    return _replace(PerturbationKind.date_shift, claim, start, end, new)


Perturber = Callable[[str, str, random.Random], Perturbation | None]
PERTURBERS: dict[PerturbationKind, Perturber] = {
    PerturbationKind.number_swap: number_swap,
    PerturbationKind.entity_swap: entity_swap,
    PerturbationKind.negation: negation,
    PerturbationKind.unit_change: unit_change,
    PerturbationKind.modal_bound: modal_bound,
    PerturbationKind.date_shift: date_shift,
}


def _rng(seed: int, key: str, kind: PerturbationKind | str) -> random.Random:
    # A string seed is hashed with SHA-512 by random.Random: stable across processes and runs.
    return random.Random(f"{seed}:{key}:{getattr(kind, 'value', kind)}")


def perturb(
    kind: PerturbationKind, claim: str, evidence: str, *, seed: int = 0, key: str = ""
) -> Perturbation | None:
    """One perturbation of ``kind`` (None when the claim offers nothing to change)."""
    result = PERTURBERS[kind](claim, evidence, _rng(seed, key, kind))
    if result is None or result.text.strip() == claim.strip():
        return None
    return result


def perturbations(claim: str, evidence: str, *, seed: int = 0, key: str = "") -> list[Perturbation]:
    """Every kind that applies to ``claim``, one variant each, in PerturbationKind order."""
    found = (perturb(kind, claim, evidence, seed=seed, key=key) for kind in PerturbationKind)
    return [p for p in found if p is not None]


def choose_perturbations(
    claim: str, evidence: str, count: int, *, seed: int = 0, key: str = "",
    kinds: Sequence[PerturbationKind] = tuple(PerturbationKind),
) -> list[Perturbation]:
    """Up to ``count`` variants of different kinds: the kinds are tried in a seeded order."""
    rng = _rng(seed, key, "choose")
    # Nearly every sentence can be negated: tried first only a quarter of the time, else last,
    # so that the specific kinds (numbers, names, units, bounds, dates) make most of the mix.
    order = [k for k in kinds if k is not PerturbationKind.negation]
    rng.shuffle(order)
    if PerturbationKind.negation in kinds:
        order.insert(0 if rng.random() < 0.25 else len(order), PerturbationKind.negation)
    chosen: list[Perturbation] = []
    for kind in order:
        if len(chosen) >= count:
            break
        if kind is PerturbationKind.entity_swap and not _has_entity_hint(claim):
            continue  # skip the spaCy parse when no capitalised word after the first could be a name
        found = perturb(kind, claim, evidence, seed=seed, key=key)
        if found is not None:
            chosen.append(found)
    return chosen


def _has_entity_hint(claim: str) -> bool:
    return bool(re.search(r"(?<!^)\b[A-Z][a-z]", claim.strip()))


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m training.judge.perturb --out pairs.jsonl``: supported pairs and their hard negatives."""
    import argparse
    from collections import Counter
    from pathlib import Path

    from training.judge.pairs import BuildSettings, build_pairs

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--train-sources-per-task", type=int, default=40)
    parser.add_argument("--dev-sources-per-task", type=int, default=8)
    parser.add_argument("--corpora", default="kb,hotpotqa,ragtruth")
    args = parser.parse_args(argv)
    settings = BuildSettings(seed=args.seed, train_sources_per_task=args.train_sources_per_task,
                             dev_sources_per_task=args.dev_sources_per_task)
    counts: Counter = Counter()
    partial = args.out.with_suffix(".partial")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with partial.open("w", encoding="utf-8") as handle:
        for pair in build_pairs(settings, args.corpora.split(",")):
            handle.write(pair.model_dump_json() + "\n")
            counts[(pair.split, pair.corpus, pair.label.value, getattr(pair.perturbation, "value", "-"))] += 1
    partial.replace(args.out)  # never a half file that looks done
    for key, n in sorted(counts.items()):
        print(*key, n, sep="\t")


if __name__ == "__main__":
    main()
