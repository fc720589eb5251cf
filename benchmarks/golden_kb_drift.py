"""Does adding documents to the example knowledge base change what the golden questions retrieve?

Compares two example indexes (before and after new documents) on the golden rows of one split,
printing FIGURES ONLY (no question, id or passage), so it may be run on the test part without
reading it: for answerable rows, the share whose first supporting source is among the given
passages (and among given + reserve); for every row, how many get a passage of a document the
old index lacks among the given passages, and how many change their given passages at all.

    python benchmarks/golden_kb_drift.py OLD_INDEX NEW_INDEX [--split test]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _figures(kb, rows, config, new_sources: set[str]) -> dict:
    found = found_reserve = answerable = with_new = 0
    given_sets = []
    for r in rows:
        result = kb.retrieve(r["question"], config, None)
        given = [p.source for p in result.passages]
        reserve = [p.source for p in result.reserve]
        given_sets.append([p.id for p in result.passages])
        with_new += any(Path(s).name in new_sources for s in given)
        if r["expect"] == "answer" and r["supporting_sources"]:
            answerable += 1
            want = r["supporting_sources"][0]
            found += any(Path(s).name == want for s in given)
            found_reserve += any(Path(s).name == want for s in given + reserve)
    return {
        "rows": len(rows), "answerable_with_source": answerable,
        "source_in_given": found, "source_in_given_or_reserve": found_reserve,
        "rows_with_new_document_given": with_new, "_given": given_sets,
    }


def _sources(kb) -> set[str]:
    return {Path(kb.store.passage(i).source).name for i in range(len(kb.store))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--split", default="test")
    parser.add_argument("--golden", type=Path, default=ROOT / "examples" / "golden.jsonl")
    args = parser.parse_args()
    from guard.policy import load_policy
    from retrievers.knowledge_base import KnowledgeBase

    rows = [json.loads(x) for x in args.golden.read_text(encoding="utf-8").splitlines() if x.strip()]
    rows = [r for r in rows if r.get("split", "dev") == args.split and not r["notes"].startswith("held-out-4")]
    config = load_policy("default").retrieval
    old, new = KnowledgeBase.load(args.old), KnowledgeBase.load(args.new)
    old_sources = _sources(old)
    new_sources = _sources(new) - old_sources
    before = _figures(old, rows, config, new_sources)
    after = _figures(new, rows, config, new_sources)
    changed = sum(a != b for a, b in zip(before.pop("_given"), after.pop("_given"), strict=True))
    print(json.dumps({"split": args.split, "new_documents": sorted(new_sources), "old_index": before,
                      "new_index": after, "rows_whose_given_passages_changed": changed}, indent=2))


if __name__ == "__main__":
    main()
