"""Issue 13, Low: secrets off the command line, plain-HTTP warnings, clear errors and exit codes."""

from __future__ import annotations

import os
import stat
import sys

import pytest
from typer.testing import CliRunner

from guard.cli import app, main
from guard.review import open_queue

runner = CliRunner()


def _main(monkeypatch, *args: str) -> int:
    """Run the real entry point (which turns a GuardError into exit 1) and return its exit code."""
    monkeypatch.setattr(sys, "argv", ["ragguard", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    return exited.value.code or 0


def test_add_reviewer_stores_a_hash_from_stdin(tmp_path):
    file = tmp_path / "reviewers.json"
    result = runner.invoke(
        app,
        ["review", "add-reviewer", "alice", "--reviewers", str(file), "--password-stdin"],
        input="a-long-enough-password\n",
    )
    assert result.exit_code == 0, result.output
    assert "a-long-enough-password" not in file.read_text() and "$argon2id$" in file.read_text()
    assert stat.S_IMODE(os.stat(file).st_mode) == 0o600
    from guard.review.reviewers import ReviewerFile

    assert ReviewerFile(file).verify("alice", "a-long-enough-password")
    result = runner.invoke(app, ["review", "remove-reviewer", "alice", "--reviewers", str(file)])
    assert result.exit_code == 0 and ReviewerFile(file).names() == []


def test_a_weak_password_is_a_clear_error_with_exit_1(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("short\n"))
    code = _main(
        monkeypatch,
        "review",
        "add-reviewer",
        "alice",
        "--reviewers",
        str(tmp_path / "r.json"),
        "--password-stdin",
    )
    assert code == 1 and "at least" in capsys.readouterr().err


def test_the_review_token_is_not_taken_from_argv(tmp_path):
    result = runner.invoke(app, ["review", "--queue", str(tmp_path / "q.db"), "--token", "x" * 20])
    assert result.exit_code == 2


def test_the_review_token_may_come_from_a_file(tmp_path):
    from guard.cli.review import read_token

    token_file = tmp_path / "token"
    token_file.write_text("a-token-from-a-file-123\n")
    assert read_token(token_file) == "a-token-from-a-file-123"


def test_export_to_an_unwritable_path_is_exit_1_without_a_traceback(tmp_path):
    queue = tmp_path / "q.db"
    open_queue(queue).close()
    result = runner.invoke(app, ["review", "--queue", str(queue), "--export", "/proc/no/such/review.jsonl"])
    assert result.exit_code == 1, result.output
    assert "cannot write" in result.output and "Traceback" not in result.output


def test_serve_check_fails_when_review_has_no_credentials(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("RAGGUARD_REVIEW_TOKEN", raising=False)
    code = _main(monkeypatch, "serve", "--review-queue", str(tmp_path / "q.db"), "--check")
    assert code == 1
    assert "RAGGUARD_REVIEW_TOKEN" in capsys.readouterr().err


def test_serve_warns_about_plain_http_on_a_public_address(monkeypatch, capsys):
    monkeypatch.setenv("RAGGUARD_API_KEYS", "k1")
    code = _main(monkeypatch, "serve", "--host", "0.0.0.0", "--check")
    assert code == 0
    err = capsys.readouterr().err
    assert "plain HTTP" in err and "--secure-cookie" in err


def test_serve_check_is_quiet_on_loopback(monkeypatch, capsys):
    assert _main(monkeypatch, "serve", "--check") == 0
    assert "plain HTTP" not in capsys.readouterr().err


# --- ragguard verify ---------------------------------------------------------------------------


def _verify(*args: str):
    return runner.invoke(app, ["verify", *args])


def test_verify_refuses_to_overwrite_its_input(tmp_path):
    data = tmp_path / "in.jsonl"
    data.write_text('{"question": "q", "contexts": ["c"], "answer": "a"}\n')
    result = _verify("--input", str(data), "--output", str(data), "--no-resume")
    assert result.exit_code == 2 and "same file" in result.output
    assert data.read_text().startswith('{"question"')


def test_verify_on_non_utf8_input_is_a_clear_error(tmp_path):
    data = tmp_path / "in.jsonl"
    data.write_bytes(b'{"question": "\xff\xfe"}\n')
    result = _verify("--input", str(data), "--output", str(tmp_path / "out.jsonl"))
    assert result.exit_code == 2 and "UTF-8" in result.output and result.exception.__class__ is SystemExit


def test_verify_with_an_output_folder_it_cannot_create_is_a_clear_error(tmp_path):
    data = tmp_path / "in.jsonl"
    data.write_text('{"question": "q", "contexts": ["c"], "answer": "a"}\n')
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = _verify("--input", str(data), "--output", str(blocker / "sub" / "out.jsonl"))
    assert result.exit_code == 2 and "cannot" in result.output and result.exception.__class__ is SystemExit


def test_verify_marks_a_deeply_nested_line_bad(tmp_path):
    data = tmp_path / "in.jsonl"
    data.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    out = tmp_path / "out.jsonl"
    result = _verify("--input", str(data), "--output", str(out), "--verifiers", "citations")
    assert result.exit_code == 1, result.output
    assert result.exception.__class__ is SystemExit
    assert "error" in out.read_text()
