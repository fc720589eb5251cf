"""training/ owns every producer; the runtime names only commands that exist; the demo ships its data."""

import fnmatch
import re
import tomllib
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from guard.cli import app
from guard.errors import InputError

REPO = Path(__file__).resolve().parents[2]
RUNTIME = ("guard", "retrievers", "prompts", "policies")
# `ragguard <words>` in backticks or double backticks, as error messages and docstrings write them.
_COMMAND = re.compile(r"`+ragguard ((?:[a-z][a-z-]*)(?: [a-z][a-z-]*)*)")
_SCRIPT = re.compile(r"(?:python )?(benchmarks/[\w/]+\.py)")
_MODULE = re.compile(r"python -m ([\w.]+)")


def _runtime_sources() -> list[Path]:
    return [p for root in RUNTIME for p in (REPO / root).rglob("*.py")]


def _command_exists(words: list[str]) -> bool:
    command = get_command(app)
    for word in words:
        sub = getattr(command, "commands", {}).get(word)
        if sub is None:
            return not hasattr(command, "commands")  # the rest are arguments of a leaf command
        command = sub
    return True


def test_the_runtime_never_imports_training():
    offenders = [
        str(p.relative_to(REPO)) for p in _runtime_sources()
        if re.search(r"^\s*(from|import) training\b", p.read_text(encoding="utf-8"), re.MULTILINE)
    ]
    assert offenders == []


def test_every_ragguard_command_the_runtime_names_exists():
    named = {m for p in _runtime_sources() for m in _COMMAND.findall(p.read_text(encoding="utf-8"))}
    assert {"train stacked", "train egc", "train franq fit", "train gate", "train grounding"} <= named
    missing = sorted(n for n in named if not _command_exists(n.split()))
    assert missing == []


def test_every_benchmark_script_the_runtime_names_exists():
    named = {m for p in _runtime_sources() for m in _SCRIPT.findall(p.read_text(encoding="utf-8"))}
    assert sorted(n for n in named if not (REPO / n).is_file()) == []


def test_every_module_the_runtime_says_to_run_exists():
    named = {m for p in _runtime_sources() for m in _MODULE.findall(p.read_text(encoding="utf-8"))}
    path = {n: REPO / n.replace(".", "/") for n in named}
    assert sorted(n for n in named if not (path[n].with_suffix(".py").is_file() or path[n].is_dir())) == []


@pytest.mark.parametrize(
    "args",
    [
        ["train", "grounding", "--data", "d"],
        ["train", "stacked", "--data", "d"],
        ["train", "egc", "--data", "d"],
        ["train", "gate"],
        ["train", "thresholds", "--data", "d"],
        ["train", "franq", "fit"],
    ],
)
def test_every_producer_requires_an_explicit_out(args):
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2 and "--out" in result.output


def test_training_outside_a_checkout_is_an_actionable_error(tmp_path):
    from guard.cli.train import import_training

    with pytest.raises(InputError, match="run it from a ragguard checkout"):
        import_training("training.no_such_producer", checkout=tmp_path)


def test_training_readme_lists_every_shipped_artifact():
    readme = (REPO / "training" / "README.md").read_text(encoding="utf-8")
    for artifact in [
        "guard/grounding/model", "guard/verifiers/stacked_detector.json", "guard/verifiers/franq_calibration.json",
        "guard/verifiers/egc_detector.json", "retrievers/gate_calibration.json", "guard/eval/thresholds.json",
    ]:
        assert (REPO / artifact).exists() and f"--out {artifact}" in readme, artifact


def test_the_demo_knowledge_base_is_package_data():
    from guard.cli.pipeline import EXAMPLE_KB

    shipped = sorted(p.name for p in EXAMPLE_KB.iterdir())
    assert shipped == sorted(p.name for p in (REPO / "examples" / "kb").iterdir()) and shipped
    patterns = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["guard"]
    for name in shipped:
        path = f"demo_data/kb/{name}"
        assert any(fnmatch.fnmatch(path, p) or fnmatch.fnmatch(path, p.replace("**/", "*/")) for p in patterns), path


def test_the_example_index_follows_the_documents(tmp_path, monkeypatch):
    from guard.cli.pipeline import example_index_dir

    monkeypatch.setenv("RAGGUARD_CACHE_DIR", str(tmp_path / "cache"))
    kb = tmp_path / "kb"
    kb.mkdir()
    (kb / "a.md").write_text("one")
    first = example_index_dir(kb)
    assert first.parent == tmp_path / "cache" and first == example_index_dir(kb)
    (kb / "a.md").write_text("two")
    assert example_index_dir(kb) != first
