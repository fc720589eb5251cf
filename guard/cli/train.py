"""`ragguard train grounding`: train ragguard's grounding model and measure it on the dev split."""

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
