"""`ragguard review`: refuses to serve without a token; exports decisions as golden JSONL."""

from __future__ import annotations

import json

from review_builders import make_item
from typer.testing import CliRunner

from guard.cli import app
from guard.review import open_queue


def test_review_refuses_to_serve_without_a_token(tmp_path, monkeypatch):
    monkeypatch.delenv("RAGGUARD_REVIEW_TOKEN", raising=False)
    result = CliRunner().invoke(app, ["review", "--queue", str(tmp_path / "q.db")])
    assert result.exit_code == 2
    assert "RAGGUARD_REVIEW_TOKEN" in result.output


def test_review_export_writes_the_decided_items(tmp_path, monkeypatch):
    monkeypatch.delenv("RAGGUARD_REVIEW_TOKEN", raising=False)
    path = tmp_path / "q.db"
    queue = open_queue(path)
    decided = queue.enqueue(make_item("a"))
    queue.enqueue(make_item("b"))
    queue.reject(decided, "alice", comment="not in the leaflet")
    queue.close()
    out = tmp_path / "review.jsonl"
    result = CliRunner().invoke(app, ["review", "--queue", str(path), "--export", str(out)])
    assert result.exit_code == 0, result.output
    assert "wrote 1 reviewed case" in result.output
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert (row["id"], row["expect"], row["category"]) == (f"review-{decided}", "refuse", "review")
