"""`ragguard index` and `ragguard search`: output shapes and error exits."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from guard.cli import app

pytestmark = pytest.mark.slow  # loads the embedder

runner = CliRunner()


@pytest.fixture(scope="module")
def index_dir(docs_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("cli") / "index"
    result = runner.invoke(app, ["index", str(docs_dir), "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "indexed" in result.output and "passages" in result.output
    return out


def _ragguard(*args: str) -> subprocess.CompletedProcess:
    """Through main(), as the installed `ragguard` script runs."""
    return subprocess.run([sys.executable, "-c", "from guard.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=120)


def test_search_json_shape(index_dir):
    result = runner.invoke(app, ["search", "How tall is the Eiffel Tower?", "--index", str(index_dir),
                                 "-k", "2", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert set(payload) == {"query", "gate", "passages"}
    assert payload["query"] == "How tall is the Eiffel Tower?"
    assert set(payload["gate"]) == {"passed", "relevance", "attempts", "queries"}
    assert payload["gate"]["passed"] is True and payload["gate"]["attempts"] == 1
    assert len(payload["passages"]) == 2
    top = payload["passages"][0]
    assert set(top) == {"id", "text", "source", "score", "routes"}
    assert top["source"] == "places.jsonl#eiffel" and "330 metres" in top["text"]
    assert set(top["routes"]) == {"bm25", "dense"}
    assert set(top["routes"]["bm25"]) == {"rank", "score"} and top["routes"]["dense"]["rank"] >= 1


def test_search_table(index_dir):
    result = runner.invoke(app, ["search", "aspirin for children", "--index", str(index_dir), "-k", "3"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("gate ")
    assert "aspirin.md" in result.stdout and "bm25" in result.stdout


def test_index_add_to_an_existing_index(index_dir, tmp_path):
    extra = tmp_path / "more"
    extra.mkdir()
    (extra / "everest.txt").write_text("Mount Everest is 8849 metres high.", encoding="utf-8")
    refused = _ragguard("index", str(extra), "--out", str(index_dir), "--quiet")
    assert refused.returncode == 1 and "--add" in refused.stderr and "Traceback" not in refused.stderr
    added = runner.invoke(app, ["index", str(extra), "--out", str(index_dir), "--add", "--quiet"])
    assert added.exit_code == 0 and "indexed 1 new passages" in added.output
    found = runner.invoke(app, ["search", "Everest", "--index", str(index_dir), "-k", "1", "--json"])
    assert "Everest" in json.loads(found.stdout)["passages"][0]["text"]


@pytest.mark.parametrize("args, message", [
    (["search", "  ", "--index", "{index}"], "query is empty"),
    (["search", "anything", "--index", "{tmp}/missing"], "No index at"),
    (["index", "{tmp}/no-such-docs", "--out", "{tmp}/out"], "does not exist"),
    (["index", "{tmp}", "--out", "{tmp}/out", "--chunk-words", "50", "--overlap-words", "60"], "overlap_words"),
])
def test_bad_input_exits_1_with_a_message(index_dir, tmp_path, args, message):
    done = _ragguard(*(a.format(index=index_dir, tmp=tmp_path) for a in args))
    assert done.returncode == 1
    assert "error: " in done.stderr and message in done.stderr
    assert "Traceback" not in done.stderr
