"""Citation markers: every written form, the numbers it names, and stripping them."""

from __future__ import annotations

import pytest

from guard.verifiers.citation_markers import find_markers, strip_markers


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("Paris [1].", [[1]]),
        ("Paris [1, 3].", [[1, 3]]),
        ("Paris [1,3].", [[1, 3]]),
        ("Paris [1; 3].", [[1, 3]]),
        ("Paris [1][2].", [[1], [2]]),
        ("Paris [1-3].", [[1, 2, 3]]),
        ("Paris [2–4].", [[2, 3, 4]]),
        ("Paris 【1】.", [[1]]),
        ("Paris 【1, 2】.", [[1, 2]]),
        ("Paris [Passage 2].", [[2]]),
        ("Paris [ 4 ].", [[4]]),
        ("Paris [3-1].", [[3, 1]]),  # a reversed range keeps its ends
        ("Paris [1-900].", [[1, 900]]),  # an absurd range is not expanded
    ],
)
def test_marker_forms(text, numbers):
    assert [m.numbers for m in find_markers(text)] == numbers


@pytest.mark.parametrize("text", ["In [2019] it rained.", "see [a]", "[sic]", "list[int]", "x [] y", "(1)"])
def test_not_markers(text):
    assert find_markers(text) == []


def test_marker_spans_point_at_the_marker():
    text = "Foo [1, 3] bar 【2】."
    assert [text[m.start : m.end] for m in find_markers(text)] == ["[1, 3]", "【2】"]


@pytest.mark.parametrize(
    ("text", "stripped"),
    [
        ("Baz is here [1, 3].", "Baz is here."),
        ("Foo bar. [2] Baz.", "Foo bar. Baz."),
        ("A [1][2] and B【3】.", "A and B."),
        ("[1] Leading.", " Leading."),
        ("No markers.", "No markers."),
    ],
)
def test_strip_markers(text, stripped):
    assert strip_markers(text) == stripped
