"""The extension golden batch (examples/golden-extra.jsonl, notes `held-out-4`) over its own documents
(examples/kb-extra): kept out of the example knowledge base, whose index the demo and the golden
test part use, because adding them there moved the demo's table row out of the retrieved passages."""

from __future__ import annotations

import json
from pathlib import Path

from guard.eval.golden import load_golden

REPO = Path(__file__).resolve().parents[2]
EXTRA = REPO / "examples" / "golden-extra.jsonl"
KB_EXTRA = REPO / "examples" / "kb-extra"


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_extension_batch_loads_is_dev_and_held_out_and_apart_from_the_main_set():
    cases = load_golden(EXTRA)
    assert len(cases) >= 40
    assert {c.split for c in cases} == {"dev"}
    assert all(c.notes.startswith("held-out-4 ") for c in cases)
    main_ids = {r["id"] for r in _rows(REPO / "examples" / "golden.jsonl")}
    ids = [c.id for c in cases]
    assert len(set(ids)) == len(ids) and not set(ids) & main_ids
    assert sum(c.expect == "refuse" for c in cases) >= 10
    assert {"answerable", "qualifier", "table_lookup", "tempts_fabrication", "unanswerable"} <= {c.category for c in cases}


def test_its_answers_are_grounded_in_its_own_documents_which_the_example_kb_does_not_hold():
    extra_docs = {p.name for p in KB_EXTRA.iterdir()}
    assert extra_docs and not extra_docs & {p.name for p in (REPO / "examples" / "kb").iterdir()}
    for case in _rows(EXTRA):
        if case["expect"] == "refuse":
            assert not case["must_contain"] and not case["supporting_sources"], case["id"]
            continue
        assert case["supporting_sources"] and set(case["supporting_sources"]) <= extra_docs, case["id"]
        sources = [(KB_EXTRA / s).read_text(encoding="utf-8").lower() for s in case["supporting_sources"]]
        for needle in case["must_contain"]:
            assert needle.lower() in case["reference_answer"].lower(), (case["id"], needle)
            assert any(needle.lower() in text for text in sources), (case["id"], needle)
