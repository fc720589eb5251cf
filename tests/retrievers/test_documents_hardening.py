"""Issue 13, Low: indexing stays inside its folder and survives hostile JSONL lines."""

from __future__ import annotations

import json

from retrievers.documents import iter_directory


def test_a_symlink_out_of_the_folder_is_not_indexed(tmp_path):
    outside = tmp_path / "secret.txt"
    outside.write_text("root:$6$hash:19000:0:99999:7:::")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "real.md").write_text("# Real\nParis is the capital of France.")
    (docs / "shadow.md").symlink_to(outside)
    (docs / "linked-dir").symlink_to(tmp_path, target_is_directory=True)
    (docs / "alias.md").symlink_to(docs / "real.md")  # a link that stays inside is fine
    texts = {d.id: d.text for d in iter_directory(docs)}
    assert not any("root:" in text for text in texts.values())
    assert set(texts) == {"real.md", "alias.md"}


def test_a_deeply_nested_jsonl_line_is_skipped_not_a_crash(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    deep = "[" * 100_000 + "]" * 100_000
    good = json.dumps({"id": "ok", "text": "Berlin is the capital of Germany."})
    (docs / "data.jsonl").write_text(deep + "\n" + good + "\n")
    assert [d.id for d in iter_directory(docs)] == ["ok"]
