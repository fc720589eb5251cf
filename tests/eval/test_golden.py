"""The golden-set runner: scoring, summary metrics and the CI exit code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from guard.cli import app
from guard.errors import InputError
from guard.eval.golden import CaseResult, load_golden, summarise

REPO = Path(__file__).resolve().parents[2]


def _result(id_, expect, refused, faith=None, content=None, citations=0, valid=0, latency=100.0):
    return CaseResult(
        id=id_, category="c", expect=expect, refused=refused,
        behaviour_correct=refused == (expect == "refuse"), content_correct=content,
        action="refuse" if refused else "pass", reasons=[], faithfulness=faith,
        citations=citations, valid_citations=valid, cites_supporting_source=None,
        latency_ms=latency, guard_overhead_ms=latency / 2, answer="",
    )


def test_summary_metrics_on_a_fixed_toy_input():
    results = [
        _result("a", "answer", False, faith=1.0, content=True, citations=2, valid=2, latency=100),
        _result("b", "answer", True, content=False, latency=200),  # wrongly refused
        _result("c", "refuse", True, latency=300),
        _result("d", "refuse", False, faith=0.5, citations=2, valid=1, latency=400),  # wrongly answered
    ]
    s = summarise(results)
    assert s.behaviour_accuracy == 0.5
    assert s.answer_rate == 0.5
    assert s.refusal_precision == 0.5 and s.refusal_recall == 0.5
    assert s.content_accuracy == 0.5
    assert s.faithfulness_mean == 0.75
    assert s.citation_validity == 0.75
    assert s.latency_mean_ms == 250
    assert s.interception_rate == 0.5


def test_the_example_golden_set_loads_and_has_the_promised_shape():
    cases = load_golden(REPO / "examples" / "golden.jsonl")
    assert len(cases) >= 60
    refuse = [c for c in cases if c.expect == "refuse"]
    edge = [c for c in cases if c.category in {"ambiguous", "two_meanings", "tempts_fabrication", "qualifier"}]
    assert refuse and len(edge) >= 0.1 * len(cases)
    kb = {p.name for p in (REPO / "examples" / "kb").iterdir()}
    assert all(set(c.supporting_sources) <= kb for c in cases)


def test_a_bad_golden_line_names_its_number(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text('{"id": "1", "question": "q", "expect": "answer"}\n{"id": "2", "question": "q"}\n')
    with pytest.raises(InputError, match=r"g.jsonl:2"):
        load_golden(path)


@pytest.mark.slow
def test_eval_golden_command_writes_results_and_fails_below_threshold(tmp_path):
    from guard.llm.testing import register_scripted_model
    from retrievers.knowledge_base import KnowledgeBase

    kb_dir, index = tmp_path / "kb", tmp_path / "index"
    kb_dir.mkdir()
    (kb_dir / "zelorin.md").write_text("# Zelorin\n\nThe usual adult dose of Zelorin is 20 mg once a day.\n")
    KnowledgeBase.from_directory(kb_dir, show_progress=False).save(index)
    golden = tmp_path / "golden.jsonl"
    golden.write_text(
        json.dumps({"id": "g1", "question": "What is the usual adult dose of Zelorin?", "expect": "answer",
                    "must_contain": ["20 mg"], "supporting_sources": ["zelorin.md"]}) + "\n"
        + json.dumps({"id": "g2", "question": "What is the boiling point of liquid nitrogen?",
                      "expect": "refuse"}) + "\n"
    )
    scripted = register_scripted_model("golden", "The usual adult dose of Zelorin is 20 mg once a day [1].")
    out = tmp_path / "out"
    args = ["eval", "golden", str(golden), "--index", str(index), "--model", scripted.model, "--out", str(out)]
    ok = CliRunner().invoke(app, args + ["--min-behaviour-accuracy", "1.0"])
    assert ok.exit_code == 0, ok.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["behaviour_accuracy"] == 1.0 and summary["content_accuracy"] == 1.0
    assert summary["refusal_recall"] == 1.0
    assert len((out / "results.jsonl").read_text().splitlines()) == 2
    failed = CliRunner().invoke(app, args + ["--max-latency-p95-ms", "0.001"])
    assert failed.exit_code == 1
