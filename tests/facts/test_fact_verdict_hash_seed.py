"""A verdict must not depend on the process's string-hash seed (``PYTHONHASHSEED``), which orders sets.

A float sum over a set of words once gave two units holding the same words scores a last bit
apart, so which one ranked first, and the verdict, changed from run to run (CI failed on a case
that passed on the machine before it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

_SCRIPT = """
import json, sys
sys.path.insert(0, {tests!r})
from fact_judge import judge_passages
from test_denied_acts import ROWING
claims = json.loads(sys.argv[1])
print(json.dumps([judge_passages(c, ROWING).label.value for c in claims]))
"""

_CLAIMS = [
    "Ines Carver coaches juniors on the water.",  # two units hold the claim's words equally
    "Millrace Rowing Club provides life jackets for its rowers.",
    "Bram Oduya takes bookings for Millrace Rowing Club.",
]


def _labels(seed: str) -> list[str]:
    tests = str(Path(__file__).parent)
    env = {**os.environ, "PYTHONHASHSEED": seed}
    script = _SCRIPT.format(tests=tests)
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(_CLAIMS)], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_verdicts_do_not_depend_on_the_hash_seed():
    # seeds 1, 7 and 8 each turned the first claim into a contradiction before the fix
    runs = {seed: _labels(seed) for seed in ("0", "1", "7", "8")}
    assert len({tuple(labels) for labels in runs.values()}) == 1, runs
