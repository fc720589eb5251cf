"""The RAGTruth loader against the official train statistics, and the shared dev split."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from guard.errors import InputError
from guard.eval.ragtruth import (
    TASK_QUESTIONS,
    Quality,
    Task,
    dev_source_ids,
    load_ragtruth,
    render_record,
    split_dev,
    split_passages,
)

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "ragtruth"


@pytest.fixture(scope="module")
def records():
    return load_ragtruth(DATA)


def test_official_train_totals(records):
    assert len(records) == 15090
    assert len({r.source_id for r in records}) == 2515
    assert sum(r.label for r in records) == 6721


@pytest.mark.parametrize(
    ("task", "sources", "responses", "hallucinated"),
    [(Task.qa, 839, 5034, 1564), (Task.summary, 793, 4758, 1482), (Task.data2txt, 883, 5298, 3675)],
)
def test_counts_per_task(records, task, sources, responses, hallucinated):
    rows = [r for r in records if r.task is task]
    assert len({r.source_id for r in rows}) == sources
    assert len(rows) == responses
    assert sum(r.label for r in rows) == hallucinated


@pytest.mark.parametrize(
    ("model", "hallucinated"),
    [
        ("gpt-4-0613", 364),
        ("gpt-3.5-turbo-0613", 355),
        ("mistral-7B-instruct", 1702),
        ("llama-2-7b-chat", 1606),
        ("llama-2-13b-chat", 1470),
        ("llama-2-70b-chat", 1224),
    ],
)
def test_counts_per_model(records, model, hallucinated):
    rows = [r for r in records if r.model == model]
    assert len(rows) == 2515  # one response per source and model
    assert sum(r.label for r in rows) == hallucinated


def test_filters_match_a_manual_selection(records):
    chosen = load_ragtruth(DATA, tasks=["QA"], models=["gpt-4-0613"], qualities=[Quality.good])
    expected = [
        r.id for r in records if r.task is Task.qa and r.model == "gpt-4-0613" and r.quality is Quality.good
    ]
    assert [r.id for r in chosen] == expected
    assert load_ragtruth(DATA, splits=["test"]) == []


def test_records_are_shaped_like_guard_calls(records):
    for record in records:
        assert record.passages and all(p.strip() for p in record.passages)
        for span in record.spans:
            assert record.answer[span.start : span.end] == span.text
    qa = next(r for r in records if r.task is Task.qa)
    assert len(qa.passages) == 3 and not qa.passages[0].lower().startswith("passage")
    summary = next(r for r in records if r.task is Task.summary)
    assert summary.question == TASK_QUESTIONS[Task.summary] and len(summary.passages) == 1
    data = next(r for r in records if r.task is Task.data2txt)
    assert data.question == TASK_QUESTIONS[Task.data2txt]
    assert "name: " in data.passages[0] and "{" not in data.passages[0].splitlines()[0]


def test_split_passages_drops_the_numbered_heads():
    joined = "passage 1:First text.\n\npassage 2:Second one, about passage 3: not a head.\n\n"
    assert split_passages(joined) == ["First text.", "Second one, about passage 3: not a head."]


def test_render_record_keeps_nulls_and_nested_values():
    text = render_record(
        {
            "name": "Cafe",
            "hours": {"Monday": "8:0-17:0"},
            "attributes": {"WiFi": "free", "Parking": None, "Ambience": {"casual": True}},
            "review_info": [{"review_stars": 4.0, "review_date": "2021-01-01", "review_text": "Good\n\ncoffee."}],
        }
    )
    assert text.splitlines() == [
        "name: Cafe",
        "hours: Monday 8:0-17:0",
        "attributes:",
        "  WiFi: free",
        "  Parking: null",
        "  Ambience: casual true",
        "reviews:",
        "  review 1 (4.0 stars, 2021-01-01): Good coffee.",
    ]


def test_dev_split_is_deterministic_disjoint_and_stratified(records):
    train, dev = split_dev(records)
    assert {r.source_id for r in train}.isdisjoint({r.source_id for r in dev})
    assert len(train) + len(dev) == len(records)
    # Order-independent: the split depends on the ids only.
    assert dev_source_ids(list(reversed(records))) == dev_source_ids(records)
    per_task_all = Counter(r.task for r in records if r.model == "gpt-4-0613")
    per_task_dev = Counter(r.task for r in dev if r.model == "gpt-4-0613")
    for task, count in per_task_all.items():
        assert per_task_dev[task] == round(0.2 * count)


def test_missing_files_fail_with_a_useful_message(tmp_path):
    with pytest.raises(InputError, match="source_info.jsonl"):
        load_ragtruth(tmp_path)
