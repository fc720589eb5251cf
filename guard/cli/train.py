"""`ragguard train ...`: every producer of a shipped artifact, each writing to an explicit ``--out``.

The code lives in the repository's ``training/`` tree, which is not installed: these
commands are thin shells that import it lazily, from the checkout that holds this
package, and say so when there is none (a wheel install). ``benchmarks/`` measures the
artifacts afterwards. training/README.md lists every artifact with its command.
"""

from __future__ import annotations

import json
import sys
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Optional

import typer

from guard.cli import app

__all__ = ["import_training", "train_app"]

train_app = typer.Typer(
    help="Fit ragguard's artifacts (models, calibrations, thresholds) from a checkout: each writes --out.",
    no_args_is_help=True,
)
franq_app = typer.Typer(help="FRANQ's calibration: score a RAGTruth sample, then fit the maps.",
                        no_args_is_help=True)
app.add_typer(train_app, name="train")
train_app.add_typer(franq_app, name="franq")

# The checkout this package was imported from (an editable install or a source tree).
_CHECKOUT = Path(__file__).resolve().parents[2]
_DATA_HELP = "RAGTruth folder with response.jsonl and source_info.jsonl."
_FRANQ_CACHE = Path(".cache/franq/scores.jsonl")


def import_training(module: str, checkout: Path = _CHECKOUT) -> ModuleType:
    """``training.<...>`` from the checkout beside this package; an actionable error without one."""
    if (checkout / "training" / "__init__.py").is_file() and str(checkout) not in sys.path:
        sys.path.insert(0, str(checkout))
    try:
        return import_module(module)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] != "training":
            raise
        from guard.errors import InputError

        raise InputError(
            f"`ragguard train` runs {module}, from the repository's training/ folder, which is not "
            "installed with the package: run it from a ragguard checkout (git clone, then `make setup`)."
        ) from exc


@train_app.command("grounding")
def grounding(
    data: Path = typer.Option(..., help=_DATA_HELP),
    out: Path = typer.Option(..., help="Model folder to write (fp16 safetensors + tokenizer); the shipped "
                             "one is guard/grounding/model."),
    max_steps: int = typer.Option(
        1700, min=1, help="Optimiser steps in all (a resumed run continues to this)."
    ),
    resume: bool = typer.Option(True, "--resume/--no-resume", help="Continue from the last checkpoint."),
    cache: Path = typer.Option(Path(".cache/grounding"), help="Derived pairs, checkpoints and logs."),
    max_length: int = typer.Option(192, min=32, max=512, help="Tokens per claim+evidence pair."),
    batch_size: int = typer.Option(16, min=1),
    learning_rate: float = typer.Option(5e-5),
    supported_share: float = typer.Option(0.2, min=0.01, max=1.0,
                                          help="Share of supported train sentences kept."),
    checkpoint_every: int = typer.Option(50, min=1),
    threads: int = typer.Option(2, min=1, help="torch threads (the machines are shared)."),
    evaluate: bool = typer.Option(True, "--evaluate/--no-evaluate", help="Measure the saved model on dev."),
    eval_only: bool = typer.Option(False, help="Skip training; evaluate the model in --out."),
) -> None:
    """Fine-tune all-MiniLM-L6-v2 on RAGTruth train minus dev into a 3-way grounding model."""
    train = import_training("training.grounding.train")
    settings = train.TrainSettings(
        data_dir=data,
        out_dir=out,
        cache_dir=cache,
        max_length=max_length,
        batch_size=batch_size,
        learning_rate=learning_rate,
        supported_share=supported_share,
        max_steps=max_steps,
        checkpoint_every=checkpoint_every,
        threads=threads,
    )
    if not eval_only:
        typer.echo(train.train_grounding(settings, resume=resume).model_dump_json(indent=2))
    if evaluate or eval_only:
        measure = import_training("training.grounding.evaluate")
        evaluation = measure.evaluate_on_dev(data, cache, out, max_length, supported_share, threads=threads)
        typer.echo(evaluation.model_dump_json(indent=2))


@train_app.command("stacked")
def stacked(
    data: Path = typer.Option(..., help=_DATA_HELP),
    out: Path = typer.Option(
        ..., help="Artifact to write; the shipped one is guard/verifiers/stacked_detector.json."
    ),
    per_task: int = typer.Option(
        600, min=1, help="Train-minus-dev responses per task (lowest SHA-256 of id)."
    ),
    task_count: list[str] = typer.Option(
        [], help="TASK=N: another count than --per-task for one task (repeatable), e.g. QA=1500."
    ),
    extra_ids_from: Optional[Path] = typer.Option(
        None, help="JSONL whose rows' ids are verified too, first (e.g. .cache/franq/scores.jsonl)."
    ),
    cache: Path = typer.Option(Path(".cache/stacked"), help="Per-response verification reports (resumable)."),
    limit: Optional[int] = typer.Option(
        None, min=1, help="Only the first N responses of the (interleaved) verification order."
    ),
    max_minutes: Optional[float] = typer.Option(
        None, min=0.1, help="Stop verifying after this long; fit on what is done."
    ),
    grounding_features: bool = typer.Option(
        False, "--grounding-features", help="Allow grounding features (only with a grounding model that "
        "never saw the training rows: the committed one saw them all)."
    ),
    extract: bool = typer.Option(True, "--extract/--no-extract", help="Verify the responses not cached yet."),
    fit: bool = typer.Option(True, "--fit/--no-fit", help="Cross-validate, fit and write the artifact."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar on stderr."),
) -> None:
    """Fit the stacked detector (hallucination_probability) on RAGTruth train minus dev."""
    train = import_training("training.stacking.train")
    settings = train.StackedSettings(
        data_dir=data, out=out, cache_dir=cache, per_task=per_task,
        task_counts=train.parse_task_counts(task_count), extra_ids_from=extra_ids_from,
        limit=limit, max_minutes=max_minutes, grounding_features=grounding_features, extract=extract,
        fit=fit, progress=progress,
    )
    typer.echo(train.train_stacked(settings).model_dump_json(indent=2))


@franq_app.command("score")
def franq_score(
    data: Path = typer.Option(..., help=_DATA_HELP),
    cache: Path = typer.Option(_FRANQ_CACHE, help="Scored responses (JSONL, resumable)."),
    train: int = typer.Option(1200, min=0, help="Train-minus-dev responses in the planned sample."),
    dev: int = typer.Option(
        600, min=0, help="Dev responses in the planned sample (for benchmarks/franq_eval.py)."
    ),
    minutes: float = typer.Option(60.0, min=0.1, help="Stop after this long; a rerun resumes."),
    threads: int = typer.Option(1, min=1, help="torch threads."),
    source: str = typer.Option("support", help="P_faith estimator: support | grounding."),
) -> None:
    """Score a stratified RAGTruth sample with the local LM (log-probs and P_faith per claim)."""
    franq = import_training("training.franq")
    franq.score(data, cache, n_train=train, n_dev=dev, minutes=minutes, threads=threads,
                source=_p_faith_source(source))


@franq_app.command("refaith")
def franq_refaith(
    data: Path = typer.Option(..., help=_DATA_HELP),
    source: str = typer.Option(..., help="P_faith estimator: support | grounding."),
    cache: Path = typer.Option(_FRANQ_CACHE, help="The cache `score` filled."),
) -> None:
    """Recompute the cached P_faith with one estimator (the log-probs are kept)."""
    import_training("training.franq").refaith(data, cache, _p_faith_source(source))


@franq_app.command("fit")
def franq_fit(
    out: Path = typer.Option(..., help="Calibration to write; the shipped one is "
                             "guard/verifiers/franq_calibration.json."),
    cache: Path = typer.Option(_FRANQ_CACHE, help="The cache `score` filled."),
) -> None:
    """Fit the isotonic maps on the cached train claims."""
    import_training("training.franq").fit(cache, out)


def _p_faith_source(value: str) -> str:
    if value not in ("support", "grounding"):
        raise typer.BadParameter(
            f"{value!r} is not an estimator; use support or grounding", param_hint="--source"
        )
    return value


@train_app.command("egc")
def egc(
    data: Path = typer.Option(..., help=_DATA_HELP),
    out: Path = typer.Option(
        ..., help="Detector to write; the shipped one is guard/verifiers/egc_detector.json."
    ),
    cache: Path = typer.Option(Path(".cache/egc"), help="EGC features per response (resumable)."),
) -> None:
    """Fit the EGC detector (logistic regression on five graph features) on RAGTruth train minus dev."""
    train = import_training("training.egc.train")
    detector = train.train_egc(data, out, cache)
    summary = {
        "artifact": str(out),
        **detector.trained_on,
        "threshold": round(detector.threshold, 4),
        "coef": dict(zip(detector.features, [round(c, 4) for c in detector.coef])),
    }
    typer.echo(json.dumps(summary, indent=2))


@train_app.command("gate")
def gate(
    out: Path = typer.Option(
        ..., help="Calibration to write; the shipped one is retrievers/gate_calibration.json."
    ),
) -> None:
    """Fit the relevance gate on the dev parts of HotpotQA (../shared/data), the golden set and the labelled drafts."""
    written = import_training("training.gate").train_gate(out)
    typer.echo(f"wrote {written}")


@train_app.command("calibrator")
def calibrator(
    out: Path = typer.Option(
        ..., help="Artifact to write; the shipped one is guard/verifiers/claim_calibrator.json."
    ),
    model: str = typer.Option("", help="signed, lr, gb2 or gb3 (default: the variant chosen by grouped CV)."),
    scope: str = typer.Option("", help="guarded or wide (default: the variant chosen by grouped CV)."),
) -> None:
    """Refit the claim calibrator on hard-case dev + val + val3 with the current judge; writes the artifact."""
    argv = ["--out", str(out)] + (["--model", model] if model else []) + (["--scope", scope] if scope else [])
    import_training("training.calibrator.train").main(argv)


@train_app.command("thresholds")
def thresholds(
    data: Path = typer.Option(..., help=_DATA_HELP),
    out: Path = typer.Option(..., help="Thresholds JSON to write or update; the shipped one is "
                             "guard/eval/thresholds.json."),
    detectors: str = typer.Option("lexical,support", help="Comma-separated detector names."),
    limit: Optional[int] = typer.Option(
        None, min=1, help="Only the N train responses with the lowest SHA-256 of id."
    ),
    cache: Path = typer.Option(Path(".cache/thresholds"), help="Score cache (resumable)."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar on stderr."),
) -> None:
    """Fit the baselines' F1-optimal thresholds on RAGTruth train minus dev."""
    from guard.cli.eval_ragtruth import _detector_names, _skip

    names = _detector_names(detectors)
    fitted = import_training("training.thresholds").train_thresholds(
        data, names, out, limit=limit, cache=cache, progress=progress, on_skip=_skip
    )
    for name, entry in fitted.items():
        typer.echo(
            f"{name}: threshold {entry.threshold:.4f} "
            f"(train F1 {entry.train_f1:.3f}, {entry.responses} responses)"
        )
