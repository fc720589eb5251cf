"""`ragguard eval ragtruth | generic`: detection quality on labelled data.

``ragtruth`` reads RAGTruth's two files (``--split dev`` is our dev split held out by
source, ``train`` the official train split minus it, ``test`` the official test split
when the copy has one); ``generic`` reads the JSONL format documented in
:mod:`guard.eval.records`. Both write metrics.json, report.md, scores.jsonl and plots/
under ``--out`` and keep a per-response cache in ``--out/cache`` so that an interrupted
run resumes where it stopped. The baselines' thresholds they apply come from
guard/eval/thresholds.json, made by ``ragguard train thresholds``.

A detector that cannot run here (no committed model) is skipped with a message on
stderr; an unknown detector name is a usage error (exit 2).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from guard.cli import eval_app
from guard.cli.options import comma_names

if TYPE_CHECKING:
    from guard.eval.harness import EvalReport
    from guard.eval.records import EvalRecord

__all__ = ["generic_command", "ragtruth_command"]

_DEFAULT_DETECTORS = "lexical,support"
_DETECTORS_HELP = (
    "Comma-separated: lexical, support, egc, grounding, franq (calibrated), franq_uncalibrated, "
    "franq_claimprob, franq_paramknowledge, franq_contrast, stacked."
)
_LIMIT_HELP = (
    "Score only N responses: those with the lowest SHA-256 of their id (stable; a larger N keeps them)."
)


def _detector_names(text: str) -> list[str]:
    from guard.eval.detectors import available_detectors

    return comma_names(text, available_detectors(), kind="detector", option="--detectors")


def _skip(message: str) -> None:
    typer.secho(message, fg=typer.colors.YELLOW, err=True)


@eval_app.command("ragtruth")
def ragtruth_command(
    path: Path = typer.Option(
        ..., "--path", help="RAGTruth folder holding response.jsonl and source_info.jsonl."
    ),
    split: str = typer.Option("dev", "--split", help="train (official train minus dev) | dev | test | all."),
    task: Optional[list[str]] = typer.Option(
        None, "--task", help="Keep this task (QA, Summary, Data2txt); repeatable."
    ),
    model: Optional[list[str]] = typer.Option(None, "--model", help="Keep this generator model; repeatable."),
    detectors: str = typer.Option(_DEFAULT_DETECTORS, "--detectors", help=_DETECTORS_HELP),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help=_LIMIT_HELP),
    out: Path = typer.Option(..., "--out", help="Report folder: metrics.json, report.md, plots/, cache/."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar on stderr."),
) -> None:
    """Measure detectors on RAGTruth (our dev split by default)."""
    from guard.eval.harness import DatasetInfo
    from guard.eval.records import SPLITS, limit_records, load_ragtruth_split

    names = _detector_names(detectors)
    if split not in SPLITS:
        raise typer.BadParameter(f"choose one of {', '.join(SPLITS)}", param_hint="--split")
    records = limit_records(load_ragtruth_split(path, split, tasks=task, models=model), limit)
    filters = {k: v for k, v in {"task": task, "model": model}.items() if v}
    dataset = DatasetInfo(kind="ragtruth", path=str(path), split=split, filters=filters, limit=limit)
    _run(records, names, out, dataset, progress)


@eval_app.command("generic")
def generic_command(
    path: Path = typer.Option(
        ..., "--path", help="JSONL: question, contexts, answer, label[, spans, model, task, id]."
    ),
    task: Optional[list[str]] = typer.Option(None, "--task", help="Keep records of this task; repeatable."),
    model: Optional[list[str]] = typer.Option(
        None, "--model", help="Keep records of this generator; repeatable."
    ),
    detectors: str = typer.Option(_DEFAULT_DETECTORS, "--detectors", help=_DETECTORS_HELP),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help=_LIMIT_HELP),
    out: Path = typer.Option(..., "--out", help="Report folder: metrics.json, report.md, plots/, cache/."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar on stderr."),
) -> None:
    """Measure detectors on any labelled JSONL file (format: guard/eval/records.py)."""
    from guard.errors import InputError
    from guard.eval.harness import DatasetInfo
    from guard.eval.records import limit_records, load_generic

    names = _detector_names(detectors)
    records = [
        r for r in load_generic(path) if (not task or r.task in task) and (not model or r.model in model)
    ]
    if not records:
        raise InputError(f"{path}: no record matches --task {task or 'any'} --model {model or 'any'}.")
    filters = {k: v for k, v in {"task": task, "model": model}.items() if v}
    dataset = DatasetInfo(kind="generic", path=str(path), filters=filters, limit=limit)
    _run(limit_records(records, limit), names, out, dataset, progress)


def _run(records: list[EvalRecord], names: list[str], out: Path, dataset, progress: bool) -> None:
    from guard.eval.harness import evaluate

    report = evaluate(records, names, out, dataset, progress=progress, on_skip=_skip)
    _print_summary(report, out)


def _print_summary(report: EvalReport, out: Path) -> None:
    def f(value: float | None) -> str:
        return "  -  " if value is None else f"{value:.3f}"

    typer.echo(f"{report.dataset.responses} responses ({report.dataset.hallucinated} hallucinated)")
    typer.echo(
        f"{'detector':<22} {'F1':>6} {'AUROC':>6} {'within generator: pooled ranks; mean/min':>40} "
        f"{'PR-AUC':>6} {'ECE':>6} {'resp/s':>7}"
    )
    for r in report.detectors.values():
        m, w, speed = r.overall, r.within_generator, r.timing.responses_per_s
        within = f"{f(w.pooled_ranks_auroc)}; {f(w.mean_auroc)} / {f(w.min_auroc)} ({w.generators})"
        typer.echo(
            f"{r.name:<22} {f(m.f1):>6} {f(m.auroc):>6} {within:>40} {f(m.pr_auc):>6} {f(m.ece):>6} "
            f"{'-' if speed is None else f'{speed:.2f}':>7}"
        )
    typer.echo(f"report: {out / 'report.md'}  metrics: {out / 'metrics.json'}")
