"""The ``ragguard`` command line: a thin shell over the library.

Heavy imports live inside the commands so that ``ragguard --help`` is instant.
Usage errors exit 2 (Typer's convention); a :class:`GuardError`, or a file the
command cannot read or write (``OSError``), exits 1 with its message and no traceback.
"""

from __future__ import annotations

import sys

import typer

__all__ = ["app", "main", "missing_extra"]

app = typer.Typer(
    name="ragguard",
    help="Guardrails for retrieval-augmented generation: retrieve, cite, verify, decide.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
eval_app = typer.Typer(help="Measure the guard on labelled data.", no_args_is_help=True)
app.add_typer(eval_app, name="eval")

# Command modules register themselves on `app` / `eval_app` when imported.
from guard.cli import (
    eval_ragtruth as _eval_ragtruth,  # noqa: E402,F401
    pipeline as _pipeline,  # noqa: E402,F401
    retrieval as _retrieval,  # noqa: E402,F401
    review as _review,  # noqa: E402,F401
    serve as _serve,  # noqa: E402,F401
    train as _train,  # noqa: E402,F401
    verify as _verify,  # noqa: E402,F401
)


def main() -> None:
    from guard._openmp import prefer_passive_wait
    from guard.errors import GuardError

    # A process started by the CLI (serve, eval, ask) shares cores: let torch's threads sleep.
    prefer_passive_wait()

    try:
        app()
    except GuardError as exc:
        typer.secho(f"error: {exc}", fg=typer.colors.RED, err=True)
        sys.exit(1)
    except ModuleNotFoundError as exc:
        extra = missing_extra(exc.name)
        if extra is None:
            raise
        typer.secho(f"error: this command needs {exc.name!r}: pip install 'ragguard[{extra}]'",
                    fg=typer.colors.RED, err=True)
        sys.exit(1)
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        typer.secho(f"error: {exc.strerror or exc}{where}", fg=typer.colors.RED, err=True)
        sys.exit(1)


# The optional extras of pyproject.toml, by the top-level module each one brings.
_EXTRAS = {
    "fastapi": "server",
    "uvicorn": "server",
    "multipart": "server",
    "psycopg": "postgres",
    "sklearn": "eval",
    "matplotlib": "eval",
    "rank_bm25": "eval",
}


def missing_extra(module: str | None) -> str | None:
    """The extra to install for a missing ``module`` (``None``: not one an extra provides)."""
    return _EXTRAS.get((module or "").split(".")[0])
