"""Loading and chunking: formats, headings, sizes, overlap, ids, and bad input."""

from __future__ import annotations

import time

import pytest
from retrieval_helpers import write_docs
from structlog.testing import capture_logs

from guard.errors import InputError
from retrievers.chunking import chunk_document, passage_id
from retrievers.config import IndexConfig
from retrievers.documents import Document, documents_from_texts, load_directory


def test_loads_markdown_text_and_jsonl(tmp_path):
    docs = load_directory(write_docs(tmp_path / "docs"))
    by_source = {d.source: d for d in docs}
    assert set(by_source) == {"aspirin.md", "notes.txt", "places.jsonl#eiffel", "places.jsonl#louvre"}
    assert by_source["aspirin.md"].title == "Aspirin guide"
    assert by_source["aspirin.md"].kind == "markdown"
    assert by_source["notes.txt"].title == "notes"
    assert by_source["places.jsonl#eiffel"].title == "Eiffel Tower"
    assert by_source["places.jsonl#eiffel"].metadata == {"lang": "en"}


def test_markdown_headings_become_passage_titles(tmp_path):
    doc = load_directory(write_docs(tmp_path / "docs"))[0]
    passages = chunk_document(doc, IndexConfig(chunk_words=16, overlap_words=0))
    titles = {p.title for p in passages}
    assert "Aspirin guide > Dosage > Children" in titles
    assert "Aspirin guide > Storage" in titles
    child = next(p for p in passages if p.title.endswith("Children"))
    assert "Reye" in child.text
    assert child.metadata["heading"] == "Dosage > Children"
    assert child.source == "aspirin.md"


def test_heading_inside_code_fence_is_text():
    text = "# Doc\n\nIntro.\n\n```\n# not a heading\n```\n\n## Real\n\nBody."
    passages = chunk_document(Document(id="d", text=text, source="d.md", title="Doc", kind="markdown"))
    assert [p.title for p in passages] == ["Doc", "Doc > Real"]
    assert "# not a heading" in passages[0].text


@pytest.mark.parametrize("text", [
    " ".join(f"word{i}" for i in range(2000)),  # run-on text: no sentence or paragraph breaks
    "\n\n".join(" ".join(f"w{p}_{i}" for i in range(40)) + "." for p in range(60)),  # paragraphs
    " ".join(f"Sentence number {i} has six words." for i in range(400)),  # one long paragraph
])
def test_chunks_respect_size_and_overlap(text):
    config = IndexConfig(chunk_words=100, overlap_words=20)
    passages = chunk_document(Document(id="d", text=text, source="d.txt"), config)
    assert len(passages) > 5
    words = [p.text.split() for p in passages]
    assert all(len(w) <= 100 for w in words)
    for before, after in zip(words, words[1:]):
        assert after[0] in before[-20:], "each passage starts inside the previous passage's tail"
    covered = set().union(*map(set, words))
    assert covered == set(text.split())


def test_ids_are_stable_and_depend_on_source_and_text():
    doc = Document(id="d", text="Alpha beta gamma.", source="a.txt")
    assert chunk_document(doc)[0].id == chunk_document(doc.model_copy())[0].id
    other_source = Document(id="d", text="Alpha beta gamma.", source="b.txt")
    other_text = Document(id="d", text="Alpha beta delta.", source="a.txt")
    assert chunk_document(other_source)[0].id != chunk_document(doc)[0].id
    assert chunk_document(other_text)[0].id != chunk_document(doc)[0].id
    assert passage_id("a.txt", "", "x") == passage_id("a.txt", "", "x")
    assert passage_id("a.txt", "", "x", occurrence=1) != passage_id("a.txt", "", "x")


def test_repeated_chunks_get_distinct_ids():
    text = "\n\n".join(["Same boilerplate paragraph here."] * 3)
    passages = chunk_document(Document(id="d", text=text, source="d.txt"), IndexConfig(chunk_words=16, overlap_words=0))
    assert len({p.id for p in passages}) == len(passages)


def test_large_document_chunks_quickly():
    text = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 20 + "\n\n") * 5000  # ~5.7 MB
    started = time.perf_counter()
    passages = chunk_document(Document(id="d", text=text, source="big.txt"))
    assert time.perf_counter() - started < 5
    assert len(passages) >= 5000


def test_missing_and_empty_directories_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="does not exist"):
        load_directory(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="No usable documents"):
        load_directory(tmp_path / "empty")
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(InputError, match="not a directory"):
        load_directory(tmp_path / "file.txt")


def test_bad_files_are_skipped_with_a_warning(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "good.txt").write_text("A good document.", encoding="utf-8")
    (folder / "binary.txt").write_bytes(b"\x00\x01\x02" * 100)
    (folder / "latin1.txt").write_bytes("caf\xe9 cr\xe8me".encode("latin-1"))
    (folder / "blank.md").write_text("   \n\n", encoding="utf-8")
    (folder / "image.png").write_bytes(b"\x89PNG")
    (folder / "rows.jsonl").write_text('{"text": "ok"}\nnot json\n{"id": 3}\n[1, 2]\n', encoding="utf-8")
    with capture_logs() as logs:
        docs = load_directory(folder)
    assert sorted(d.source for d in docs) == ["good.txt", "rows.jsonl#rows.jsonl:1"]
    skipped = [e for e in logs if e["event"] == "document_skipped" and e["log_level"] == "warning"]
    reasons = " | ".join(e["reason"] for e in skipped)
    for expected in ("binary", "not UTF-8", "empty", "'text' key", "Expecting value", "JSON object"):
        assert expected in reasons


def test_oversized_document_is_skipped_without_reading_it(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    with open(folder / "huge.txt", "wb") as handle:  # a sparse 50 MB file: no disk or memory cost
        handle.truncate(50 * 1024 * 1024)
    (folder / "small.txt").write_text("Small document.", encoding="utf-8")
    started = time.perf_counter()
    with capture_logs() as logs:
        docs = load_directory(folder)
    assert time.perf_counter() - started < 2
    assert [d.source for d in docs] == ["small.txt"]
    assert any("maximum document size" in e.get("reason", "") for e in logs)


def test_texts_and_dicts_become_documents():
    docs = documents_from_texts(["plain", {"text": "rich", "id": 7, "title": "T", "tag": "x"}])
    assert [d.id for d in docs] == ["text-0", "7"]
    assert docs[1].title == "T" and docs[1].metadata == {"tag": "x"}
    with pytest.raises(InputError):
        documents_from_texts([{"title": "no text"}])
    with pytest.raises(InputError):
        documents_from_texts([42])


def test_unreadable_file_is_skipped(tmp_path, monkeypatch):
    from pathlib import Path

    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "locked.txt").write_text("secret", encoding="utf-8")
    (folder / "open.txt").write_text("public", encoding="utf-8")
    real_read = Path.read_bytes

    def read_bytes(path):
        if path.name == "locked.txt":
            raise PermissionError(13, "Permission denied")
        return real_read(path)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    with capture_logs() as logs:
        docs = load_directory(folder)
    assert [d.source for d in docs] == ["open.txt"]
    assert any("Permission denied" in e.get("reason", "") for e in logs)
