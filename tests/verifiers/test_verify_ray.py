"""verify_batch(executor="ray") and `ragguard verify --ray`: the local reports, on a local Ray."""

from __future__ import annotations

import json

import pytest
from batch_cases import EDGE_CASES, assert_same, comparable, draft_items, ragtruth_items

from guard.verifiers.batch import VerifyItem, verify_batch
from guard.verifiers.batch_ray import _code_path
from guard.verifiers.stage import build_settings

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.slow  # starts Ray and two workers that load the models


@pytest.fixture(scope="module")
def local_ray():
    """One local Ray for the module (it takes seconds to start): 2 CPUs, this checkout's code."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": _code_path()}})
    yield
    ray.shutdown()


def _items() -> list[VerifyItem]:
    return ragtruth_items(per_task=3) + draft_items(4) + EDGE_CASES


def _comparable(reports) -> list[dict]:
    return [comparable(report) for report in reports]


def test_ray_reports_are_the_local_ones_in_input_order(local_ray):
    items = _items()
    settings = build_settings(deadline_s=600.0)
    local = _comparable(verify_batch(items, settings=settings, batch_size=3))
    on_ray = _comparable(verify_batch(items, settings=settings, batch_size=3, executor="ray", workers=2))
    assert len(on_ray) == len(items) == 16
    assert_same(on_ray, local, "ray")
    assert ray.is_initialized()  # the caller's Ray is left running


def test_cli_with_ray_writes_the_local_output_and_resumes(local_ray, tmp_path, monkeypatch):
    from typer.testing import CliRunner

    import guard.cli.verify as verify_cli
    from guard.cli import app

    build = verify_cli._settings  # the same 600 s deadline as elsewhere in the suite
    monkeypatch.setattr(verify_cli, "_settings", lambda v, p: build_settings(deadline_s=600.0) if p is None else build(v, p))
    rows = [{"id": n, "question": i.question, "contexts": i.contexts, "answer": i.answer}
            for n, i in enumerate(_items()[:7]) if all(isinstance(c, str) for c in i.contexts)]
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    runner = CliRunner()

    def run(out, *extra):
        result = runner.invoke(app, ["verify", "-i", str(src), "-o", str(out), "--batch-size", "2", *extra])
        assert result.exit_code == 0, result.output
        return [json.loads(line) for line in out.read_text().splitlines()]

    local = run(tmp_path / "local.jsonl")
    # An interrupted Ray run left the first three lines: the resumed run does the rest only.
    partial = tmp_path / "ray.jsonl"
    partial.write_text("".join(json.dumps(r) + "\n" for r in local[:3]), encoding="utf-8")
    on_ray = run(partial, "--ray", "--workers", "2")
    for rows_ in (local, on_ray):
        for row in rows_:
            row["verification"].pop("timings")
    assert len(local) == len(rows)
    assert_same(on_ray, local, "ray output")
