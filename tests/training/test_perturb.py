"""The judge's hard-negative generator: each perturbation changes exactly what it says it does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from training.judge.pairs import HARDCASES_DEV, HARDCASES_TEST, kb_claims, split_ids
from training.judge.perturb import (
    Perturbation,
    PerturbationKind,
    choose_perturbations,
    perturb,
    perturbations,
)

EVIDENCE = (
    "The Ridgeway Bridge opened in March 1932 after four years of construction by Dorman Long. "
    "Give 7.5 ml to children aged 2 to 4 years and 2.5 ml from 3 to 6 months. "
    "You must leave at least 4 hours between doses. The plans were drawn in London, not in Paris."
)


def _only_span_changed(p: Perturbation) -> None:
    """Everything outside original[start:end] is untouched, and that span became ``new``."""
    assert p.original[p.start : p.end] == p.old
    assert p.text == p.original[: p.start] + p.new + p.original[p.end :]
    assert p.old != p.new
    assert p.text != p.original


def test_number_swap_takes_another_number_of_the_evidence():
    p = perturb(PerturbationKind.number_swap, "Give 7.5 ml to a young child.", EVIDENCE, seed=1, key="a")
    assert p is not None
    _only_span_changed(p)
    assert p.old == "7.5"
    assert p.new != "7.5"
    assert p.new in EVIDENCE


def test_number_swap_keeps_the_number_form():
    p = perturb(PerturbationKind.number_swap, "It took four years to build.", EVIDENCE, seed=3, key="b")
    assert p is not None
    _only_span_changed(p)
    assert p.old == "four" and re.fullmatch(r"[a-z]+", p.new)  # a word for a word ("six", not "6")
    year = perturb(PerturbationKind.number_swap, "It opened in 1932.", EVIDENCE, seed=3, key="c")
    assert year is not None and year.old == "1932" and re.fullmatch(r"1[6-9]\d\d|20\d\d", year.new)


def test_number_swap_needs_a_number_the_evidence_states():
    assert perturb(PerturbationKind.number_swap, "It cost 900 pounds.", EVIDENCE) is None
    assert perturb(PerturbationKind.number_swap, "No number here.", EVIDENCE) is None


def test_entity_swap_takes_an_entity_of_the_same_type_from_the_evidence():
    p = perturb(PerturbationKind.entity_swap, "The plans were drawn in London.", EVIDENCE, seed=0, key="d")
    assert p is not None
    _only_span_changed(p)
    assert (p.old, p.new) == ("London", "Paris")


def test_negation_removes_or_inserts_exactly_one_negation():
    removed = perturb(PerturbationKind.negation, "The plans were not drawn in Paris.", EVIDENCE)
    assert removed is not None
    _only_span_changed(removed)
    assert removed.text == "The plans were drawn in Paris."
    contracted = perturb(PerturbationKind.negation, "It isn't safe.", EVIDENCE)
    assert contracted is not None and contracted.text == "It is safe."
    inserted = perturb(PerturbationKind.negation, "You must leave 4 hours between doses.", EVIDENCE)
    assert inserted is not None and inserted.text == "You must not leave 4 hours between doses."
    do_support = perturb(PerturbationKind.negation, "The bridge opened in 1932.", EVIDENCE)
    assert do_support is not None and do_support.text == "The bridge did not open in 1932."


def test_unit_change_changes_only_the_unit_after_a_number():
    p = perturb(PerturbationKind.unit_change, "Give 7.5 ml to a child.", EVIDENCE, seed=2, key="e")
    assert p is not None
    _only_span_changed(p)
    assert (p.old, p.new) == ("ml", "l")
    weeks = perturb(PerturbationKind.unit_change, "Take it for 5 days.", EVIDENCE)
    assert weeks is not None and weeks.text == "Take it for 5 weeks."
    # no number before the unit
    assert perturb(PerturbationKind.unit_change, "The days are long.", EVIDENCE) is None


def test_modal_bound_flips_the_bound():
    p = perturb(PerturbationKind.modal_bound, "Leave at least 4 hours between doses.", EVIDENCE)
    assert p is not None
    _only_span_changed(p)
    assert p.text == "Leave at most 4 hours between doses."
    always = perturb(PerturbationKind.modal_bound, "Always shake the bottle.", EVIDENCE)
    assert always is not None and always.text == "Never shake the bottle."


def test_date_shift_moves_a_year_or_renames_a_month():
    found = {
        perturb(PerturbationKind.date_shift, "It opened in March 1932.", EVIDENCE, seed=s, key="f").text
        for s in range(12)
    }
    assert all(t != "It opened in March 1932." for t in found)
    assert any(re.fullmatch(r"It opened in March (?!1932)\d{4}\.", t) for t in found)
    assert any(re.fullmatch(r"It opened in (?!March)[A-Z][a-z]+ 1932\.", t) for t in found)
    # "May" alone is the modal, not a month
    assert perturb(PerturbationKind.date_shift, "You may take it.", EVIDENCE) is None


def test_seeded_and_deterministic():
    claim = "You must leave at least 4 hours between doses."
    first = [p.model_dump() for p in perturbations(claim, EVIDENCE, seed=7, key="x")]
    again = [p.model_dump() for p in perturbations(claim, EVIDENCE, seed=7, key="x")]
    assert first == again and len(first) >= 3
    picks = {
        tuple(p.text for p in choose_perturbations(claim, EVIDENCE, 1, seed=s, key="x")) for s in range(20)
    }
    assert len(picks) > 1  # the seed does change the draw


def test_kb_tables_become_header_joined_units_and_written_claims():
    text = "# Leaflet\n\nUse the oral syringe to measure the dose.\n\n| Age | Dose |\n|---|---|\n" \
           "| 2 to 4 years | 7.5 ml |\n| 4 to 6 years | 10 ml |\n"
    units, claims = kb_claims(text)
    assert "Age: 2 to 4 years | Dose: 7.5 ml" in units
    assert "The dose for age 2 to 4 years is 7.5 ml." in claims
    assert "Use the oral syringe to measure the dose." in claims


def test_split_is_by_source_and_stable():
    ids = [f"doc-{i}" for i in range(50)]
    dev = split_ids(ids, "kb")
    assert len(dev) == 10  # the project's 20 %
    assert dev == split_ids(list(reversed(ids)), "kb")  # order-free
    assert not HARDCASES_DEV & HARDCASES_TEST


@pytest.mark.skipif(not Path("../shared/data/hotpotqa").is_dir(), reason="needs ../shared/data")
def test_hotpotqa_pairs_never_straddle_the_split():
    from training.judge.pairs import BuildSettings, build_pairs

    pairs = list(build_pairs(BuildSettings(), corpora=("hotpotqa",)))
    by_source: dict[str, set[str]] = {}
    for pair in pairs:
        by_source.setdefault(pair.source_id, set()).add(pair.split)
    assert all(len(splits) == 1 for splits in by_source.values())
    assert {"train", "dev"} <= {s for splits in by_source.values() for s in splits}
    contradicted = [p for p in pairs if p.perturbation is not None]
    assert contradicted and all(p.label.value == "contradicted" and p.original for p in contradicted)
    originals = {p.claim for p in pairs if p.perturbation is None}
    assert all(p.original in originals for p in contradicted)
