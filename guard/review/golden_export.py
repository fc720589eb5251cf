"""Decided review items as golden-set cases: the feedback loop into ``ragguard eval golden``.

Each decided item becomes one JSONL row in the format of ``examples/golden.jsonl``
(every row has every field). An approved or edited item expects an answer whose
reference is the reviewer's final answer; a rejected one expects a refusal, with an
empty reference and no sources, as the golden set's own refusal rows do.
``must_contain`` stays empty: which strings matter is for a person to add.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from guard.errors import InputError
from guard.review.items import DECIDED_STATUSES, EscalationItem, ItemFilter, ItemStatus
from guard.review.queue import ReviewQueue

__all__ = ["GoldenRecord", "golden_jsonl", "golden_record", "golden_records", "write_golden"]

CATEGORY = "review"
_PAGE = 1000


class GoldenRecord(BaseModel):
    """One golden-set row; field order is the file's."""

    id: str
    question: str
    expect: Literal["answer", "refuse"]
    category: str = CATEGORY
    reference_answer: str = ""
    must_contain: list[str] = Field(default_factory=list)
    supporting_sources: list[str] = Field(default_factory=list)
    notes: str = ""
    split: Literal["dev", "test"] = "dev"  # reviewed production items are tuning data, never held out


def golden_record(item: EscalationItem) -> GoldenRecord:
    decision = item.decision
    if decision is None or item.status not in DECIDED_STATUSES:
        raise InputError(f"Item {item.id} is {item.status.value}: only decided items export to a golden set.")
    answered = item.status is not ItemStatus.rejected
    final = decision.final_answer or ""
    conditions = ", ".join(item.conditions) or "no recorded reason"
    notes = (
        f"Human review: {item.status.value} by {decision.reviewer} on {decision.decided_at:%Y-%m-%d}"
        + (f": {decision.comment}" if decision.comment else "")
        + f". Escalated under policy {item.policy} for {conditions}; trace {item.trace_id}."
    )
    return GoldenRecord(
        id=f"review-{item.id}",
        question=item.question,
        expect="answer" if answered else "refuse",
        reference_answer=final if answered else "",
        supporting_sources=_sources(item, final) if answered else [],
        notes=notes,
    )


def golden_records(queue: ReviewQueue) -> list[GoldenRecord]:
    """Every decided item of ``queue``, oldest first."""
    records: list[GoldenRecord] = []
    offset = 0
    while True:
        page = queue.list_items(ItemFilter(statuses=list(DECIDED_STATUSES), limit=_PAGE, offset=offset))
        records.extend(golden_record(item) for item in page)
        if len(page) < _PAGE:
            return records
        offset += _PAGE


def golden_jsonl(records: Iterable[GoldenRecord]) -> str:
    return "".join(json.dumps(r.model_dump(), ensure_ascii=False) + "\n" for r in records)


def write_golden(records: Iterable[GoldenRecord], path: str | Path) -> int:
    """Write ``records`` as JSONL (atomically) and return how many there were."""
    records = list(records)
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(golden_jsonl(records), encoding="utf-8")
    tmp.replace(target)
    return len(records)


def _sources(item: EscalationItem, final_answer: str) -> list[str]:
    """Sources of the passages the final answer cites; without markers, those the draft's claims cited."""
    from guard.verifiers.citation_markers import find_markers

    by_number = {p.number: p for p in item.passages}
    cited = [by_number[n] for m in find_markers(final_answer) for n in m.numbers if n in by_number]
    if not cited:
        ids = [pid for claim in item.claims for pid in claim.cited_passage_ids]
        cited = [p for pid in ids if (p := item.passage(pid)) is not None]
    # A JSONL knowledge base names each record "file.jsonl#id"; the golden set names the file.
    sources = (p.source.split("#", 1)[0] for p in cited)
    return list(dict.fromkeys(s for s in sources if s))
