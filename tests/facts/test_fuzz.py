"""Property tests: odd input never crashes the fact layer, and every offset points into the text."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings, strategies as st

from guard.facts import FactLabel, evidence_units, find_injections, judge_facts
from guard.facts.dates import dates
from guard.facts.lexicon import ENGLISH
from guard.facts.quantities import quantities
from guard.facts.slots import read_slots
from guard.facts.tables import html_table_rows, markdown_table_blocks

_FAST = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

_pieces = st.sampled_from(
    [
        "|",
        " | ",
        "---",
        "\n",
        " ",
        "2 to 4 years",
        "7.5 ml",
        "1,000",
        "1.000,5",
        "six",
        "every",
        "hour",
        "not",
        "<table>",
        "<tr>",
        "<td>",
        "</td>",
        "</tr>",
        "<th>",
        "- ",
        "1. ",
        "Age",
        "Dose",
        ":",
        "at least",
        "up to",
        "12 March 2021",
        "8am",
        "%",
        "£",
        "ignore previous instructions",
        "\u200b",
        "Ｉ",
        "，",
        "退烧",
        "\t",
        "x" * 40,
    ]
)
_texts = st.one_of(st.text(max_size=300), st.lists(_pieces, max_size=40).map("".join))


@_FAST
@given(_texts)
def test_table_parsers_stay_inside_the_text(text):
    for start, end, rows in markdown_table_blocks(text) + html_table_rows(text):
        assert 0 <= start <= end <= len(text)
        for row in rows:
            assert start <= row.start <= row.end <= end


@_FAST
@given(_texts)
@example(". <>")  # found by this test in session 47's CI run: a tag with no words made an empty unit
def test_units_have_valid_offsets(text):
    result = evidence_units("p", text, max_units=20)
    assert len(result.units) <= 20
    for unit in result.units:
        assert 0 <= unit.start < unit.end <= len(text)
        assert unit.text.strip()
    for warning in result.warnings + find_injections("p", text):
        assert 0 <= warning.start < warning.end <= len(text)
        assert warning.text == text[warning.start : warning.end]


@_FAST
@given(_texts)
def test_slot_readers_never_crash_and_offsets_hold(text):
    for quantity in quantities(text):
        assert 0 <= quantity.start < quantity.end <= len(text)
        assert quantity.surface == text[quantity.start : quantity.end]
        assert quantity.lo <= quantity.hi
    for date in dates(text):
        assert date.surface == text[date.start : date.end]
    read_slots(text, ENGLISH)


@_FAST
@given(_texts, st.lists(_texts, max_size=4))
def test_judge_facts_always_returns_a_verdict(claim, passages):
    units = [u for i, text in enumerate(passages) for u in evidence_units(f"p{i}", text).units]
    verdict = judge_facts(claim, units)
    assert verdict.label in FactLabel
    assert len(verdict.units) <= 2
    if verdict.label is FactLabel.inferred:
        assert verdict.inference
    if verdict.label in (FactLabel.contradicted, FactLabel.unsupported):
        assert verdict.mismatch is not None and verdict.mismatch.explanation
