"""Helpers for the retrieval tests (imported by name: pytest puts this folder on sys.path)."""

from __future__ import annotations

import json
from pathlib import Path

HOTPOTQA = (
    Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hotpotqa" / "hotpotqa_dev_distractor_first100.jsonl"
)

MANUAL = """# Aspirin guide

Aspirin is a pain reliever sold without prescription.

## Dosage

Adults take 300 mg every four hours. Do not exceed 4 g per day.

### Children

Children under 16 must not take aspirin because of Reye's syndrome.

## Storage

Keep the tablets below 25 degrees in a dry place.
"""

RECORDS = [
    {"id": "eiffel", "title": "Eiffel Tower", "text": "The Eiffel Tower in Paris is 330 metres tall.", "lang": "en"},
    {"id": "louvre", "title": "Louvre", "text": "The Louvre is the most visited museum in the world."},
]


def write_docs(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "aspirin.md").write_text(MANUAL, encoding="utf-8")
    (folder / "notes.txt").write_text("The capital of France is Paris. It lies on the Seine.\n", encoding="utf-8")
    (folder / "places.jsonl").write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    return folder




def hotpotqa_rows(n: int) -> list[dict]:
    rows = []
    with open(HOTPOTQA, encoding="utf-8") as handle:
        for line in handle:
            rows.append(json.loads(line))
            if len(rows) == n:
                break
    return rows
