"""`ragguard review`: serve the reviewer web page over an escalation queue, or export its decisions."""

from __future__ import annotations

from pathlib import Path

import typer

from guard.cli import app

__all__ = ["review"]


@app.command()
def review(
    queue: str = typer.Option(..., "--queue", "-q", help="Queue file (SQLite) or postgresql:// URL."),
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8765, min=1, max=65535, help="Port to listen on."),
    token: str | None = typer.Option(
        None,
        "--token",
        envvar="RAGGUARD_REVIEW_TOKEN",
        show_envvar=True,
        help="What reviewers log in with (16+ characters); prefer the environment variable.",
    ),
    export: Path | None = typer.Option(
        None, "--export", help="Write the decided items as golden-set JSONL to this file and exit."
    ),
) -> None:
    """Serve the page where reviewers approve, edit or reject escalated answers."""
    from guard.review import open_queue

    if export is None and not token:
        raise typer.BadParameter(
            "refusing to serve escalated content without a token: set RAGGUARD_REVIEW_TOKEN or pass --token",
            param_hint="--token",
        )
    store = open_queue(queue)
    try:
        if export is not None:
            from guard.review.golden_export import golden_records, write_golden

            count = write_golden(golden_records(store), export)
            typer.echo(f"wrote {count} reviewed case(s) to {export}")
            return
        _serve(store, token or "", host, port)
    finally:
        store.close()


def _serve(store, token: str, host: str, port: int) -> None:
    import uvicorn

    from guard.review.web import create_review_app

    page = create_review_app(store, token)
    typer.echo(f"review page on http://{host}:{port}/ (queue {store!r}); Ctrl-C stops it", err=True)
    uvicorn.run(page, host=host, port=port, log_level="warning")
