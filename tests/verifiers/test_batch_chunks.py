"""Batches sent to separate processes end where the passages change, when that keeps half a batch."""

from __future__ import annotations

import itertools

from guard.verifiers.batch import VerifyItem, chunked_by_passages


def _items(sources: list[int]) -> list[VerifyItem]:
    return [VerifyItem(question="Q?", contexts=[f"Passage {s}."], answer=f"Answer {n}.") for n, s in enumerate(sources)]


def test_a_run_of_responses_over_one_source_is_not_cut_apart():
    items = _items([n // 6 for n in range(100)])  # six answers a source, as in RAGTruth
    chunks = list(chunked_by_passages(items, 32))
    assert [len(c) for c in chunks] == [30, 30, 30, 10]
    assert [i for c in chunks for i in c] == items  # every item once, in input order
    for before, after in itertools.pairwise(chunks):
        assert before[-1].contexts != after[0].contexts


def test_chunks_stay_full_when_no_cut_keeps_half_of_one():
    same = _items([0] * 70)
    assert [len(c) for c in chunked_by_passages(same, 32)] == [32, 32, 6]
    late = _items([0] * 10 + [1] * 40)  # the change point is before half of the first chunk
    assert [len(c) for c in chunked_by_passages(late, 32)] == [32, 18]
    distinct = _items(list(range(70)))
    assert [len(c) for c in chunked_by_passages(distinct, 32)] == [32, 32, 6]
    assert list(chunked_by_passages([], 4)) == []
    assert [len(c) for c in chunked_by_passages(distinct[:3], 1)] == [1, 1, 1]
