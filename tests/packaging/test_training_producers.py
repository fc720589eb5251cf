"""The producers write where --out says, and what they write is what the runtime reads."""

import json

import numpy as np
from typer.testing import CliRunner

from guard.cli import app
from guard.verifiers.franq import load_calibration
from training.franq import fit_calibration


def _cache(path, rng):
    rows = []
    for i in range(40):
        claims = []
        for j in range(3):
            p_faith = float(rng.uniform())
            factual = bool(rng.uniform() < 0.3 + 0.5 * p_faith)
            claims.append({"start": j * 10, "end": j * 10 + 9, "claim_prob": float(rng.normal(-1 + factual, 0.5)),
                           "param_knowledge": float(rng.normal(-2, 0.5)), "p_faith": p_faith, "factual": factual})
        split = "dev" if i % 4 == 0 else "train"
        rows.append({"id": f"r{i}", "split": split, "task": "QA", "model": "m", "hallucinated": False,
                     "failures": [], "claims": claims, "p_faith_source": "support"})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return [c for r in rows if r["split"] == "train" for c in r["claims"]]


def test_franq_fit_writes_the_calibration_the_verifier_reads(tmp_path):
    claims = _cache(tmp_path / "scores.jsonl", np.random.default_rng(3))
    out = tmp_path / "nested" / "franq_calibration.json"
    result = CliRunner().invoke(app, ["train", "franq", "fit", "--cache", str(tmp_path / "scores.jsonl"),
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    written = load_calibration(out)
    expected = fit_calibration(*([c[k] for c in claims] for k in ("claim_prob", "param_knowledge", "p_faith",
                                                                   "factual")), p_faith_source="support")
    assert written.f1_claim_prob == expected.f1_claim_prob
    assert written.f2_param_knowledge == expected.f2_param_knowledge
    assert written.n_faithful + written.n_unfaithful == len(claims) == 90
    assert written.provenance["command"].startswith("nice -n 19 ragguard train franq score")


def test_franq_fit_refuses_a_cache_that_mixes_estimators(tmp_path):
    _cache(tmp_path / "scores.jsonl", np.random.default_rng(4))
    rows = [json.loads(line) for line in (tmp_path / "scores.jsonl").read_text().splitlines()]
    rows[1]["p_faith_source"] = "grounding"
    (tmp_path / "scores.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    result = CliRunner().invoke(app, ["train", "franq", "fit", "--cache", str(tmp_path / "scores.jsonl"),
                                      "--out", str(tmp_path / "x.json")])
    assert result.exit_code != 0 and "refaith" in str(result.exception)
    assert not (tmp_path / "x.json").exists()
