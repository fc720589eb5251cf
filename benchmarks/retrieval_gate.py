"""Relevance gate on held data: how many answerable questions pass, per packaged profile.

    python benchmarks/retrieval_gate.py              # held (test) parts, every packaged profile
    python benchmarks/retrieval_gate.py --split dev  # the parts the calibration was fitted on

The calibration (retrievers/gate_calibration.json) is made by ``ragguard train gate``
(training/gate.py) on the dev parts of three sources; this script runs each profile's
whole retrieval stage (its routes, k, gate threshold and rewrites, as the pipeline runs
it) on the other part of each:

- ``golden``: examples/golden.jsonl asked of the example knowledge base;
- ``hotpotqa``: the HotpotQA sample (odd idx held) asked of the pooled corpus with and
  without each question's supporting paragraphs;
- ``drafts``: examples/drafts.jsonl questions asked of their own contexts (correct
  answers: answerable; refusal drafts: not), as ``ragguard eval golden --drafts`` does.

Per profile and source: the share of answerable questions that pass (issue 12: >= 95 %)
and of unanswerable ones that pass (lower is better; claim verification and the answer
stage refuse later).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.retrieval_hotpotqa import print_table, write_result  # noqa: E402

PROFILES = ("default", "medical", "legal")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=["dev", "test"], default="test")
    args = parser.parse_args()
    from guard.policy import load_policy

    started = time.time()
    profiles = {name: load_policy(name) for name in PROFILES}
    stage = {name: {} for name in PROFILES}
    for source, run in (("golden", _golden), ("hotpotqa", _hotpotqa), ("drafts", _drafts)):
        outcomes = run(args.split, profiles)
        for name, (answerable, unanswerable) in outcomes.items():
            stage[name][source] = {
                "answerable": len(answerable),
                "pass_rate_answerable": float(np.mean(answerable)),
                "unanswerable": len(unanswerable),
                "pass_rate_unanswerable": float(np.mean(unanswerable)) if unanswerable else None,
            }

    rows = [
        [name, f"{profiles[name].retrieval.gate_threshold:.2f}", source, r["answerable"], r["pass_rate_answerable"],
         r["unanswerable"], r["pass_rate_unanswerable"] if r["pass_rate_unanswerable"] is not None else "-"]
        for name in PROFILES for source, r in stage[name].items()
    ]
    print(f"Relevance gate, whole retrieval stage, {args.split} part")
    print_table(["profile", "threshold", "source", "answerable", "pass|answerable", "unanswerable",
                 "pass|unanswerable"], rows)
    suffix = "" if args.split == "test" else "_dev"
    path = write_result(f"retrieval_gate{suffix}", {
        "split": args.split,
        "data": "golden: examples/golden.jsonl on examples/kb; hotpotqa: first 100 dev-distractor questions "
                "(even idx dev, odd idx test) with/without supporting paragraphs; drafts: examples/drafts.jsonl "
                "correct answers (answerable) and refusal drafts (unanswerable) on their own contexts",
        "command": f"python benchmarks/retrieval_gate.py --split {args.split}",
        "gate_thresholds": {name: profiles[name].retrieval.gate_threshold for name in PROFILES},
        "stage": stage,
        "seconds": round(time.time() - started, 1),
    })
    print(f"wrote {path}")


def _by_config(profiles: dict) -> dict[str, list[str]]:
    """Profiles grouped by retrieval settings that can change the gate's verdict: each group runs once.

    ``k`` is left out: the gate reads the top 3 fused passages of each try, and every route
    returns ``route_depth`` (50) passages, more than ``k * widen_factor ** rewrites`` here.
    """
    groups: dict[str, list[str]] = {}
    for name, profile in profiles.items():
        config = profile.retrieval
        assert config.route_depth >= config.k * config.widen_factor ** config.max_rewrites, name
        groups.setdefault(config.model_dump_json(exclude={"k"}), []).append(name)
    return groups


def _golden(split: str, profiles: dict) -> dict[str, tuple[list[bool], list[bool]]]:
    from guard.cli.pipeline import _example_kb
    from guard.eval.golden import load_golden
    from training.gate import GOLDEN

    kb = _example_kb()
    cases = [c for c in load_golden(GOLDEN) if c.split == split]
    out = {}
    for names in _by_config(profiles).values():
        config = profiles[names[0]].retrieval
        passed = [(c.expect == "answer", kb.retrieve(c.question, config).gate.passed) for c in cases]
        result = ([p for a, p in passed if a], [p for a, p in passed if not a])
        out.update({name: result for name in names})
    return out


def _hotpotqa(split: str, profiles: dict) -> dict[str, tuple[list[bool], list[bool]]]:
    from training.gate import hotpotqa_corpus, without_supporting

    questions, passages, vectors, full = hotpotqa_corpus()
    questions = [q for q in questions if q.dev == (split == "dev")]
    groups = _by_config(profiles)
    outcome = {key: ([], []) for key in groups}
    for q in questions:
        minus = without_supporting(q, passages, vectors)
        for key, names in groups.items():
            config = profiles[names[0]].retrieval
            outcome[key][0].append(full.retrieve(q.text, config).gate.passed)
            outcome[key][1].append(minus.retrieve(q.text, config).gate.passed)
    return {name: outcome[key] for key, names in groups.items() for name in names}


def _drafts(split: str, profiles: dict) -> dict[str, tuple[list[bool], list[bool]]]:
    from guard.eval.drafts import load_drafts, prepare_draft
    from training.gate import DRAFTS

    drafts = [d for d in load_drafts(DRAFTS, split) if d.kind == "correct"]
    out = {}
    for names in _by_config(profiles).values():
        policy = profiles[names[0]]
        passed = [(not d.is_refusal_draft, prepare_draft(d, policy).retrieval.gate.passed) for d in drafts]
        result = ([p for a, p in passed if a], [p for a, p in passed if not a])
        out.update({name: result for name in names})
    return out


if __name__ == "__main__":
    main()
