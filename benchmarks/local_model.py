"""The embedded SmolLM2: cold load (GGUF conversion), cached load, generation, scoring.

    python benchmarks/local_model.py [--runs 5] [--out benchmarks/results/local_model.json]

Converts into a fresh temporary cache folder, so the cold figure is the real first-use cost.
Generation is greedy through ``guard.llm.complete`` (litellm included), after a warm-up
forward pass: tokens/s of a 128-token story, and the latency of one answer-prompt call. Scoring is one teacher-forced pass over a ~150-token answer, after the
answer prompt with five passages (FRANQ's ClaimProb) and after the question alone (ParamKnowledge). Figures are medians over ``--runs``; CPU threads as torch sets them.
``*_cpu_s`` figures are process CPU time, which other jobs on a shared machine do not inflate.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from guard.llm import LOCAL_MODEL, LocalLM, complete, get_local_lm, register_local_model
from prompts import build_answer_messages
from retrievers.types import Passage

PASSAGES = [
    "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889.",
    "Paris is the capital and most populous city of France, with about 2.1 million residents.",
    "The Louvre opened in 1793 with an exhibition of 537 paintings. It holds the Mona Lisa.",
    "Notre-Dame de Paris is a medieval cathedral. A fire in April 2019 destroyed its spire.",
    "The Seine is a 777-kilometre-long river that flows through Paris into the English Channel.",
]
ANSWER = " ".join(
    [
        "The Eiffel Tower was completed in 1889 [1].",
        "About 2.1 million people live in Paris, the capital of France [2].",
        "The Louvre opened in 1793 with 537 paintings and holds the Mona Lisa [3].",
        "A fire in April 2019 destroyed the spire of Notre-Dame [4].",
        "The Seine is 777 kilometres long and flows into the English Channel [5].",
    ]
    + [
        "The Eiffel Tower was completed in 1889 for the World's Fair [1].",
        "Paris has about 2.1 million residents [2].",
        "The Louvre holds the Mona Lisa [3].",
    ]
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]  # other jobs on a shared machine slow every figure down
    with tempfile.TemporaryDirectory() as cache_dir:
        cpu_started = time.process_time()
        cold = LocalLM.load(Path(cache_dir)).load_report.seconds
        cold_cpu = time.process_time() - cpu_started
        warm = [LocalLM.load(Path(cache_dir)).load_report.seconds for _ in range(args.runs)]
        lm = get_local_lm(Path(cache_dir))
        register_local_model(Path(cache_dir), replace=True)
        passages = [Passage(id=str(i), text=t) for i, t in enumerate(PASSAGES)]
        messages = build_answer_messages("Tell me about Paris.", passages, "No.")
        started = time.perf_counter()
        lm.score(messages, "Warm-up.")
        first_forward = time.perf_counter() - started
        results = {
            "cpu_threads": os.cpu_count(),
            "load_average_1m_at_start": round(load_before, 1),
            "load_average_1m_at_end": round(os.getloadavg()[0], 1),
            "load_cold_s": round(cold, 2),
            "load_cold_cpu_s": round(cold_cpu, 2),
            "load_cached_s": round(statistics.median(warm), 2),
            "first_forward_s": round(first_forward, 2),
            **_generation(messages, args.runs),
            **_scoring(lm, messages, args.runs),
        }
    print(json.dumps(results, indent=2))
    if args.out:
        args.out.write_text(json.dumps(results, indent=2) + "\n")


def _generation(messages, runs: int) -> dict[str, float]:
    story = [{"role": "user", "content": "Write a long story about a dragon who lives in Paris."}]
    rates, cpu_rates, latencies = [], [], []
    for _ in range(runs):
        cpu_started = time.process_time()
        result = complete(story, LOCAL_MODEL, max_tokens=128)
        rates.append(result.usage.completion_tokens / result.elapsed_s)
        cpu_rates.append(result.usage.completion_tokens / (time.process_time() - cpu_started))
        answer = complete(messages, LOCAL_MODEL, max_tokens=64)
        latencies.append(answer.elapsed_s)
    return {
        "generation_tokens_per_s": round(statistics.median(rates), 1),
        "generation_tokens_per_cpu_s": round(statistics.median(cpu_rates), 1),
        "answer_prompt_tokens": answer.usage.prompt_tokens,
        "answer_latency_s": round(statistics.median(latencies), 2),
    }


def _scoring(lm: LocalLM, messages, runs: int) -> dict[str, float]:
    question = [messages[0], {"role": "user", "content": "Tell me about Paris."}]
    figures: dict[str, float] = {}
    for name, prefix in [("with_passages", messages), ("question_only", question)]:
        times, cpu = [], []
        for _ in range(runs):
            started, cpu_started = time.perf_counter(), time.process_time()
            scores = lm.score(prefix, ANSWER)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
        figures[f"score_{name}_prefix_tokens"] = len(lm.tokenizer(lm.render_chat(prefix))["input_ids"])
        figures[f"score_{name}_s"] = round(statistics.median(times), 3)
        figures[f"score_{name}_cpu_s"] = round(statistics.median(cpu), 3)
    return {"score_tokens": len(scores.token_ids), **figures}


if __name__ == "__main__":
    main()
