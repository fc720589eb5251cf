"""The HotpotQA sample as a retrieval test set, shared by the retrieval benchmarks.

All 100 questions' paragraphs are pooled into one corpus, one passage per titled
paragraph (991 unique titles); a question's relevant passages are its two
supporting-fact titles. Questions with an even ``idx`` are the dev half (gate
fitting), odd ones the held-out half.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HOTPOTQA = REPO / ".." / "shared" / "data" / "hotpotqa" / "hotpotqa_dev_distractor_first100.jsonl"
RESULTS = REPO / "benchmarks" / "results"


@dataclass(frozen=True)
class Question:
    idx: int
    text: str
    supporting: frozenset[str]

    @property
    def dev(self) -> bool:
        return self.idx % 2 == 0


def load_hotpotqa(path: Path = HOTPOTQA):
    """(questions, passages) where passages are ragguard Passages keyed by title."""
    from retrievers.chunking import passage_id
    from retrievers.types import Passage

    questions, paragraphs = [], {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            questions.append(Question(row["idx"], row["question"], frozenset(f["title"] for f in row["supporting_facts"])))
            for para in row["context"]:
                paragraphs.setdefault(para["title"], "".join(para["sentences"]).strip())
    passages = [
        Passage(id=passage_id(title, "", text), text=text, source=title, title=title)
        for title, text in paragraphs.items()
    ]
    return questions, passages


def write_result(name: str, payload: dict) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return path


def print_table(headers: list[str], rows: list[list]) -> None:
    cells = [[f"{c:.3f}" if isinstance(c, float) else str(c) for c in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)))
    print("  ".join("-" * w for w in widths))
    for row in cells:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)))
