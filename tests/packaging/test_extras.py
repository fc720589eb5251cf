"""Optional extras: the core verifies alone; the README's commands install every extra."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXTRAS = ("server", "review", "postgres", "eval", "train", "dev")
# What the request path must never load: plotting, the training tree, the extras' libraries.
NEVER_ON_VERIFY = ("matplotlib", "training", "sklearn", "fastapi", "uvicorn", "psycopg")


def _pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_each_job_has_its_extra_and_pins_exactly():
    extras = _pyproject()["project"]["optional-dependencies"]
    assert set(EXTRAS) <= set(extras)
    for name, pins in extras.items():
        assert pins and all("==" in pin for pin in pins), (name, pins)


def test_the_core_leaves_out_what_the_extras_bring():
    core = {pin.split("==")[0].split("[")[0].lower() for pin in _pyproject()["project"]["dependencies"]}
    assert not core & {"fastapi", "uvicorn", "psycopg", "matplotlib", "scikit-learn", "playwright"}


def test_setup_installs_every_extra():
    extras = set(_pyproject()["project"]["optional-dependencies"])
    setup = (REPO / "scripts" / "setup.sh").read_text(encoding="utf-8")
    line = next(line for line in setup.splitlines() if line.startswith("EXTRAS="))
    assert set(line.removeprefix("EXTRAS=").split(",")) == extras
    assert '-e ".[$EXTRAS]"' in setup


def test_training_is_not_installed():
    find = _pyproject()["tool"]["setuptools"]["packages"]["find"]["include"]
    assert not any(pattern.startswith("training") for pattern in find)


def test_the_cli_names_the_extra_of_a_missing_module():
    from guard.cli import missing_extra

    assert missing_extra("fastapi") == "server" and missing_extra("psycopg.pq") == "postgres"
    assert missing_extra("matplotlib.pyplot") == "eval" and missing_extra("numpy") is None


def test_verify_loads_neither_plots_nor_training_nor_extras():
    code = (
        "import guard, sys\n"
        "report = guard.verify(question='What is the usual adult dose of Zelorin?',\n"
        "    contexts=['The usual adult dose of Zelorin is 20 mg once a day.'],\n"
        "    answer='The usual adult dose is 20 mg once a day [1].')\n"
        "assert report.claims, report\n"
        f"loaded = sorted({{m.split('.')[0] for m in sys.modules}} & set({NEVER_ON_VERIFY!r}))\n"
        "assert not loaded, loaded\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
