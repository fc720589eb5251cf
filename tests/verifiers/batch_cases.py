"""Inputs for the batch tests: RAGTruth dev rows, example drafts and edge cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from guard.verifiers.batch import VerifyItem
from retrievers.types import Passage

REPO = Path(__file__).resolve().parents[2]
RAGTRUTH = REPO.parent / "shared" / "data" / "ragtruth"


def ragtruth_items(per_task: int = 8) -> list[VerifyItem]:
    """RAGTruth dev responses of each task, sources shared by several of them (as in the data)."""
    from guard.eval.records import load_ragtruth_split

    if not RAGTRUTH.is_dir():
        pytest.skip(f"RAGTruth is not at {RAGTRUTH}")
    items = []
    for task in ("QA", "Summary", "Data2txt"):
        records = load_ragtruth_split(RAGTRUTH, "dev", tasks=[task])[:per_task]
        items += [VerifyItem(question=r.question, contexts=r.contexts, answer=r.answer, generator=r.model)
                  for r in records]
    return items


def draft_items(count: int = 10) -> list[VerifyItem]:
    """The example drafts: cited answers over markdown passages with tables, passed as Passages."""
    rows = [json.loads(line) for line in (REPO / "examples" / "drafts.jsonl").read_text().splitlines()][:count]
    return [
        VerifyItem(
            question=row["question"],
            contexts=[Passage(id=str(i), text=c["text"], source=c["source"]) for i, c in enumerate(row["contexts"], 1)],
            answer=row["draft"],
        )
        for row in rows
    ]


EDGE_CASES = [
    VerifyItem(question="What is it?", contexts=[], answer="It was built in 1889 by Gustave Eiffel."),
    VerifyItem(question="What is it?", contexts=["The tower is 330 metres tall."], answer=""),
    VerifyItem(question="What is it?", contexts=["The tower is 330 metres tall.", ""], answer="It is tall [2][9]."),
]
