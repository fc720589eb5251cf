"""benchmarks/golden_shown.py --held-out: each held-out batch of the golden dev part is reported
apart from the rest (the generality check of a dev split that was tuned on)."""

import json
import sys
from pathlib import Path

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def _module():
    return load_script("benchmarks/golden_shown.py", "golden_shown")


def _row(case_id: str, expect: str, refused: bool, correct: bool, action: str | None = None) -> dict:
    from guard.eval.golden import CaseResult

    return CaseResult(
        id=case_id, category="answerable", expect=expect, refused=refused, behaviour_correct=correct,
        content_correct=correct, action=action or ("refuse" if refused else "pass"), reasons=[], faithfulness=1.0,
        citations=0, valid_citations=0, cites_supporting_source=False, latency_ms=100.0,
        guard_overhead_ms=100.0, answer="",
    ).model_dump(mode="json")


def test_held_out_batches_are_reported_apart(tmp_path, monkeypatch, capsys):
    golden = tmp_path / "golden.jsonl"
    golden.write_text("\n".join(json.dumps(r) for r in [
        {"id": "a", "notes": "tuned on"}, {"id": "b", "notes": "held-out dev (written first)"},
        {"id": "c", "notes": "held-out-2 dev (written last)"},
    ]) + "\n")
    run = tmp_path / "run"
    run.mkdir()
    rows = [_row("a", "answer", False, True), _row("b", "answer", True, False), _row("c", "refuse", False, False)]
    (run / "results-default.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    monkeypatch.setattr(sys, "argv", ["golden_shown.py", str(run), "--held-out", str(golden)])
    _module().main()
    out = json.loads(capsys.readouterr().out)["default"]
    assert out["rest"]["cases"] == 1 and out["rest"]["content_correct"] == 1.0
    assert out["held-out"]["cases"] == 1 and out["held-out"]["content_correct"] == 0.0
    assert out["held-out-2"]["refusal_recall"] == 0.0 and out["held-out-2"]["wrong_shown_unmarked"] == 1


def test_a_wrong_answer_given_as_a_quote_is_counted_apart_from_the_shown_ones():
    rows = [
        _row("q1", "answer", False, False, action="quote"),  # another case's row, quoted: wrong
        _row("q2", "answer", False, True, action="quote"),  # the right row, quoted
        _row("q3", "refuse", False, False, action="quote"),  # must be refused, quoted instead
        _row("p1", "answer", False, False, action="pass"),
    ]
    out = _module().figures(rows)
    assert out["wrong_quoted"] == 2
    assert out["wrong_shown"] == 1 and out["wrong_shown_ids"] == ["p1"]
