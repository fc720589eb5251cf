"""Fast loop for evidence-first answering: the plan alone (no verification), over retrieval cached on disk.

For each golden question of a split, the example index retrieves once (cached in
``runs/golden_plan_retrieval-<split>.pkl``), then :func:`guard.answering.plan_from_passages`
chooses the unit(s) or refuses. Scored like the golden eval (every ``must_contain`` string in
the answer; refusal recall and precision), without the verify stage or the gate, so it is an
upper bound on the pipeline's content figure and a lower one on its refusals. Use it on the
dev part only; the full pipeline (``ragguard eval golden ... --split dev``) gives the figures to report.

    python benchmarks/golden_plan.py [--split dev] [--fails] [--ids g012,g077]
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's guard, not an installed one


def _retrievals(cases, split: str, policy: str = "default") -> dict:
    suffix = "" if policy == "default" else f"-{policy}"
    cache = ROOT / "runs" / f"golden_plan_retrieval2-{split}{suffix}.pkl"  # 2: with the reserve passages
    known = pickle.loads(cache.read_bytes()) if cache.exists() else {}
    todo = [c for c in cases if c.question not in known]
    if todo:
        from guard.cli.pipeline import _example_kb
        from guard.policy import load_policy

        kb, config = _example_kb(), load_policy(policy).retrieval
        for case in todo:
            result = kb.retrieve(case.question, config, None)
            known[case.question] = (result.passages, result.gate.passed, result.reserve)
        cache.parent.mkdir(exist_ok=True)
        cache.write_bytes(pickle.dumps(known))
    return known


def main() -> None:
    from guard.answering import plan_from_passages
    from guard.eval.golden import load_golden

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", default="dev", choices=["dev"], help="dev only: the test part stays held out")
    parser.add_argument("--fails", action="store_true", help="print every case the plan gets wrong")
    parser.add_argument("--ids", default="", help="only these case ids")
    parser.add_argument("--policy", default="default", help="the profile whose retrieval settings to use")
    parser.add_argument(
        "--skip", default="", metavar="TAG",
        help="leave out the cases whose notes open with this tag (a held-out batch kept for one final run)",
    )
    args = parser.parse_args()
    wanted = {i for i in args.ids.split(",") if i}
    cases = [c for c in load_golden(ROOT / "examples" / "golden.jsonl") if c.split == args.split]
    cases = [c for c in cases if not wanted or c.id in wanted]
    if args.skip:
        cases = [c for c in cases if not c.notes.startswith(args.skip + " ")]
    retrieved = _retrievals(cases, args.split, args.policy)
    rows = []
    started = time.perf_counter()
    for case in cases:
        passages, gate, reserve = retrieved[case.question]
        plan = plan_from_passages(case.question, passages, reserve)
        answer = plan.answer.lower()
        right = plan.answerable and all(s.lower() in answer for s in case.must_contain)
        rows.append((case, plan, right, gate))
    elapsed = time.perf_counter() - started
    answerable = [r for r in rows if r[0].expect == "answer"]
    refuse = [r for r in rows if r[0].expect == "refuse"]
    refused = [r for r in rows if not r[1].answerable]
    figures = {
        "cases": len(rows),
        "content_correct": round(sum(r[2] for r in answerable) / max(1, len(answerable)), 3),
        "answerable_refused": sum(not r[1].answerable for r in answerable),
        "refusal_recall": round(sum(not r[1].answerable for r in refuse) / max(1, len(refuse)), 3),
        "refusal_precision": round(sum(r[0].expect == "refuse" for r in refused) / max(1, len(refused)), 3),
        "plan_s_per_case": round(elapsed / max(1, len(rows)), 3),
    }
    by_category: dict[str, list[int]] = {}
    for case, plan, right, _ in rows:
        ok = right if case.expect == "answer" else not plan.answerable
        by_category.setdefault(case.category, []).append(int(ok))
    figures["by_category"] = {k: f"{sum(v)}/{len(v)}" for k, v in sorted(by_category.items())}
    if args.fails:
        for case, plan, right, gate in rows:
            ok = right if case.expect == "answer" else not plan.answerable
            if not ok:
                print(f"== {case.id} {case.category} expect={case.expect} gate={gate} | {case.question}")
                print(f"   must {case.must_contain} type={plan.question_type.value} terms={plan.key_terms}")
                print(f"   GOT {'answer' if plan.answerable else 'refuse'}: {plan.answer or plan.missing}"[:500])
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
