"""Guarded streaming: time to the first verified sentence, and the cost of streaming.

    python benchmarks/streaming_latency.py [--questions 5] [--generators local,scripted]

For each question of the example knowledge base, the same answer is produced twice, once
with ``guarded_completion(...)`` and once with ``guarded_completion(..., stream=True)``
(default policy, sentence mode), in alternating order. Measured (wall clock, ms):

- ``first_chunk``: until the stream yields its first text (a verified sentence);
- ``stream_total``: until the final chunk (per-sentence checks plus the final whole-draft check);
- ``whole_total``: the non-streamed call; ``overhead`` = stream_total - whole_total.

Generators: ``local`` is the embedded SmolLM2 (greedy, so both calls see the same draft;
streamed token by token as it decodes); ``scripted`` streams a fixed three-sentence cited draft word by word with no
generation time, which isolates what the guard's checks cost. One warm-up call per
generator is not counted. Writes ``results/streaming_latency.json`` (a run replaces only
its generators' entries) with the load average before and after each generator: on a
shared machine wall times are upper bounds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from guard import guarded_completion
from guard.llm.testing import register_scripted_model
from retrievers.knowledge_base import KnowledgeBase

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).resolve().parent / "results" / "streaming_latency.json"
QUESTIONS = [
    "What is the usual adult dose of Zelorin?",
    "Can someone else collect my prescription?",
    "How do I get my blood test results?",
    "Do I need an appointment for my flu vaccine?",
    "When is payday and who do I contact about a payroll error?",
    "Is there a cycle-to-work scheme?",
    "How many days of annual leave do employees get?",
    "What should I do if I miss a dose of Zelorin?",
]
SCRIPTED_DRAFT = (
    "The usual adult dose of Zelorin is 20 mg once a day [1]. "
    "After at least 4 weeks the doctor may increase the dose to 40 mg once a day [1]. "
    "Never take more than 40 mg of Zelorin in one day [1]."
)


def whole(question: str, kb: KnowledgeBase, model: str) -> dict[str, float]:
    started = time.perf_counter()
    response = guarded_completion(question=question, knowledge_base=kb, model=model, timeout=600)
    return {"whole_total": _ms(started), "whole_action": response.decision.action.value}


def streamed(question: str, kb: KnowledgeBase, model: str) -> dict[str, float]:
    started = time.perf_counter()
    first, sentences = None, 0
    for chunk in guarded_completion(question=question, knowledge_base=kb, model=model, timeout=600, stream=True):
        if chunk.text and first is None:
            first = _ms(started)
        sentences += not chunk.final and bool(chunk.text)
        if chunk.final:
            final = chunk
    return {
        "first_chunk": first,
        "stream_total": _ms(started),
        "sentences_sent": sentences,
        "outcome": final.outcome.value,
        "stream_action": final.decision.action.value,
        "gate_passed": final.response.retrieval.gate.passed,
        "timings_ms": {k: round(v, 1) for k, v in final.response.timings.items()},
    }


def run(generator: str, kb: KnowledgeBase, questions: list[str]) -> dict:
    model = "local/smollm2-135m-instruct"
    if generator == "scripted":
        model = register_scripted_model("bench-stream", SCRIPTED_DRAFT).model
    whole(questions[0], kb, model)  # warm-up: models load, caches fill
    rows = []
    for i, question in enumerate(questions):
        order = (whole, streamed) if i % 2 == 0 else (streamed, whole)
        row = {"question": question}
        for call in order:
            row |= call(question, kb, model)
        row["overhead"] = row["stream_total"] - row["whole_total"]
        rows.append(row)
        print(json.dumps(row), flush=True)
    answered = [r for r in rows if r["first_chunk"] is not None and r["gate_passed"]]
    return {"model": model, "rows": rows, "summary": _summary(answered)}


def _summary(rows: list[dict]) -> dict:
    if not rows:
        return {"n": 0}
    median = lambda key: round(statistics.median(r[key] for r in rows), 1)  # noqa: E731
    return {
        "n": len(rows),
        "first_chunk_p50_ms": median("first_chunk"),
        "stream_total_p50_ms": median("stream_total"),
        "whole_total_p50_ms": median("whole_total"),
        "overhead_p50_ms": median("overhead"),
        "first_chunk_share_of_whole_p50": round(statistics.median(r["first_chunk"] / r["whole_total"] for r in rows), 2),
    }


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--generators", default="local,scripted")
    args = parser.parse_args()
    kb = KnowledgeBase.from_directory(ROOT / "examples" / "kb", show_progress=False)
    questions = QUESTIONS[: args.questions]
    # Runs of one generator replace that generator's entry and keep the others.
    out = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    out["cpus"] = os.cpu_count()
    for generator in args.generators.split(","):
        before = os.getloadavg()
        out[generator] = run(generator, kb, questions)
        out[generator] |= {"questions": len(questions), "load_average": [before, os.getloadavg()]}
        print(generator, json.dumps(out[generator]["summary"]), flush=True)
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(out, indent=2) + "\n")
    print(f"wrote {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
