"""How often the embedded model copies the prompt into its answer (prompt echo).

    python benchmarks/prompt_echo.py [--questions 20] [--split dev] [--out FILE] [--show]

The first N golden questions of the split (examples/golden.jsonl) are retrieved from
the example knowledge base under the default profile; those that pass the relevance
gate are answered by the embedded model (greedy, the pipeline's 256-token cap) with
the current answer prompt (prompts/answer.txt) and, unless --no-stop, the pipeline's
stop strings (prompts.ANSWER_STOP). Each draft goes through
guard.verifiers.echo.remove_template_echo; the echo rate is the share of drafts with
at least one echoed unit. A sample, not the whole golden set: the model takes ~8 s
per question on a busy CPU.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from guard.eval.golden import load_golden  # noqa: E402
from guard.llm import LOCAL_MODEL, complete  # noqa: E402
from guard.pipeline import ANSWER_MAX_TOKENS, retrieve_evidence  # noqa: E402
from guard.policy import load_policy  # noqa: E402
from guard.verifiers.echo import remove_template_echo  # noqa: E402
from prompts import ANSWER_STOP, build_answer_messages  # noqa: E402
from retrievers.knowledge_base import KnowledgeBase  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", type=int, default=20)
    parser.add_argument("--split", default="dev")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--no-stop", action="store_true", help="generate without the stop strings")
    parser.add_argument("--max-tokens", type=int, default=ANSWER_MAX_TOKENS, help="the draft's token cap")
    args = parser.parse_args()
    policy = load_policy("default")
    kb = KnowledgeBase.from_directory(REPO / "examples" / "kb", show_progress=False)
    cases = [c for c in load_golden(REPO / "examples" / "golden.jsonl") if c.split == args.split]
    rows = []
    for case in cases[: args.questions]:
        retrieval = retrieve_evidence(case.question, kb, policy, LOCAL_MODEL)
        if not retrieval.gate.passed:
            rows.append({"id": case.id, "gated": True})
            continue
        messages = build_answer_messages(case.question, retrieval.passages, policy.refusal_text)
        stop = [] if args.no_stop else list(ANSWER_STOP)  # the pipeline's default stop strings
        started = time.perf_counter()
        completion = complete(messages, LOCAL_MODEL, max_tokens=args.max_tokens, timeout=600, stop=stop)
        seconds = time.perf_counter() - started
        draft = completion.text
        echo = remove_template_echo(draft, messages, policy.refusal_text)
        rows.append({"id": case.id, "gated": False, "echo_units": echo.count, "removed": echo.removed,
                     "draft": draft, "tokens": completion.usage.completion_tokens, "seconds": round(seconds, 2)})
        if args.show:
            print(f"{case.id} echo={echo.count}\n{draft}\n---", flush=True)
    answered = [r for r in rows if not r["gated"]]
    echoed = [r for r in answered if r["echo_units"]]
    summary = {
        "prompt": (REPO / "prompts" / "answer.txt").read_text(encoding="utf-8"),
        "stop": [] if args.no_stop else list(ANSWER_STOP),
        "questions": len(rows),
        "answered": len(answered),
        "drafts_with_echo": len(echoed),
        "echo_rate": len(echoed) / len(answered) if answered else None,
        "echo_units": sum(r["echo_units"] for r in answered),
        "max_tokens": args.max_tokens,
        # Draft length and generation time (wall, on whatever else the machine was running).
        "tokens_max": max((r["tokens"] for r in answered), default=None),
        "tokens_p50": _quantile([r["tokens"] for r in answered], 0.5),
        "drafts_at_cap": sum(r["tokens"] >= args.max_tokens for r in answered),
        "seconds_p50": _quantile([r["seconds"] for r in answered], 0.5),
        "seconds_p95": _quantile([r["seconds"] for r in answered], 0.95),
        "rows": rows,
    }
    print(json.dumps({k: v for k, v in summary.items() if k not in ("rows", "prompt")}))
    if args.out:
        args.out.write_text(json.dumps(summary, indent=2), encoding="utf-8")


def _quantile(values: list[float], q: float) -> float | None:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else None


if __name__ == "__main__":
    main()
