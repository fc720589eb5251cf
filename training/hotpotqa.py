"""The HotpotQA sample as a retrieval set: the relevance gate is fitted on it, the benchmarks score it.

All 100 questions' paragraphs are pooled into one corpus, one passage per titled
paragraph (991 unique titles); a question's relevant passages are its two
supporting-fact titles. Questions with an even ``idx`` are the dev half (gate
fitting), odd ones the held-out half.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

__all__ = ["HOTPOTQA", "Question", "load_hotpotqa"]

REPO = Path(__file__).resolve().parents[1]
HOTPOTQA = REPO / ".." / "shared" / "data" / "hotpotqa" / "hotpotqa_dev_distractor_first100.jsonl"


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
