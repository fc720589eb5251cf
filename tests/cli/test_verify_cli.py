"""`ragguard verify`: output per input line, bad lines, verifier/policy options, resume."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import guard.cli.verify as verify_cli
from guard.cli import app
from guard.verifiers.registry import DEFAULT_VERIFIERS

pytestmark = pytest.mark.slow  # claims and support load spaCy and the embedder

runner = CliRunner()

CONTEXTS = [
    "The Eiffel Tower in Paris was completed in 1889 as the entrance arch to the World's Fair.",
    "The Louvre museum opened in 1793 with an exhibition of 537 paintings.",
]
GOOD = [
    {"id": "a", "question": "When was the Eiffel Tower completed?", "contexts": CONTEXTS,
     "answer": "The Eiffel Tower was completed in 1889 [1].", "model": "gpt-4-0613"},
    {"id": 7, "question": "When did the Louvre open?", "contexts": CONTEXTS,
     "answer": "The Louvre opened in 1793 [2]. It first showed 537 paintings."},
    {"question": "What is in Paris?", "contexts": CONTEXTS, "answer": "The Eiffel Tower is in Paris [3]."},
    {"id": "d", "question": "How tall is it?", "contexts": CONTEXTS, "answer": "It is 330 metres tall."},
]


def write_jsonl(path: Path, rows: list) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def without_timings(rows: list[dict]) -> list[dict]:
    """Timings are wall-clock milliseconds: the one field two identical runs do not share."""
    for row in rows:
        row.get("verification", {}).pop("timings", None)
    return rows


def invoke(*args: str):
    return runner.invoke(app, ["verify", *args])


def test_one_output_line_per_input_line(tmp_path):
    src = write_jsonl(tmp_path / "in.jsonl", [GOOD[0], "", GOOD[1], GOOD[2]])
    out = tmp_path / "out" / "verified.jsonl"
    result = invoke("--input", str(src), "--output", str(out))
    assert result.exit_code == 0, result.output
    rows = read_jsonl(out)
    assert [(r["line"], r["id"]) for r in rows] == [(1, "a"), (3, 7), (4, None)]  # the blank line 2 is skipped
    first = rows[0]["verification"]
    assert first["verifiers"] == list(DEFAULT_VERIFIERS)
    assert first["claims"][0]["claim"]["citations"] == [1]
    assert first["claims"][0]["label"] == "supported"
    # typed scores, not a string-keyed signals blackboard
    assert "signals" not in first and "signals" not in first["claims"][0]
    assert first["claims"][0]["judged"] is True
    assert isinstance(first["claims"][0]["scores"]["cosine"], float)
    assert first["scores"]["stacked_probability"] == first["hallucination_probability"]
    assert first["completed"] == list(DEFAULT_VERIFIERS)
    assert len(rows[1]["verification"]["claims"]) == 2
    assert rows[2]["verification"]["invalid_citations"] == [3]  # only two contexts: [3] names none


def test_bad_lines_are_reported_and_skipped_never_silently(tmp_path):
    bad = [
        '{"question": "q", "contexts": ["c"], "answer": ',  # cut JSON
        {"id": "no-answer", "question": "q", "contexts": ["c"]},
        {"id": "str-contexts", "question": "q", "contexts": "one string", "answer": "a"},
        {"question": "q", "contexts": ["c", 3], "answer": "a"},
        ["not", "an", "object"],
    ]
    src = write_jsonl(tmp_path / "in.jsonl", [GOOD[0], *bad, GOOD[3]])
    out = tmp_path / "out.jsonl"
    result = invoke("--input", str(src), "--output", str(out))
    assert result.exit_code == 1
    rows = read_jsonl(out)
    assert [r["line"] for r in rows] == [1, 2, 3, 4, 5, 6, 7]
    assert "verification" in rows[0] and "verification" in rows[6]
    errors = {r["line"]: r for r in rows if "error" in r}
    assert set(errors) == {2, 3, 4, 5, 6}
    assert errors[2]["error"].startswith("invalid JSON")
    assert errors[3]["id"] == "no-answer" and "answer: Field required" in errors[3]["error"]
    assert errors[4]["id"] == "str-contexts" and errors[4]["error"].startswith("contexts:")
    assert errors[5]["error"].startswith("contexts.1:")
    for line in errors:
        assert f"line {line}: " in result.stderr


def test_verifiers_and_policy_options(tmp_path):
    src = write_jsonl(tmp_path / "in.jsonl", [GOOD[1]])
    out = tmp_path / "out.jsonl"
    result = invoke("--input", str(src), "--output", str(out), "--verifiers", "support,egc")
    assert result.exit_code == 0, result.output
    verification = read_jsonl(out)[0]["verification"]
    assert verification["verifiers"] == ["support", "egc"]
    assert verification["egc"]["defined"] is False  # both sentences are short: the detector abstains

    result = invoke("--input", str(src), "--output", str(out), "--policy", "medical", "--no-resume")
    assert result.exit_code == 0, result.output
    from guard.policy import load_policy

    assert read_jsonl(out)[0]["verification"]["verifiers"] == load_policy("medical").verifiers


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--verifiers", "support,telepathy"], "unknown verifier(s) telepathy"),
        (["--policy", "nonexistent"], "unknown policy profile"),
        (["--workers", "0"], "--workers"),
        (["--batch-size", "0"], "--batch-size"),
    ],
)
def test_usage_errors_exit_2(tmp_path, args, message):
    src = write_jsonl(tmp_path / "in.jsonl", [GOOD[0]])
    result = invoke("--input", str(src), "--output", str(tmp_path / "out.jsonl"), *args)
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "out.jsonl").exists()


def test_resume_after_interruption_matches_an_uninterrupted_run(tmp_path, monkeypatch):
    src = write_jsonl(tmp_path / "in.jsonl", [GOOD[0], GOOD[1], "{broken", GOOD[2], GOOD[3]])
    whole = tmp_path / "whole.jsonl"
    assert invoke("--input", str(src), "--output", str(whole)).exit_code == 1  # line 3 is bad
    expected = without_timings(read_jsonl(whole))

    # Interrupted while verifying line 4, after lines 1-3 were written ...
    resumed = tmp_path / "resumed.jsonl"
    real_verifications, calls = verify_cli._verifications, []

    def recorded(parsed, settings, options):
        return real_verifications((calls.append(p.id) or p for p in parsed), settings, options)

    def interrupted(parsed, settings, options):
        for n, verification in enumerate(recorded(parsed, settings, options)):
            if n == 2:
                raise KeyboardInterrupt
            yield verification

    monkeypatch.setattr(verify_cli, "_verifications", interrupted)
    with pytest.raises(KeyboardInterrupt):
        verify_cli._run(
            src.read_text().splitlines(), resumed, {}, verify_cli._settings(None, None), verify_cli._RunOptions(batch_size=1)
        )
    assert [r["line"] for r in read_jsonl(resumed)] == [1, 2, 3]
    # ... and killed in the middle of writing line 4.
    with resumed.open("a", encoding="utf-8") as handle:
        handle.write('{"line": 4, "id": null, "verifica')

    monkeypatch.setattr(verify_cli, "_verifications", recorded)
    calls.clear()
    result = invoke("--input", str(src), "--output", str(resumed))
    assert result.exit_code == 1  # line 3 is still bad
    assert calls == [None, "d"]  # only lines 4 and 5 were verified again
    assert without_timings(read_jsonl(resumed)) == expected


def test_resume_refuses_an_output_of_another_input(tmp_path):
    out = write_jsonl(tmp_path / "out.jsonl", [{"line": 1, "id": "zzz", "verification": {}}])
    src = write_jsonl(tmp_path / "in.jsonl", [GOOD[0]])
    result = invoke("--input", str(src), "--output", str(out))
    assert result.exit_code == 2
    assert "does not match the input" in result.output and "--no-resume" in result.output
    assert read_jsonl(out) == [{"line": 1, "id": "zzz", "verification": {}}]  # untouched
    assert invoke("--input", str(src), "--output", str(out), "--no-resume").exit_code == 0
    assert read_jsonl(out)[0]["id"] == "a"


def test_finished_output_is_not_redone(tmp_path, monkeypatch):
    src = write_jsonl(tmp_path / "in.jsonl", [GOOD[0]])
    out = tmp_path / "out.jsonl"
    assert invoke("--input", str(src), "--output", str(out)).exit_code == 0
    before = out.read_text()
    monkeypatch.setattr(verify_cli, "_verifications", lambda parsed, *_: (pytest.fail("line 1 was redone") for _ in parsed))
    assert invoke("--input", str(src), "--output", str(out)).exit_code == 0
    assert out.read_text() == before


def test_installed_entry_point(tmp_path):
    src = write_jsonl(tmp_path / "in.jsonl", [GOOD[3]])
    out = tmp_path / "out.jsonl"
    proc = subprocess.run(
        [sys.executable, "-c", "from guard.cli import main; main()", "verify", "-i", str(src), "-o", str(out),
         "--verifiers", "support"],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert read_jsonl(out)[0]["verification"]["claims"][0]["label"] == "unsupported"  # 330 m is in no context
