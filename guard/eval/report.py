"""``report.md``: an evaluation run's tables, beside the published RAGTruth reference numbers."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from guard.eval.harness import DetectorResult, EvalReport
    from guard.eval.metrics import GroupMetrics

__all__ = ["REFERENCE_F1", "EXPECTED_DELTA_SIGN", "render_report"]

# Response-level F1 (%) on RAGTruth's official test split, QA / overall (METHODS.md section 10).
REFERENCE_F1: list[tuple[str, float | None, float | None]] = [
    ("RAG-HAT", 74.8, 83.9),
    ("LettuceDetect-large", 70.2, 79.2),
    ("fine-tuned Llama-2-13B", 68.2, 78.7),
    ("HHEM-2.1-open", 60.0, None),
    ("GPT-4-turbo (prompted)", 45.6, 63.4),
    ("RAGAS", 35.7, 52.0),
]
# Sign of EGC Delta per generator the EGC paper (seed 000) reports.
EXPECTED_DELTA_SIGN = {
    "llama-2-7b-chat": "+",
    "llama-2-13b-chat": "+",
    "llama-2-70b-chat": "+",
    "gpt-4-0613": "-",
    "gpt-3.5-turbo-0613": "-",
    "mistral-7B-instruct": "-",
}


def _f(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}"


def render_report(report: EvalReport, plots: dict[str, Path], out_dir: Path) -> str:
    sections = [
        _header(report),
        _summary(report),
        _grouped(report, "by_task", "Per task"),
        _grouped(report, "by_model", "Per generator model"),
        _reference(report),
        _spans(report),
        _deltas(report),
        _skipped(report),
        _plots(plots, out_dir),
        _notes(),
    ]
    return "\n\n".join(s for s in sections if s) + "\n"


def _header(report: EvalReport) -> str:
    d = report.dataset
    filters = ", ".join(f"{k}={'/'.join(v)}" for k, v in d.filters.items()) or "none"
    share = d.hallucinated / d.responses if d.responses else 0.0
    split = f", split {d.split}" if d.split else ""
    limit = f"; limited to {d.limit} responses (lowest SHA-256 of id)" if d.limit else ""
    return (
        f"# Detection quality: {d.kind}{split}\n\n"
        f"Data: `{d.path}`; filters: {filters}{limit}.\n"
        f"{d.responses} responses, {d.hallucinated} hallucinated ({100 * share:.1f} %). "
        f"Throughput of the whole run: {_f(report.timing.responses_per_s, 2)} responses/s "
        f"({report.timing.seconds:.1f} s of scoring)."
    )


def _summary(report: EvalReport) -> str:
    rows = [
        "| detector | threshold | scored / abstained | precision | recall | F1 | AUROC "
        "| AUROC within generator (pooled ranks; mean / min) | PR-AUC | ECE | responses/s |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in report.detectors.values():
        m, w = r.overall, r.within_generator
        rows.append(
            f"| {r.name} | {_f(r.threshold.value)} | {m.scored} / {m.abstained} | {_f(m.precision)} | "
            f"{_f(m.recall)} | {_f(m.f1)} | {_f(m.auroc)} | {_f(w.pooled_ranks_auroc)}; {_f(w.mean_auroc)} / "
            f"{_f(w.min_auroc)} ({w.generators} generators) | {_f(m.pr_auc)} | {_f(m.ece)} | {_f(r.timing.responses_per_s, 2)} |"
        )
    sources = "\n".join(
        f"- {r.name}: {r.threshold.source} (version `{r.version}`)" for r in report.detectors.values()
    )
    within = (
        "AUROC within generator: scores rank-normalised inside each generator model, then pooled "
        "(METHODS.md section 10); beside it the mean and the lowest of the per-model AUROCs (table "
        "below, models with both labels). An application has one generator."
    )
    return "## Overall (response level)\n\n" + "\n".join(rows) + f"\n\n{within}\n\nThresholds:\n" + sources


def _grouped(report: EvalReport, field: str, title: str) -> str:
    keys = sorted({k for r in report.detectors.values() for k in getattr(r, field)})
    if not keys:
        return ""
    rows = ["| detector | " + " | ".join(keys) + " |", "|---|" + "---|" * len(keys)]
    for r in report.detectors.values():
        groups: dict[str, GroupMetrics] = getattr(r, field)
        cells = [_cell(groups.get(k)) for k in keys]
        rows.append(f"| {r.name} | " + " | ".join(cells) + " |")
    first: dict[str, GroupMetrics] = getattr(next(iter(report.detectors.values())), field)
    counts = ", ".join(f"{k} {m.responses}" for k, m in first.items())
    return f"## {title}: F1 / AUROC\n\n" + "\n".join(rows) + f"\n\nResponses per group: {counts}."


def _cell(m: GroupMetrics | None) -> str:
    return "–" if m is None else f"{_f(m.f1)} / {_f(m.auroc)}"


def _reference(report: EvalReport) -> str:
    rows = ["| system | QA F1 (%) | overall F1 (%) | evaluated on |", "|---|---|---|---|"]
    rows += [
        f"| {name} | {_f(qa, 1)} | {_f(overall, 1)} | official test split (published) |"
        for name, qa, overall in REFERENCE_F1
    ]
    where = report.dataset.split or report.dataset.kind
    for r in report.detectors.values():
        qa = r.by_task.get("QA")
        rows.append(
            f"| **ragguard {r.name}** | {_pct(qa.f1 if qa else None)} | {_pct(r.overall.f1)} "
            f"| ours: {where} |"
        )
    return (
        "## Beside the published RAGTruth numbers\n\n"
        + "\n".join(rows)
        + "\n\nThe published figures are on RAGTruth's official test split; ours on the split named "
        "above (for RAGTruth: our dev split, held out by source). Same labels and the same "
        "response-level rule (hallucinated = at least one labelled span), different responses."
    )


def _spans(report: EvalReport) -> str:
    marked = [r for r in report.detectors.values() if r.spans is not None]
    if not marked:
        return ""
    rows = [
        "| detector | responses | marked chars | labelled chars | precision | recall | F1 |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in marked:
        s = r.spans
        rows.append(
            f"| {r.name} | {s.responses} | {s.marked_chars} | {s.labelled_chars} | {_f(s.precision)} | "
            f"{_f(s.recall)} | {_f(s.f1)} |"
        )
    return "## Span level (character overlap with the labelled spans)\n\n" + "\n".join(rows)


def _deltas(report: EvalReport) -> str:
    result: DetectorResult | None = report.detectors.get("egc")
    if result is None or not result.egc_delta:
        return ""
    rows = [
        "| generator | grounded | hallucinated | mean EGC grounded | mean EGC hallucinated | Delta "
        "| paper's sign |",
        "|---|---|---|---|---|---|---|",
    ]
    for model, d in result.egc_delta.items():
        rows.append(
            f"| {model} | {d.grounded} | {d.hallucinated} | {_f(d.grounded_mean)} | "
            f"{_f(d.hallucinated_mean)} | {_f(d.delta)} | {EXPECTED_DELTA_SIGN.get(model, '')} |"
        )
    return (
        "## EGC Delta per generator model\n\nComposite EGC score = mean of the standardised cov, sup, agr, "
        "conn and -iso (guard/verifiers/egc.py); Delta = mean over grounded - mean over hallucinated "
        "responses, on the responses with graph features.\n\n" + "\n".join(rows)
    )


def _skipped(report: EvalReport) -> str:
    lines = [f"- **{name}** skipped: {why}" for name, why in report.unavailable.items()]
    for r in report.detectors.values():
        lines += [f"- {r.name} abstained on {n}: {why}" for why, n in r.abstentions.items()]
    return "## Skipped detectors and abstentions\n\n" + "\n".join(lines) if lines else ""


def _plots(plots: dict[str, Path], out_dir: Path) -> str:
    if not plots:
        return ""
    return "## Plots\n\n" + "\n".join(
        f"![{name}]({Path(os.path.relpath(path, out_dir)).as_posix()})" for name, path in plots.items()
    )


def _notes() -> str:
    return (
        "## How these numbers are made\n\n"
        "- Precision, recall and F1 of `score >= threshold`, the threshold fixed on training data "
        "(never on the evaluated split); AUROC and PR-AUC (average precision) with scikit-learn.\n"
        "- ECE: 10 equal-width bins of P(hallucinated), weighted mean |observed rate - mean probability|; "
        "only for detectors whose score is meant as a probability.\n"
        "- A detector that abstains on a response (e.g. EGC without a claim longer than ten tokens) is "
        "measured on the responses it scored.\n"
        "- responses/s per detector counts its own time plus the shared verification of each response; "
        "the run's figure counts each verification once. Model loading is left out: one response is "
        "scored untimed before the timed ones."
    )
