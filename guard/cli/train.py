"""`ragguard train grounding` (the grounding model, measured on dev) and `ragguard train stacked`."""

from __future__ import annotations

from pathlib import Path

import typer

from guard.cli import app

train_app = typer.Typer(help="Train ragguard's own models (long CPU jobs: checkpointed, resumable).",
                        no_args_is_help=True)
app.add_typer(train_app, name="train")

DEFAULT_OUT = Path("guard/grounding/model")


@train_app.command("grounding")
def grounding(
    data: Path = typer.Option(..., help="RAGTruth folder with response.jsonl and source_info.jsonl."),
    out: Path = typer.Option(DEFAULT_OUT, help="Where the trained model (fp16 safetensors + tokenizer) goes."),
    max_steps: int = typer.Option(1700, min=1, help="Optimiser steps in all (a resumed run continues to this)."),
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
    from guard.grounding.train import TrainSettings, train_grounding

    settings = TrainSettings(
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
        result = train_grounding(settings, resume=resume)
        typer.echo(result.model_dump_json(indent=2))
    if evaluate or eval_only:
        from guard.grounding.evaluate import evaluate_on_dev

        evaluation = evaluate_on_dev(data, cache, out, max_length, supported_share, threads=threads)
        typer.echo(evaluation.model_dump_json(indent=2))


@train_app.command("stacked")
def stacked(
    data: Path = typer.Option(..., help="RAGTruth folder with response.jsonl and source_info.jsonl."),
    out: Path = typer.Option(
        Path("guard/verifiers/stacked_detector.json"), help="Where the artifact goes."
    ),
    per_task: int = typer.Option(
        600, min=1, help="Train-minus-dev responses per task (lowest SHA-256 of id)."
    ),
    extra_ids_from: Path | None = typer.Option(
        None, help="JSONL whose rows' ids are verified too, first (e.g. .cache/franq/scores.jsonl)."
    ),
    cache: Path = typer.Option(Path(".cache/stacked"), help="Per-response verification reports (resumable)."),
    limit: int | None = typer.Option(
        None, min=1, help="Only the first N responses of the (interleaved) verification order."
    ),
    max_minutes: float | None = typer.Option(
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
    from guard.stacking.train import StackedSettings, train_stacked

    settings = StackedSettings(
        data_dir=data, out=out, cache_dir=cache, per_task=per_task, extra_ids_from=extra_ids_from,
        limit=limit, max_minutes=max_minutes, grounding_features=grounding_features, extract=extract,
        fit=fit, progress=progress,
    )
    typer.echo(train_stacked(settings).model_dump_json(indent=2))
