"""Golden-set regression runs: does the guard answer what it should and refuse the rest?

A golden set is JSONL, one case per line (examples/README.md documents the fields):
``{"id", "question", "expect": "answer" | "refuse", "category", "must_contain": [...],
"supporting_sources": [...], ...}``. Decided review-queue items export to the same format.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Literal

import numpy as np
from pydantic import BaseModel, Field

from guard.eval.jsonl import read_records
from guard.response import GuardedResponse

__all__ = ["GoldenCase", "CaseResult", "GoldenSummary", "load_golden", "score_case", "summarise"]


class GoldenCase(BaseModel):
    id: str
    question: str
    expect: Literal["answer", "refuse"]
    category: str = "answerable"
    reference_answer: str = ""
    must_contain: list[str] = Field(default_factory=list)
    supporting_sources: list[str] = Field(default_factory=list)
    notes: str = ""
    # Held-out part, fixed before tuning: thresholds and prompts are fitted on "dev" only.
    split: Literal["dev", "test"] = "dev"


class CaseResult(BaseModel):
    id: str
    category: str
    expect: str
    refused: bool
    behaviour_correct: bool  # answered when it should, refused when it should
    content_correct: bool | None  # every must_contain string found (answer cases only)
    action: str
    reasons: list[str]
    faithfulness: float | None  # None when no answer was given
    citations: int
    valid_citations: int
    cites_supporting_source: bool | None
    latency_ms: float
    guard_overhead_ms: float  # everything but the model call
    answer: str
    gate_refused: bool = False  # refused by the relevance gate, before any model call
    template_echo: int = 0  # prompt-echo units cut from the draft (guard.verifiers.echo)


class GoldenSummary(BaseModel):
    cases: int
    behaviour_accuracy: float
    answer_rate: float
    refusal_precision: float | None
    refusal_recall: float | None
    content_accuracy: float | None
    faithfulness_mean: float | None
    faithfulness_p5: float | None
    faithfulness_p95: float | None
    citation_validity: float | None
    supporting_source_rate: float | None
    interception_rate: float
    latency_mean_ms: float
    latency_p95_ms: float
    overhead_p50_ms: float
    overhead_p95_ms: float
    by_category: dict[str, dict[str, float]]


def load_golden(path: str | Path) -> list[GoldenCase]:
    """Read a golden set; a bad line is an error naming its number and what is wrong."""
    file = Path(path)
    return read_records(
        file, GoldenCase, what="a golden case",
        missing=f"Golden set {file} does not exist: give a JSONL file (see examples/golden.jsonl).",
        empty=f"Golden set {file} has no cases.",
    )


def score_case(case: GoldenCase, response: GuardedResponse, latency_ms: float) -> CaseResult:
    """Compare one guarded response with what the golden case expects."""
    refused = response.refused
    answered = not refused
    verdicts = response.verification.claims
    cited = [n for v in verdicts for n in v.claim.citations]
    invalid = sum(len(v.invalid_citations) for v in verdicts)
    sources = {p.source for v in verdicts for p in response.retrieval.passages if p.id in v.cited_passage_ids}
    text = response.answer.lower()
    return CaseResult(
        id=case.id,
        category=case.category,
        expect=case.expect,
        refused=refused,
        behaviour_correct=answered == (case.expect == "answer"),
        content_correct=(answered and all(s.lower() in text for s in case.must_contain))
        if case.expect == "answer" else None,
        action=response.decision.action.value,
        reasons=[r.condition.value for r in response.decision.reasons],
        faithfulness=response.verification.faithfulness if answered and verdicts else None,
        citations=len(cited),
        valid_citations=len(cited) - invalid,
        cites_supporting_source=(
            any(Path(s).name in case.supporting_sources for s in sources) if answered and case.supporting_sources
            else None
        ),
        latency_ms=latency_ms,
        guard_overhead_ms=max(0.0, latency_ms - response.timings.get("generate", 0.0)),
        answer=response.answer,
        gate_refused=refused and not response.retrieval.gate.passed and response.attempts == 0,
        template_echo=response.decision.template_echo,
    )


def run_case(case: GoldenCase, ask: Callable[[str], GuardedResponse]) -> CaseResult:
    started = time.perf_counter()
    response = ask(case.question)
    return score_case(case, response, (time.perf_counter() - started) * 1000)


def summarise(results: list[CaseResult]) -> GoldenSummary:
    refused = np.array([r.refused for r in results])
    should_refuse = np.array([r.expect == "refuse" for r in results])
    faith = [r.faithfulness for r in results if r.faithfulness is not None]
    content = [r.content_correct for r in results if r.content_correct is not None]
    citations = sum(r.citations for r in results)
    sourced = [r.cites_supporting_source for r in results if r.cites_supporting_source is not None]
    latency = [r.latency_ms for r in results]
    overhead = [r.guard_overhead_ms for r in results]
    return GoldenSummary(
        cases=len(results),
        behaviour_accuracy=_mean([r.behaviour_correct for r in results]),
        answer_rate=float(1 - refused.mean()),
        refusal_precision=_ratio((refused & should_refuse).sum(), refused.sum()),
        refusal_recall=_ratio((refused & should_refuse).sum(), should_refuse.sum()),
        content_accuracy=_mean(content) if content else None,
        faithfulness_mean=_mean(faith) if faith else None,
        faithfulness_p5=_pct(faith, 5),
        faithfulness_p95=_pct(faith, 95),
        citation_validity=_ratio(sum(r.valid_citations for r in results), citations),
        supporting_source_rate=_mean(sourced) if sourced else None,
        interception_rate=_mean([r.action != "pass" for r in results]),
        latency_mean_ms=_mean(latency),
        latency_p95_ms=float(np.percentile(latency, 95)),
        overhead_p50_ms=float(np.percentile(overhead, 50)),
        overhead_p95_ms=float(np.percentile(overhead, 95)),
        by_category=_by_category(results),
    )


def _by_category(results: list[CaseResult]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for category in sorted({r.category for r in results}):
        group = [r for r in results if r.category == category]
        out[category] = {
            "cases": len(group),
            "behaviour_accuracy": _mean([r.behaviour_correct for r in group]),
            "refused": _mean([r.refused for r in group]),
        }
    return out


def _mean(values: list[Any]) -> float:
    return float(np.mean([float(v) for v in values])) if values else 0.0


def _ratio(num: Any, den: Any) -> float | None:
    return float(num) / float(den) if den else None


def _pct(values: list[float], q: float) -> float | None:
    return float(np.percentile(values, q)) if values else None
