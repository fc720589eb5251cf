"""The fact layer over the whole example knowledge base (39 documents, ~1,100 units).

- Every unit, judged as a claim against its own document, must not be flagged: a sentence
  the evidence states word for word is never contradicted or unsupported.
- Every unit with a plain number, with that number doubled (or 1 -> 3), should be flagged.

These documents were read while the layer was written, so the figures are development
figures, not held-out ones.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from guard.facts import FactLabel, evidence_units, judge_facts
from guard.facts.lexicon import ENGLISH
from guard.facts.slots import read_slots

KB = Path(__file__).resolve().parents[2] / "examples" / "kb"
# The four documents added with the golden test questions came after the layer was written:
# they are held out here and their figures are reported in docs/FACTS.md, not asserted.
HELD_OUT = {
    "clinic-allerquil-childrens-syrup.md",
    "clinic-harrowgate-travel-vaccine-prices.md",
    "hr-it-equipment-loan-pool.md",
    "leisure-riverside-membership-terms.md",
}
DOCS = [p for p in sorted(KB.glob("*.md")) + sorted(KB.glob("*.txt")) if p.name not in HELD_OUT]
FLAGGED = (FactLabel.contradicted, FactLabel.unsupported)


def _units(path):
    return evidence_units(path.name, path.read_text(encoding="utf-8")).units


@pytest.mark.slow
def test_stated_sentences_are_never_flagged():
    flagged = []
    for path in DOCS:
        units = _units(path)
        flagged += [(path.name, u.text) for u in units if judge_facts(u.text, units).label in FLAGGED]
    assert flagged == []


def _doubled(text):
    """The unit with its first plain number changed, or None."""
    for quantity in read_slots(text, ENGLISH).quantities:
        match = re.match(r"\d+(?![.,]\d)", text[quantity.start :])
        if quantity.is_range or match is None:
            continue
        number = int(match.group(0))
        changed = str(number * 2 if number > 1 else number + 2)
        return text[: quantity.start] + changed + text[quantity.start + len(match.group(0)) :]
    return None


@pytest.mark.slow
def test_changed_numbers_are_flagged():
    labels = Counter()
    for path in DOCS:
        units = _units(path)
        for unit in units:
            claim = _doubled(unit.text)
            if claim is not None:
                labels[judge_facts(claim, units).label] += 1
    total = sum(labels.values())
    rate = sum(labels[label] for label in FLAGGED) / total
    print(f"changed numbers flagged: {rate:.3f} of {total} ({dict(labels)})")
    assert total > 250
    assert rate >= 0.85


PERTURBATIONS = {
    # name: (pattern, replacement); each applied once to every unit that has the pattern
    "negation dropped": (r"\b([Dd]o) not ", r"\1 "),
    "mg to g": (r"(\d) ?mg\b", r"\1 g"),
    # "must not" -> "may not" is left out: both forbid ("may not be used in children" = "must not")
    "must to may": (r"\bmust\b(?!\s+not\b)", "may"),
    "may to must": (r"\bmay\b", "must"),
    "weeks to months": (r"(\d) weeks\b", r"\1 months"),
    "at least to at most": (r"\bat least\b", "at most"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PERTURBATIONS))
def test_perturbed_units_are_flagged(name):
    pattern, replacement = PERTURBATIONS[name]
    labels = Counter()
    for path in DOCS:
        units = _units(path)
        for unit in units:
            if re.search(pattern, unit.text):
                claim = re.sub(pattern, replacement, unit.text, count=1)
                labels[judge_facts(claim, units).label] += 1
    total = sum(labels.values())
    rate = sum(labels[label] for label in FLAGGED) / total
    print(f"{name}: {rate:.3f} of {total} flagged")
    assert total >= 20
    assert rate >= 0.8
