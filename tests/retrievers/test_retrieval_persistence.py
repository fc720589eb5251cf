"""Index folders: round trip, atomic writes, and clear errors for broken or foreign ones."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from guard.errors import IndexFormatError, InputError
from retrievers.config import RetrievalConfig
from retrievers.knowledge_base import KnowledgeBase
from retrievers.persistence import FORMAT_FILE

pytestmark = pytest.mark.slow  # loads the embedder


@pytest.fixture(scope="module")
def saved(kb, tmp_path_factory):
    folder = tmp_path_factory.mktemp("saved") / "index"
    kb.save(folder)
    return folder


def _copy(saved, tmp_path):
    target = tmp_path / "index"
    shutil.copytree(saved, target)
    return target


def test_round_trip_gives_the_same_results_without_embedding_passages(kb, saved, monkeypatch):
    loaded = KnowledgeBase.load(saved)
    assert len(loaded) == len(kb)
    assert [loaded.store.passage(i) for i in range(len(kb))] == [kb.store.passage(i) for i in range(len(kb))]
    config = RetrievalConfig(k=3)
    for query in ("How tall is the Eiffel Tower?", "aspirin for children", "Who won the world cup?"):
        before, after = kb.retrieve(query, config), loaded.retrieve(query, config)
        assert [p.id for p in after.passages] == [p.id for p in before.passages]
        assert after.gate == before.gate
        assert np.allclose([p.score for p in after.passages], [p.score for p in before.passages])
    record = json.loads((saved / FORMAT_FILE).read_text())
    assert record["format"] == "ragguard-index" and record["version"] == 1 and record["passages"] == len(kb)


def test_loaded_index_accepts_more_documents(saved, tmp_path):
    target = _copy(saved, tmp_path)
    loaded = KnowledgeBase.load(target)
    size = len(loaded)
    assert loaded.add_documents(["Mount Everest is 8849 metres high."], show_progress=False) == 1
    loaded.save(target)
    again = KnowledgeBase.load(target)
    assert len(again) == size + 1
    assert "Everest" in again.search("Everest height", k=1)[0].text
    assert [p.name for p in tmp_path.iterdir()] == ["index"]  # no staging or retired folders left


def test_interrupted_save_leaves_the_previous_index(kb, saved, tmp_path, monkeypatch):
    target = _copy(saved, tmp_path)
    before = (target / "passages.jsonl").read_bytes()

    def crash(_path):
        raise KeyboardInterrupt

    monkeypatch.setattr(kb.dense, "save", crash)
    with pytest.raises(KeyboardInterrupt):
        kb.save(target)
    assert (target / "passages.jsonl").read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["index"]
    with pytest.raises(KeyboardInterrupt):
        kb.save(tmp_path / "fresh")
    assert not (tmp_path / "fresh").exists()
    KnowledgeBase.load(target)


def test_save_refuses_to_replace_a_folder_that_is_not_an_index(kb, tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "thesis.txt").write_text("precious")
    with pytest.raises(InputError, match="not a ragguard index"):
        kb.save(tmp_path / "mine")
    assert (tmp_path / "mine" / "thesis.txt").read_text() == "precious"


def test_missing_index_folder(tmp_path):
    with pytest.raises(IndexFormatError, match="No index at"):
        KnowledgeBase.load(tmp_path / "nowhere")


@pytest.mark.parametrize("damage, message", [
    (lambda d: (d / FORMAT_FILE).unlink(), "no format.json"),
    (lambda d: (d / FORMAT_FILE).write_text("{not json"), "unreadable"),
    (lambda d: _edit_format(d, version=99), "format version 99"),
    (lambda d: _edit_format(d, format="something-else"), "does not describe"),
    (lambda d: _edit_format(d, embedder={"model": "other/model", "dim": 768}), "embedded with 'other/model'"),
    (lambda d: _edit_format(d, passages=3), "disagree on the passage count"),
    (lambda d: (d / "dense.faiss").write_bytes(b"garbage"), "broken"),
    (lambda d: (d / "passages.jsonl").write_text("truncated"), "broken"),
    (lambda d: shutil.rmtree(d / "bm25"), "broken"),
])
def test_broken_or_foreign_index_is_an_index_format_error(saved, tmp_path, damage, message):
    target = _copy(saved, tmp_path)
    damage(target)
    with pytest.raises(IndexFormatError, match=message) as info:
        KnowledgeBase.load(target)
    assert "ragguard index" in str(info.value)  # says how to fix it


def _edit_format(folder, **changes):
    record = json.loads((folder / FORMAT_FILE).read_text())
    record.update(changes)
    (folder / FORMAT_FILE).write_text(json.dumps(record))
