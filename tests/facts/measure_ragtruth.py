"""How often the fact layer flags RAGTruth response sentences (train split; a development check).

Run from the repository root:  python tests/facts/measure_ragtruth.py [N [SEED [RULE]]]
Reads ../shared/data/ragtruth (never copied into the repo). Takes N (default 250) train
responses of the Summary and QA tasks (shuffled with SEED, default 0), splits each response into sentences, and
judges every sentence against the evidence units of its source. A sentence is "clean" when
no annotated hallucination span overlaps it, "conflict" when an Evident/Subtle Conflict
span does, "baseless" otherwise. Flagged = contradicted or unsupported. Not a test: RAGTruth
labels spans, not facts, and most of its hallucinations carry no number, date or name (the
fact layer abstains on those and leaves them to the learned judge).
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from guard.facts import FactLabel, evidence_units, judge_facts  # noqa: E402
from guard.facts.types import EvidenceUnit  # noqa: E402
from guard.language import sentence_spans  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "ragtruth"


def ragtruth_sources() -> dict[str, str]:
    """RAGTruth QA passages and Summary sources by source id (measure_edits.py reads them too)."""
    sources = {}
    for line in (DATA / "source_info.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        info = row["source_info"]
        if row["task_type"] == "Summary" and isinstance(info, str):
            sources[row["source_id"]] = info
        elif row["task_type"] == "QA" and isinstance(info, dict) and isinstance(info.get("passages"), str):
            sources[row["source_id"]] = info["passages"]
    return sources


def labelled_sentences(n: int, seed: int) -> Iterator[tuple[str, str, list[EvidenceUnit]]]:
    """(group, sentence, its source's evidence units) for every sentence of N shuffled train
    responses; group is clean / conflict / baseless as the module docstring says."""
    sources = ragtruth_sources()
    rows = [json.loads(line) for line in (DATA / "response.jsonl").read_text(encoding="utf-8").splitlines()]
    rows = [r for r in rows if r["split"] == "train" and r["source_id"] in sources]
    random.Random(seed).shuffle(rows)
    for row in rows[:n]:
        units = evidence_units(row["source_id"], sources[row["source_id"]]).units
        text = row["response"]
        for start, end in sentence_spans(text):
            spans = [s for s in row["labels"] if s["start"] < end and start < s["end"]]
            group = (
                "clean"
                if not spans
                else "conflict"
                if any("Conflict" in s["label_type"] for s in spans)
                else "baseless"
            )
            yield group, text[start:end], units


def main(n: int = 250, seed: int = 0, listed_rule: str | None = None) -> None:
    groups: dict[str, Counter] = {"clean": Counter(), "conflict": Counter(), "baseless": Counter()}
    for group, sentence, units in labelled_sentences(n, seed=seed):
        verdict = judge_facts(sentence, units)
        groups[group][verdict.label] += 1
        if listed_rule is not None and verdict.rule == listed_rule:
            print(f"{group:9} {listed_rule}: {sentence.strip()[:160]}")
    for group, labels in groups.items():
        total = sum(labels.values())
        flagged = labels[FactLabel.contradicted] + labels[FactLabel.unsupported]
        shares = ", ".join(f"{label.value} {count}" for label, count in labels.most_common())
        print(f"{group:9} {flagged / max(total, 1):.3f} flagged of {total} sentences ({shares})")


if __name__ == "__main__":
    # python tests/facts/measure_ragtruth.py [N [SEED [RULE]]]: RULE lists the sentences that rule flags
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 250,
        int(sys.argv[2]) if len(sys.argv) > 2 else 0,
        sys.argv[3] if len(sys.argv) > 3 else None,
    )
