"""Server settings: YAML and flags, validated with messages naming the file, key and value."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from guard.cli import app
from guard.errors import ConfigError
from guard.server import ServerConfig, load_server_config
from guard.server.state import check_sources


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "server.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_yaml_paths_are_relative_to_the_file_and_flags_override(tmp_path):
    (tmp_path / "mine.yaml").write_text("name: mine\nextends: default\n", encoding="utf-8")
    path = _write(
        tmp_path,
        "knowledge_bases: {clinic: idx}\npolicies: [default, ./mine.yaml]\nport: 9000\nlimits: {max_queue: 3}\n",
    )
    config = load_server_config(path, {"port": 9001, "limits.max_in_flight": 2})
    assert config.knowledge_bases == {"clinic": tmp_path / "idx"}
    assert config.policies == {"default": "default", "mine": str(tmp_path / "./mine.yaml")}
    assert (config.port, config.limits.max_queue, config.limits.max_in_flight) == (9001, 3, 2)
    assert config.policy_name == "default" and config.knowledge_base_name == "clinic"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("port: eighty\n", ["server.yaml", "port = 'eighty' is not allowed", "use a whole number"]),
        ("limits: {max_passages: 0}\n", ["limits.max_passages = 0", "greater than or equal to 1"]),
        ("limits: {max_pasages: 5}\n", ["unknown key 'limits.max_pasages'", "under limits", "max_passages"]),
        ("modle: x\n", ["unknown key 'modle'", "allowed keys", "model"]),
        ("on_model_failure: ignore\n", ["on_model_failure = 'ignore'", "use one of: policy, error"]),
        ("policies: [default]\ndefault_policy: medical\n", ["default_policy 'medical'", "default"]),
        ("knowledge_bases: {'bad name': x}\n", ["bad name", "header"]),
        ("- a\n- b\n", ["top level must be a mapping"]),
        ("port: [\n", ["not valid YAML"]),
        # the same strict reader as policies: a repeated key is an error, not "the last one wins"
        ("port: 8000\nport: 9000\n", ["not valid YAML (line 2, column 1)", "duplicate key 'port'"]),
    ],
)
def test_errors_name_file_key_value_and_what_is_allowed(tmp_path, text, expected):
    with pytest.raises(ConfigError) as caught:
        load_server_config(_write(tmp_path, text))
    for part in expected:
        assert part in str(caught.value)


def test_missing_file_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="cannot read"):
        load_server_config(tmp_path / "absent.yaml")


def test_api_keys_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("MY_KEYS", " k1, k2 ,,")
    assert ServerConfig(api_key_env="MY_KEYS").resolved_api_keys() == ["k1", "k2"]


def test_a_reachable_server_without_keys_refuses_to_start(monkeypatch):
    monkeypatch.delenv("RAGGUARD_API_KEYS", raising=False)
    with pytest.raises(ConfigError, match="reachable from other machines"):
        ServerConfig(host="0.0.0.0").check_exposure()
    ServerConfig(host="127.0.0.1").check_exposure()
    ServerConfig(host="0.0.0.0", allow_unauthenticated=True).check_exposure()
    monkeypatch.setenv("RAGGUARD_API_KEYS", "k")
    ServerConfig(host="0.0.0.0").check_exposure()


def test_check_sources_names_a_bad_policy_and_a_missing_index(tmp_path):
    with pytest.raises(
        ConfigError, match=r"policies\.nope: unknown policy profile 'nope'; available: default"
    ):
        check_sources(ServerConfig(policies=["nope"]))
    with pytest.raises(ConfigError, match=r"knowledge_bases\.kb = .*no such folder.*ragguard index"):
        check_sources(ServerConfig(knowledge_bases={"kb": tmp_path / "none"}))


def test_serve_check_prints_the_merged_settings(tmp_path):
    path = _write(tmp_path, "port: 9000\nmodel: test/x\n")
    result = CliRunner().invoke(
        app,
        [
            "serve",
            "--config",
            str(path),
            "--policy",
            "medical",
            "--policy",
            "legal",
            "--port",
            "9100",
            "--max-queue",
            "5",
            "--check",
        ],
    )
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output[result.output.index("{") :])
    assert shown["port"] == 9100 and shown["model"] == "test/x"
    assert shown["policies"] == {"medical": "medical", "legal": "legal"}
    assert shown["default_policy"] == "medical" and shown["limits"]["max_queue"] == 5
    assert "api_keys" not in shown


def test_serve_rejects_a_malformed_index_flag():
    result = CliRunner().invoke(app, ["serve", "--index", "nodir", "--check"])
    assert result.exit_code == 2
    assert "NAME=VALUE" in result.output
